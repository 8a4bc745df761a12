import { useQuery } from '@tanstack/react-query';
import type { UserType } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../session/use-session';

export type OperatorIdentity =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'wrong-role'; role: UserType }
  | { state: 'ready'; operatorId: number };

/**
 * The signed-in operator's user id: from the stored session, else asked of the server. Without a session
 * (or with a token the server refuses) it is 'signed-out'; a donor or charity is 'wrong-role'. Either way
 * no ops call is made that would be refused.
 */
export function useOperatorId(): OperatorIdentity {
  const session = useSession();
  const known = session?.userId != null && session.userType !== null;
  const me = useQuery({
    queryKey: queryKeys.me(session?.token ?? ''),
    queryFn: endpoints.me,
    enabled: session !== null && !known,
  });

  if (!session) return { state: 'signed-out' };
  if (known) {
    if (session.userType !== 'operator') return { state: 'wrong-role', role: session.userType as UserType };
    return { state: 'ready', operatorId: session.userId as number };
  }
  if (me.isPending) return { state: 'loading' };
  if (me.isError) return { state: 'signed-out' };
  return me.data.user_type === 'operator'
    ? { state: 'ready', operatorId: me.data.user_id }
    : { state: 'wrong-role', role: me.data.user_type };
}
