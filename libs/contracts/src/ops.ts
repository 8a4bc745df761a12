import type { FoodStatus, RequestStatus } from './domain';
import type { DomainEventType } from './events';

/**
 * Operator-only HTTP calls (docs/OPERATIONS.md). Every one answers 401 without a session and 403 to
 * donors and charities. `:queue` is one of `QUEUES`' values.
 */
export const OPS_ROUTES = {
  /** GET → OpsSnapshot: the same document the `ops.snapshot` socket event carries. */
  snapshot: '/api/ops/snapshot',
  /** GET → OpsOverview. */
  overview: '/api/ops/overview',
  /** GET ?type=food.claimed&limit=100 → OpsEventView[] (newest first, at most 100). */
  events: '/api/ops/events',
  /** GET → FailedJobView[] (newest failure first, at most 100). */
  failedJobs: '/api/ops/queues/:queue/failed',
  /** POST → JobActionResult: every failed job of the queue is queued again. */
  retryAllFailed: '/api/ops/queues/:queue/failed/retry',
  /** POST → JobActionResult: one failed job is queued again (404 unknown job, 409 not failed). */
  retryJob: '/api/ops/queues/:queue/jobs/:jobId/retry',
  /** DELETE → JobActionResult: one failed job is removed (404 unknown job, 409 not failed). */
  removeJob: '/api/ops/queues/:queue/jobs/:jobId',
  /**
   * POST → 204 with a short-lived, HttpOnly cookie scoped to BULL_BOARD_PATH: a browser cannot send the
   * bearer token on a plain navigation, so the console calls this before opening bull-board.
   */
  boardSession: '/api/ops/board-session',
} as const;

/** Public health checks: liveness answers while the process runs; readiness checks its dependencies. */
export const HEALTH_ROUTES = {
  /** GET → HealthReport; 200 when every check is up, 503 otherwise. */
  ready: '/api/health',
  /** GET → `{ status: 'ok' }` while the process can answer at all. */
  live: '/api/health/live',
} as const;

/** bull-board, operator only. */
export const BULL_BOARD_PATH = '/admin/queues';

export interface QueueCounts {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

export interface OutboxBacklog {
  /** Outbox rows not yet handed to the queue. */
  unpublished: number;
  /** Age of the oldest of them in seconds, or null when there are none. */
  oldestAgeSeconds: number | null;
}

export type CheckStatus = 'up' | 'down';

export interface HealthCheck {
  status: CheckStatus;
  /** Round trip of the check in milliseconds (absent when it failed). */
  latencyMs?: number;
  /** Why it is down, in words fit for an operator (never a secret). */
  error?: string;
}

export interface WorkersCheck extends HealthCheck {
  /** Worker connections BullMQ sees on the domain-events queue. */
  count: number;
}

export interface HealthReport {
  status: 'ok' | 'error';
  checks: { database: HealthCheck; redis: HealthCheck; workers: WorkersCheck };
}

export interface EventsPerMinute {
  /** Start of the minute, ISO-8601 (UTC). */
  minute: string;
  count: number;
}

/**
 * A dependency that is down leaves its parts empty (`[]` or `null`) and is named in `health`, so the
 * console still shows the rest.
 */
export interface OpsSnapshot {
  /** When the snapshot was taken, ISO-8601. */
  at: string;
  /** Empty while Redis is unavailable. */
  queues: QueueCounts[];
  /** Null while PostgreSQL is unavailable. */
  outbox: OutboxBacklog | null;
  /** Sockets connected to every API instance; null while Redis is unavailable. */
  sockets: number | null;
  health: HealthReport;
  /** The last 60 minutes, oldest first, one entry per minute (zeros included); empty while PostgreSQL is unavailable. */
  eventsPerMinute: EventsPerMinute[];
}

/** A domain event as operators see it: what happened to which item, never who. */
export interface OpsEventView {
  id: string;
  type: DomainEventType;
  occurredAt: string;
  /** When the relay handed it to the queue, or null while it waits in the outbox. */
  publishedAt: string | null;
  foodId: number | null;
  requestId: number | null;
}

export interface FailedJobView {
  /** The job id (for domain events, the event id). */
  id: string;
  queue: string;
  /** The job name (for domain events, the event type). */
  name: string;
  error: string;
  attempts: number;
  /** When it last failed, ISO-8601. */
  failedAt: string;
  foodId: number | null;
}

export interface JobActionResult {
  message: string;
  /** How many jobs the action affected. */
  count: number;
}

export interface OpsOverview {
  users: { donors: number; charities: number; operators: number };
  items: Record<FoodStatus, number> & { total: number };
  requests: Record<RequestStatus, number> & { total: number };
  impact: { totalMeals: number; totalCharities: number };
  /** Domain events recorded since the start. */
  events: number;
}
