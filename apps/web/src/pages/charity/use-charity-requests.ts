import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** The charity's pickup requests; the live cache sync flips their status as they are fulfilled or cancelled. */
export function useCharityRequests(charityUserId: number) {
  return useQuery({
    queryKey: queryKeys.charityRequests(charityUserId),
    queryFn: () => endpoints.charityRequests(charityUserId),
  });
}
