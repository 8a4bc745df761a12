import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { useSession } from '../../session/use-session';
import { TopBar } from '../../components/top-bar';
import { useNotifications } from '../../components/use-notifications';
import { formatNumber } from '../../i18n/format';
import { NotificationItem } from './notification-item';
import { useMarkRead } from './use-mark-read';
import { useScreenTexts } from '../../i18n/use-screen-texts';

const button =
  'inline-flex min-h-11 items-center rounded-lg px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The signed-in user's notifications, newest first, unread ones marked; new ones arrive live at the top
 * (the cache the bell shares). Following a notification, or "Mark as read", marks it read; "Mark all
 * read" marks every one.
 */
export default function NotificationsPage() {
  useScreenTexts(['notifications', 'messages']);
  const { t, i18n } = useTranslation('notifications');
  useDocumentTitle(t('page.title'));
  const session = useSession();
  const list = useNotifications();
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;

  let body;
  if (!session) {
    body = <SignInPrompt text={t('page.signIn')} link={t('page.signInLink')} />;
  } else if (list.isPending) {
    body = <p role="status" className="text-stone-600">{t('page.loading')}</p>;
  } else if (list.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700">
        <p>{t('page.error')}</p>
        <button type="button" onClick={() => void list.refetch()} className={`${button} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
          {t('page.retry')}
        </button>
      </div>
    );
  } else if (list.data.items.length === 0) {
    body = <p data-testid="notifications-empty" className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">{t('page.empty')}</p>;
  } else {
    body = (
      <ul data-testid="notifications-list" className="flex flex-col gap-3">
        {list.data.items.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} onRead={(id) => markRead.mutate([id])} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="min-h-[70vh] bg-stone-50 focus:outline-none">
        <div className="mx-auto max-w-3xl px-4 py-8">
          <div className="mb-5 flex flex-wrap items-center gap-3">
            <h1 className="me-auto text-3xl font-bold text-stone-900">{t('page.title')}</h1>
            {session && (
              <Link to="/notifications/settings" className={`${button} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
                {t('page.settings')}
              </Link>
            )}
          </div>
          {list.isSuccess && (
            <div className="mb-4 flex flex-wrap items-center gap-3">
              <p aria-live="polite" data-testid="unread-count" className="me-auto text-stone-700">
                {unread > 0 ? t('page.unreadCount', { unread: formatNumber(unread, i18n.language) }) : t('page.allRead')}
              </p>
              <button
                type="button"
                onClick={() => markRead.mutate(undefined)}
                disabled={unread === 0 || markRead.isPending}
                className={`${button} bg-green-700 text-white hover:bg-green-800`}
              >
                {markRead.isPending ? t('page.marking') : t('page.markAllRead')}
              </button>
            </div>
          )}
          {markRead.isError && (
            <p role="alert" className="mb-4 text-red-700">
              {t('page.readError')}
            </p>
          )}
          {body}
        </div>
      </main>
    </>
  );
}
