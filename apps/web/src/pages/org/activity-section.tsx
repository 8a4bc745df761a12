import type { ActivityEntry } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../i18n/format-time';
import { useActivity } from './use-org-calls';

/** Who did what in the organisation, newest first, with older entries a page at a time. */
export function ActivitySection() {
  const { t } = useTranslation('org');
  const time = useTimeFormat();
  const headingId = useId();
  const activity = useActivity(true);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  // Names and food are isolated (FSI…PDI): an English name beside an e-mail in an Arabic sentence keeps its place.
  const isolate = (text: string) => `\u2068${text}\u2069`;
  const line = (entry: ActivityEntry) =>
    t(`activity.actions.${entry.action}`, { actor: isolate(entry.actor?.name ?? t('activity.someone')), subject: isolate(entry.subject) });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-stone-900">
        {t('activity.heading')}
      </h2>
      {activity.isPending && <p role="status" className="text-stone-600">{t('loading')}</p>}
      {activity.isError && entries.length === 0 && (
        <p role="alert" className="text-red-700">
          {t('activity.error')}
        </p>
      )}
      {activity.isSuccess && entries.length === 0 && <p className="text-stone-600">{t('activity.empty')}</p>}
      {entries.length > 0 && (
        <ol className="flex flex-col divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="activity-list">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="wrap-anywhere text-stone-900">
                {line(entry)}
              </span>
              <time dateTime={entry.at} className="shrink-0 text-sm text-stone-600">
                {time.dayTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {activity.hasNextPage && (
        <button
          type="button"
          data-testid="activity-older"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
          className="mt-3 min-h-11 rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60"
        >
          {activity.isFetchingNextPage ? t('activity.loadingOlder') : t('activity.older')}
        </button>
      )}
      {activity.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('activity.error')}
        </p>
      )}
      {activity.isSuccess && entries.length > 0 && !activity.hasNextPage && <p className="mt-2 text-sm text-stone-600">{t('activity.end')}</p>}
    </section>
  );
}
