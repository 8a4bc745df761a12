import type { NotificationView } from '@food-link/contracts';
import type { TFunction } from 'i18next';

/**
 * What a notification says in the reader's language, by its type: the food's name where it has one,
 * account news in the words the server gave. Used by the list and by the live notice alike.
 */
export function notificationText(t: TFunction, notification: NotificationView): string {
  const { data } = notification;
  if (notification.type === 'account.news') return data.message ?? t('common:notifications.text.account.news');
  // Types are `area.event`; the text table is nested the same way.
  return t(`common:notifications.text.${notification.type}`, { foodName: data.foodName ?? t('common:notifications.someFood') });
}
