import type { NotificationsResponse, NotificationView } from '@food-link/contracts';

/*
 * The notifications list in the cache, changed as the server says (docs/NOTIFICATIONS.md): a new one comes
 * live with the unread count as the server counted it; marking read is shown at once, before the answer.
 */

/**
 * The list with `notification` first (newest first, as the server orders it) and the server's `unread`.
 * A notification already listed (delivered twice, or fetched after it came live) leaves the list as it is.
 */
export function withNotification(current: NotificationsResponse, notification: NotificationView, unread: number): NotificationsResponse {
  if (current.items.some((item) => item.id === notification.id)) return current;
  return { unread, items: [notification, ...current.items] };
}

/** The list with `ids` (every notification when absent) read at `at`, and the unread count lowered to match. */
export function withRead(current: NotificationsResponse, ids: readonly string[] | undefined, at: string): NotificationsResponse {
  const marking = ids ? new Set(ids) : null;
  let newlyRead = 0;
  const items = current.items.map((item) => {
    if (item.read_at !== null || (marking && !marking.has(item.id))) return item;
    newlyRead += 1;
    return { ...item, read_at: at };
  });
  if (newlyRead === 0 && (marking || current.unread === 0)) return current;
  // All read: none is left unread, even ones older than the list holds.
  return { unread: marking ? Math.max(0, current.unread - newlyRead) : 0, items };
}
