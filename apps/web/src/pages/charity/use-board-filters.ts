import {
  BOARD_WINDOWS,
  FOOD_CATEGORIES,
  STORAGE_KINDS,
  isGovernorateCode,
  isInEgypt,
  type BoardWindow,
  type FoodCategory,
  type StorageKind,
} from '@food-link/contracts';
import { useCallback, useState } from 'react';
import type { BoardFilters } from '../../api/board-query';

/** Where the board's filters are remembered between visits (this browser only). */
export const BOARD_FILTERS_KEY = 'boardFilters';

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Filters read back from storage, keeping only what is still valid (a stored value may be from an older version). */
export function readBoardFilters(): BoardFilters {
  try {
    const stored = JSON.parse(localStorage.getItem(BOARD_FILTERS_KEY) ?? '{}') as Record<string, unknown>;
    const near = stored.near as { lat?: unknown; lng?: unknown } | undefined;
    return {
      governorate: isGovernorateCode(stored.governorate) ? stored.governorate : undefined,
      category: oneOf<FoodCategory>(FOOD_CATEGORIES, stored.category),
      storage: oneOf<StorageKind>(STORAGE_KINDS, stored.storage),
      window: oneOf<BoardWindow>(BOARD_WINDOWS, stored.window),
      near:
        near && typeof near.lat === 'number' && typeof near.lng === 'number' && isInEgypt(near.lat, near.lng)
          ? { lat: near.lat, lng: near.lng }
          : undefined,
    };
  } catch {
    return {};
  }
}

/** The board's filters, remembered in localStorage so a coordinator finds the board as they left it. */
export function useBoardFilters(): [BoardFilters, (next: BoardFilters) => void] {
  const [filters, setFilters] = useState(readBoardFilters);
  const update = useCallback((next: BoardFilters) => {
    setFilters(next);
    localStorage.setItem(BOARD_FILTERS_KEY, JSON.stringify(next));
  }, []);
  return [filters, update];
}
