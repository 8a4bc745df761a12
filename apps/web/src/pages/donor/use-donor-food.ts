import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** The donor's own items; kept current by the live cache sync. A failure is only logged (spec, section 8). */
export function useDonorFood(userId: number) {
  return useQuery({
    queryKey: queryKeys.donorFood(userId),
    queryFn: () =>
      endpoints.donorFood(userId).catch((error: unknown) => {
        console.error('Fetching the donor food list failed', error);
        throw error;
      }),
  });
}
