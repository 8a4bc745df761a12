import {
  CharityProfileBody,
  type CharityProfileView,
  FOOD_CATEGORIES,
  GOVERNORATES,
  MAX_RADIUS_KM,
  STORAGE_KINDS,
} from '@food-link/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm, serverFieldProblems, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { useLocate } from '../../components/use-locate';
import { formatNumber } from '../../i18n/format';
import { useServerMessage } from '../../i18n/server-message';
import { CheckboxGroup } from './checkbox-group';
import { useSaveCharityProfile } from './use-charity-profile';

const FIELDS = ['governorates', 'categories', 'storage', 'base_lat', 'base_lng', 'radius_km', 'phone', 'quiet_hours'] as const;

type Values = {
  governorates: string[];
  categories: string[];
  storage: string[];
  /** As typed: the number fields are read when the form is sent. */
  base_lat: string;
  base_lng: string;
  radius_km: string;
  phone: string;
  quiet: boolean;
  quiet_start: string;
  quiet_end: string;
};

function valuesOf(profile: CharityProfileView): Values {
  const typed = (value: number | null) => (value === null ? '' : String(value));
  return {
    governorates: profile.governorates,
    categories: profile.categories,
    storage: profile.storage,
    base_lat: typed(profile.base_lat),
    base_lng: typed(profile.base_lng),
    radius_km: typed(profile.radius_km),
    phone: profile.phone ?? '',
    quiet: profile.quiet_hours !== null,
    quiet_start: profile.quiet_hours?.start ?? '22:00',
    quiet_end: profile.quiet_hours?.end ?? '07:00',
  };
}

/** A typed number (Arabic-Indic digits and the Arabic decimal comma read too); empty is none, nonsense stays text for the shape to refuse. */
function typedNumber(text: string): number | string | null {
  const latin = text.trim().replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace('٫', '.');
  if (latin === '') return null;
  const value = Number(latin);
  return Number.isFinite(value) ? value : latin;
}

/**
 * What the form does not edit yet (issue 27: capacity, receiving hours, full today), sent back as loaded:
 * the PUT replaces the whole profile, and a save here must not clear what was set elsewhere.
 */
function keptOf(profile: CharityProfileView): Record<string, unknown> {
  return {
    chilled_capacity_kg: profile.chilled_capacity_kg,
    frozen_capacity_kg: profile.frozen_capacity_kg,
    receiving_hours: profile.receiving_hours,
    full_today: profile.full_today,
  };
}

/** The body `PUT /api/charity/profile` takes, from the form's values. */
function bodyOf(values: Values): Record<string, unknown> {
  return {
    governorates: values.governorates,
    categories: values.categories,
    storage: values.storage,
    base_lat: typedNumber(values.base_lat),
    base_lng: typedNumber(values.base_lng),
    radius_km: typedNumber(values.radius_km),
    phone: values.phone.trim() === '' ? null : values.phone,
    quiet_hours: values.quiet ? { start: values.quiet_start, end: values.quiet_end } : null,
  };
}

const button =
  'min-h-11 rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

/**
 * A charity's matching profile (issue 15): the governorates it serves, the food it takes, what it can
 * carry, an optional base with a radius, a phone, and quiet hours. Checked with the API's own shape
 * first; the server's 400 lines are shown beside their fields.
 */
export function CharityProfileForm({ profile }: { profile: CharityProfileView }) {
  const { t, i18n } = useTranslation('notifications');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const fieldMessage = useFieldMessage();
  const serverMessage = useServerMessage();
  const save = useSaveCharityProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const quietId = useId();
  const [values, setValues] = useState(() => valuesOf(profile));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [filter, setFilter] = useState('');
  const [locating, locate] = useLocate({ enableHighAccuracy: false, timeout: 15_000 });
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));

  const governorates = GOVERNORATES.map((g) => ({ value: g.code, label: g[language] }));
  const wanted = filter.trim().toLocaleLowerCase();
  const filteredOut = new Set(
    wanted ? GOVERNORATES.filter((g) => !g.en.toLocaleLowerCase().includes(wanted) && !g.ar.includes(wanted)).map((g) => g.code) : [],
  );

  const useMyLocation = () =>
    locate((coords) =>
      setValues((current) => ({
        ...current,
        base_lat: String(Math.round(coords.latitude * 1e5) / 1e5),
        base_lng: String(Math.round(coords.longitude * 1e5) / 1e5),
        radius_km: current.radius_km || '10',
      })),
    );

  /** Latitude and longitude share one message: a box outside Egypt says so in the reader's words. */
  const positionProblem = (message: string | undefined) => (message?.startsWith('must be a l') ? t('profile.base.outside') : fieldMessage(message));
  const quietProblem = (message: string | undefined) =>
    message === undefined ? undefined : message.includes('differ') ? t('profile.quiet.same') : t('profile.quiet.invalid');

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(CharityProfileBody, { ...keptOf(profile), ...bodyOf(values) });
    if (checked.problems) {
      setProblems(checked.problems);
      setGeneral(null);
      const first = FIELDS.find((field) => checked.problems[field]);
      const target = first === 'quiet_hours' ? `[name="quiet_start"]` : `[name="${first}"]`;
      (formRef.current?.querySelector(target) as HTMLElement | null)?.focus();
      return;
    }
    setProblems({});
    setGeneral(null);
    setSaved(false);
    save.mutate(checked.body, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const { problems: fromServer, rest } = serverFieldProblems(error, FIELDS);
        setProblems(fromServer);
        setGeneral(rest.length > 0 ? rest.map(serverMessage).join(' ') : Object.keys(fromServer).length > 0 ? null : t('profile.saveError'));
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="charity-profile-form" className="flex flex-col gap-5">
      <CheckboxGroup
        name="governorates"
        legend={t('profile.governorates.legend')}
        hint={t('profile.governorates.hint')}
        options={governorates}
        selected={values.governorates}
        onChange={(next) => set('governorates', next)}
        error={fieldMessage(problems.governorates)}
        hidden={filteredOut}
        // Governorates' names are short: two columns halve the list on a phone.
        columns="grid-cols-2 sm:grid-cols-3"
      >
        <div className="mb-2 flex flex-wrap items-end gap-3">
          <FormField
            label={t('profile.governorates.filter')}
            name="governorate_filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="flex min-w-0 flex-1 flex-col gap-1"
          />
          <p aria-live="polite" data-testid="governorates-chosen" className="pb-2 text-sm text-stone-700">
            {t('profile.governorates.chosen', { chosen: formatNumber(values.governorates.length, i18n.language) })}
          </p>
        </div>
      </CheckboxGroup>
      <CheckboxGroup
        name="categories"
        legend={t('profile.categories.legend')}
        hint={t('profile.categories.hint')}
        options={FOOD_CATEGORIES.map((category) => ({ value: category, label: t(`listing:category.${category}`) }))}
        selected={values.categories}
        onChange={(next) => set('categories', next)}
        error={fieldMessage(problems.categories)}
      />
      <CheckboxGroup
        name="storage"
        legend={t('profile.storage.legend')}
        hint={t('profile.storage.hint')}
        options={STORAGE_KINDS.map((kind) => ({ value: kind, label: t(`listing:storage.${kind}`) }))}
        selected={values.storage}
        onChange={(next) => set('storage', next)}
        error={fieldMessage(problems.storage)}
      />
      <fieldset className="rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 font-semibold text-stone-900">{t('profile.base.legend')}</legend>
        <p className="mb-3 text-sm text-stone-600">{t('profile.base.hint')}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <FormField label={t('profile.base.lat')} name="base_lat" inputMode="decimal" dir="ltr" autoComplete="off" value={values.base_lat} onChange={(e) => set('base_lat', e.target.value)} error={positionProblem(problems.base_lat)} />
          <FormField label={t('profile.base.lng')} name="base_lng" inputMode="decimal" dir="ltr" autoComplete="off" value={values.base_lng} onChange={(e) => set('base_lng', e.target.value)} error={positionProblem(problems.base_lng)} />
          <FormField label={t('profile.base.radius')} name="radius_km" inputMode="decimal" dir="ltr" autoComplete="off" value={values.radius_km} onChange={(e) => set('radius_km', e.target.value)} error={fieldMessage(problems.radius_km)} hint={t('profile.base.radiusHint', { max: formatNumber(MAX_RADIUS_KM, i18n.language) })} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" onClick={useMyLocation} disabled={locating === 'asking'} className={`${button} border border-green-700 text-green-800 hover:bg-green-50`}>
            {locating === 'asking' ? t('profile.base.locating') : t('profile.base.useLocation')}
          </button>
          {(values.base_lat || values.base_lng || values.radius_km) && (
            <button type="button" onClick={() => setValues((c) => ({ ...c, base_lat: '', base_lng: '', radius_km: '' }))} className={`${button} text-stone-700 underline`}>
              {t('profile.base.clear')}
            </button>
          )}
        </div>
        <p role="status" className="mt-1 text-sm text-red-700">
          {locating === 'refused' ? t('profile.base.refused') : null}
        </p>
      </fieldset>
      <FormField
        label={t('profile.phone.label')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        hint={t('profile.phone.hint')}
        value={values.phone}
        onChange={(e) => set('phone', e.target.value)}
        error={fieldMessage(problems.phone)}
      />
      <fieldset aria-describedby={`${quietId}-hint`} className="rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 font-semibold text-stone-900">{t('profile.quiet.toggle')}</legend>
        <p id={`${quietId}-hint`} className="mb-2 text-sm text-stone-600">
          {t('profile.quiet.hint')}
        </p>
        <label className="flex min-h-11 items-center gap-3 text-stone-800">
          <input type="checkbox" name="quiet" checked={values.quiet} onChange={(e) => set('quiet', e.target.checked)} className="size-5 accent-green-700" />
          {t('profile.quiet.on')}
        </label>
        {values.quiet && (
          <div className="mt-2 grid grid-cols-2 gap-3 sm:max-w-sm">
            <FormField label={t('profile.quiet.start')} name="quiet_start" type="time" dir="ltr" value={values.quiet_start} onChange={(e) => set('quiet_start', e.target.value)} aria-invalid={problems.quiet_hours ? true : undefined} />
            <FormField label={t('profile.quiet.end')} name="quiet_end" type="time" dir="ltr" value={values.quiet_end} onChange={(e) => set('quiet_end', e.target.value)} error={quietProblem(problems.quiet_hours)} />
          </div>
        )}
      </fieldset>
      <p role="alert" className="text-sm text-red-700">
        {general}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" data-testid="profile-save" disabled={save.isPending} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </button>
        {/* Said beside the button that saved, and read out. */}
        <p role="status" data-testid="profile-saved" className="font-semibold text-green-800">
          {saved ? t('profile.saved') : null}
        </p>
      </div>
    </form>
  );
}
