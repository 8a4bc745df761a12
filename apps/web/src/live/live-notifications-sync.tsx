import { useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../api/query-keys';
import { notificationText } from '../i18n/notification-text';
import { useAnnounce } from './announcer';
import { withNotification } from './notification-cache';
import { useLiveEvent } from './live-context';

/** Every cached notifications list of the signed-in user (queryKeys.notifications). */
const NOTIFICATIONS = ['notifications'];

/**
 * Applies live `notification.created` (the user's own room only) to the notifications caches: the new
 * notification goes first in the list, with the server's unread count. Used by the bell, which every
 * signed-in screen shows, so it ships with the bell's chunk and never with the landing page's first
 * render. Two bells on one screen apply an event once: the second finds the notification listed.
 */
export function useNotificationsLiveSync(): void {
  const client = useQueryClient();
  const announce = useAnnounce();
  const { t } = useTranslation();
  useLiveEvent('notification.created', (event) => {
    const { notification, unread } = event.data;
    const known = client
      .getQueriesData<NotificationsResponse>({ queryKey: NOTIFICATIONS })
      .some(([, list]) => list?.items.some((item) => item.id === notification.id));
    if (known) return;
    client.setQueriesData<NotificationsResponse>({ queryKey: NOTIFICATIONS }, (list) => (list === undefined ? list : withNotification(list, notification, unread)));
    // The board already says when food is listed under the reader's eyes; anything else is said here, once.
    const boardOnScreen = client.getQueryCache().findAll({ queryKey: queryKeys.available }).some((query) => query.getObserversCount() > 0);
    if (notification.type === 'food.matched' && boardOnScreen) return;
    announce(notificationText(t, notification));
  });
}
