import { finishedBefore, isCurrent, parseSnapshot, readMarkOf, type ChangeMark } from './change-mark';

const mark = (last: string | null, snapshot: string): ChangeMark => ({ last, snapshot: parseSnapshot(snapshot) });

describe('change marks', () => {
  it('parses pg_snapshot text', () => {
    expect(parseSnapshot('730:735:730,733')).toEqual({ xmin: 730n, xmax: 735n, xip: [730n, 733n] });
    expect(parseSnapshot('740:740:')).toEqual({ xmin: 740n, xmax: 740n, xip: [] });
    expect(() => parseSnapshot('nonsense')).toThrow('Unexpected pg_snapshot text');
  });

  it('knows which transactions had finished when a snapshot was taken', () => {
    const snapshot = parseSnapshot('730:735:730,733');
    expect(finishedBefore(729n, snapshot)).toBe(true);
    expect(finishedBefore(730n, snapshot)).toBe(false); // in progress
    expect(finishedBefore(731n, snapshot)).toBe(true);
    expect(finishedBefore(733n, snapshot)).toBe(false);
    expect(finishedBefore(735n, snapshot)).toBe(false); // not started yet
  });

  it('keeps a read current while the newest event is the same and nothing running at the read has finished', () => {
    const read = readMarkOf(mark('100/a', '730:735:730,733'));
    expect(isCurrent(read, mark('100/a', '730:736:730,733,735'))).toBe(true);
    expect(isCurrent(read, mark('100/a', '730:740:730,733'))).toBe(true);
  });

  it('drops a read once a newer event is committed', () => {
    const read = readMarkOf(mark('100/a', '730:735:'));
    expect(isCurrent(read, mark('101/b', '736:736:'))).toBe(false);
    expect(isCurrent(readMarkOf(mark(null, '1:1:')), mark('101/b', '2:2:'))).toBe(false);
  });

  it('drops a read once a transaction running at the read finishes, even with the newest event unchanged', () => {
    // The transaction 733 inserted its event before the read's newest one but committed after the read.
    const read = readMarkOf(mark('100/a', '730:735:730,733'));
    expect(isCurrent(read, mark('100/a', '730:736:730'))).toBe(false);
    expect(isCurrent(read, mark('100/a', '734:736:'))).toBe(false);
  });
});
