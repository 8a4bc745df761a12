import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/use-session';
import { useSuspensionWatch } from '../sign-out/use-suspension-watch';
import { formatNumber } from '../i18n/format';
import { useScreenTexts } from '../i18n/use-screen-texts';
import { useNotificationsLiveSync } from '../live/live-notifications-sync';
import { useNotifications } from './use-notifications';

/** The most the badge spells out; more shows as `99+` (the link's name still says the number). */
const BADGE_MAX = 99;

/**
 * The bell in the top bar of a signed-in user: a link to the notifications page, with the unread count
 * as a badge. Its name carries the count ("Notifications, 3 unread"), so the badge itself is hidden from
 * screen readers. The count follows the cache, which live `notification.created` events keep current.
 * It also signs a suspended account out with `signOut`, its screen's useSignOut (use-suspension-watch.ts).
 */
export function NotificationBell({ className = '', signOut }: { className?: string; signOut: () => Promise<void> }) {
  // Account news is worded from the `messages` texts (notification-text.ts), loaded with the bell's chunk.
  useScreenTexts(['messages']);
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const { data } = useNotifications();
  useNotificationsLiveSync();
  // Every signed-in screen shows the bell: its account's suspension signs it out (use-suspension-watch.ts).
  useSuspensionWatch(signOut);
  if (!session) return null;
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { unread: formatNumber(unread, i18n.language) }) : t('notifications.bell');
  return (
    <Link
      to="/notifications"
      aria-label={label}
      aria-current={pathname === '/notifications' ? 'page' : undefined}
      data-testid="notification-bell"
      className={`relative inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-green-50 hover:text-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M14.86 17.08a24 24 0 0 0 5.45-1.31A9 9 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a9 9 0 0 1-2.31 6.02 24 24 0 0 0 5.45 1.31m5.72 0a24 24 0 0 1-5.72 0m5.72 0a3 3 0 1 1-5.72 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {unread > BADGE_MAX ? `${formatNumber(BADGE_MAX, i18n.language)}+` : formatNumber(unread, i18n.language)}
        </span>
      )}
    </Link>
  );
}
