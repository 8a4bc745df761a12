import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddFoodBody, AddedFoodItem, DonorFoodItem } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** The list shows newest first, as the server orders it; a refetch may already hold the item. */
function withAdded(list: DonorFoodItem[], added: AddedFoodItem): DonorFoodItem[] {
  if (list.some((item) => item.id === added.id)) return list;
  return [{ ...added, created_at: new Date().toISOString(), request: null, photo_count: 0 }, ...list];
}

export function useAddFood(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddFoodBody) => endpoints.addFood(body),
    onSuccess: (added) =>
      client.setQueryData<DonorFoodItem[]>(queryKeys.donorFood(userId), (list) => list && withAdded(list, added)),
  });
}
