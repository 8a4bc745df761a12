import type { QueueCounts } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

const COLUMNS = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** One row per queue: how many jobs wait, run, are delayed, have completed and have failed. */
export function QueueCountsTable({ queues, label }: { queues: QueueCounts[]; label: string }) {
  const { t } = useTranslation('ops');
  const format = useFormat();
  if (queues.length === 0) return <p className="text-stone-600">{t('queues.empty')}</p>;
  return (
    // On a phone the table scrolls sideways: a region keyboard users can reach and scroll too.
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-green-700">
      <table data-testid="ops-queues" aria-label={label} className="w-full text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-stone-600">
            <th scope="col" className="py-2 pe-4 text-start font-medium">
              {t('queues.queue')}
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-end font-medium">
                {t(`queues.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {queues.map((counts) => (
            <tr key={counts.queue} data-testid="ops-queue-row" data-queue={counts.queue} className="border-b border-stone-100 last:border-0">
              <th scope="row" dir="ltr" className="py-2 pe-4 text-start font-mono font-medium text-stone-900 rtl:text-right">
                {counts.queue}
              </th>
              {COLUMNS.map((column) => (
                <td
                  key={column}
                  data-testid={`queue-${column}`}
                  className={`px-3 py-2 text-end tabular-nums ${column === 'failed' && counts.failed > 0 ? 'font-bold text-red-700' : 'text-stone-900'}`}
                >
                  {format.number(counts[column])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
