import { useQuery } from '@tanstack/react-query';
import { opsEndpoints } from '../../api/ops-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useOpsErrorGuard } from './ops-access';

/**
 * Queue counts, outbox, sockets, health and events per minute. Fetched once so the page is filled before
 * the first push (and again after a reconnect); `ops.snapshot` pushes replace it after that.
 */
export function useOpsSnapshot(operatorId: number) {
  const query = useQuery({ queryKey: queryKeys.opsSnapshot(operatorId), queryFn: opsEndpoints.snapshot });
  useOpsErrorGuard(query.error);
  return query;
}
