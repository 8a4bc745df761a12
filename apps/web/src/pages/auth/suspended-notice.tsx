import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Above the login form after the app signed a suspended account out (use-suspension-watch.ts): what
 * happened, the operator's reason as the operator wrote it, and what the person can do. An alert, so it
 * is read out as the page opens.
 */
export function SuspendedNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <div role="alert" data-testid="suspended-notice" className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4 text-stone-800">
      <p className="font-semibold text-red-800">{t('suspended.title')}</p>
      <p className="mt-1">{t('suspended.what')}</p>
      <p data-testid="suspended-reason" className="mt-1 font-semibold">
        {reason ? (
          <>
            {t('suspended.reasonLabel')} <bdi>{reason}</bdi>
          </>
        ) : (
          t('suspended.noReason')
        )}
      </p>
      <p className="mt-1 text-sm">
        {t('suspended.next')}{' '}
        <Link
          to="/contact"
          className="rounded-sm font-semibold text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        >
          {t('suspended.contact')}
        </Link>
        .
      </p>
    </div>
  );
}
