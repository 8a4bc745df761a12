import { useQuery } from '@tanstack/react-query';
import type { UserType } from '@food-link/contracts';
import { ApiError } from '../api/client';
import { endpoints } from '../api/endpoints';
import { queryKeys } from '../api/query-keys';
import { useCharityName } from '../session/use-charity-name';
import { useSession } from '../session/use-session';

export type AccountIdentity =
  | { state: 'signed-out' }
  | { state: 'loading' }
  /** The server did not confirm the session (refused it, or could not be asked), or a lookup failed. */
  | { state: 'error' }
  /** A charity's session named a charity that the lookup by name does not know (spec, section 7). */
  | { state: 'not-found' }
  | { state: 'wrong-role'; role: UserType }
  | { state: 'ready'; userId: number };

const charityByNameKey = (name: string) => ['charity-by-name', name] as const;

/**
 * The signed-in account's user id when it is a `role` account: from the stored session, else asked of the
 * server (`GET /api/auth/me`), else, for a charity whose session lookup names no user, looked up by the
 * stored charity name (spec, section 7). Without a session nothing is asked: every call would be refused.
 * Each screen says what it shows for the states other than 'ready' (a donor's screens invite anyone else
 * to log in; the charity's say an unconfirmed session failed).
 */
export function useAccountId(role: UserType): AccountIdentity {
  const session = useSession();
  const known = session?.userId != null && session.userType !== null;
  const me = useQuery({
    queryKey: queryKeys.me(session?.token ?? ''),
    queryFn: endpoints.me,
    enabled: session !== null && !known,
  });
  const storedName = useCharityName();
  const charityName = role === 'charity' ? storedName : null;
  const lookup = useQuery({
    queryKey: charityByNameKey(charityName ?? ''),
    queryFn: () => endpoints.charityByName(charityName ?? ''),
    enabled: me.isSuccess && !me.data.user_id && Boolean(charityName),
    // An unknown name answers 404 at once; asking again would only delay "Charity not found.".
    retry: false,
  });

  if (!session) return { state: 'signed-out' };
  if (known) {
    return session.userType === role ? { state: 'ready', userId: session.userId as number } : { state: 'wrong-role', role: session.userType as UserType };
  }
  if (me.isPending) return { state: 'loading' };
  if (me.isError) return { state: 'error' };
  if (me.data.user_type !== role) return { state: 'wrong-role', role: me.data.user_type };
  if (me.data.user_id) return { state: 'ready', userId: me.data.user_id };
  if (!charityName) return { state: 'not-found' };
  if (lookup.isError) return lookup.error instanceof ApiError && lookup.error.status === 404 ? { state: 'not-found' } : { state: 'error' };
  if (lookup.isPending) return { state: 'loading' };
  return lookup.data.user_id ? { state: 'ready', userId: lookup.data.user_id } : { state: 'not-found' };
}
