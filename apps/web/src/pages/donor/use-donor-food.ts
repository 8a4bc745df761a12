import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** The donor's own items; kept current by the live cache sync. A failure is only logged (spec, section 8). */
export function useDonorFood(userId: number) {
  return useQuery(donorFoodQuery(userId));
}

const donorFoodQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.donorFood(userId),
    // The app's default (providers.tsx), said here so that the list, shown just after its prefetch, takes
    // the prefetched answer rather than asking again where a QueryClient has no default (the tests').
    staleTime: 30_000,
    queryFn: () =>
      endpoints.donorFood(userId).catch((error: unknown) => {
        console.error('Fetching the donor food list failed', error);
        throw error;
      }),
  });

/**
 * Asks for the donor's items while the member's role (`GET /api/org`) is still on its way, rather than
 * once it has come and the list is shown: the two round trips run side by side, not one after the other
 * (issue 30). `userId` is null until the account is known; nothing is asked once the role is known.
 */
export function usePrefetchDonorFood(userId: number | null, roleLoading: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId !== null && roleLoading) void queryClient.prefetchQuery(donorFoodQuery(userId));
  }, [queryClient, userId, roleLoading]);
}
