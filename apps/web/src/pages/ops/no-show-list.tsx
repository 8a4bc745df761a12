import type { NoShowEntry } from '@food-link/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { verificationEndpoints } from '../../api/verification-endpoints';
import { FormField } from '../../components/form-field';
import { formatNumber } from '../../i18n/format';
import { formatDayTime } from '../../i18n/format-time';
import { useServerMessage } from '../../i18n/server-message';
import { useReportOpsError } from './ops-access';

type Props = { operatorId: number; entries: NoShowEntry[] };

/**
 * A charity's no-shows of the reliability period (docs/DOMAIN-RULES.md, "The handover"): which count, which
 * were reported before the collect-by time (they count for nothing), which were overturned; an operator
 * overturns one that counts, with a reason the charity is told.
 */
export function NoShowList({ operatorId, entries }: Props) {
  const { t } = useTranslation('verification');
  if (entries.length === 0) return null;
  return (
    <section className="mt-3" aria-label={t('ops.noShows.heading')}>
      <h4 className="font-semibold text-stone-900">{t('ops.noShows.heading')}</h4>
      <ul className="mt-1 flex flex-col gap-2">
        {entries.map((entry) => (
          <NoShowLine key={entry.request_id} operatorId={operatorId} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

function NoShowLine({ operatorId, entry }: { operatorId: number; entry: NoShowEntry }) {
  const { t, i18n } = useTranslation('verification');
  const client = useQueryClient();
  const report = useReportOpsError();
  const serverMessage = useServerMessage();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<string | null>(null);
  const number = (value: number) => formatNumber(value, i18n.language);
  const fieldId = `no-show-${entry.request_id}-reason`;

  const overturn = useMutation({
    mutationFn: () => verificationEndpoints.overturnNoShow(entry.request_id, reason.trim()),
    onSuccess: () => {
      setOutcome(t('ops.noShows.done', { requestId: number(entry.request_id) }));
      void client.invalidateQueries({ queryKey: queryKeys.opsVerifications(operatorId) });
    },
    onError: (error) => {
      report(error);
      setOutcome(t('ops.noShows.error', { message: error instanceof ApiError && error.body ? serverMessage(error.message) : error.message }));
    },
  });

  const submit = () => {
    setOutcome(null);
    if (reason.trim() === '') {
      setProblem(t('ops.noShows.reasonRequired'));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setProblem(undefined);
    overturn.mutate();
  };

  const standing = entry.counts && entry.overturned_at === null;
  return (
    <li data-testid="no-show" data-request-id={entry.request_id} className="rounded-lg border border-stone-200 p-2 text-sm">
      <p>{t('ops.noShows.entry', { requestId: number(entry.request_id), donorId: number(entry.donor_id), when: formatDayTime(entry.ended_at, i18n.language) })}</p>
      <p className="text-stone-600">
        {entry.overturned_at !== null ? (
          <bdi dir="auto">{t('ops.noShows.overturned', { reason: entry.overturn_reason ?? '' })}</bdi>
        ) : entry.counts ? (
          t('ops.noShows.counts')
        ) : (
          t('ops.noShows.early')
        )}
      </p>
      {standing && (
        <div className="mt-1 flex flex-col gap-1">
          <FormField
            id={fieldId}
            label={t('ops.noShows.reasonLabel', { requestId: number(entry.request_id) })}
            name="overturn-reason"
            dir="auto"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={problem}
          />
          <button
            type="button"
            disabled={overturn.isPending}
            onClick={submit}
            className="min-h-11 self-start rounded-lg border border-green-700 px-4 py-2 font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t('ops.noShows.overturn')}
          </button>
        </div>
      )}
      <p role="status" className="text-sm">
        {outcome}
      </p>
    </li>
  );
}
