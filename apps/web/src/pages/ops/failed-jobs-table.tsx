import type { FailedJobView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useTimeFormat } from '../../i18n/format-time';

type FailedJobsTableProps = {
  jobs: FailedJobView[];
  busy: boolean;
  onRetry: (job: FailedJobView) => void;
  onRemove: (job: FailedJobView) => void;
};

const cellClass = 'px-3 py-2 align-top';
const buttonClass =
  'rounded-md px-3 py-1 text-sm whitespace-nowrap font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

/** A queue's failed jobs, one row each, with what failed, how often, when, and the two row actions. */
export function FailedJobsTable({ jobs, busy, onRetry, onRemove }: FailedJobsTableProps) {
  const { t } = useTranslation('ops');
  const format = useFormat();
  const time = useTimeFormat();
  return (
    <div className="overflow-x-auto">
      {/* Wide enough to read: on a phone the table scrolls sideways rather than squeezing the errors. */}
      <table data-testid="failed-jobs" aria-label={t('failed.heading')} className="w-full min-w-[48rem] text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-stone-600">
            {(['job', 'error', 'attempts', 'failedAt', 'food', 'actions'] as const).map((column) => (
              <th key={column} scope="col" className={`${cellClass} text-start font-medium`}>
                {t(`failed.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} data-testid="failed-job-row" data-job-id={job.id} className="border-b border-stone-100 last:border-0">
              <th scope="row" className={`${cellClass} text-start font-normal`}>
                <span dir="ltr" className="block font-mono font-semibold text-stone-900">
                  {job.name}
                </span>
                <span dir="ltr" className="block font-mono text-xs break-all text-stone-500">
                  {job.id}
                </span>
              </th>
              <td className={`${cellClass} max-w-md wrap-anywhere text-red-800`} dir="auto">
                {job.error}
              </td>
              <td className={`${cellClass} tabular-nums`}>{format.number(job.attempts)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <time dateTime={job.failedAt}>{time.dateTime(job.failedAt)}</time>
              </td>
              <td className={cellClass}>{job.foodId ?? '—'}</td>
              <td className={cellClass}>
                <div className="flex gap-2">
                  <button
                    type="button"
                    data-testid="failed-job-retry"
                    aria-label={t('failed.retryJob', { id: job.id })}
                    disabled={busy}
                    onClick={() => onRetry(job)}
                    className={`${buttonClass} bg-green-700 text-white hover:bg-green-800 focus-visible:outline-green-800`}
                  >
                    {t('failed.retry')}
                  </button>
                  <button
                    type="button"
                    data-testid="failed-job-remove"
                    aria-label={t('failed.removeJob', { id: job.id })}
                    disabled={busy}
                    onClick={() => onRemove(job)}
                    className={`${buttonClass} border border-red-700 text-red-700 hover:bg-red-50 focus-visible:outline-red-800`}
                  >
                    {t('failed.remove')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
