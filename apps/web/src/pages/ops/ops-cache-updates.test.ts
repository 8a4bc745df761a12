import { opsEvent } from '../../test/ops-test-utils';
import { withOpsEvent } from './ops-cache-updates';

describe('withOpsEvent', () => {
  it('puts a new event first', () => {
    const older = opsEvent({ id: 'a' });
    const newer = opsEvent({ id: 'b' });
    expect(withOpsEvent([older], newer).map((event) => event.id)).toEqual(['b', 'a']);
  });

  it('leaves the list as it is for an event it holds', () => {
    const list = [opsEvent({ id: 'a' }), opsEvent({ id: 'b' })];
    expect(withOpsEvent(list, { ...list[1] })).toBe(list);
  });

  it('keeps at most 100, dropping the oldest', () => {
    const list = Array.from({ length: 100 }, (_, index) => opsEvent({ id: `e${index}` }));
    const next = withOpsEvent(list, opsEvent({ id: 'new' }));
    expect(next).toHaveLength(100);
    expect(next[0].id).toBe('new');
    expect(next.at(-1)?.id).toBe('e98');
  });
});
