import { QUEUES } from '@food-link/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { useFormat } from '../../i18n/format';
import { useServerMessage } from '../../i18n/server-message';
import { useAnnounce } from '../../live/announcer';
import { FailedJobsTable } from './failed-jobs-table';
import { useReportOpsError } from './ops-access';
import { OpsSection, PanelNote } from './ops-section';
import { useFailedJobs } from './use-failed-jobs';
import { useJobAction, type JobAction } from './use-job-action';

const QUEUE_NAMES = Object.values(QUEUES);

const CONFIRM_TEXTS = { retry: 'confirm.retry', remove: 'confirm.remove', 'retry-all': 'confirm.retryAll' } as const;

/**
 * A queue's failed jobs, with retry one, remove one and retry all. Each action is confirmed first; its
 * result (the server's own words) is shown under the title and announced.
 */
export function FailedJobsSection({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('ops');
  const format = useFormat();
  const serverMessage = useServerMessage();
  const announce = useAnnounce();
  const report = useReportOpsError();
  const selectId = useId();
  const [queue, setQueue] = useState<string>(QUEUES.domainEvents);
  const { jobs, failedCount } = useFailedJobs(operatorId, queue);
  const action = useJobAction(operatorId);
  const [asking, setAsking] = useState<JobAction | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The row whose button was pressed may be gone after the refetch; the outcome takes the focus.
  useEffect(() => {
    if (action.isSuccess || action.isError) outcomeRef.current?.focus();
  }, [action.isSuccess, action.isError]);

  const confirm = () => {
    if (!asking) return;
    setAsking(null);
    action.mutate(asking, {
      onSuccess: (result) => announce(serverMessage(result.message)),
      onError: report,
    });
  };

  const question = (chosen: JobAction | null): ConfirmRequest | null => {
    if (!chosen) return null;
    const texts = CONFIRM_TEXTS[chosen.kind];
    const details =
      chosen.kind === 'retry-all'
        ? { queue: chosen.queue, total: format.number(chosen.count) }
        : { queue: chosen.queue, id: chosen.job.id, name: chosen.job.name };
    return { title: t(`${texts}.title`), body: t(`${texts}.body`, details), confirmLabel: t(`${texts}.confirm`) };
  };

  const failure = (error: Error) =>
    t('failed.actionError', { message: error instanceof ApiError && error.body ? serverMessage(error.message) : t('failed.noAnswer') });

  const listed = jobs.data ?? [];
  const busy = action.isPending;

  return (
    <OpsSection
      title={t('failed.heading')}
      testId="ops-failed-jobs"
      tools={
        <>
          <label htmlFor={selectId} className="text-sm font-medium text-stone-800">
            {t('failed.queue')}
          </label>
          <select
            id={selectId}
            value={queue}
            onChange={(event) => setQueue(event.target.value)}
            className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 font-mono text-sm focus-visible:outline-2 focus-visible:outline-green-700"
          >
            {QUEUE_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <button
            type="button"
            data-testid="failed-retry-all"
            disabled={busy || listed.length === 0}
            onClick={() => setAsking({ kind: 'retry-all', queue, count: Math.max(failedCount ?? 0, listed.length) })}
            className="rounded-lg bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t('failed.retryAll')}
          </button>
        </>
      }
    >
      <p className="mb-3 text-sm text-stone-600">{t('failed.intro')}</p>
      <div ref={outcomeRef} tabIndex={-1} data-testid="ops-action-result" className="mb-3 empty:hidden focus:outline-none">
        {busy && <p className="text-stone-600">{t('failed.working')}</p>}
        {/* Announced through the notice area already, so this copy is not a live region. */}
        {action.isSuccess && <p className="font-semibold text-green-800">{serverMessage(action.data.message)}</p>}
        {action.isError && (
          <p role="alert" className="font-semibold text-red-700">
            {failure(action.error)}
          </p>
        )}
      </div>
      {jobs.data ? (
        listed.length === 0 ? (
          <PanelNote kind="empty">{t('failed.empty')}</PanelNote>
        ) : (
          <FailedJobsTable
            jobs={listed}
            busy={busy}
            onRetry={(job) => setAsking({ kind: 'retry', queue, job })}
            onRemove={(job) => setAsking({ kind: 'remove', queue, job })}
          />
        )
      ) : jobs.isError ? (
        <PanelNote kind="error">{t('failed.loadError')}</PanelNote>
      ) : (
        <PanelNote kind="loading">{t('loading')}</PanelNote>
      )}
      <ConfirmDialog request={question(asking)} cancelLabel={t('confirm.cancel')} onConfirm={confirm} onCancel={() => setAsking(null)} />
    </OpsSection>
  );
}
