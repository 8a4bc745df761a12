import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DonorFoodItem } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { withDonorRequestStatus } from '../../live/cache-updates';

/** Donate: marks the claim on an item fulfilled. A failure is only logged (spec, section 8). */
export function useFulfilRequest(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => endpoints.fulfilRequest(requestId),
    onSuccess: (response, requestId) =>
      client.setQueryData<DonorFoodItem[]>(
        queryKeys.donorFood(userId),
        (list) => list && withDonorRequestStatus(list, requestId, response.status),
      ),
    onError: (error) => console.error('Marking the donation fulfilled failed', error),
  });
}
