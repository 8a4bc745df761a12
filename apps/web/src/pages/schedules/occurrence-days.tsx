import { cairoDate, type OccurrenceView, type ScheduleView } from '@food-link/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { partnerEndpoints } from '../../api/partner-endpoints';
import { scheduleEndpoints } from '../../api/schedule-endpoints';
import { localeOf } from '../../i18n/i18n';
import { useServerMessage } from '../../i18n/server-message';
import { queryKeys } from '../../api/query-keys';
import { gregorianDay, hijriDay, useScheduleSummary } from './schedule-format';
import { buttonClass } from './schedule-form';
import { addDays } from './schedule-rules';

/** How many days ahead the donor sees, today included. */
const DAYS_AHEAD = 14;

function OccurrenceRow({ schedule, occurrence, userId, names }: { schedule: ScheduleView; occurrence: OccurrenceView; userId: number; names: ReadonlyMap<number, string> }) {
  const { t, i18n } = useTranslation('schedules');
  const { t: tl } = useTranslation('listing');
  const summary = useScheduleSummary();
  const serverMessage = useServerMessage();
  const client = useQueryClient();
  const [quantity, setQuantity] = useState(String(occurrence.quantity));
  const quantityId = useId();
  const change = useMutation({
    mutationFn: (body: { quantity?: number; skip?: boolean }) => scheduleEndpoints.changeOccurrence(schedule.id, occurrence.date, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.schedules(userId) }),
  });
  // "Nothing today": also for a day already listed (its listing is withdrawn) or confirmed (its charity is told).
  const skip = useMutation({
    mutationFn: () => scheduleEndpoints.skip(schedule.id, occurrence.date),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.schedules(userId) }),
  });
  const failed = change.isError ? change.error : skip.isError ? skip.error : null;
  const busy = change.isPending || skip.isPending;
  const date = gregorianDay(occurrence.date, i18n.language);
  const changeable = occurrence.status === 'planned' || occurrence.status === 'skipped';
  const listed = occurrence.status === 'listed' || occurrence.status === 'claimed';
  const setDay = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d+$/.test(quantity) && Number(quantity) >= 1) change.mutate({ quantity: Number(quantity) });
  };
  return (
    <li className="flex flex-col gap-2 border-b border-stone-200 py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold text-stone-900">{date}</span>
        <span className="text-sm text-stone-600">
          <span className="sr-only">{t('days14.hijri')}: </span>
          {hijriDay(occurrence.date, i18n.language, occurrence.hijri)}
        </span>
      </div>
      <p className="text-stone-800">
        {t('days14.window', { from: summary.time(occurrence.window_from), until: summary.time(occurrence.window_until) })}
        {' · '}
        {t(`days14.status.${occurrence.status}`)}
        {occurrence.status !== 'skipped' && ` · ${t('donor.quantity', { quantity: summary.number(occurrence.quantity), unit: tl(`unit.${schedule.unit}`) })}`}
      </p>
      {occurrence.passed_over && occurrence.passed_over.length > 0 && (
        <p className="text-sm break-words text-amber-800">
          {t('days14.passedOver', {
            list: new Intl.ListFormat(localeOf(i18n.language), { type: 'unit' }).format(
              occurrence.passed_over.map((skipped) => t(`days14.reason.${skipped.reason}`, { name: names.get(skipped.charity_id) ?? t('days14.charity', { id: skipped.charity_id }) })),
            ),
          })}
        </p>
      )}
      {changeable && (
        <div className="flex flex-wrap items-end gap-2">
          {occurrence.status === 'planned' && (
            <form onSubmit={setDay} className="flex items-end gap-2">
              <div className="flex flex-col gap-1">
                <label htmlFor={quantityId} className="text-sm font-medium text-stone-800">
                  {t('days14.quantity', { date })}
                </label>
                <input
                  id={quantityId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={quantity}
                  onChange={(event) => setQuantity(event.target.value)}
                  className="min-h-11 w-24 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900"
                />
              </div>
              <button type="submit" disabled={busy} className={`${buttonClass} border border-green-700 text-green-800 hover:bg-green-50`}>
                {t('days14.setQuantity')}
              </button>
            </form>
          )}
          <button
            type="button"
            disabled={busy}
            onClick={() => (occurrence.status === 'planned' ? skip.mutate() : change.mutate({ skip: false }))}
            aria-label={`${occurrence.status === 'planned' ? t('days14.skip') : t('days14.unskip')}: ${date}`}
            className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}
          >
            {occurrence.status === 'planned' ? t('days14.skip') : t('days14.unskip')}
          </button>
        </div>
      )}
      {listed && (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-stone-700">{t('days14.skipListed')}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => skip.mutate()}
            aria-label={`${t('days14.skip')}: ${date}`}
            className={`${buttonClass} self-start border border-stone-300 text-stone-800 hover:bg-stone-100`}
          >
            {t('days14.skip')}
          </button>
        </div>
      )}
      {failed && (
        <p role="alert" className="text-red-700">
          {failed instanceof ApiError && failed.status >= 400 && failed.status < 500 && failed.status !== 401 ? serverMessage(failed.message) : t('days14.changeFailed')}
        </p>
      )}
    </li>
  );
}

/** A schedule's next 14 days: each with its window in the reader's language, the Hijri date beside the Gregorian, "Nothing today" and the day's quantity. */
export function OccurrenceDays({ schedule, userId }: { schedule: ScheduleView; userId: number }) {
  const { t } = useTranslation('schedules');
  const from = cairoDate();
  const days = useQuery({
    queryKey: queryKeys.scheduleOccurrences(userId, schedule.id, from),
    queryFn: () => scheduleEndpoints.occurrences(schedule.id, from, addDays(from, DAYS_AHEAD - 1)),
  });
  // The standing charities' names, for why one was skipped (the donor's partners: the same cache as the page's).
  const partners = useQuery({ queryKey: queryKeys.partners(userId), queryFn: partnerEndpoints.partners });
  const names = new Map((partners.data?.charities ?? []).map((charity) => [charity.user_id, charity.name]));
  if (days.isPending) return <p role="status" className="text-stone-600">{t('loading')}</p>;
  if (days.isError) return <p role="alert" className="text-red-700">{t('days14.failed')}</p>;
  if (days.data.length === 0) return <p className="text-stone-700">{t('days14.none')}</p>;
  return (
    <ul className="mt-2">
      {days.data.map((occurrence) => (
        <OccurrenceRow key={occurrence.date} schedule={schedule} occurrence={occurrence} userId={userId} names={names} />
      ))}
    </ul>
  );
}
