import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FoodItemView } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** One item's details; the board's copy shows at once while the server's answer is on its way. */
export function useFoodDetails(foodId: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.food(foodId),
    queryFn: () => endpoints.food(foodId),
    placeholderData: () => {
      for (const [, list] of client.getQueriesData<FoodItemView[]>({ queryKey: queryKeys.available })) {
        const found = list?.find((item) => item.id === foodId);
        if (found) return found;
      }
      return undefined;
    },
  });
}
