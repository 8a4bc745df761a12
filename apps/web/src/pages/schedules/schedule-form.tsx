import { ALLERGENS, EID_MODES, FOOD_CATEGORIES, FOOD_UNITS, PRAYER_ANCHORS, RAMADAN_MODES, STORAGE_KINDS, type ScheduleBody, type PickupPointView } from '@food-link/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { localeOf } from '../../i18n/i18n';
import { scheduleBody, scheduleProblem, WEEK_DAYS, type ScheduleValues } from './schedule-rules';

export const selectClass =
  'min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus-visible:ring-2 focus-visible:ring-green-600';
const labelClass = 'text-sm font-medium text-stone-800';
const fieldsetClass = 'flex min-w-0 flex-col gap-2 rounded-lg border border-stone-200 p-3';
export const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

const RAMADAN_TEXTS = { any: 'form.ramadanAny', only: 'form.ramadanOnly', except: 'form.ramadanExcept' } as const;
const EID_TEXTS = { any: 'form.eidsAny', skip: 'form.eidsSkip' } as const;

function Select({ label, value, onChange, children, name }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; name: string }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

interface ScheduleFormProps {
  heading: string;
  initial: ScheduleValues;
  points: PickupPointView[];
  pending: boolean;
  failed: string | null;
  /** A new schedule's standing charities (the donor's partners), named under the form; left out when editing. */
  partnerNames?: string[];
  onSubmit: (body: ScheduleBody) => void;
  onCancel: () => void;
}

/**
 * A schedule's fields with a readable rule editor: the days of the week (none or all: every day), the
 * window by the clock or after one of the five prayers, and Ramadan; the food as the add-food form has it.
 */
export function ScheduleForm({ heading, initial, points, pending, failed, partnerNames, onSubmit, onCancel }: ScheduleFormProps) {
  const { t, i18n } = useTranslation('schedules');
  const { t: tl } = useTranslation('listing');
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const set = <K extends keyof ScheduleValues>(field: K, value: ScheduleValues[K]) => setValues((old) => ({ ...old, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = scheduleProblem(values);
    setProblem(found ? t(`form.${found}`) : null);
    if (!found) onSubmit(scheduleBody(values));
  };

  const toggleDay = (day: (typeof WEEK_DAYS)[number], on: boolean) =>
    setValues((old) => ({ ...old, customRule: null, days: on ? [...old.days, day] : old.days.filter((d) => d !== day) }));

  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold break-words text-stone-900">
        {heading}
      </h2>
      <FormField label={t('form.foodName')} name="food_name" required value={values.foodName} onChange={(event) => set('foodName', event.target.value)} />
      <FormField label={t('form.description')} name="description" required value={values.description} onChange={(event) => set('description', event.target.value)} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          label={tl('category.label')}
          name="category"
          value={values.category}
          onChange={(value) => setValues((old) => ({ ...old, category: value as ScheduleValues['category'], storage: value !== 'cooked_meal' && old.storage === 'hot' ? 'ambient' : old.storage }))}
        >
          {FOOD_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {tl(`category.${category}`)}
            </option>
          ))}
        </Select>
        <Select label={tl('storage.label')} name="storage" value={values.storage} onChange={(value) => set('storage', value as ScheduleValues['storage'])}>
          {STORAGE_KINDS.filter((kind) => kind !== 'hot' || values.category === 'cooked_meal').map((kind) => (
            <option key={kind} value={kind}>
              {tl(`storage.${kind}`)}
            </option>
          ))}
        </Select>
        <Select label={tl('unit.label')} name="unit" value={values.unit} onChange={(value) => set('unit', value as ScheduleValues['unit'])}>
          {FOOD_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {tl(`unit.${unit}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('form.quantity')} name="quantity" type="number" inputMode="numeric" min={1} required value={values.quantity} onChange={(event) => set('quantity', event.target.value)} />
        <FormField label={t('form.weight')} name="weight_kg" type="number" inputMode="decimal" min={0} step="0.1" value={values.weight} onChange={(event) => set('weight', event.target.value)} />
      </div>
      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>{tl('allergens.label')}</legend>
        <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
          {ALLERGENS.map((allergen) => (
            <label key={allergen} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                name="allergens"
                value={allergen}
                className="size-5"
                checked={values.allergens.includes(allergen)}
                onChange={(event) => set('allergens', event.target.checked ? [...values.allergens, allergen] : values.allergens.filter((a) => a !== allergen))}
              />
              {tl(`allergens.${allergen}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {points.length === 0 ? (
        <p className="text-amber-800">{t('form.noPoints')}</p>
      ) : (
        <Select label={t('form.pickupPoint')} name="pickup_point_id" value={values.pickupPoint} onChange={(value) => set('pickupPoint', value)}>
          <option value="">—</option>
          {points.map((point) => (
            <option key={point.id} value={String(point.id)}>
              {point.label}
            </option>
          ))}
        </Select>
      )}

      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>{t('form.days')}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-5" checked={values.customRule === null && values.days.length === 0} onChange={(event) => event.target.checked && setValues((old) => ({ ...old, days: [], customRule: null }))} />
          {t('form.everyDay')}
        </label>
        <div className="flex flex-wrap gap-x-4">
          {WEEK_DAYS.map((day) => (
            <label key={day} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-5" checked={values.customRule === null && values.days.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />
              {t(`days.${day}`)}
            </label>
          ))}
        </div>
        {values.customRule !== null && <p className="text-sm break-words text-stone-600">{t('form.customRule', { rule: values.customRule })}</p>}
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>{t('form.window')}</legend>
        <div className="flex flex-wrap gap-x-4">
          {(['clock', 'prayer'] as const).map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="window_kind" className="size-5" checked={values.windowKind === kind} onChange={() => set('windowKind', kind)} />
              {kind === 'clock' ? t('form.byClock') : t('form.byPrayer')}
            </label>
          ))}
        </div>
        {values.windowKind === 'clock' ? (
          <div className="grid grid-cols-2 gap-3">
            <FormField label={t('form.from')} name="from" type="time" value={values.from} onChange={(event) => set('from', event.target.value)} />
            <FormField label={t('form.until')} name="until" type="time" value={values.until} onChange={(event) => set('until', event.target.value)} />
          </div>
        ) : (
          <div className="grid gap-3 sm:grid-cols-3">
            <Select label={t('form.prayer')} name="anchor" value={values.anchor} onChange={(value) => set('anchor', value as ScheduleValues['anchor'])}>
              {PRAYER_ANCHORS.map((anchor) => (
                <option key={anchor} value={anchor}>
                  {t(`prayers.${anchor}`)}
                </option>
              ))}
            </Select>
            <FormField label={t('form.fromMinutes')} name="from_minutes" type="number" inputMode="numeric" value={values.fromMinutes} onChange={(event) => set('fromMinutes', event.target.value)} />
            <FormField label={t('form.untilMinutes')} name="until_minutes" type="number" inputMode="numeric" value={values.untilMinutes} onChange={(event) => set('untilMinutes', event.target.value)} />
          </div>
        )}
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>{t('form.ramadan')}</legend>
        <div className="flex flex-wrap gap-x-4">
          {RAMADAN_MODES.map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="ramadan" className="size-5" checked={values.ramadan === mode} onChange={() => set('ramadan', mode)} />
              {t(RAMADAN_TEXTS[mode])}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>{t('form.eids')}</legend>
        <div className="flex flex-wrap gap-x-4">
          {EID_MODES.map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="eids" className="size-5" checked={values.eids === mode} onChange={() => set('eids', mode)} />
              {t(EID_TEXTS[mode])}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid grid-cols-2 gap-3">
        <FormField label={t('form.startsOn')} name="starts_on" type="date" required value={values.startsOn} onChange={(event) => set('startsOn', event.target.value)} />
        <FormField label={t('form.endsOn')} name="ends_on" type="date" value={values.endsOn} onChange={(event) => set('endsOn', event.target.value)} />
      </div>

      {partnerNames && (
        <p dir="auto" className="break-words text-stone-700">
          {partnerNames.length > 0 ? t('form.partners', { names: new Intl.ListFormat(localeOf(i18n.language), { type: 'unit' }).format(partnerNames) }) : t('form.noPartners')}
        </p>
      )}
      <div aria-live="polite">
        {(problem ?? failed) && (
          <p role="alert" className="break-words text-red-700">
            {problem ?? failed}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={`${buttonClass} bg-green-700 text-white hover:bg-green-800`}>
          {pending ? t('form.saving') : t('form.save')}
        </button>
        <button type="button" onClick={onCancel} className={`${buttonClass} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
