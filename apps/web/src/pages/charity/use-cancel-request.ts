import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CharityRequestItem } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { withCharityRequestStatus } from '../../live/cache-updates';

/** Cancels a pickup; the item goes back on the board, which is fetched afresh when next shown. */
export function useCancelRequest(charityUserId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => endpoints.cancelRequest(requestId),
    onSuccess: (_response, requestId) => {
      client.setQueryData<CharityRequestItem[]>(
        queryKeys.charityRequests(charityUserId),
        (list) => list && withCharityRequestStatus(list, requestId, 'cancelled'),
      );
      void client.invalidateQueries({ queryKey: queryKeys.available });
    },
  });
}
