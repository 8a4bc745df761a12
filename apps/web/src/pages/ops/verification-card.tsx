import {
  DECISIONS_NEEDING_REASON,
  type OpsVerificationItem,
  VERIFICATION_DECISIONS,
  VERIFICATION_TRANSITIONS,
  type VerificationDecision,
} from '@food-link/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { verificationEndpoints } from '../../api/verification-endpoints';
import { FormField } from '../../components/form-field';
import { formatNumber } from '../../i18n/format';
import { formatDayTime } from '../../i18n/format-time';
import { useServerMessage } from '../../i18n/server-message';
import { ReliabilityBadge } from '../listing/reliability-badge';
import { VerificationDocument } from '../verification/verification-document';
import { NoShowList } from './no-show-list';
import { useReportOpsError } from './ops-access';
import { VerificationAudit } from './verification-audit';

const buttonClass =
  'min-h-11 rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';
const DECISION_LOOK: Record<VerificationDecision, string> = {
  verify: 'bg-green-700 text-white hover:bg-green-800',
  reject: 'border border-red-700 text-red-700 hover:bg-red-50',
  suspend: 'border border-red-700 text-red-700 hover:bg-red-50',
  reinstate: 'border border-green-700 text-green-800 hover:bg-green-50',
};

/**
 * The decisions the state machine allows from where the charity stands (VERIFICATION_TRANSITIONS); a
 * charity whose claiming is suspended after no-shows may be reinstated whatever its status.
 */
export function decisionsFor(item: Pick<OpsVerificationItem, 'status' | 'claiming_suspended_until'>): VerificationDecision[] {
  return VERIFICATION_DECISIONS.filter(
    (decision) => VERIFICATION_TRANSITIONS[decision].from.includes(item.status) || (decision === 'reinstate' && item.claiming_suspended_until !== null),
  );
}

type CardProps = { operatorId: number; item: OpsVerificationItem; onDecided: (text: string) => void };

/**
 * One charity in the review queue: what it sent, its record and its no-shows (each open to an overturn), the
 * document inline, the decisions open to it (a reason is required to reject or suspend; the charity is told
 * it) and, on demand, its audit trail.
 */
export function VerificationCard({ operatorId, item, onDecided }: CardProps) {
  const { t, i18n } = useTranslation('verification');
  const client = useQueryClient();
  const report = useReportOpsError();
  const serverMessage = useServerMessage();
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [showAudit, setShowAudit] = useState(false);
  const number = (value: number) => formatNumber(value, i18n.language);
  const moment = (iso: string) => formatDayTime(iso, i18n.language);
  const decisions = decisionsFor(item);

  const decide = useMutation({
    mutationFn: (decision: VerificationDecision) => verificationEndpoints.decide(item.user_id, decision, reason.trim() || undefined),
    onSuccess: (_view, decision) => {
      onDecided(t(`ops.decided.${decision}`, { name: item.name }));
      void client.invalidateQueries({ queryKey: queryKeys.opsVerifications(operatorId) });
    },
    onError: (error) => {
      report(error);
      setFailure(t('ops.decisionError', { message: error instanceof ApiError && error.body ? serverMessage(error.message) : error.message }));
    },
  });

  const take = (decision: VerificationDecision) => {
    setFailure(null);
    if (DECISIONS_NEEDING_REASON.includes(decision) && reason.trim() === '') {
      setReasonProblem(t('ops.reasonRequired', { decision: t(`ops.decisions.${decision}`) }));
      document.getElementById(`${headingId}-reason`)?.focus();
      return;
    }
    setReasonProblem(undefined);
    decide.mutate(decision);
  };

  const fact = (label: string, value: ReactNode) => (
    <>
      <dt className="text-stone-500">{label}</dt>
      <dd className="wrap-anywhere">{value}</dd>
    </>
  );

  return (
    <li aria-labelledby={headingId} data-testid="verification-item" data-user-id={item.user_id} className="rounded-xl border border-stone-200 p-4">
      <h3 id={headingId} dir="auto" className="text-lg font-semibold break-words text-stone-900">
        {item.name}
      </h3>
      <div className="mt-2 grid gap-4 md:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 text-sm">
          {fact(t('ops.userId'), number(item.user_id))}
          {fact(t('ops.email'), <bdi>{item.email}</bdi>)}
          {fact(t('status.label'), t(`ops.statuses.${item.status}`))}
          {fact(t('ops.moss'), <bdi dir="ltr">{item.moss_number ?? '—'}</bdi>)}
          {fact(t('ops.address'), <bdi dir="auto">{item.address ?? '—'}</bdi>)}
          {fact(t('ops.phone'), item.contact_phone ? <a href={`tel:${item.contact_phone}`} dir="ltr" className="text-green-800 underline">{item.contact_phone}</a> : '—')}
          {item.submitted_at && fact(t('ops.submittedAt'), moment(item.submitted_at))}
          {item.decided_at && fact(t('ops.decidedAt'), moment(item.decided_at))}
          {item.reason && fact(t('ops.reason'), <bdi dir="auto">{item.reason}</bdi>)}
          {item.claiming_suspended_until && fact(t('ops.claimingSuspended'), moment(item.claiming_suspended_until))}
          {fact(
            t('ops.reliability'),
            <span className="flex flex-col items-start gap-1">
              <ReliabilityBadge reliability={item.reliability} />
              <span data-testid="verification-figures">
                {t('ops.figures', {
                  completed: number(item.reliability.completed),
                  noShows: number(item.reliability.no_shows),
                  late: number(item.reliability.late_cancellations),
                })}
              </span>
            </span>,
          )}
        </dl>
        {item.document_url ? (
          <VerificationDocument url={item.document_url} type={item.document_type} title={t('ops.document', { name: item.name })} onError={report} />
        ) : (
          <p className="text-sm text-stone-600">{t('ops.documentNone')}</p>
        )}
      </div>
      <NoShowList operatorId={operatorId} entries={item.no_show_list} />
      {decisions.length > 0 && (
        <div className="mt-3 flex flex-col gap-2">
          <FormField
            id={`${headingId}-reason`}
            label={t('ops.reasonLabel')}
            name="reason"
            dir="auto"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonProblem}
          />
          <div className="flex flex-wrap gap-2">
            {decisions.map((decision) => (
              <button key={decision} type="button" disabled={decide.isPending} onClick={() => take(decision)} className={`${buttonClass} ${DECISION_LOOK[decision]}`}>
                {t(`ops.decisions.${decision}`)}
              </button>
            ))}
          </div>
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        </div>
      )}
      <button
        type="button"
        aria-expanded={showAudit}
        onClick={() => setShowAudit((open) => !open)}
        className="mt-2 min-h-11 text-sm font-semibold text-green-800 underline focus-visible:outline-2 focus-visible:outline-green-800"
      >
        {showAudit ? t('ops.audit.hide') : t('ops.audit.show')}
      </button>
      {showAudit && <VerificationAudit operatorId={operatorId} userId={item.user_id} name={item.name} />}
    </li>
  );
}
