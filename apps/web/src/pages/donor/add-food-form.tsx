import {
  ALLERGENS,
  FOOD_CATEGORIES,
  FOOD_UNITS,
  LIMITS,
  STORAGE_KINDS,
  UNITS_NEEDING_WEIGHT,
  cairoDate,
  type DonorFoodItem,
} from '@food-link/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldProblems, useFieldMessage, type FieldProblems } from '../../components/check-form';
import { FormField } from '../../components/form-field';
import { useAnnounce } from '../../live/announcer';
import { cairoDateTime, isoToCairoLocal } from '../listing/cairo-time';
import { PickupPointForm } from './pickup-point-form';
import { EMPTY_LISTING, PHOTO_TYPES, checkListing, listingInput, listingValuesOf, photoLimits, safePreview, type ListingValues } from './listing-rules';
import { useAddFood, useDeletePhoto, useUpdateFood, useUploadPhotos } from './use-add-food';
import { usePickupPoints } from './use-pickup-points';
import '../listing/listing-texts';
import './donor-texts';

const FIELDS = [
  'food_name',
  'quantity',
  'description',
  'expiration_date',
  'pickup_point_id',
  'pickup_from',
  'pickup_until',
  'category',
  'storage',
  'prepared_at',
  'unit',
  'weight_kg',
  'allergens',
] as const;

const select =
  'min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus-visible:ring-2 focus-visible:ring-green-600';
const labelClass = 'text-sm font-medium text-stone-800';

type AddFoodFormProps = {
  userId: number;
  /** An available item to edit (PATCH /api/food/{id}); without it the form lists new food. */
  editing?: DonorFoodItem;
  onDone?: () => void;
};

/**
 * Lists food (the spec's four fields, then where, when and what: DOMAIN.md), or edits an available
 * item. Before sending it shows when the food stops being safe and refuses what the API would (the
 * contracts' own checks); the server's 400 lines are shown beside their fields.
 */
export function AddFoodForm({ userId, editing, onDone }: AddFoodFormProps) {
  const { t } = useTranslation('donor');
  const { t: tl, i18n } = useTranslation('listing');
  const headingId = useId();
  const descriptionId = useId();
  const ids = { point: useId(), category: useId(), storage: useId(), unit: useId(), photos: useId() };
  const announce = useAnnounce();
  const addFood = useAddFood(userId);
  const updateFood = useUpdateFood(userId);
  const uploadPhotos = useUploadPhotos(userId);
  const deletePhoto = useDeletePhoto(userId);
  // The item as the list now holds it, so removed photos disappear from the form at once.
  const [shownPhotos, setShownPhotos] = useState(() => ({ thumbs: editing?.thumbnail_urls ?? [], count: editing?.photo_count ?? 0 }));
  const points = usePickupPoints(userId);
  const initial = editing ? listingValuesOf(editing) : EMPTY_LISTING;
  const [values, setValues] = useState<ListingValues>(initial);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const fieldMessage = useFieldMessage();
  const mutation = editing ? updateFood : addFood;
  const maxPhotos = photoLimits.count - shownPhotos.count;

  // The donor's default point is chosen until they choose otherwise.
  const defaultPoint = points.data?.find((point) => point.is_default) ?? points.data?.[0];
  const pointChoice = values.pickupPoint === '' && defaultPoint ? String(defaultPoint.id) : values.pickupPoint;
  const chosenPoint = points.data?.find((point) => String(point.id) === pointChoice);
  const governorate = chosenPoint?.governorate ?? null;
  const safe = safePreview(values, governorate, new Date());

  // Below one portion keeps the product's wording; other refusals use the API's own words.
  const quantityMessage = (problem: string | undefined) =>
    problem === 'must be a positive number' || (problem === 'must be a whole number of portions' && values.quantity.trim() === '')
      ? t('form.quantityInvalid')
      : fieldMessage(problem);
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (name: string) => (formRef.current?.elements.namedItem(name) as HTMLElement | null)?.focus();
  const set = <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  function choosePhotos(files: FileList | null) {
    const chosen = [...photos, ...Array.from(files ?? [])];
    const bad = chosen.find((file) => !PHOTO_TYPES.includes(file.type));
    const big = chosen.find((file) => file.size > photoLimits.bytes);
    if (bad) setPhotoProblem(tl('form.photoType', { name: bad.name }));
    else if (big) setPhotoProblem(tl('form.photoTooBig', { name: big.name }));
    else if (chosen.length > maxPhotos) setPhotoProblem(tl('form.photoTooMany'));
    else setPhotoProblem(null);
    setPhotos(chosen.filter((file) => PHOTO_TYPES.includes(file.type) && file.size <= photoLimits.bytes).slice(0, Math.max(0, maxPhotos)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const current = { ...values, pickupPoint: pointChoice === 'new' ? '' : pointChoice };
    const found = checkListing(current, governorate);
    // An edit leaves a window that has already begun alone: it is judged only when the donor changes it.
    if (editing && values.pickupFrom === initial.pickupFrom && values.pickupUntil === initial.pickupUntil) {
      delete found.pickup_from;
      delete found.pickup_until;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) {
      // Focus reads the first bad field with its error, for keyboard and screen-reader users alike.
      focusField(FIELDS.find((field) => found[field]) ?? Object.keys(found)[0]);
      return;
    }
    const input = listingInput(current);
    const onError = (error: Error) => setProblems(serverFieldProblems(error, FIELDS).problems);
    const name = values.foodName.trim();
    if (editing) {
      // Only what changed: a PATCH of an unchanged field could only collide with someone else's edit.
      const before = listingInput(initial);
      const changed = Object.fromEntries(
        Object.entries(input).filter(([key, value]) => JSON.stringify(value ?? null) !== JSON.stringify(before[key] ?? null)),
      );
      const cleared = Object.fromEntries(Object.entries(changed).map(([key, value]) => [key, value === undefined ? null : value]));
      const send = () => {
        if (photos.length > 0) uploadPhotos.mutate({ foodId: editing.id, photos });
        announce(tl('form.saved', { name }));
        onDone?.();
      };
      if (Object.keys(cleared).length === 0) send();
      else updateFood.mutate({ id: editing.id, body: cleared }, { onSuccess: send, onError });
      return;
    }
    addFood.mutate(input, {
      onSuccess: (added) => {
        if (photos.length > 0) uploadPhotos.mutate({ foodId: added.id, photos });
        setValues({ ...EMPTY_LISTING, pickupPoint: values.pickupPoint });
        setPhotos([]);
        announce(t('form.added', { name: added.food_name }));
        focusField('food_name');
      },
      onError,
    });
  }

  const needsWeight = UNITS_NEEDING_WEIGHT.includes(values.unit);
  const cooked = values.category === 'cooked_meal';
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-4 text-xl font-semibold text-stone-900">
        {editing ? tl('form.editHeading', { name: editing.food_name }) : t('form.heading')}
      </h2>
      <form ref={formRef} onSubmit={submit} aria-labelledby={headingId} noValidate className="flex flex-col gap-4">
        <FormField
          label={t('form.foodName')}
          name="food_name"
          required
          maxLength={LIMITS.foodNameMaxLength}
          error={fieldMessage(problems.food_name)}
          value={values.foodName}
          onChange={(event) => set('foodName', event.target.value)}
        />
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label={t('form.quantity')}
            name="quantity"
            type="number"
            inputMode="numeric"
            step={1}
            max={LIMITS.quantityMax}
            required
            hint={values.unit === 'portion' ? t('form.quantityHint') : tl(`unit.${values.unit}`)}
            error={quantityMessage(problems.quantity)}
            value={values.quantity}
            onChange={(event) => set('quantity', event.target.value)}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.unit} className={labelClass}>
              {tl('unit.label')}
            </label>
            <select id={ids.unit} name="unit" data-testid="food-unit" className={select} value={values.unit} onChange={(event) => set('unit', event.target.value as ListingValues['unit'])}>
              {FOOD_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {tl(`unit.${unit}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {values.unit !== 'portion' && values.unit !== 'kg' && (
          <FormField
            label={tl('form.weight')}
            name="weight_kg"
            type="number"
            inputMode="decimal"
            step={0.1}
            min={0}
            max={LIMITS.weightKgMax}
            required={needsWeight}
            data-testid="food-weight"
            error={fieldMessage(problems.weight_kg)}
            value={values.weight}
            onChange={(event) => set('weight', event.target.value)}
          />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className={labelClass}>
            {t('form.description')}
            <span aria-hidden="true" className="ms-0.5 text-red-700">
              *
            </span>
          </label>
          <textarea
            id={descriptionId}
            name="description"
            required
            rows={3}
            maxLength={LIMITS.descriptionMaxLength}
            aria-invalid={problems.description ? true : undefined}
            aria-describedby={problems.description ? `${descriptionId}-error` : undefined}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm outline-none transition focus:border-green-600 focus-visible:ring-2 focus-visible:ring-green-600 focus-visible:ring-offset-1"
          />
          {problems.description ? (
            <p id={`${descriptionId}-error`} className="text-sm text-red-700">
              {fieldMessage(problems.description)}
            </p>
          ) : null}
        </div>
        <FormField
          label={t('form.expirationDate')}
          name="expiration_date"
          type="date"
          required
          min={cairoDate()}
          error={fieldMessage(problems.expiration_date)}
          value={values.expirationDate}
          onChange={(event) => set('expirationDate', event.target.value)}
        />
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.category} className={labelClass}>
              {tl('category.label')}
            </label>
            <select
              id={ids.category}
              name="category"
              data-testid="food-category"
              className={select}
              value={values.category}
              onChange={(event) => {
                const category = event.target.value as ListingValues['category'];
                setValues((current) => ({ ...current, category, storage: category !== 'cooked_meal' && current.storage === 'hot' ? 'ambient' : current.storage }));
              }}
            >
              {FOOD_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {tl(`category.${category}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.storage} className={labelClass}>
              {tl('storage.label')}
            </label>
            <select id={ids.storage} name="storage" data-testid="food-storage" className={select} value={values.storage} onChange={(event) => set('storage', event.target.value as ListingValues['storage'])}>
              {STORAGE_KINDS.filter((storage) => storage !== 'hot' || cooked).map((storage) => (
                <option key={storage} value={storage}>
                  {tl(`storage.${storage}`)}
                </option>
              ))}
            </select>
            {problems.storage && <p className="text-sm text-red-700">{fieldMessage(problems.storage)}</p>}
          </div>
        </div>
        {cooked && (
          <FormField
            label={tl('form.preparedAt')}
            name="prepared_at"
            type="datetime-local"
            required
            max={isoToCairoLocal(new Date().toISOString())}
            hint={tl('form.preparedHint')}
            data-testid="food-prepared-at"
            error={fieldMessage(problems.prepared_at)}
            value={values.preparedAt}
            onChange={(event) => set('preparedAt', event.target.value)}
          />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.point} className={labelClass}>
            {tl('form.pickupPoint')}
          </label>
          <select
            id={ids.point}
            name="pickup_point_id"
            data-testid="food-pickup-point"
            className={select}
            value={pointChoice}
            onChange={(event) => set('pickupPoint', event.target.value)}
          >
            {pointChoice === '' && <option value="">{tl('form.noPoint')}</option>}
            {points.data?.map((point) => (
              <option key={point.id} value={String(point.id)}>
                {point.label} · {point.area}
              </option>
            ))}
            {pointChoice !== '' && <option value="none">{tl('form.noPoint')}</option>}
            <option value="new">{tl('form.newPoint')}</option>
          </select>
          {problems.pickup_point_id && <p className="text-sm text-red-700">{fieldMessage(problems.pickup_point_id)}</p>}
        </div>
        {pointChoice === 'new' && (
          <PickupPointForm
            userId={userId}
            point={null}
            inline
            onSaved={(point) => set('pickupPoint', String(point.id))}
            onCancel={() => set('pickupPoint', '')}
          />
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className={`${labelClass} mb-1`}>{tl('window.label')}</legend>
          <p className="text-xs text-stone-600">{tl('form.windowHint')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField
              label={tl('form.pickupFrom')}
              name="pickup_from"
              type="datetime-local"
              data-testid="food-pickup-from"
              error={fieldMessage(problems.pickup_from)}
              value={values.pickupFrom}
              onChange={(event) => set('pickupFrom', event.target.value)}
            />
            <FormField
              label={tl('form.pickupUntil')}
              name="pickup_until"
              type="datetime-local"
              data-testid="food-pickup-until"
              error={fieldMessage(problems.pickup_until)}
              value={values.pickupUntil}
              onChange={(event) => set('pickupUntil', event.target.value)}
            />
          </div>
        </fieldset>
        {safe && (
          <p data-testid="safe-until-preview" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            <span className="font-semibold">{tl('form.safePreview', { time: cairoDateTime(safe, i18n.language) })}</span>
            <span className="block text-xs">{tl('form.safePreviewHint')}</span>
          </p>
        )}
        <fieldset data-testid="food-allergens">
          <legend className={`${labelClass} mb-1`}>{tl('allergens.label')}</legend>
          <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
            {ALLERGENS.map((allergen) => (
              <label key={allergen} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  name="allergens"
                  value={allergen}
                  className="h-5 w-5"
                  checked={values.allergens.includes(allergen)}
                  onChange={(event) =>
                    set('allergens', event.target.checked ? [...values.allergens, allergen] : values.allergens.filter((a) => a !== allergen))
                  }
                />
                {tl(`allergens.${allergen}`)}
              </label>
            ))}
          </div>
          {problems.allergens && <p className="text-sm text-red-700">{fieldMessage(problems.allergens)}</p>}
        </fieldset>
        {editing && shownPhotos.thumbs.length > 0 && (
          <ul className="flex flex-wrap gap-2" data-testid="food-existing-photos">
            {shownPhotos.thumbs.map((url, index) => (
              <li key={url} className="flex flex-col items-center gap-1">
                <img src={url} alt={tl('photos.alt', { index: index + 1, name: editing.food_name })} width={72} height={72} className="h-18 w-18 rounded-lg object-cover" />
                <button
                  type="button"
                  disabled={deletePhoto.isPending}
                  onClick={() =>
                    deletePhoto.mutate(
                      { foodId: editing.id, index },
                      { onSuccess: (photos) => setShownPhotos({ thumbs: photos.thumbnail_urls, count: photos.photo_urls.length }) },
                    )
                  }
                  className="min-h-11 px-2 text-sm font-semibold text-red-700 underline"
                >
                  {tl('form.removePhoto', { name: index + 1 })}
                </button>
              </li>
            ))}
          </ul>
        )}
        {maxPhotos > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.photos} className={labelClass}>
              {tl('form.photos')}
            </label>
            {cooked && (
              <p data-testid="photo-recommendation" className="text-xs text-stone-700">
                {tl('form.photoCooked')}
              </p>
            )}
            <input
              id={ids.photos}
              type="file"
              name="photo"
              data-testid="food-photos"
              accept={PHOTO_TYPES.join(',')}
              multiple
              onChange={(event) => {
                choosePhotos(event.target.files);
                event.target.value = '';
              }}
              className="text-sm"
            />
            {photos.length > 0 && (
              <ul className="flex flex-col gap-1 text-sm">
                {photos.map((file, index) => (
                  <li key={`${file.name}-${index}`} className="flex items-center gap-2">
                    <bdi className="wrap-anywhere">{file.name}</bdi>
                    <button
                      type="button"
                      onClick={() => setPhotos(photos.filter((_, i) => i !== index))}
                      className="min-h-11 px-2 font-semibold text-red-700 underline"
                    >
                      {tl('form.removePhoto', { name: file.name })}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <p role="status" className="text-sm text-red-700">
              {photoProblem}
              {uploadPhotos.isError ? tl('form.photoUploadError') : null}
            </p>
          </div>
        )}
        <p role="alert" className="min-h-5 text-sm text-red-700">
          {mutation.isError ? (editing ? tl('form.editError') : t('form.error')) : null}
        </p>
        {/* Offline, the write waits (react-query pauses it) and goes once the connection is back. */}
        {mutation.isPaused && (
          <p role="status" data-testid="food-offline" className="text-sm font-semibold text-amber-900">
            {t('form.offline')}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={mutation.isPending}
            className="rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {editing ? (mutation.isPending ? tl('form.saving') : tl('form.save')) : mutation.isPending ? t('form.submitting') : t('form.submit')}
          </button>
          {editing && (
            <button type="button" onClick={onDone} className="rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100">
              {tl('form.cancel')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
