import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { opsEndpoints } from '../../api/ops-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useOpsErrorGuard } from './ops-access';
import { useOpsSnapshot } from './use-ops-snapshot';

/**
 * The queue's failed jobs. Fetched again when the snapshot's failed count for the queue changes (a job
 * failed, or was retried or removed, from here or elsewhere); `ops.job.failed` and the actions refetch it
 * too (useOpsLiveSync, useJobAction).
 */
export function useFailedJobs(operatorId: number, queue: string) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.opsFailedJobs(operatorId, queue), queryFn: () => opsEndpoints.failedJobs(queue) });
  useOpsErrorGuard(query.error);

  const failedCount = useOpsSnapshot(operatorId).data?.queues.find((counts) => counts.queue === queue)?.failed;
  const counted = useRef<{ queue: string; count: number } | null>(null);
  useEffect(() => {
    if (failedCount === undefined) return;
    const last = counted.current;
    counted.current = { queue, count: failedCount };
    if (last?.queue === queue && last.count !== failedCount) {
      void client.invalidateQueries({ queryKey: queryKeys.opsFailedJobs(operatorId, queue) });
    }
  }, [client, operatorId, queue, failedCount]);

  return { jobs: query, failedCount };
}
