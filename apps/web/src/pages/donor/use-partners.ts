import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnersView } from '@food-link/contracts';
import { partnerEndpoints } from '../../api/partner-endpoints';
import { queryKeys } from '../../api/query-keys';

/** The donor's partner charities, in the donor's order. */
export function usePartners(userId: number) {
  return useQuery({ queryKey: queryKeys.partners(userId), queryFn: partnerEndpoints.partners });
}

/** Saves the whole list (PUT); the answer is the list as saved. */
export function useSavePartners(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (charityIds: number[]) => partnerEndpoints.savePartners(charityIds),
    onSuccess: (saved: PartnersView) => client.setQueryData(queryKeys.partners(userId), saved),
  });
}

/** Charities whose name contains `search`; nothing is asked until the donor has typed something. */
export function useCharitySearch(userId: number, search: string) {
  const trimmed = search.trim();
  return useQuery({
    queryKey: queryKeys.charitySearch(userId, trimmed),
    queryFn: () => partnerEndpoints.searchCharities(trimmed),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}
