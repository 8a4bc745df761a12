import { cairoDate, type ScheduleBody, type ScheduleView } from '@food-link/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { partnerEndpoints } from '../../api/partner-endpoints';
import { queryKeys } from '../../api/query-keys';
import { scheduleEndpoints } from '../../api/schedule-endpoints';
import { AccountPageShell } from '../../components/account-page-shell';
import { useScreenTexts } from '../../i18n/use-screen-texts';
import { useServerMessage } from '../../i18n/server-message';
import { usePickupPoints } from '../donor/use-pickup-points';
import { OccurrenceDays } from './occurrence-days';
import { useScheduleSync } from './use-schedule-sync';
import { buttonClass, ScheduleForm } from './schedule-form';
import { useScheduleSummary } from './schedule-format';
import { emptySchedule, valuesOf } from './schedule-rules';

type Editing = { kind: 'new' } | { kind: 'edit'; schedule: ScheduleView } | null;

function ScheduleCard({ schedule, userId, onEdit }: { schedule: ScheduleView; userId: number; onEdit: () => void }) {
  const { t } = useTranslation('schedules');
  const { t: tl } = useTranslation('listing');
  const summary = useScheduleSummary();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => scheduleEndpoints.deleteSchedule(schedule.id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.schedules(userId) }),
  });
  const ramadan = summary.ramadan(schedule);
  const eids = summary.eids(schedule);
  return (
    <li className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h3 dir="auto" className="text-lg font-semibold break-words text-stone-900">
        {schedule.food_name}
      </h3>
      <p className="text-stone-800">
        {summary.days(schedule)} · {summary.window(schedule)}
        {ramadan && ` · ${ramadan}`}
        {eids && ` · ${eids}`}
      </p>
      {schedule.paused === 'pickup_point_deleted' && (
        <p role="note" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 break-words text-amber-900">
          {t('donor.pausedPointDeleted')}
        </p>
      )}
      <p className="text-stone-700">{t('donor.quantity', { quantity: summary.number(schedule.quantity), unit: tl(`unit.${schedule.unit}`) })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" aria-expanded={open} onClick={() => setOpen((was) => !was)} className={`${buttonClass} bg-green-700 text-white hover:bg-green-800`}>
          {open ? t('donor.hideDays') : t('donor.showDays')}
        </button>
        <button type="button" onClick={onEdit} aria-label={`${t('donor.edit')}: ${schedule.food_name}`} className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
          {t('donor.edit')}
        </button>
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={`${t('donor.delete')}: ${schedule.food_name}`}
          className={`${buttonClass} border border-red-300 text-red-800 hover:bg-red-50`}
        >
          {t('donor.delete')}
        </button>
      </div>
      {remove.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {t('donor.deleteFailed')}
        </p>
      )}
      {open && (
        <section aria-label={`${t('days14.heading')}: ${schedule.food_name}`} className="mt-3">
          <OccurrenceDays schedule={schedule} userId={userId} />
        </section>
      )}
    </li>
  );
}

function Schedules({ userId }: { userId: number }) {
  const { t } = useTranslation('schedules');
  const serverMessage = useServerMessage();
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.schedules(userId), queryFn: scheduleEndpoints.schedules });
  useScheduleSync(userId, 'donor');
  const points = usePickupPoints(userId);
  const partners = useQuery({ queryKey: queryKeys.partners(userId), queryFn: partnerEndpoints.partners });
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ScheduleBody) =>
      editing?.kind === 'edit'
        ? scheduleEndpoints.updateSchedule(editing.schedule.id, body)
        : // A new schedule's standing charities: the donor's partner charities, in their order.
          scheduleEndpoints.createSchedule({ ...body, partners: partners.data?.charities.map((charity) => charity.user_id) ?? [] }),
    onSuccess: () => {
      setEditing(null);
      setNotice(t('donor.saved'));
      return client.invalidateQueries({ queryKey: queryKeys.schedules(userId) });
    },
  });
  const failed = save.error ? (save.error instanceof ApiError && save.error.status === 400 ? serverMessage(save.error.message) : t('form.failed')) : null;

  if (list.isPending) return <p role="status" className="text-stone-600">{t('loading')}</p>;
  if (list.isError) return <p role="alert" className="text-red-700">{t('donor.failed')}</p>;
  const pointList = points.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-green-800">
        {notice}
      </p>
      {editing ? (
        <ScheduleForm
          key={editing.kind === 'edit' ? editing.schedule.id : 'new'}
          heading={editing.kind === 'edit' ? t('form.editHeading', { name: editing.schedule.food_name }) : t('form.newHeading')}
          initial={editing.kind === 'edit' ? valuesOf(editing.schedule) : emptySchedule(cairoDate(), pointList[0] ? String(pointList[0].id) : '')}
          points={pointList}
          pending={save.isPending}
          failed={failed}
          partnerNames={editing.kind === 'new' ? (partners.data?.charities.map((charity) => charity.name) ?? []) : undefined}
          onSubmit={(body) => save.mutate(body)}
          onCancel={() => {
            save.reset();
            setEditing(null);
          }}
        />
      ) : (
        <div>
          <button
            type="button"
            onClick={() => {
              setNotice(null);
              setEditing({ kind: 'new' });
            }}
            className={`${buttonClass} bg-green-700 text-white hover:bg-green-800`}
          >
            {t('donor.add')}
          </button>
        </div>
      )}
      <section aria-labelledby="schedules-heading">
        <h2 id="schedules-heading" className="mb-3 text-xl font-semibold text-stone-900">
          {t('donor.heading')}
        </h2>
        {list.data.length === 0 ? (
          <p className="text-stone-700">{t('donor.empty')}</p>
        ) : (
          <ul className="grid gap-4">
            {list.data.map((schedule) => (
              <ScheduleCard
                key={schedule.id}
                schedule={schedule}
                userId={userId}
                onEdit={() => {
                  setNotice(null);
                  save.reset();
                  setEditing({ kind: 'edit', schedule });
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The donor's standing collections (issue 27): schedules, their rule editor and their next 14 days, live. */
export default function SchedulesPage() {
  useScreenTexts(['schedules', 'listing', 'messages']);
  const { t } = useTranslation('schedules');
  return (
    <AccountPageShell
      role="donor"
      title={t('donor.title')}
      back={{ to: '/DonerDashboard', label: t('donor.back') }}
      intro={t('donor.intro')}
      texts={{ loading: t('loading'), signIn: t('signIn'), logIn: t('logIn') }}
    >
      {(userId) => <Schedules userId={userId} />}
    </AccountPageShell>
  );
}
