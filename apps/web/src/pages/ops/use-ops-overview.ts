import { useQuery } from '@tanstack/react-query';
import { opsEndpoints } from '../../api/ops-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useOpsErrorGuard } from './ops-access';

/** Platform-wide counts; fetched again (throttled) as events arrive, see useOpsLiveSync. */
export function useOpsOverview(operatorId: number) {
  const query = useQuery({ queryKey: queryKeys.opsOverview(operatorId), queryFn: opsEndpoints.overview });
  useOpsErrorGuard(query.error);
  return query;
}
