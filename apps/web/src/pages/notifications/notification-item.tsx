import { notificationPath, type NotificationType, type NotificationView } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { notificationText } from '../../i18n/notification-text';
import { formatDayTime } from '../../i18n/format-time';

/** What a notification's link says; account news leads nowhere. */
const LINK_LABELS: { readonly [T in NotificationType]: string | null } = {
  'food.matched': 'page.links.seeFood',
  'food.offered': 'page.links.seeFood',
  'pickup.soon': 'page.links.seePickups',
  'pickup.ended': 'page.links.openDonation',
  'account.news': null,
  'donation.claimed': 'page.links.seeDonation',
  'donation.cancelled': 'page.links.seeDonation',
  'donation.not_collected': 'page.links.seeDonation',
  'donation.received': 'page.links.seeDonation',
  'schedule.reminder': 'page.links.seeSchedules',
  'standing.skipped': 'page.links.seeWeek',
};

/** Where a notification leads (the same place its e-mail and push message link to: notificationPath), and what the link says. */
export function notificationLink(notification: NotificationView): { to: string; label: string } | null {
  const label = LINK_LABELS[notification.type];
  return label ? { to: notificationPath(notification.type, notification.data), label } : null;
}

const smallButton =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

/** One notification: its words, when it came, whether it is unread, and where it leads (following it marks it read). */
export function NotificationItem({
  notification,
  onRead,
}: {
  notification: NotificationView;
  onRead: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const textId = useId();
  const unread = notification.read_at === null;
  const link = notificationLink(notification);
  return (
    <article
      aria-labelledby={textId}
      data-notification-id={notification.id}
      data-unread={unread}
      className={`flex flex-col gap-2 rounded-xl border p-4 ${unread ? 'border-green-700 bg-green-50' : 'border-stone-200 bg-white'}`}
    >
      <div className="flex items-start gap-2">
        {unread && (
          <span className="mt-0.5 shrink-0 rounded-full bg-green-800 px-2 text-xs leading-5 font-bold text-white">{t('page.unread')}</span>
        )}
        <p id={textId} dir="auto" className={`min-w-0 break-words text-stone-900 ${unread ? 'font-semibold' : ''}`}>
          {notificationText(t, notification)}
        </p>
      </div>
      <p className="text-sm text-stone-600">
        <time dateTime={notification.created_at}>{formatDayTime(notification.created_at, i18n.language)}</time>
      </p>
      {(link || unread) && (
        <div className="flex flex-wrap gap-2">
          {link && (
            <Link
              to={link.to}
              onClick={() => unread && onRead(notification.id)}
              aria-describedby={textId}
              className={`${smallButton} bg-green-700 text-white hover:bg-green-800`}
            >
              {t(link.label)}
            </Link>
          )}
          {unread && (
            <button type="button" onClick={() => onRead(notification.id)} aria-describedby={textId} className={`${smallButton} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
              {t('page.markRead')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
