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
    placeholderData: () => client.getQueryData<FoodItemView[]>(queryKeys.available)?.find((item) => item.id === foodId),
  });
}
