import { z } from 'zod';
import { DOMAIN_EVENT_TYPES, QUEUES, type DomainEventType } from './events';
import { count, dateTime, said } from './fields';

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
  /** GET → OpsMailItem[]: the development mail outbox, newest first (empty when SMTP_URL is set). */
  mail: '/api/ops/mail',
  /** GET → OpsMailMessage: one outbox message (404 when there is none by that name). */
  mailMessage: '/api/ops/mail/:file',
  /** GET → FailedNotificationView[]: notification jobs that failed for good (newest first, at most 100). */
  failedNotifications: '/api/ops/notifications/failed',
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

const queueName = () => z.string().meta({ enum: Object.values(QUEUES), example: QUEUES.domainEvents });
const nullableId = (description: string) => z.int().nullable().meta({ description, example: 42 });

/** The operator console shows at most this many events. */
export const OPS_EVENTS_MAX = 100;

/** `GET /api/ops/events?type&limit`. */
export const OpsEventsQuery = z.object({
  type: z
    .enum(DOMAIN_EVENT_TYPES as [string, ...string[]], { error: `must be one of ${DOMAIN_EVENT_TYPES.join(', ')}` })
    .optional()
    .meta({ description: 'Only events of this type' }),
  limit: z.coerce
    .number({ error: 'must be an integer number' })
    .refine(Number.isInteger, { error: 'must be an integer number' })
    .min(1, { error: 'must not be less than 1' })
    .max(OPS_EVENTS_MAX, { error: `must not be greater than ${OPS_EVENTS_MAX}` })
    .meta({ type: 'integer' })
    .default(OPS_EVENTS_MAX),
});
export type OpsEventsQuery = Omit<z.infer<typeof OpsEventsQuery>, 'type'> & { type?: DomainEventType };

export const QueueCounts = z
  .object({
    queue: queueName(),
    waiting: count('Jobs waiting for a worker'),
    active: count('Jobs being handled now'),
    delayed: count('Jobs waiting for their next attempt (backoff) or their time'),
    completed: count('Completed jobs still kept (an hour for domain events)'),
    failed: count('Jobs that used up their attempts and wait for an operator'),
  })
  .meta({ id: 'QueueCounts' });
export type QueueCounts = z.infer<typeof QueueCounts>;

export const OutboxBacklog = z
  .object({
    /** Outbox rows not yet handed to the queue. */
    unpublished: count('Outbox events not yet handed to the queue'),
    /** Age of the oldest of them in seconds, or null when there are none. */
    oldestAgeSeconds: z.number().nullable().meta({ description: 'Age of the oldest of them in seconds', example: 0.4 }),
  })
  .meta({ id: 'OutboxBacklog' });
export type OutboxBacklog = z.infer<typeof OutboxBacklog>;

export const CheckStatus = z.enum(['up', 'down']);
export type CheckStatus = z.infer<typeof CheckStatus>;

const healthCheckFields = {
  status: CheckStatus.meta({ example: 'up' }),
  /** Round trip of the check in milliseconds (absent when it failed). */
  latencyMs: z.number().optional().meta({ description: 'Round trip in milliseconds', example: 1.2 }),
  /** Why it is down, in words fit for an operator (never a secret). */
  error: z.string().optional().meta({ description: 'Why it is down', example: 'Redis is unreachable' }),
};

export const HealthCheck = z.object(healthCheckFields).meta({ id: 'HealthCheck' });
export type HealthCheck = z.infer<typeof HealthCheck>;

export const WorkersCheck = z
  .object({ ...healthCheckFields, count: count('Worker connections consuming domain events') })
  .meta({ id: 'WorkersCheck' });
export type WorkersCheck = z.infer<typeof WorkersCheck>;

export const HealthReport = z
  .object({
    status: z.enum(['ok', 'error']).meta({ example: 'ok' }),
    checks: z.object({ database: HealthCheck, redis: HealthCheck, workers: WorkersCheck }),
  })
  .meta({ id: 'HealthReport' });
export type HealthReport = z.infer<typeof HealthReport>;

/** The liveness probe's answer: the process answers. */
export const LivenessReport = z.object({ status: z.literal('ok') }).meta({ id: 'LivenessReport' });
export type LivenessReport = z.infer<typeof LivenessReport>;

export const EventsPerMinute = z
  .object({
    /** Start of the minute, ISO-8601 (UTC). */
    minute: dateTime('Start of the minute (UTC)'),
    count: count('Events recorded in that minute'),
  })
  .meta({ id: 'EventsPerMinute' });
export type EventsPerMinute = z.infer<typeof EventsPerMinute>;

/**
 * A dependency that is down leaves its parts empty (`[]` or `null`) and is named in `health`, so the
 * console still shows the rest.
 */
export const OpsSnapshot = z
  .object({
    at: dateTime('When the snapshot was taken'),
    queues: z.array(QueueCounts).meta({ description: 'Empty while Redis is unavailable' }),
    outbox: OutboxBacklog.nullable().meta({ description: 'Null while PostgreSQL is unavailable' }),
    sockets: z.int().nullable().meta({ description: 'Sockets on every API instance; null while Redis is unavailable', example: 120 }),
    health: HealthReport,
    eventsPerMinute: z.array(EventsPerMinute).meta({
      description: 'The last 60 minutes, oldest first, one entry per minute (zeros included); empty while PostgreSQL is unavailable',
    }),
  })
  .meta({ id: 'OpsSnapshot' });
export type OpsSnapshot = z.infer<typeof OpsSnapshot>;

/** A domain event as operators see it: what happened to which item, never who. */
export const OpsEventView = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    type: z.enum(DOMAIN_EVENT_TYPES as [DomainEventType, ...DomainEventType[]]).meta({ example: 'food.claimed' }),
    occurredAt: dateTime('When the change was committed'),
    publishedAt: z
      .string()
      .nullable()
      .meta({ format: 'date-time', description: 'When the relay queued it; null while it waits in the outbox' }),
    foodId: nullableId('The food item it concerns'),
    requestId: nullableId('The pickup request it concerns'),
  })
  .meta({ id: 'OpsEventView' });
export type OpsEventView = z.infer<typeof OpsEventView>;

export const FailedJobView = z
  .object({
    id: said('The job id (for domain events, the event id)', '4f0c…'),
    queue: queueName(),
    name: said('The job name (for domain events, the event type)', 'request.fulfilled'),
    error: said('The last error', 'relation "processed_events" does not exist'),
    attempts: count('Attempts made'),
    failedAt: dateTime('When it last failed'),
    foodId: nullableId('The food item its event concerns'),
  })
  .meta({ id: 'FailedJobView' });
export type FailedJobView = z.infer<typeof FailedJobView>;

export const JobActionResult = z
  .object({ message: said('For display', 'Job 4f0c… was queued again'), count: count('Jobs the action affected') })
  .meta({ id: 'JobActionResult' });
export type JobActionResult = z.infer<typeof JobActionResult>;

export const OpsOverview = z
  .object({
    users: z.object({
      donors: count('Donor accounts'),
      charities: count('Charity accounts'),
      operators: count('Operator accounts'),
    }),
    items: z.object({
      available: count('Available items'),
      claimed: count('Claimed items'),
      expired: count('Expired items'),
      withdrawn: count('Items withdrawn by their donor'),
      total: count('All items'),
    }),
    requests: z.object({
      pending: count('Pending requests'),
      fulfilled: count('Fulfilled requests'),
      cancelled: count('Cancelled requests'),
      withdrawn: count('Requests ended because the donor withdrew the item'),
      not_collected: count('Requests nobody came for'),
      total: count('All requests'),
    }),
    impact: z.object({ totalMeals: count('Portions donated'), totalCharities: count('Charities helped') }),
    events: count('Domain events recorded since the start'),
  })
  .meta({ id: 'OpsOverview' });
export type OpsOverview = z.infer<typeof OpsOverview>;

/**
 * One message of the development mail outbox (no SMTP_URL: the API writes each e-mail to DATA_DIR/mail),
 * so someone running `npm start` can read what was sent (a password reset link).
 */
export const OpsMailItem = z
  .object({
    file: said('The .eml file, under DATA_DIR/mail', '2026-05-01T10-00-00-000Z-0b6c….eml'),
    to: said('The recipient', 'koshary.tahrir@demo.foodlink.eg'),
    subject: said('The subject, decoded', 'Reset your Food Link password'),
    date: dateTime('When it was written'),
  })
  .meta({ id: 'OpsMailItem' });
export type OpsMailItem = z.infer<typeof OpsMailItem>;

/** One outbox message: its plain-text body and the whole message as sent (RFC 5322). */
export const OpsMailMessage = OpsMailItem.extend({
  text: said('The plain-text body', 'Open this link to choose a new password: …'),
  raw: said('The message as sent, MIME-encoded', 'From: Food Link <no-reply@foodlink.eg>…'),
}).meta({ id: 'OpsMailMessage' });
export type OpsMailMessage = z.infer<typeof OpsMailMessage>;
