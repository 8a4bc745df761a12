import type { DonorFoodItem } from '@food-link/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverFieldProblems, type FieldProblems } from '../../components/check-form';
import { useAnnounce } from '../../live/announcer';
import { AllergenFields } from './add-food/allergen-fields';
import { FoodBasics } from './add-food/food-basics';
import { FoodKind } from './add-food/food-kind';
import { FormActions } from './add-food/form-actions';
import { PhotoFields } from './add-food/photo-fields';
import { PickupFields } from './add-food/pickup-fields';
import { EMPTY_LISTING, checkListing, listingInput, listingValuesOf, safePreview, type ListingValues } from './listing-rules';
import { useAddFood, useUpdateFood, useUploadPhotos } from './use-add-food';
import { usePickupPoints } from './use-pickup-points';

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

type AddFoodFormProps = {
  userId: number;
  /** An available item to edit (PATCH /api/food/{id}); without it the form lists new food. */
  editing?: DonorFoodItem;
  onDone?: () => void;
};

/**
 * Lists food (the spec's four fields, then where, when and what: docs/DOMAIN-RULES.md), or edits an available
 * item. Before sending it shows when the food stops being safe and refuses what the API would (the
 * contracts' own checks); the server's 400 lines are shown beside their fields. Its sections are in
 * add-food/; this keeps the values, the chosen photos and the sending.
 */
export function AddFoodForm({ userId, editing, onDone }: AddFoodFormProps) {
  const { t } = useTranslation('donor');
  const { t: tl } = useTranslation('listing');
  const headingId = useId();
  const announce = useAnnounce();
  const addFood = useAddFood(userId);
  const updateFood = useUpdateFood(userId);
  const uploadPhotos = useUploadPhotos(userId);
  const points = usePickupPoints(userId);
  const initial = editing ? listingValuesOf(editing) : EMPTY_LISTING;
  const [values, setValues] = useState<ListingValues>(initial);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const mutation = editing ? updateFood : addFood;
  const navigate = useNavigate();

  // The donor's default point is chosen until they choose otherwise.
  const defaultPoint = points.data?.find((point) => point.is_default) ?? points.data?.[0];
  const pointChoice = values.pickupPoint === '' && defaultPoint ? String(defaultPoint.id) : values.pickupPoint;
  const chosenPoint = points.data?.find((point) => String(point.id) === pointChoice);
  const governorate = chosenPoint?.governorate ?? null;
  const safe = safePreview(values, governorate, new Date());

  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (name: string) => (formRef.current?.elements.namedItem(name) as HTMLElement | null)?.focus();
  const set = <K extends keyof ListingValues>(field: K, value: ListingValues[K]) => setValues((current) => ({ ...current, [field]: value }));

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
        // On a phone the form sits above the list, and the new card is out of sight below it: go to the
        // card (the dashboard scrolls to #food-{id} and focuses it). Side by side, the next food is typed.
        if (listBelowForm()) navigate({ hash: `food-${added.id}` }, { replace: true });
        else focusField('food_name');
      },
      onError,
    });
  }

  const sectionProps = { values, set, problems };
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-4 text-xl font-semibold text-stone-900">
        {editing ? tl('form.editHeading', { name: editing.food_name }) : t('form.heading')}
      </h2>
      <form ref={formRef} onSubmit={submit} aria-labelledby={headingId} noValidate className="flex flex-col gap-4">
        <FoodBasics {...sectionProps} />
        <FoodKind {...sectionProps} />
        <PickupFields {...sectionProps} userId={userId} points={points.data} pointChoice={pointChoice} safeUntil={safe} />
        <AllergenFields {...sectionProps} />
        <PhotoFields
          userId={userId}
          editing={editing}
          cooked={values.category === 'cooked_meal'}
          photos={photos}
          onPhotosChange={setPhotos}
          uploadFailed={uploadPhotos.isError}
        />
        <FormActions editing={Boolean(editing)} failed={mutation.isError} paused={mutation.isPaused} pending={mutation.isPending} onCancel={onDone} />
      </form>
    </section>
  );
}

/** Below Tailwind's `lg` (64rem) the dashboard stacks the form above the list of cards. */
function listBelowForm(): boolean {
  return typeof window.matchMedia === 'function' && !window.matchMedia('(min-width: 64rem)').matches;
}
