import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../session/use-session';

export type DonorIdentity = { state: 'loading' } | { state: 'signed-out' } | { state: 'ready'; userId: number };

/**
 * The signed-in donor's user id: from the stored session, else asked of the server. Anyone else (no
 * token, a charity, a token the server refuses) is 'signed-out', so no call is made that would be refused.
 */
export function useDonorId(): DonorIdentity {
  const session = useSession();
  const known = session?.userId != null && session.userType !== null;
  const me = useQuery({
    queryKey: queryKeys.me(session?.token ?? ''),
    queryFn: endpoints.me,
    enabled: session !== null && !known,
  });

  if (!session) return { state: 'signed-out' };
  if (known) {
    return session.userType === 'donor' && session.userId !== null
      ? { state: 'ready', userId: session.userId }
      : { state: 'signed-out' };
  }
  if (me.isPending) return { state: 'loading' };
  if (me.isError || me.data.user_type !== 'donor') return { state: 'signed-out' };
  return { state: 'ready', userId: me.data.user_id };
}
