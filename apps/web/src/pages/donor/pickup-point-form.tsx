import { GOVERNORATES, LIMITS, PickupPointBody, type PickupPointView } from '@food-link/contracts';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm, serverFieldProblems, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { PinPicker } from '../../components/map/pin-picker';
import { useServerMessage } from '../../i18n/server-message';
import { useSavePickupPoint } from './use-pickup-points';

const FIELDS = ['label', 'governorate', 'area', 'address_line', 'landmark', 'lat', 'lng', 'contact_name', 'contact_phone', 'notes', 'is_default'] as const;

type Values = {
  label: string;
  governorate: string;
  area: string;
  address_line: string;
  landmark: string;
  lat: number | null;
  lng: number | null;
  contact_name: string;
  contact_phone: string;
  notes: string;
  is_default: boolean;
};

function valuesOf(point: PickupPointView | null): Values {
  return {
    label: point?.label ?? '',
    governorate: point?.governorate ?? '',
    area: point?.area ?? '',
    address_line: point?.address_line ?? '',
    landmark: point?.landmark ?? '',
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    contact_name: point?.contact_name ?? '',
    contact_phone: point?.contact_phone ?? '',
    notes: point?.notes ?? '',
    is_default: point?.is_default ?? false,
  };
}

const select =
  'min-h-11 rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm focus-visible:ring-2 focus-visible:ring-green-600';
const button =
  'min-h-11 rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

type PickupPointFormProps = {
  userId: number;
  /** The point to edit; null adds a new one. */
  point: PickupPointView | null;
  onSaved: (point: PickupPointView) => void;
  onCancel: () => void;
  /**
   * Inside another form (the add-food form's "new pickup point"): a group instead of a nested <form>,
   * which HTML does not allow (its Save would submit the outer form).
   */
  inline?: boolean;
};

/**
 * A donor's pickup point (docs/DOMAIN-RULES.md, "Places"): the governorate and area are public, the address, landmark,
 * position and phone only reach the charity that claims. Checked with the API's own shape first; the
 * server's 400 lines are shown beside their fields.
 */
export function PickupPointForm({ userId, point, onSaved, onCancel, inline = false }: PickupPointFormProps) {
  const { t, i18n } = useTranslation('listing');
  const headingId = useId();
  const governorateId = useId();
  const notesId = useId();
  const fieldMessage = useFieldMessage();
  const serverMessage = useServerMessage();
  const save = useSavePickupPoint(userId);
  const [values, setValues] = useState(() => valuesOf(point));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [locating, setLocating] = useState<'idle' | 'asking' | 'refused'>('idle');
  const formRef = useRef<HTMLFormElement & HTMLDivElement>(null);
  const Container = inline ? 'div' : 'form';
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      setLocating('refused');
      return;
    }
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        setValues((current) => ({
          ...current,
          lat: Math.round(position.coords.latitude * 1e6) / 1e6,
          lng: Math.round(position.coords.longitude * 1e6) / 1e6,
        }));
      },
      () => setLocating('refused'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const input = {
      ...values,
      governorate: values.governorate || undefined,
      landmark: values.landmark.trim() === '' ? null : values.landmark,
      notes: values.notes.trim() === '' ? null : values.notes,
    };
    const checked = checkForm(PickupPointBody, input);
    if (checked.problems) {
      setProblems(checked.problems);
      const first = Object.keys(checked.problems)[0];
      (formRef.current?.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
      return;
    }
    setProblems({});
    setGeneral(null);
    save.mutate(
      { id: point?.id ?? null, body: checked.body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const { problems: fromServer, rest } = serverFieldProblems(error, FIELDS);
          setProblems(fromServer);
          setGeneral(rest.length > 0 ? rest.map(serverMessage).join(' ') : Object.keys(fromServer).length > 0 ? null : t('points.saveError'));
        },
      },
    );
  }

  /**
   * Inline, Enter in one of the point's fields saves the point, as it would in a form of its own, instead
   * of submitting the add-food form around it (Enter in a text area still starts a new line).
   */
  function saveOnEnter(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName === 'TEXTAREA' || target.tagName === 'BUTTON') return;
    event.preventDefault();
    submit();
  }

  return (
    <Container
      ref={formRef}
      {...(inline ? { role: 'group', onKeyDown: saveOnEnter } : { onSubmit: submit, noValidate: true })}
      aria-labelledby={headingId}
      data-testid="pickup-point-form"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <h3 id={headingId} className="font-semibold text-stone-900">
        {point ? t('points.editHeading') : t('points.addHeading')}
      </h3>
      <FormField label={t('points.label')} name="label" required maxLength={LIMITS.labelMaxLength} hint={t('points.labelHint')} error={fieldMessage(problems.label)} value={values.label} onChange={(e) => set('label', e.target.value)} data-testid="point-label" />
      <div className="flex flex-col gap-1">
        <label htmlFor={governorateId} className="text-sm font-medium text-stone-800">
          {t('points.governorate')}
          <span aria-hidden="true" className="ms-0.5 text-red-700">*</span>
        </label>
        <select
          id={governorateId}
          name="governorate"
          required
          data-testid="point-governorate"
          aria-invalid={problems.governorate ? true : undefined}
          aria-describedby={problems.governorate ? `${governorateId}-error` : undefined}
          className={`${select} ${problems.governorate ? 'border-red-600' : 'border-stone-300'}`}
          value={values.governorate}
          onChange={(e) => set('governorate', e.target.value)}
        >
          <option value="">{t('points.chooseGovernorate')}</option>
          {GOVERNORATES.map((g) => (
            <option key={g.code} value={g.code}>
              {g[language]}
            </option>
          ))}
        </select>
        {problems.governorate && (
          <p id={`${governorateId}-error`} className="text-sm text-red-700">
            {t('points.governorateRequired')}
          </p>
        )}
      </div>
      <FormField label={t('points.area')} name="area" required maxLength={LIMITS.areaMaxLength} hint={t('points.areaHint')} error={fieldMessage(problems.area)} value={values.area} onChange={(e) => set('area', e.target.value)} data-testid="point-area" />
      <FormField label={t('points.address')} name="address_line" required maxLength={LIMITS.addressMaxLength} error={fieldMessage(problems.address_line)} value={values.address_line} onChange={(e) => set('address_line', e.target.value)} data-testid="point-address" />
      <FormField label={t('points.landmark')} name="landmark" maxLength={LIMITS.landmarkMaxLength} error={fieldMessage(problems.landmark)} value={values.landmark} onChange={(e) => set('landmark', e.target.value)} data-testid="point-landmark" />
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-stone-800">{t('points.position')}</span>
        <p data-testid="point-position" className="text-stone-700">
          {values.lat !== null && values.lng !== null ? t('points.positionSet', { latitude: values.lat, longitude: values.lng }) : t('points.positionNone')}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" data-testid="point-use-location" onClick={useMyLocation} disabled={locating === 'asking'} className={`${button} border border-green-700 text-green-800 hover:bg-green-50`}>
            {locating === 'asking' ? t('points.locating') : t('points.useLocation')}
          </button>
          {values.lat !== null && (
            <button type="button" onClick={() => setValues((c) => ({ ...c, lat: null, lng: null }))} className={`${button} text-stone-700 underline`}>
              {t('points.clearPosition')}
            </button>
          )}
        </div>
        <p role="status" className="text-red-700">
          {locating === 'refused' ? t('points.locationRefused') : (fieldMessage(problems.lat ?? problems.lng) ?? null)}
        </p>
        <PinPicker lat={values.lat} lng={values.lng} governorate={values.governorate} onChange={(at) => setValues((c) => ({ ...c, ...at }))} />
      </div>
      <FormField label={t('points.contactName')} name="contact_name" required maxLength={LIMITS.nameMaxLength} error={fieldMessage(problems.contact_name)} value={values.contact_name} onChange={(e) => set('contact_name', e.target.value)} data-testid="point-contact-name" />
      <FormField label={t('points.contactPhone')} name="contact_phone" type="tel" inputMode="tel" autoComplete="tel" dir="ltr" required hint={t('points.phoneHint')} error={fieldMessage(problems.contact_phone)} value={values.contact_phone} onChange={(e) => set('contact_phone', e.target.value)} data-testid="point-contact-phone" />
      <div className="flex flex-col gap-1">
        <label htmlFor={notesId} className="text-sm font-medium text-stone-800">
          {t('points.notes')}
        </label>
        <textarea id={notesId} name="notes" rows={2} maxLength={LIMITS.notesMaxLength} data-testid="point-notes" value={values.notes} onChange={(e) => set('notes', e.target.value)} className="rounded-lg border border-stone-300 bg-white px-3 py-2" />
        {problems.notes && <p className="text-sm text-red-700">{fieldMessage(problems.notes)}</p>}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" name="is_default" data-testid="point-default" checked={values.is_default} onChange={(e) => set('is_default', e.target.checked)} className="h-5 w-5" />
        {t('points.isDefault')}
      </label>
      <p role="alert" className="text-sm text-red-700">
        {general}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type={inline ? 'button' : 'submit'}
          onClick={inline ? () => submit() : undefined}
          data-testid="point-save"
          disabled={save.isPending} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
          {save.isPending ? t('points.saving') : t('points.save')}
        </button>
        <button type="button" onClick={onCancel} className={`${button} border border-stone-300 text-stone-800 hover:bg-stone-100`}>
          {t('points.cancel')}
        </button>
      </div>
    </Container>
  );
}
