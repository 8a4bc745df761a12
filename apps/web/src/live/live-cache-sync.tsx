import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CharityRequestItem, DonorFoodItem, FoodItemView } from '@food-link/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../api/endpoints';
import { queryKeys } from '../api/query-keys';
import { useAnnounce } from './announcer';
import {
  ItemClock,
  withCharityRequestStatus,
  withDonorFoodStatus,
  withDonorRequestStatus,
  withListed,
  without,
} from './cache-updates';
import { useLiveEvent } from './live-context';

const DONOR_FOOD = ['donor-food'];
const CHARITY_REQUESTS = ['charity-requests'];

/**
 * Applies live events to the react-query caches, so every open view updates without a reload, and
 * announces changes that happen under the reader's eyes (in a view someone is looking at).
 */
export function LiveCacheSync() {
  const client = useQueryClient();
  const announce = useAnnounce();
  const { t } = useTranslation();
  const clock = useRef(new ItemClock()).current;
  // The totals are one item: an older stats.updated arriving after a newer one is skipped too.
  const totalsClock = useRef(new ItemClock()).current;

  const watched = (key: QueryKey) => client.getQueryCache().findAll({ queryKey: key }).some((query) => query.getObserversCount() > 0);
  /** The food's name as a list on screen knows it, so a notice can say which item it is about. */
  const foodNameOf = (foodId: number): string | undefined => {
    for (const [, list] of client.getQueriesData<DonorFoodItem[]>({ queryKey: DONOR_FOOD })) {
      const found = list?.find((item) => item.id === foodId);
      if (found) return found.food_name;
    }
    for (const [, list] of client.getQueriesData<CharityRequestItem[]>({ queryKey: CHARITY_REQUESTS })) {
      const found = list?.find((item) => item.food_id === foodId);
      if (found) return found.food_name;
    }
    return undefined;
  };
  const updateAll = <T,>(key: QueryKey, update: (value: T) => T) =>
    client.setQueriesData<T>({ queryKey: key }, (value) => (value === undefined ? value : update(value)));

  useLiveEvent('food.listed', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    if (event.data.food.status !== 'available') return;
    client.setQueryData<FoodItemView[]>(queryKeys.available, (list) => list && withListed(list, event.data.food));
    if (watched(queryKeys.available)) announce(t('live.foodListed', { name: event.data.food.food_name }));
  });

  useLiveEvent('food.claimed', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    const onBoard = client.getQueryData<FoodItemView[]>(queryKeys.available)?.find((item) => item.id === event.data.foodId);
    client.setQueryData<FoodItemView[]>(queryKeys.available, (list) => list && without(list, event.data.foodId));
    if (onBoard && watched(queryKeys.available)) announce(t('live.foodClaimedNamed', { name: onBoard.food_name }));
    // Who claimed it is private: the donor's list and the charity's requests are fetched again.
    void client.invalidateQueries({ queryKey: DONOR_FOOD });
    void client.invalidateQueries({ queryKey: CHARITY_REQUESTS });
  });

  useLiveEvent('request.cancelled', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    updateAll<CharityRequestItem[]>(CHARITY_REQUESTS, (list) => withCharityRequestStatus(list, event.data.requestId, 'cancelled'));
    void client.invalidateQueries({ queryKey: DONOR_FOOD });
    // The item is back on offer: put it on the board as the server now shows it.
    if (client.getQueryData(queryKeys.available) === undefined) return;
    void endpoints.food(event.data.foodId).then(
      (food) => {
        if (food.status !== 'available') return;
        client.setQueryData<FoodItemView[]>(queryKeys.available, (list) => list && withListed(list, food));
        if (watched(queryKeys.available)) announce(t('live.requestCancelledNamed', { name: food.food_name }));
      },
      () => client.invalidateQueries({ queryKey: queryKeys.available }),
    );
  });

  useLiveEvent('request.fulfilled', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    const name = foodNameOf(event.data.foodId);
    updateAll<DonorFoodItem[]>(DONOR_FOOD, (list) => withDonorRequestStatus(list, event.data.requestId, 'fulfilled'));
    updateAll<CharityRequestItem[]>(CHARITY_REQUESTS, (list) => withCharityRequestStatus(list, event.data.requestId, 'fulfilled'));
    if (watched(DONOR_FOOD) || watched(CHARITY_REQUESTS)) {
      announce(name ? t('live.requestFulfilledNamed', { name }) : t('live.requestFulfilled'));
    }
  });

  useLiveEvent('food.expired', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    client.setQueryData<FoodItemView[]>(queryKeys.available, (list) => list && without(list, event.data.foodId));
    updateAll<DonorFoodItem[]>(DONOR_FOOD, (list) => withDonorFoodStatus(list, event.data.foodId, 'expired'));
  });

  useLiveEvent('stats.updated', (event) => {
    if (!totalsClock.isFresh(0, event.occurredAt)) return;
    client.setQueryData(queryKeys.totalMeals, { totalMeals: event.data.totalMeals });
    client.setQueryData(queryKeys.totalCharities, { totalCharities: event.data.totalCharities });
  });

  return null;
}
