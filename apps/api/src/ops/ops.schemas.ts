import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DOMAIN_EVENT_TYPES,
  QUEUES,
  type DomainEventType,
  type EventsPerMinute,
  type FailedJobView,
  type HealthCheck,
  type HealthReport,
  type JobActionResult,
  type OpsEventView,
  type OpsOverview,
  type OpsSnapshot,
  type OutboxBacklog,
  type QueueCounts,
  type WorkersCheck,
} from '@food-link/contracts';

/*
 * The operator calls' bodies as OpenAPI schemas. Each class `implements` its interface in
 * libs/contracts/src/ops.ts, so the schema cannot drift from the contract unnoticed.
 */

const count = (description: string) => ApiProperty({ type: 'integer', minimum: 0, description, example: 3 });
const dateTime = (description: string) => ApiProperty({ type: 'string', format: 'date-time', description, example: '2026-11-22T09:30:00.000Z' });
const eventType = () => ApiProperty({ enum: DOMAIN_EVENT_TYPES, enumName: 'DomainEventType', example: 'food.claimed' });
const nullableId = (description: string) => ApiProperty({ type: 'integer', nullable: true, description, example: 42 });

@ApiSchema({ name: 'QueueCounts' })
export class QueueCountsSchema implements QueueCounts {
  @ApiProperty({ enum: Object.values(QUEUES), example: QUEUES.domainEvents }) queue: string;
  @count('Jobs waiting for a worker') waiting: number;
  @count('Jobs being handled now') active: number;
  @count('Jobs waiting for their next attempt (backoff) or their time') delayed: number;
  @count('Completed jobs still kept (an hour for domain events)') completed: number;
  @count('Jobs that used up their attempts and wait for an operator') failed: number;
}

@ApiSchema({ name: 'OutboxBacklog' })
export class OutboxBacklogSchema implements OutboxBacklog {
  @count('Outbox events not yet handed to the queue') unpublished: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'Age of the oldest of them in seconds', example: 0.4 })
  oldestAgeSeconds: number | null;
}

@ApiSchema({ name: 'HealthCheck' })
export class HealthCheckSchema implements HealthCheck {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) status: 'up' | 'down';
  @ApiPropertyOptional({ type: 'number', description: 'Round trip in milliseconds', example: 1.2 }) latencyMs?: number;
  @ApiPropertyOptional({ type: 'string', description: 'Why it is down', example: 'Redis is unreachable' }) error?: string;
}

@ApiSchema({ name: 'WorkersCheck' })
export class WorkersCheckSchema extends HealthCheckSchema implements WorkersCheck {
  @count('Worker connections consuming domain events') count: number;
}

class HealthChecksSchema {
  @ApiProperty({ type: HealthCheckSchema }) database: HealthCheck;
  @ApiProperty({ type: HealthCheckSchema }) redis: HealthCheck;
  @ApiProperty({ type: WorkersCheckSchema }) workers: WorkersCheck;
}

@ApiSchema({ name: 'HealthReport' })
export class HealthReportSchema implements HealthReport {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' }) status: 'ok' | 'error';
  @ApiProperty({ type: HealthChecksSchema }) checks: HealthReport['checks'];
}

@ApiSchema({ name: 'EventsPerMinute' })
export class EventsPerMinuteSchema implements EventsPerMinute {
  @dateTime('Start of the minute (UTC)') minute: string;
  @count('Events recorded in that minute') count: number;
}

@ApiSchema({ name: 'OpsSnapshot' })
export class OpsSnapshotSchema implements OpsSnapshot {
  @dateTime('When the snapshot was taken') at: string;
  @ApiProperty({ type: [QueueCountsSchema], description: 'Empty while Redis is unavailable' }) queues: QueueCounts[];
  @ApiProperty({ type: OutboxBacklogSchema, nullable: true, description: 'Null while PostgreSQL is unavailable' })
  outbox: OutboxBacklog | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Sockets on every API instance; null while Redis is unavailable', example: 120 })
  sockets: number | null;
  @ApiProperty({ type: HealthReportSchema }) health: HealthReport;
  @ApiProperty({ type: [EventsPerMinuteSchema], description: 'The last 60 minutes, oldest first' }) eventsPerMinute: EventsPerMinute[];
}

@ApiSchema({ name: 'OpsEventView' })
export class OpsEventViewSchema implements OpsEventView {
  @ApiProperty({ type: 'string', format: 'uuid' }) id: string;
  @eventType() type: DomainEventType;
  @dateTime('When the change was committed') occurredAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the relay queued it; null while in the outbox' })
  publishedAt: string | null;
  @nullableId('The food item it concerns') foodId: number | null;
  @nullableId('The pickup request it concerns') requestId: number | null;
}

@ApiSchema({ name: 'FailedJobView' })
export class FailedJobViewSchema implements FailedJobView {
  @ApiProperty({ type: 'string', description: 'The job id (for domain events, the event id)' }) id: string;
  @ApiProperty({ enum: Object.values(QUEUES) }) queue: string;
  @ApiProperty({ type: 'string', description: 'The job name (for domain events, the event type)', example: 'request.fulfilled' }) name: string;
  @ApiProperty({ type: 'string', description: 'The last error', example: 'relation "processed_events" does not exist' }) error: string;
  @count('Attempts made') attempts: number;
  @dateTime('When it last failed') failedAt: string;
  @nullableId('The food item its event concerns') foodId: number | null;
}

@ApiSchema({ name: 'JobActionResult' })
export class JobActionResultSchema implements JobActionResult {
  @ApiProperty({ type: 'string', example: 'Job 4f0c… was queued again' }) message: string;
  @count('Jobs the action affected') count: number;
}

class UserCountsSchema {
  @count('Donor accounts') donors: number;
  @count('Charity accounts') charities: number;
  @count('Operator accounts') operators: number;
}

class ItemCountsSchema {
  @count('Available items') available: number;
  @count('Claimed items') claimed: number;
  @count('Expired items') expired: number;
  @count('All items') total: number;
}

class RequestCountsSchema {
  @count('Pending requests') pending: number;
  @count('Fulfilled requests') fulfilled: number;
  @count('Cancelled requests') cancelled: number;
  @count('All requests') total: number;
}

class ImpactSchema {
  @count('Portions donated') totalMeals: number;
  @count('Charities helped') totalCharities: number;
}

@ApiSchema({ name: 'OpsOverview' })
export class OpsOverviewSchema implements OpsOverview {
  @ApiProperty({ type: UserCountsSchema }) users: OpsOverview['users'];
  @ApiProperty({ type: ItemCountsSchema }) items: OpsOverview['items'];
  @ApiProperty({ type: RequestCountsSchema }) requests: OpsOverview['requests'];
  @ApiProperty({ type: ImpactSchema }) impact: OpsOverview['impact'];
  @count('Domain events recorded since the start') events: number;
}
