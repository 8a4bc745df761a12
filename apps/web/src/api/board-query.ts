import type { BoardWindow, FoodCategory, GovernorateCode, StorageKind } from '@food-link/contracts';

/** What a charity narrows the board to (`GET /api/available`'s optional filters). */
export interface BoardFilters {
  governorate?: GovernorateCode;
  category?: FoodCategory;
  storage?: StorageKind;
  window?: BoardWindow;
  /** The browser's position, when the charity asked for the nearest food first. */
  near?: { lat: number; lng: number };
}

/**
 * The filters as a query string, keys in a fixed order so equal filters give one cache key; empty when
 * nothing is filtered, so the whole board keeps the spec's plain `/api/available` call. Positions are
 * rounded to about 100 m: enough to sort by distance, and a moving phone does not refetch at every step.
 */
export function boardQuery(filters: BoardFilters): string {
  const params = new URLSearchParams();
  if (filters.governorate) params.set('governorate', filters.governorate);
  if (filters.category) params.set('category', filters.category);
  if (filters.storage) params.set('storage', filters.storage);
  if (filters.window) params.set('window', filters.window);
  if (filters.near) params.set('near', `${filters.near.lat.toFixed(3)},${filters.near.lng.toFixed(3)}`);
  return params.toString();
}
