import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FailedJobView } from '@food-link/contracts';
import { opsEndpoints } from '../../api/ops-endpoints';
import { queryKeys } from '../../api/query-keys';

/** What an operator may do to failed jobs; each is confirmed first. */
export type JobAction =
  | { kind: 'retry' | 'remove'; queue: string; job: FailedJobView }
  | { kind: 'retry-all'; queue: string; count: number };

function run(action: JobAction) {
  switch (action.kind) {
    case 'retry':
      return opsEndpoints.retryJob(action.queue, action.job.id);
    case 'remove':
      return opsEndpoints.removeJob(action.queue, action.job.id);
    case 'retry-all':
      return opsEndpoints.retryAllFailed(action.queue);
  }
}

/** Runs a confirmed action, then fetches the queue's failed jobs and counts again, whatever the outcome. */
export function useJobAction(operatorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: (_result, _error, action) => {
      void client.invalidateQueries({ queryKey: queryKeys.opsFailedJobs(operatorId, action.queue) });
      void client.invalidateQueries({ queryKey: queryKeys.opsSnapshot(operatorId) });
    },
  });
}
