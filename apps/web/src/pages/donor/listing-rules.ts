import {
  AddFoodBody,
  LIMITS,
  normalHighC,
  safeUntil,
  windowProblems,
  type DonorFoodItem,
  type FoodCategory,
  type FoodUnit,
  type StorageKind,
} from '@food-link/contracts';
import { checkForm, type FieldProblems } from '../../components/check-form';
import { cairoLocalToIso, isoToCairoLocal } from '../listing/cairo-time';

/**
 * The shortest pickup window the form accepts, in minutes: the API's 30 unless the build says otherwise
 * (the end-to-end run shortens the API's through configuration, and the form must not refuse what it allows).
 */
export const MIN_WINDOW_MINUTES = Number(import.meta.env.VITE_MIN_WINDOW_MINUTES ?? 30) || 30;

/** The add-food form's values, as typed (times are `datetime-local` values on Cairo's clock). */
export interface ListingValues {
  foodName: string;
  quantity: string;
  description: string;
  expirationDate: string;
  /** A point's id, 'none', or '' (the donor has none: the server decides). */
  pickupPoint: string;
  category: FoodCategory;
  storage: StorageKind;
  unit: FoodUnit;
  weight: string;
  preparedAt: string;
  pickupFrom: string;
  pickupUntil: string;
  allergens: string[];
}

export const EMPTY_LISTING: ListingValues = {
  foodName: '',
  quantity: '',
  description: '',
  expirationDate: '',
  pickupPoint: '',
  category: 'other',
  storage: 'ambient',
  unit: 'portion',
  weight: '',
  preparedAt: '',
  pickupFrom: '',
  pickupUntil: '',
  allergens: [],
};

/** The form's values for an item being edited. */
export function listingValuesOf(item: DonorFoodItem): ListingValues {
  return {
    foodName: item.food_name,
    quantity: String(item.quantity),
    description: item.description,
    expirationDate: item.expiration_date,
    pickupPoint: item.pickup_point_id === null ? 'none' : String(item.pickup_point_id),
    category: item.category,
    storage: item.storage,
    unit: item.unit,
    weight: item.weight_kg === null ? '' : String(item.weight_kg),
    preparedAt: isoToCairoLocal(item.prepared_at),
    pickupFrom: isoToCairoLocal(item.pickup_from),
    pickupUntil: isoToCairoLocal(item.pickup_until),
    allergens: [...item.allergens],
  };
}

/** A body as it goes over the wire: instants stay the ISO strings (with Cairo's offset) the form wrote. */
export type ListingWire = Record<string, string | number | null | string[] | undefined>;

/**
 * The body to send: the spec's four fields always, the others only when they say something beyond the
 * defaults (other food, ambient, portions, no window), so a plain listing is the spec's plain call.
 */
export function listingInput(values: ListingValues): ListingWire {
  const time = (value: string) => (value ? (cairoLocalToIso(value) ?? value) : undefined);
  const pointId = Number(values.pickupPoint);
  return {
    food_name: values.foodName,
    quantity: values.quantity === '' ? Number.NaN : Number(values.quantity),
    description: values.description,
    expiration_date: values.expirationDate,
    pickup_point_id: values.pickupPoint === 'none' ? null : Number.isInteger(pointId) && pointId > 0 ? pointId : undefined,
    category: values.category === 'other' ? undefined : values.category,
    storage: values.storage === 'ambient' ? undefined : values.storage,
    unit: values.unit === 'portion' ? undefined : values.unit,
    weight_kg: values.weight === '' || values.unit === 'portion' ? undefined : Number(values.weight),
    prepared_at: values.category === 'cooked_meal' ? time(values.preparedAt) : undefined,
    pickup_from: time(values.pickupFrom),
    pickup_until: time(values.pickupUntil),
    allergens: values.allergens.length > 0 ? values.allergens : undefined,
  };
}

/** When the food will stop being safe (the server's rule, food-safety.ts), or null until the date is known. */
export function safePreview(values: ListingValues, governorate: string | null, now: Date): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expirationDate)) return null;
  const prepared = values.category === 'cooked_meal' && values.preparedAt ? new Date(cairoLocalToIso(values.preparedAt) ?? '') : null;
  return safeUntil({
    category: values.category,
    storage: values.storage,
    preparedAt: prepared && !Number.isNaN(prepared.getTime()) ? prepared : null,
    expirationDate: values.expirationDate,
    listedAt: now,
    dayHighC: normalHighC(governorate, now),
  });
}

/**
 * Every problem the API would answer 400 to, found before sending: the shape's checks (AddFoodBody, with
 * listingProblems between fields) and the window against the computed safe time (windowProblems).
 */
export function checkListing(values: ListingValues, governorate: string | null, now = new Date()): FieldProblems {
  const input = listingInput(values);
  const checked = checkForm(AddFoodBody, input);
  const problems: FieldProblems = { ...(checked.problems ?? {}) };
  const safe = safePreview(values, governorate, now);
  if (safe && !problems.pickup_from && !problems.pickup_until && !problems.expiration_date) {
    const from = input.pickup_from ? new Date(input.pickup_from as string) : null;
    const until = input.pickup_until ? new Date(input.pickup_until as string) : null;
    for (const [field, message] of windowProblems({ pickupFrom: from, pickupUntil: until, safeUntil: safe, now, minWindowMinutes: MIN_WINDOW_MINUTES })) {
      problems[field] ??= message;
    }
  }
  return problems;
}

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const photoLimits = { count: LIMITS.photosPerItem, bytes: LIMITS.photoMaxBytes };
