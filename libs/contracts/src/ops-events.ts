import type { FailedJobView, OpsEventView, OpsSnapshot } from './ops';

/**
 * Operator events: socket messages sent to the `operators` room only (docs/OPERATIONS.md), beside the
 * domain events of events.ts. Unlike those they are not envelopes: each carries its payload as is. The
 * string values never change once shipped: consoles depend on them.
 */
export const OPS_EVENTS = {
  /** OpsSnapshot, every OPS_SNAPSHOT_MS while an operator is connected. */
  snapshot: 'ops.snapshot',
  /** OpsEventView, for each domain event as it is delivered. */
  event: 'ops.event',
  /** FailedJobView, when a job has used up its attempts. */
  jobFailed: 'ops.job.failed',
} as const;

export type OpsEventName = (typeof OPS_EVENTS)[keyof typeof OPS_EVENTS];

/** What each operator event carries. */
export interface OpsEventPayloads {
  'ops.snapshot': OpsSnapshot;
  'ops.event': OpsEventView;
  'ops.job.failed': FailedJobView;
}

// Fails to compile unless the payloads above name exactly the operator events.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _everyOpsEventHasItsPayload: SameKeys<keyof OpsEventPayloads, OpsEventName> = true;
