import { EndedAttempts } from './ended-attempts';

describe('EndedAttempts', () => {
  it('remembers an ended attempt for its time, then forgets it', () => {
    const ended = new EndedAttempts(60_000);
    ended.add('a', 1_000);
    expect(ended.has('a', 1_000)).toBe(true);
    expect(ended.has('a', 60_999)).toBe(true);
    expect(ended.has('a', 61_000)).toBe(false);
    expect(ended.has('b', 1_000)).toBe(false);
  });

  it('forgets an attempt whose key was released', () => {
    const ended = new EndedAttempts(60_000);
    ended.add('a', 0);
    ended.delete('a');
    expect(ended.has('a', 0)).toBe(false);
  });

  it('keeps at most 10,000, dropping the oldest first', () => {
    const ended = new EndedAttempts(60_000);
    for (let i = 0; i <= 10_000; i += 1) ended.add(`attempt-${i}`, 0);
    expect(ended.has('attempt-0', 0)).toBe(false);
    expect(ended.has('attempt-1', 0)).toBe(true);
    expect(ended.has('attempt-10000', 0)).toBe(true);
  });
});
