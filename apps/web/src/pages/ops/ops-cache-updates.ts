import type { OpsEventView } from '@food-link/contracts';
import { OPS_EVENTS_LIMIT } from '../../api/ops-endpoints';

/** The recent-events list with `event` put first, unless it is there already; never longer than the server's page. */
export function withOpsEvent(list: OpsEventView[], event: OpsEventView): OpsEventView[] {
  if (list.some((shown) => shown.id === event.id)) return list;
  return [event, ...list].slice(0, OPS_EVENTS_LIMIT);
}
