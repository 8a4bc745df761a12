import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moderationEndpoints } from '../../api/moderation-endpoints';
import { queryKeys } from '../../api/query-keys';
import { formatDayTime } from '../../i18n/format-time';
import { useOpsErrorGuard } from './ops-access';

/**
 * The whole trust audit trail as the server orders it (newest first, at most TRUST_AUDIT_MAX): when, who
 * acted, what, on whose account (and which listing), and why. Verification decisions are in it too.
 */
export function ModerationAudit({ operatorId }: { operatorId: number }) {
  const { t, i18n } = useTranslation('moderation');
  const query = useQuery({ queryKey: queryKeys.opsModerationAudit(operatorId), queryFn: moderationEndpoints.audit });
  useOpsErrorGuard(query.error);

  let body;
  if (query.isPending) body = <p role="status" className="text-sm text-stone-600">{t('ops.audit.loading')}</p>;
  else if (query.isError) body = <p role="alert" className="text-sm text-red-700">{t('ops.audit.error')}</p>;
  else if (query.data.length === 0) body = <p className="text-sm text-stone-600">{t('ops.audit.empty')}</p>;
  else
    body = (
      // It scrolls once long: focusable, so that a keyboard scrolls it too.
      <ol aria-label={t('ops.audit.caption')} tabIndex={0} className="flex max-h-96 flex-col gap-2 overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-green-700">
        {query.data.map((entry) => (
          <li key={entry.id} data-testid="moderation-audit-entry" className="rounded-lg border border-stone-200 p-2">
            <p className="font-semibold text-stone-900">
              {t(`ops.audit.actions.${entry.action}`)} · <bdi dir="auto">{entry.subject_name}</bdi>
              {entry.food_id !== null && <> · {t('ops.audit.listing', { id: entry.food_id })}</>}
            </p>
            <p className="text-stone-600">
              {formatDayTime(entry.created_at, i18n.language)} · <bdi dir="auto">{entry.actor_id === null ? t('ops.audit.platform') : (entry.actor_name ?? t('ops.audit.operator', { id: entry.actor_id }))}</bdi>
            </p>
            {entry.reason && (
              <p dir="auto" className="text-stone-800">
                {entry.reason}
              </p>
            )}
          </li>
        ))}
      </ol>
    );

  return (
    <div data-testid="moderation-audit">
      <h3 className="mb-2 font-semibold text-stone-900">{t('ops.audit.heading')}</h3>
      {body}
    </div>
  );
}
