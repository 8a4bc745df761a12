import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../api/endpoints';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../session/use-session';

/**
 * The signed-in user's notifications and unread count (nothing is asked without a session). The bell and
 * the notifications page share this one cache entry, which live `notification.created` events update.
 */
export function useNotifications() {
  const token = useSession()?.token ?? null;
  return useQuery({
    queryKey: queryKeys.notifications(token ?? ''),
    queryFn: endpoints.notifications,
    enabled: token !== null,
  });
}
