import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { verificationEndpoints } from '../../api/verification-endpoints';
import { formatDayTime } from '../../i18n/format-time';
import { useOpsErrorGuard } from './ops-access';

/** A charity's audit trail, newest first: who did what, when, why, and the status before and after. */
export function VerificationAudit({ operatorId, userId, name }: { operatorId: number; userId: number; name: string }) {
  const { t, i18n } = useTranslation('verification');
  const query = useQuery({ queryKey: queryKeys.opsVerificationAudit(operatorId, userId), queryFn: () => verificationEndpoints.audit(userId) });
  useOpsErrorGuard(query.error);
  const actor = (actorId: number | null) =>
    actorId === null ? t('ops.audit.platform') : actorId === userId ? t('ops.audit.charity') : t('ops.audit.operator', { id: actorId });

  let body;
  if (query.isPending) body = <p role="status" className="text-sm text-stone-600">{t('ops.audit.loading')}</p>;
  else if (query.isError) body = <p role="alert" className="text-sm text-red-700">{t('ops.audit.error')}</p>;
  else if (query.data.length === 0) body = <p className="text-sm text-stone-600">{t('ops.audit.empty')}</p>;
  else
    body = (
      <ol className="flex flex-col gap-2 text-sm">
        {query.data.map((entry) => (
          <li key={entry.id} data-testid="audit-entry" className="rounded-lg border border-stone-200 p-2">
            <p className="font-semibold text-stone-900">
              {t(`ops.audit.actions.${entry.action}`)} · {formatDayTime(entry.created_at, i18n.language)} · {actor(entry.actor_id)}
            </p>
            <p className="text-stone-700">
              {t('ops.audit.line', { from: t(`ops.statuses.${entry.status_before}`), to: t(`ops.statuses.${entry.status_after}`) })}
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
    <div data-testid="verification-audit" className="mt-2 rounded-lg bg-stone-50 p-3">
      <h4 className="mb-2 font-semibold text-stone-900">{t('ops.audit.heading', { name })}</h4>
      {body}
    </div>
  );
}
