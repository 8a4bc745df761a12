import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../session/use-session';

/**
 * The charity's matching profile (`saved: false` until it saves one; it is not matched until then).
 * Only a charity has one: nothing is asked for a donor, an operator or a visitor.
 */
export function useCharityProfile() {
  const session = useSession();
  const isCharity = session !== null && session.userType !== 'donor' && session.userType !== 'operator';
  return useQuery({
    queryKey: queryKeys.charityProfile(session?.token ?? ''),
    queryFn: endpoints.charityProfile,
    enabled: isCharity,
  });
}

/** Saves the profile; the server's answer becomes the cached profile. */
export function useSaveCharityProfile() {
  const client = useQueryClient();
  const key = queryKeys.charityProfile(useSession()?.token ?? '');
  return useMutation({
    mutationFn: endpoints.saveCharityProfile,
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
