import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { queryKeys } from '../api/query-keys';
import { ItemClock } from './item-clock';
import { useLiveEvent } from './live-context';

/**
 * Writes live `stats.updated` into the landing counters' caches, on every screen. The rest of the live
 * cache sync (listings and requests, LiveCacheSync) ships with the areas that show them.
 */
export function LiveTotalsSync() {
  const client = useQueryClient();
  // The totals are one item: an older stats.updated arriving after a newer one is skipped.
  const clock = useRef(new ItemClock()).current;
  useLiveEvent('stats.updated', (event) => {
    if (!clock.isFresh(0, event.occurredAt)) return;
    client.setQueryData(queryKeys.totalMeals, { totalMeals: event.data.totalMeals });
    client.setQueryData(queryKeys.totalCharities, { totalCharities: event.data.totalCharities });
    client.setQueryData(queryKeys.impactTotals, event.data);
  });
  return null;
}
