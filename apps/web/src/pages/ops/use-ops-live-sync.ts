import { useQueryClient } from '@tanstack/react-query';
import type { OpsEventView, OpsSnapshot } from '@food-link/contracts';
import { queryKeys } from '../../api/query-keys';
import { useOpsEvent } from '../../live/use-ops-event';
import { withOpsEvent } from './ops-cache-updates';
import { useThrottle } from './throttle';

/** The overview is counted afresh on the server, so it is fetched at most this often while events flow. */
export const OVERVIEW_REFRESH_MS = 5000;

/**
 * Applies the operator events to the console's caches while it is open: a snapshot replaces the last
 * one, a domain event goes to the top of the recent events (the full list and its type's), and a job
 * that has used up its attempts has its queue's failed list fetched again.
 */
export function useOpsLiveSync(operatorId: number): void {
  const client = useQueryClient();
  const refreshOverview = useThrottle(
    () => void client.invalidateQueries({ queryKey: queryKeys.opsOverview(operatorId) }),
    OVERVIEW_REFRESH_MS,
  );

  useOpsEvent('ops.snapshot', (snapshot) => {
    // A push that was overtaken (sent by another API instance, say) must not move the figures back in time.
    client.setQueryData<OpsSnapshot>(queryKeys.opsSnapshot(operatorId), (shown) =>
      shown && shown.at > snapshot.at ? shown : snapshot,
    );
  });

  useOpsEvent('ops.event', (event) => {
    for (const type of [null, event.type]) {
      client.setQueryData<OpsEventView[]>(queryKeys.opsEvents(operatorId, type), (list) => list && withOpsEvent(list, event));
    }
    refreshOverview();
  });

  useOpsEvent('ops.job.failed', (job) => {
    void client.invalidateQueries({ queryKey: queryKeys.opsFailedJobs(operatorId, job.queue) });
  });
}
