import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CharityProfileBody } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
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
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (body: CharityProfileBody) => endpoints.saveCharityProfile(body, i18n.language),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
