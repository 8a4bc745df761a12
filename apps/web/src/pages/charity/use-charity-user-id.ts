import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../session/use-session';
import { useCharityName } from './use-charity-name';

export type CharityIdentity =
  | { state: 'signed-out' }
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'not-found' }
  | { state: 'ready'; userId: number };

const charityByNameKey = (name: string) => ['charity-by-name', name] as const;

/**
 * The charity's user id (spec, section 7): the stored session's, else the session lookup's, else the
 * lookup by the stored charity name. Without a token nothing is asked: every request call would be refused.
 */
export function useCharityUserId(): CharityIdentity {
  const session = useSession();
  const charityName = useCharityName();
  const stored = session?.userId ?? null;
  const me = useQuery({
    queryKey: queryKeys.me(session?.token ?? ''),
    queryFn: endpoints.me,
    enabled: session !== null && stored === null,
  });
  const byName = me.isSuccess && !me.data.user_id;
  const lookup = useQuery({
    queryKey: charityByNameKey(charityName ?? ''),
    queryFn: () => endpoints.charityByName(charityName ?? ''),
    enabled: byName && Boolean(charityName),
    // An unknown name answers 404 at once; asking again would only delay "Charity not found.".
    retry: false,
  });

  if (!session) return { state: 'signed-out' };
  if (stored !== null) return { state: 'ready', userId: stored };
  if (me.isError) return { state: 'error' };
  if (me.isPending) return { state: 'loading' };
  if (me.data.user_id) return { state: 'ready', userId: me.data.user_id };
  if (!charityName) return { state: 'not-found' };
  if (lookup.isError) return lookup.error instanceof ApiError && lookup.error.status === 404 ? { state: 'not-found' } : { state: 'error' };
  if (lookup.isPending) return { state: 'loading' };
  return lookup.data.user_id ? { state: 'ready', userId: lookup.data.user_id } : { state: 'not-found' };
}
