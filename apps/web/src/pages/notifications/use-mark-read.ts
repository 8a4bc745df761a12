import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@food-link/contracts';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../session/use-session';
import { withRead } from '../../live/notification-cache';

// Apart from the bell's query (components/use-notifications), so the landing page does not carry it.
/**
 * Marks notifications read (`undefined`: all of them): shown read at once, then as the server answers
 * (the list and its count as they are now); a refusal puts the list back as it was.
 */
export function useMarkRead() {
  const client = useQueryClient();
  const key = queryKeys.notifications(useSession()?.token ?? '');
  return useMutation({
    mutationFn: (ids: string[] | undefined) => endpoints.readNotifications(ids),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<NotificationsResponse>(key);
      if (before) client.setQueryData(key, withRead(before, ids, new Date().toISOString()));
      return { before };
    },
    onSuccess: (now) => client.setQueryData(key, now),
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
  });
}
