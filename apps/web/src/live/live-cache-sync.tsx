import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CharityRequestItem, DonorFoodItem, FoodItemView } from '@food-link/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../api/endpoints';
import { queryKeys } from '../api/query-keys';
import { useAnnounce } from './announcer';
import {
  matchesBoard,
  withCharityRequestStatus,
  withDonorFoodStatus,
  withDonorFoodUpdated,
  withDonorFoodWithdrawn,
  withDonorRequestStatus,
  withListed,
  withQuantityLeft,
  withReplaced,
  without,
} from './cache-updates';
import { ItemClock } from './item-clock';
import { useLiveEvent } from './live-context';

const DONOR_FOOD = ['donor-food'];
/** Every board in the cache, filtered or not (queryKeys.availableWith). */
const BOARDS = queryKeys.available;
const CHARITY_REQUESTS = ['charity-requests'];

/**
 * Applies live events about listings and requests to the react-query caches, so every open view updates
 * without a reload, and announces changes that happen under the reader's eyes (in a view someone is
 * looking at). Rendered by the donor and charity areas, whose chunks carry it, not by the landing page:
 * the landing page hears only `stats.updated` (LiveTotalsSync).
 */
export function LiveCacheSync() {
  const client = useQueryClient();
  const announce = useAnnounce();
  const { t } = useTranslation();
  const clock = useRef(new ItemClock()).current;

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
  /** The food as some board in the cache shows it. */
  const onSomeBoard = (foodId: number): FoodItemView | undefined => {
    for (const [, list] of client.getQueriesData<FoodItemView[]>({ queryKey: BOARDS })) {
      const found = list?.find((item) => item.id === foodId);
      if (found) return found;
    }
    return undefined;
  };
  const removeFromBoards = (foodId: number) => updateAll<FoodItemView[]>(BOARDS, (list) => without(list, foodId));
  /**
   * Puts an available item on every board it belongs on (or takes it off one it no longer matches);
   * boards whose filters the client cannot judge (near, window) are fetched again.
   */
  const placeOnBoards = (food: FoodItemView, add: (list: FoodItemView[], food: FoodItemView) => FoodItemView[]) => {
    for (const query of client.getQueryCache().findAll({ queryKey: BOARDS })) {
      const filter = typeof query.queryKey[1] === 'string' ? query.queryKey[1] : '';
      const matches = matchesBoard(food, filter);
      if (matches === null) void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      else
        client.setQueryData<FoodItemView[]>(query.queryKey, (list) =>
          list === undefined ? list : matches ? add(list, food) : without(list, food.id),
        );
    }
  };

  /** The item is back on offer: put it on the boards as the server now shows it. */
  const relist = (foodId: number, announceIt: boolean) => {
    if (client.getQueryCache().findAll({ queryKey: BOARDS }).length === 0) return;
    void endpoints.food(foodId).then(
      (food) => {
        if (food.status !== 'available') return;
        client.setQueryData(queryKeys.food(foodId), food);
        // Partial claims: a card may still be on the board, showing less than is left now.
        placeOnBoards(food, (list, item) => (list.some((x) => x.id === item.id) ? withReplaced(list, item) : withListed(list, item)));
        if (announceIt && watched(BOARDS)) announce(t('live.requestCancelledNamed', { name: food.food_name }));
      },
      () => client.invalidateQueries({ queryKey: BOARDS }),
    );
  };

  useLiveEvent('food.listed', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    if (event.data.food.status !== 'available') return;
    placeOnBoards(event.data.food, withListed);
    if (watched(BOARDS)) announce(t('live.foodListed', { name: event.data.food.food_name }));
    // The donor's own item reached the open board (the offer cascade's next stage): its card says so.
    if (foodNameOf(event.data.foodId) !== undefined) void client.invalidateQueries({ queryKey: DONOR_FOOD });
  });

  useLiveEvent('food.claimed', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    const { foodId, quantityLeft } = event.data;
    const onBoard = onSomeBoard(foodId);
    if (quantityLeft !== undefined && quantityLeft > 0) {
      // A claim of part of it (partial claims): the card stays, showing what is left.
      updateAll<FoodItemView[]>(BOARDS, (list) => withQuantityLeft(list, foodId, quantityLeft));
      client.setQueryData<FoodItemView>(queryKeys.food(foodId), (current) => (current ? { ...current, quantity_left: quantityLeft } : current));
    } else {
      removeFromBoards(foodId);
      if (onBoard && watched(BOARDS)) announce(t('live.foodClaimedNamed', { name: onBoard.food_name }));
    }
    // Who claimed it is private: the donor's list and the charity's requests are fetched again.
    void client.invalidateQueries({ queryKey: DONOR_FOOD });
    void client.invalidateQueries({ queryKey: CHARITY_REQUESTS });
  });

  useLiveEvent('request.cancelled', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    updateAll<CharityRequestItem[]>(CHARITY_REQUESTS, (list) => withCharityRequestStatus(list, event.data.requestId, 'cancelled'));
    void client.invalidateQueries({ queryKey: DONOR_FOOD });
    // The item is back on offer: put it on the board as the server now shows it.
    relist(event.data.foodId, true);
  });

  useLiveEvent('food.updated', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    const { food } = event.data;
    client.setQueryData<FoodItemView>(queryKeys.food(food.id), (current) => (current ? { ...current, ...food } : current));
    if (food.status === 'available') placeOnBoards(food, (list, item) => (list.some((x) => x.id === item.id) ? withReplaced(list, item) : withListed(list, item)));
    else removeFromBoards(food.id);
    updateAll<DonorFoodItem[]>(DONOR_FOOD, (list) => withDonorFoodUpdated(list, food));
  });

  useLiveEvent('food.withdrawn', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    const { foodId, requestId } = event.data;
    const onBoard = onSomeBoard(foodId);
    const name = onBoard?.food_name ?? foodNameOf(foodId);
    removeFromBoards(foodId);
    // Said where someone is looking: the board it left, or the charity's request it ended.
    if (name && ((onBoard && watched(BOARDS)) || (requestId && watched(CHARITY_REQUESTS)))) {
      announce(t('live.foodWithdrawnNamed', { name }));
    }
    client.setQueryData<FoodItemView>(queryKeys.food(foodId), (current) => (current ? { ...current, status: 'withdrawn' } : current));
    updateAll<DonorFoodItem[]>(DONOR_FOOD, (list) => withDonorFoodWithdrawn(list, foodId));
    if (requestId) updateAll<CharityRequestItem[]>(CHARITY_REQUESTS, (list) => withCharityRequestStatus(list, requestId, 'withdrawn'));
  });

  useLiveEvent('request.not_collected', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    updateAll<CharityRequestItem[]>(CHARITY_REQUESTS, (list) => withCharityRequestStatus(list, event.data.requestId, 'not_collected'));
    // What became of the item (back on the board, or expired) is the server's to say: fetch it again.
    void client.invalidateQueries({ queryKey: DONOR_FOOD });
    if (event.data.relisted) relist(event.data.foodId, false);
  });

  useLiveEvent('request.received', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    void client.invalidateQueries({ queryKey: DONOR_FOOD });
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

  // Who is to collect a claim changed: the charity's requests show the assignee, fetched again.
  useLiveEvent('request.assigned', () => {
    void client.invalidateQueries({ queryKey: CHARITY_REQUESTS });
  });

  useLiveEvent('food.expired', (event) => {
    if (!clock.isFresh(event.data.foodId, event.occurredAt)) return;
    removeFromBoards(event.data.foodId);
    updateAll<DonorFoodItem[]>(DONOR_FOOD, (list) => withDonorFoodStatus(list, event.data.foodId, 'expired'));
  });

  return null;
}
