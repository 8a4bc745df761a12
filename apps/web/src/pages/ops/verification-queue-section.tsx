import { VERIFICATION_STATUSES, type VerificationStatus } from '@food-link/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { verificationEndpoints } from '../../api/verification-endpoints';
import { useOpsErrorGuard } from './ops-access';
import { OpsSection, PanelNote } from './ops-section';
import { VerificationCard } from './verification-card';

/**
 * "Charities to verify": every charity waiting for review, oldest first, no paging (docs/VERIFICATION.md);
 * a filter shows those verified, suspended (claiming suspended after no-shows included), rejected or not
 * yet verified. A decision refreshes every list.
 */
export function VerificationQueueSection({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('verification');
  const filterId = useId();
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [decided, setDecided] = useState<string | null>(null);
  const query = useQuery({ queryKey: queryKeys.opsVerificationList(operatorId, status), queryFn: () => verificationEndpoints.opsList(status) });
  useOpsErrorGuard(query.error);

  let body;
  if (query.isPending) body = <PanelNote kind="loading">{t('ops.loading')}</PanelNote>;
  else if (query.isError) body = <PanelNote kind="error">{t('ops.error')}</PanelNote>;
  else if (query.data.length === 0) body = <PanelNote kind="empty">{t('ops.empty')}</PanelNote>;
  else
    body = (
      <ul className="flex flex-col gap-4">
        {query.data.map((item) => (
          <VerificationCard key={item.user_id} operatorId={operatorId} item={item} onDecided={setDecided} />
        ))}
      </ul>
    );

  return (
    <OpsSection
      title={t('ops.heading')}
      testId="ops-verifications"
      tools={
        <span className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm font-medium text-stone-800">
            {t('ops.filter')}
          </label>
          <select
            id={filterId}
            value={status}
            onChange={(event) => setStatus(event.target.value as VerificationStatus)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-stone-900"
          >
            {VERIFICATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`ops.statuses.${value}`)}
              </option>
            ))}
          </select>
        </span>
      }
    >
      <p className="mb-3 text-sm text-stone-600">{t('ops.intro')}</p>
      <p role="status" data-testid="verification-decided" className="mb-2 font-semibold text-green-800">
        {decided}
      </p>
      {body}
    </OpsSection>
  );
}
