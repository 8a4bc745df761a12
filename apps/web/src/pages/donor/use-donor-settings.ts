import type { DonorSettings } from '@food-link/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationEndpoints } from '../../api/moderation-endpoints';
import { queryKeys } from '../../api/query-keys';

/** The donor's own settings (`GET /api/donor/settings`). */
export function useDonorSettings(userId: number) {
  return useQuery({ queryKey: queryKeys.donorSettings(userId), queryFn: moderationEndpoints.donorSettings });
}

/** Saves the settings (PUT); the answer is the settings as saved. */
export function useSaveDonorSettings(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderationEndpoints.saveDonorSettings,
    onSuccess: (saved: DonorSettings) => client.setQueryData(queryKeys.donorSettings(userId), saved),
  });
}
