import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PickupPointBody, PickupPointView, UpdatePickupPointBody } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** The donor's pickup points (the server lists the default first). */
export function usePickupPoints(userId: number) {
  return useQuery({ queryKey: queryKeys.pickupPoints(userId), queryFn: endpoints.pickupPoints });
}

/** Adds, edits or deletes a point; the list is fetched again after each, since one default may move to another. */
export function useSavePickupPoint(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PickupPointBody | UpdatePickupPointBody }): Promise<PickupPointView> =>
      id === null ? endpoints.addPickupPoint(body as PickupPointBody) : endpoints.updatePickupPoint(id, body as UpdatePickupPointBody),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pickupPoints(userId) }),
  });
}

export function useDeletePickupPoint(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => endpoints.deletePickupPoint(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pickupPoints(userId) }),
  });
}
