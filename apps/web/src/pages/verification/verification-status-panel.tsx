import type { VerificationStatus, VerificationView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { formatDayTime } from '../../i18n/format-time';

/** Each status's colours: green once verified, amber while it waits or may act, red when refused or stopped. */
const TONE: Record<VerificationStatus, string> = {
  unverified: 'border-amber-300 bg-amber-50',
  pending: 'border-amber-300 bg-amber-50',
  verified: 'border-green-300 bg-green-50',
  rejected: 'border-red-300 bg-red-50',
  suspended: 'border-red-300 bg-red-50',
};

/**
 * Where the charity's verification stands and what it means for claiming: how many claims it may hold
 * (the server's `claim_limit`), the operator's reason after a rejection or suspension, and until when
 * claiming is suspended after repeated no-shows. A live region: an operator's decision is read out.
 */
export function VerificationStatusPanel({ view }: { view: VerificationView }) {
  const { t, i18n } = useTranslation('verification');
  const moment = (iso: string) => formatDayTime(iso, i18n.language);
  return (
    <div data-testid="verification-status" data-status={view.status} className={`rounded-xl border p-4 text-stone-800 ${TONE[view.status]}`}>
      <p className="text-lg font-semibold text-stone-900" aria-live="polite">
        {t('status.label')}: <span data-testid="verification-status-name">{t(`status.${view.status}`)}</span>
      </p>
      <p className="mt-1">{t(`means.${view.status}`, { limit: formatNumber(view.claim_limit, i18n.language) })}</p>
      {view.reason && (view.status === 'rejected' || view.status === 'suspended') && (
        <p className="mt-2">
          <span className="font-semibold">{t('reason')}:</span> <bdi dir="auto">{view.reason}</bdi>
        </p>
      )}
      {view.claiming_suspended_until && (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {t('claimingSuspended', { until: moment(view.claiming_suspended_until) })}
        </p>
      )}
      {(view.submitted_at || view.decided_at) && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {view.submitted_at && (
            <>
              <dt className="text-stone-600">{t('submittedAt')}</dt>
              <dd>{moment(view.submitted_at)}</dd>
            </>
          )}
          {view.decided_at && (
            <>
              <dt className="text-stone-600">{t('decidedAt')}</dt>
              <dd>{moment(view.decided_at)}</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
