import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GOVERNORATES, VEHICLES, type GovernorateCode, type Vehicle, type VolunteerProfileView } from '@food-link/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { transportEndpoints } from '../../api/transport-endpoints';
import { useSession } from '../../session/use-session';
import { CheckboxGroup } from '../charity/checkbox-group';

const input = 'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900';

/** The volunteer's vehicle, what it carries, their governorates and hours (`PUT /api/volunteer/profile`). */
export function VolunteerProfileForm() {
  const { t, i18n } = useTranslation('org');
  const token = useSession()?.token ?? '';
  const profile = useQuery({ queryKey: queryKeys.volunteerProfile(token), queryFn: transportEndpoints.profile });
  if (profile.isPending) return <p role="status">{t('transport.loading')}</p>;
  if (profile.isError) return <p role="alert">{t('transport.error')}</p>;
  return <ProfileFields profile={profile.data} language={i18n.language === 'ar' ? 'ar' : 'en'} />;
}

function ProfileFields({ profile, language }: { profile: VolunteerProfileView; language: 'en' | 'ar' }) {
  const { t } = useTranslation('org');
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const ids = { vehicle: useId(), capacity: useId(), from: useId(), until: useId(), heading: useId() };
  const [vehicle, setVehicle] = useState<Vehicle>(profile.vehicle ?? 'car');
  const [capacity, setCapacity] = useState(profile.capacity_kg === null ? '' : String(profile.capacity_kg));
  const [governorates, setGovernorates] = useState<string[]>(profile.governorates);
  const [from, setFrom] = useState(profile.hours?.from ?? '09:00');
  const [until, setUntil] = useState(profile.hours?.until ?? '21:00');
  const save = useMutation({
    mutationFn: () =>
      transportEndpoints.saveProfile({ vehicle, capacity_kg: Number(capacity), governorates: governorates as GovernorateCode[], hours: { from, until } }),
    onSuccess: (saved) => client.setQueryData(queryKeys.volunteerProfile(token), saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-labelledby={ids.heading} data-testid="volunteer-profile" className="flex max-w-full flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={ids.heading} className="text-lg font-semibold text-stone-900">
        {t('transport.profile.heading')}
      </h2>
      <p className="text-sm text-stone-700">{profile.saved ? t('transport.profile.intro') : t('transport.profile.notSaved')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.vehicle} className="text-sm font-medium">
          {t('transport.profile.vehicle')}
        </label>
        <select id={ids.vehicle} name="vehicle" value={vehicle} onChange={(event) => setVehicle(event.target.value as Vehicle)} className={input}>
          {VEHICLES.map((value) => (
            <option key={value} value={value}>
              {t(`transport.profile.vehicles.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.capacity} className="text-sm font-medium">
          {t('transport.profile.capacity')}
        </label>
        <input id={ids.capacity} name="capacity_kg" inputMode="decimal" dir="ltr" value={capacity} onChange={(event) => setCapacity(event.target.value)} className={input} />
      </div>
      <CheckboxGroup
        name="governorates"
        legend={t('transport.profile.governorates')}
        options={GOVERNORATES.map((g) => ({ value: g.code, label: g[language] }))}
        selected={governorates}
        onChange={setGovernorates}
      />
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.from} className="text-sm font-medium">
            {t('transport.profile.from')}
          </label>
          <input id={ids.from} name="hours_from" type="time" dir="ltr" value={from} onChange={(event) => setFrom(event.target.value)} className={input} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.until} className="text-sm font-medium">
            {t('transport.profile.until')}
          </label>
          <input id={ids.until} name="hours_until" type="time" dir="ltr" value={until} onChange={(event) => setUntil(event.target.value)} className={input} />
        </div>
      </div>
      <button
        type="submit"
        disabled={save.isPending}
        className="min-h-11 self-start rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 disabled:opacity-60"
      >
        {save.isPending ? t('transport.profile.saving') : t('transport.profile.save')}
      </button>
      <p role={save.isError ? 'alert' : 'status'} className={`min-h-5 text-sm ${save.isError ? 'text-red-700' : 'text-green-800'}`}>
        {save.isError ? t('transport.profile.failed', { message: save.error.message }) : save.isSuccess ? t('transport.profile.saved') : null}
      </p>
    </form>
  );
}
