import type { StandingOccurrenceView } from '@food-link/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { scheduleEndpoints } from '../../api/schedule-endpoints';
import { AccountPageShell } from '../../components/account-page-shell';
import { useScreenTexts } from '../../i18n/use-screen-texts';
import { useServerMessage } from '../../i18n/server-message';
import { gregorianDay, hijriDay, useScheduleSummary } from './schedule-format';
import { buttonClass } from './schedule-form';
import { useScheduleSync } from './use-schedule-sync';

/** One day of a schedule the charity stands for: confirm (showing the pickup code), decline, or leave the schedule. */
function StandingDay({ day, userId }: { day: StandingOccurrenceView; userId: number }) {
  const { t } = useTranslation('schedules');
  const serverMessage = useServerMessage();
  const summary = useScheduleSummary();
  const client = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.charityStanding(userId) });
  const onError = () => setDone(null);
  const confirm = useMutation({
    mutationFn: async () => {
      const claim = await scheduleEndpoints.confirm(day.schedule_id, day.date);
      // The answer names the claim; its pickup code is in the claim's pickup details.
      const details = await endpoints.pickupDetails(claim.request_id).catch(() => null);
      return details?.pickup_code ?? null;
    },
    onSuccess: (code) => {
      setDone(code ? t('week.confirmed', { code }) : t('week.confirmedNoCode'));
      return refresh();
    },
    onError,
  });
  const decline = useMutation({
    mutationFn: () => scheduleEndpoints.decline(day.schedule_id, day.date),
    onSuccess: () => {
      setDone(t('week.declined'));
      return refresh();
    },
    onError,
  });
  const leave = useMutation({
    mutationFn: () => scheduleEndpoints.leave(day.schedule_id),
    onSuccess: () => {
      setDone(t('week.left'));
      return refresh();
    },
    onError,
  });
  const error = [confirm.error, decline.error, leave.error].find(Boolean);
  const pending = confirm.isPending || decline.isPending || leave.isPending;
  const what = `${day.food_name}, ${gregorianDay(day.date, summary.language)}`;
  return (
    <li className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h3 dir="auto" className="text-lg font-semibold break-words text-stone-900">
        {day.food_name}
      </h3>
      <p dir="auto" className="break-words text-stone-700">
        {t('week.from', { donor: day.donor_name, area: day.area })}
      </p>
      <p className="text-stone-800">
        {t('days14.window', { from: summary.time(day.window_from), until: summary.time(day.window_until) })} ·{' '}
        {t('week.quantity', { quantity: summary.number(day.quantity) })} · {t(`days14.status.${day.status}`)}
      </p>
      <p className="text-sm text-stone-600">{day.position === 0 ? t('week.primary') : t('week.waitlist', { place: summary.number(day.position) })}</p>
      {day.offered_to_you && <p className="font-semibold text-green-800">{t('week.offered')}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {day.offered_to_you && (
          <>
            <button type="button" disabled={pending} onClick={() => confirm.mutate()} aria-label={`${t('week.confirm')}: ${what}`} className={`${buttonClass} bg-green-700 text-white hover:bg-green-800`}>
              {t('week.confirm')}
            </button>
            <button type="button" disabled={pending} onClick={() => decline.mutate()} aria-label={`${t('week.decline')}: ${what}`} className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
              {t('week.decline')}
            </button>
          </>
        )}
        <button type="button" disabled={pending} onClick={() => leave.mutate()} aria-label={`${t('week.leave')}: ${day.food_name}`} className={`${buttonClass} border border-red-300 text-red-800 hover:bg-red-50`}>
          {t('week.leave')}
        </button>
      </div>
      <div aria-live="polite">
        {done && <p className="mt-2 font-semibold break-words text-green-800">{done}</p>}
        {error && (
          <p role="alert" className="mt-2 break-words text-red-700">
            {error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 ? serverMessage(error.message) : t('week.actionFailed')}
          </p>
        )}
      </div>
    </li>
  );
}

function Week({ userId }: { userId: number }) {
  const { t } = useTranslation('schedules');
  const summary = useScheduleSummary();
  const week = useQuery({ queryKey: queryKeys.charityStanding(userId), queryFn: scheduleEndpoints.standing });
  useScheduleSync(userId, 'charity');
  if (week.isPending) return <p role="status" className="text-stone-600">{t('loading')}</p>;
  if (week.isError) return <p role="alert" className="text-red-700">{t('week.failed')}</p>;
  if (week.data.length === 0) return <p className="text-stone-700">{t('week.empty')}</p>;
  // The days in order, each with its collections (the API answers in time order).
  const dates = [...new Set(week.data.map((day) => day.date))];
  return (
    <div className="flex flex-col gap-6">
      {dates.map((date) => (
        <section key={date} aria-labelledby={`day-${date}`}>
          <h2 id={`day-${date}`} className="mb-2 text-xl font-semibold text-stone-900">
            {gregorianDay(date, summary.language)}{' '}
            <span className="text-base font-normal text-stone-600">({hijriDay(date, summary.language, week.data.find((day) => day.date === date)?.hijri)})</span>
          </h2>
          <ul className="grid gap-3">
            {week.data
              .filter((day) => day.date === date)
              .map((day) => (
                <StandingDay key={`${day.schedule_id}-${day.date}`} day={day} userId={userId} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The charity's week (issue 27): the days of the next 14 of the schedules it stands for, live. */
export default function StandingWeekPage() {
  useScreenTexts(['schedules', 'listing', 'messages']);
  const { t } = useTranslation('schedules');
  return (
    <AccountPageShell
      role="charity"
      title={t('week.title')}
      back={{ to: '/FoodDonationApp', label: t('week.back') }}
      intro={t('week.intro')}
      texts={{ loading: t('loading'), signIn: t('signIn'), logIn: t('logIn') }}
    >
      {(userId) => <Week userId={userId} />}
    </AccountPageShell>
  );
}
