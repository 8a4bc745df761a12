import type { CharityRequestItem, DonorFoodItem, FoodItemView, RequestStatus } from '@food-link/contracts';

/** The available board, soonest expiry first (as the server orders it), with `food` added once. */
export function withListed(list: FoodItemView[], food: FoodItemView): FoodItemView[] {
  if (list.some((item) => item.id === food.id)) return list;
  const next = [...list, food];
  next.sort((a, b) => a.expiration_date.localeCompare(b.expiration_date) || a.id - b.id);
  return next;
}

/**
 * The board after a claim of part of an item (partial claims): the card shows what is left, or leaves the
 * board once nothing is.
 */
export function withQuantityLeft(list: FoodItemView[], foodId: number, quantityLeft: number): FoodItemView[] {
  if (quantityLeft <= 0) return without(list, foodId);
  return list.some((item) => item.id === foodId) ? list.map((item) => (item.id === foodId ? { ...item, quantity_left: quantityLeft } : item)) : list;
}

export function without<T extends { id: number }>(list: T[], foodId: number): T[] {
  return list.some((item) => item.id === foodId) ? list.filter((item) => item.id !== foodId) : list;
}

/** A donor's item whose request changed status (fulfilled), leaving everything else as it was. */
export function withDonorRequestStatus(list: DonorFoodItem[], requestId: number, status: RequestStatus): DonorFoodItem[] {
  return list.map((item) =>
    item.request?.request_id === requestId ? { ...item, request: { ...item.request, status } } : item,
  );
}

export function withDonorFoodStatus(list: DonorFoodItem[], foodId: number, status: DonorFoodItem['status']): DonorFoodItem[] {
  return list.map((item) => (item.id === foodId ? { ...item, status } : item));
}

export function withCharityRequestStatus(
  list: CharityRequestItem[],
  requestId: number,
  status: RequestStatus,
): CharityRequestItem[] {
  return list.map((item) => (item.request_id === requestId ? { ...item, status } : item));
}

/**
 * Whether `food` belongs on a board fetched with `query` (boardQuery's string): true, false, or null when
 * the client cannot tell (near= and window= depend on the server's clock and positions: refetch those).
 */
export function matchesBoard(food: FoodItemView, query: string): boolean | null {
  const params = new URLSearchParams(query);
  if (params.has('near') || params.has('window')) return null;
  const governorate = params.get('governorate');
  const category = params.get('category');
  const storage = params.get('storage');
  return (!governorate || food.governorate === governorate) && (!category || food.category === category) && (!storage || food.storage === storage);
}

/** The board's cards with `food`'s new public view in place of the old one. */
export function withReplaced(list: FoodItemView[], food: FoodItemView): FoodItemView[] {
  return list.some((item) => item.id === food.id) ? list.map((item) => (item.id === food.id ? { ...item, ...food } : item)) : list;
}

/** A donor's item after an edit: the new public fields, its own (donor-only) fields kept. */
export function withDonorFoodUpdated(list: DonorFoodItem[], food: FoodItemView): DonorFoodItem[] {
  return list.map((item) => (item.id === food.id ? { ...item, ...food, distance_km: undefined } : item));
}

/** A withdrawn item on its donor's list: withdrawn, and its claim (if any) ended with it. */
export function withDonorFoodWithdrawn(list: DonorFoodItem[], foodId: number): DonorFoodItem[] {
  return list.map((item) =>
    item.id === foodId
      ? { ...item, status: 'withdrawn', request: item.request && item.request.status === 'pending' ? { ...item.request, status: 'withdrawn' } : item.request }
      : item,
  );
}
