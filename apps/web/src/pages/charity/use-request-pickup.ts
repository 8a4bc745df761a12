import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FoodItemView } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { without } from '../../live/cache-updates';

/** Every charity's request list: the prefix of the scoped key. */
const ALL_CHARITY_REQUESTS = queryKeys.charityRequests(0).slice(0, 1);

/**
 * Claims the item. A 409 (someone claimed it first, or it expired) is a failure like any other. On
 * success the item leaves the board at once, without waiting for the live event.
 */
export function useRequestPickup(foodId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => endpoints.requestPickup(foodId),
    onSuccess: () => {
      client.setQueriesData<FoodItemView[]>({ queryKey: queryKeys.available }, (list) => list && without(list, foodId));
      void client.invalidateQueries({ queryKey: ALL_CHARITY_REQUESTS });
    },
  });
}
