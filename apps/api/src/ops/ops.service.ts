import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  ERRORS,
  QUEUES,
  type DomainEventType,
  type FailedJobView,
  type JobActionResult,
  type OpsEventView,
  type OpsOverview,
  type OpsSnapshot,
} from '@food-link/contracts';
import { Job, type Queue } from 'bullmq';
import isUUID from 'validator/lib/isUUID';
import type { AuthUser } from '../auth/auth-user';
import { TimeoutError, withTimeout } from '../common/with-timeout';
import { OutboxLeaseKeeper } from '../outbox/outbox-lease-keeper';
import { HealthService } from '../monitoring/health.service';
import { failedJobView } from '../monitoring/ops-views';
import { OutboxMonitorService } from '../monitoring/outbox-monitor.service';
import { INSPECTION_TIMEOUT_MS, QueueInspector } from '../monitoring/queue-inspector';
import { LiveInstanceRegistry } from '../realtime/live-instances';
import { StatsService } from '../stats/stats.service';
import { OpsRepository } from './ops.repository';

/** The failed list shows the latest this many; "retry all" handles every one. */
const FAILED_LIST_MAX = 100;

/** "Retry all" reads the failed set this many at a time. */
const RETRY_PAGE = 200;

/** An operator's retry gives the job its full attempts and backoff again. */
const FRESH_ATTEMPTS = { resetAttemptsMade: true, resetAttemptsStarted: true } as const;

/** Job ids are event uuids or BullMQ's own ids; anything longer is not one of ours. */
const JOB_ID = /^[\w:.-]{1,200}$/;

/** What operators see and do: the live snapshot, the overview, recent events and failed jobs. */
@Injectable()
export class OpsService {
  private readonly logger = new Logger(OpsService.name);

  constructor(
    private readonly counts: OpsRepository,
    private readonly inspector: QueueInspector,
    private readonly outbox: OutboxMonitorService,
    private readonly health: HealthService,
    private readonly instances: LiveInstanceRegistry,
    private readonly stats: StatsService,
    private readonly leases: OutboxLeaseKeeper,
  ) {}

  /**
   * Everything the console's live panel shows. A dependency that is down leaves its parts empty (null
   * or []) and is named in `health`, so operators still get the rest.
   */
  async snapshot(): Promise<OpsSnapshot> {
    const [queues, outbox, sockets, health, eventsPerMinute] = await Promise.all([
      this.inspector.counts().catch(() => []),
      this.outbox.backlog().catch(() => null),
      this.instances.totalSockets().catch(() => null),
      this.health.report(),
      this.outbox.perMinute().catch(() => []),
    ]);
    // Sockets hear events through Redis: while it is down the contract reports their count as unknown.
    const socketsLive = health.checks.redis.status === 'up' ? sockets : null;
    return { at: new Date().toISOString(), queues, outbox, sockets: socketsLive, health, eventsPerMinute };
  }

  async overview(): Promise<OpsOverview> {
    const { users, items, requests } = await this.counts.counts();
    const [meals, charities, events] = await Promise.all([this.stats.totalMeals(), this.stats.totalCharities(), this.outbox.total()]);
    return {
      users,
      items,
      requests,
      impact: { totalMeals: meals.totalMeals, totalCharities: charities.totalCharities },
      events,
    };
  }

  events(limit: number, type?: DomainEventType): Promise<OpsEventView[]> {
    return this.outbox.recent(limit, type);
  }

  async failedJobs(queueName: string): Promise<FailedJobView[]> {
    const queue = this.queue(queueName);
    const jobs = await withTimeout(queue.getFailed(0, FAILED_LIST_MAX - 1), INSPECTION_TIMEOUT_MS, 'Listing failed jobs');
    return jobs
      .filter((job): job is Job => Boolean(job))
      .map(failedJobView)
      .sort((a, b) => b.failedAt.localeCompare(a.failedAt));
  }

  async retryJob(operator: AuthUser, queueName: string, jobId: string): Promise<JobActionResult> {
    const job = await this.failedJob(queueName, jobId);
    await withTimeout(job.retry('failed', FRESH_ATTEMPTS), INSPECTION_TIMEOUT_MS, 'Retrying the job');
    await this.leases.renewLeases(this.eventIds(queueName, [jobId]));
    this.logger.log({ operatorId: operator.id, queue: queueName, jobId }, 'An operator retried a failed job');
    return { message: `Job ${jobId} was queued again`, count: 1 };
  }

  async removeJob(operator: AuthUser, queueName: string, jobId: string): Promise<JobActionResult> {
    const job = await this.failedJob(queueName, jobId);
    // Settled first: the relay sends again an event whose job Redis does not have.
    await this.leases.settle(this.eventIds(queueName, [jobId]));
    await withTimeout(job.remove(), INSPECTION_TIMEOUT_MS, 'Removing the job');
    this.logger.warn({ operatorId: operator.id, queue: queueName, jobId }, 'An operator removed a failed job: its event will not be delivered');
    return { message: `Job ${jobId} was removed`, count: 1 };
  }

  /**
   * Retries the failed jobs page by page, each with fresh attempts (BullMQ's own retryJobs keeps the used
   * ones, so a job would fail for good at its first new error). A job that changed state meanwhile is
   * skipped; one that failed again during the run is not retried twice.
   */
  async retryAllFailed(operator: AuthUser, queueName: string): Promise<JobActionResult> {
    const queue = this.queue(queueName);
    const seen = new Set<string>();
    const retried: string[] = [];
    for (;;) {
      const page = await withTimeout(queue.getFailed(0, RETRY_PAGE - 1), INSPECTION_TIMEOUT_MS, 'Listing failed jobs');
      const fresh = page.filter((job): job is Job => Boolean(job?.id) && !seen.has(job.id as string));
      if (fresh.length === 0) break;
      for (const job of fresh) {
        seen.add(job.id as string);
        const ok = await withTimeout(job.retry('failed', FRESH_ATTEMPTS), INSPECTION_TIMEOUT_MS, 'Retrying a job').then(
          () => true,
          (error: Error) => {
            if (error instanceof TimeoutError || /connection|ECONN/i.test(error.message)) throw error;
            return false;
          },
        );
        if (ok) retried.push(job.id as string);
      }
    }
    await this.leases.renewLeases(this.eventIds(queueName, retried));
    const count = retried.length;
    this.logger.log({ operatorId: operator.id, queue: queueName, count }, 'An operator retried every failed job of a queue');
    return {
      message: count === 0 ? 'There were no failed jobs to retry' : `${count} failed job${count === 1 ? ' was' : 's were'} queued again`,
      count,
    };
  }

  /**
   * The outbox events these jobs carry (jobs of the domain-events queue, whose ids are event ids). A
   * retried job gets a new lease and a removed one is settled, so that the relay sends the first again if
   * Redis loses it, and not the second (see OutboxLeaseKeeper.settleLeases).
   */
  private eventIds(queueName: string, jobIds: readonly string[]): string[] {
    return queueName === QUEUES.domainEvents ? jobIds.filter((id) => isUUID(id)) : [];
  }

  private queue(name: string): Queue {
    const queue = this.inspector.queue(name);
    if (!queue) throw new NotFoundException(ERRORS.noSuchQueue(name));
    return queue;
  }

  /** Only a failed job may be retried or removed: the others are still on their way. */
  private async failedJob(queueName: string, jobId: string): Promise<Job> {
    const queue = this.queue(queueName);
    const job = JOB_ID.test(jobId) ? await withTimeout(Job.fromId(queue, jobId), INSPECTION_TIMEOUT_MS, 'Reading the job') : undefined;
    if (!job) throw new NotFoundException(ERRORS.noSuchJob(jobId, queueName));
    const state = await withTimeout(job.getState(), INSPECTION_TIMEOUT_MS, 'Reading the job state');
    if (state !== 'failed') throw new ConflictException(ERRORS.jobNotFailed(jobId, state));
    return job;
  }
}
