import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FoodItemView } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { withQuantityLeft } from '../../live/cache-updates';

/** Every charity's request list: the prefix of the scoped key. */
const ALL_CHARITY_REQUESTS = queryKeys.charityRequests(0).slice(0, 1);

/**
 * Claims the item: all that is left, or `quantity` of it (partial claims). A 409 (someone claimed it
 * first, less is left than asked for, or it expired) is a failure like any other. On success the board
 * shows at once what is left of the item (it leaves the board when nothing is), without waiting for the
 * live event.
 */
export function useRequestPickup(foodId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quantity }: { quantity?: number; left: number }) => endpoints.requestPickup(foodId, quantity),
    onSuccess: (_response, { quantity, left: before }) => {
      const left = before - (quantity ?? before);
      client.setQueriesData<FoodItemView[]>({ queryKey: queryKeys.available }, (list) => list && withQuantityLeft(list, foodId, left));
      client.setQueryData<FoodItemView>(queryKeys.food(foodId), (food) => food && { ...food, quantity_left: left, status: left > 0 ? food.status : 'claimed' });
      void client.invalidateQueries({ queryKey: ALL_CHARITY_REQUESTS });
    },
  });
}
