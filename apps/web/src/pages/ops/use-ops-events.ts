import { useQuery } from '@tanstack/react-query';
import type { DomainEventType } from '@food-link/contracts';
import { opsEndpoints } from '../../api/ops-endpoints';
import { queryKeys } from '../../api/query-keys';
import { useOpsErrorGuard } from './ops-access';

/** The latest events of `type` (null: every type), newest first; `ops.event` pushes are put in front. */
export function useOpsEvents(operatorId: number, type: DomainEventType | null) {
  const query = useQuery({ queryKey: queryKeys.opsEvents(operatorId, type), queryFn: () => opsEndpoints.events(type) });
  useOpsErrorGuard(query.error);
  return query;
}
