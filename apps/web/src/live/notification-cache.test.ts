import type { NotificationView } from '@food-link/contracts';
import { withNotification, withRead } from './notification-cache';

const note = (id: string, read_at: string | null = null): NotificationView => ({
  id,
  type: 'food.matched',
  created_at: '2030-01-01T10:00:00.000Z',
  read_at,
  data: { foodId: 1, foodName: 'Koshari' },
});

describe('withNotification', () => {
  it('puts a new notification first and takes the server\'s unread count', () => {
    const list = { unread: 1, items: [note('a')] };
    const next = withNotification(list, note('b'), 2);
    expect(next.items.map((item) => item.id)).toEqual(['b', 'a']);
    expect(next.unread).toBe(2);
    expect(list.items).toHaveLength(1);
  });

  it('leaves the list as it is when the notification is already on it', () => {
    const list = { unread: 1, items: [note('a')] };
    expect(withNotification(list, note('a'), 5)).toBe(list);
  });
});

describe('withRead', () => {
  const list = { unread: 2, items: [note('c'), note('b'), note('a', '2030-01-01T09:00:00.000Z')] };

  it('marks the named ones read and lowers the count by those that were unread', () => {
    const next = withRead(list, ['b', 'a'], '2030-01-02T00:00:00.000Z');
    expect(next.items.map((item) => item.read_at)).toEqual([null, '2030-01-02T00:00:00.000Z', '2030-01-01T09:00:00.000Z']);
    expect(next.unread).toBe(1);
  });

  it('marks every one read, and none is left unread', () => {
    const next = withRead({ ...list, unread: 7 }, undefined, '2030-01-02T00:00:00.000Z');
    expect(next.items.every((item) => item.read_at !== null)).toBe(true);
    expect(next.unread).toBe(0);
  });

  it('returns the same list when nothing changes', () => {
    expect(withRead(list, ['a'], '2030-01-02T00:00:00.000Z')).toBe(list);
    const allRead = { unread: 0, items: [note('a', '2030-01-01T09:00:00.000Z')] };
    expect(withRead(allRead, undefined, '2030-01-02T00:00:00.000Z')).toBe(allRead);
  });
});
