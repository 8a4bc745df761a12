import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DonorFoodItem } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { withDonorFoodWithdrawn, withDonorRequestStatus } from '../../live/cache-updates';

/**
 * Donate: marks the claim on an item fulfilled, with the charity's pickup code when the donor typed it.
 * A failure is logged (spec, section 8); a wrong code (409) the card also explains.
 */
export function useFulfilRequest(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, pickupCode }: { requestId: number; pickupCode?: string }) => endpoints.fulfilRequest(requestId, pickupCode),
    onSuccess: (response, { requestId }) =>
      client.setQueryData<DonorFoodItem[]>(
        queryKeys.donorFood(userId),
        (list) => list && withDonorRequestStatus(list, requestId, response.status),
      ),
    onError: (error) => console.error('Marking the donation fulfilled failed', error),
  });
}

/** Withdraws a listing (available or claimed): it leaves the board, and a claiming charity is told. */
export function useWithdrawFood(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (foodId: number) => endpoints.withdrawFood(foodId),
    onSuccess: (_response, foodId) =>
      client.setQueryData<DonorFoodItem[]>(queryKeys.donorFood(userId), (list) => list && withDonorFoodWithdrawn(list, foodId)),
  });
}

/** The charity did not come: the request ends not collected; where the item went is fetched again. */
export function useReportNoShow(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => endpoints.reportNoShow(requestId),
    onSuccess: (_response, requestId) => {
      client.setQueryData<DonorFoodItem[]>(
        queryKeys.donorFood(userId),
        (list) => list && withDonorRequestStatus(list, requestId, 'not_collected'),
      );
      void client.invalidateQueries({ queryKey: queryKeys.donorFood(userId) });
    },
  });
}
