import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { NOTIFICATION_JOBS, OPS_EVENTS, QUEUES } from '@food-link/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../monitoring/metrics.service';
import { failedJobView, isFinalFailure } from '../monitoring/ops-views';
import { DeliveryService } from '../notifications/delivery.service';
import { MatchingService } from '../notifications/matching.service';
import type { DeliverJob, MatchJob, NotificationJob, RemindJob, ResetMailJob } from '../notifications/notification-jobs';
import { PasswordResetMail } from '../auth/password-reset-mail';
import { RemindersService } from '../notifications/reminders.service';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { JobHandlers } from './job-handlers';

/**
 * Consumes `notifications` (docs/NOTIFICATIONS.md): `match` finds the charities a listing suits and
 * queues their deliveries, `deliver` sends one notification by one channel, `remind` is a request's
 * reminder, `reset-mail` a password reset link (PasswordResetMail). NOTIFY_CONCURRENCY at once (mostly
 * waiting on SMTP); a job that fails for good is shown to operators, like every queue's.
 */
@Processor(QUEUES.notifications)
export class NotificationsProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('Notifications');
  private readonly handlers: JobHandlers<NotificationJob>;

  constructor(
    private readonly config: AppConfig,
    private readonly matching: MatchingService,
    private readonly delivery: DeliveryService,
    private readonly reminders: RemindersService,
    private readonly resetMail: PasswordResetMail,
    private readonly metrics: MetricsService,
    private readonly realtime: RealtimePublisher,
    private readonly pino: PinoLogger,
  ) {
    super();
    this.handlers = new JobHandlers<NotificationJob>(
      QUEUES.notifications,
      {
        [NOTIFICATION_JOBS.match]: async (job) => {
          const { matched, jobs } = await this.matching.match(job.data as MatchJob);
          this.logger.debug(`Food ${(job.data as MatchJob).foodId}: ${matched} charities, ${jobs} deliveries queued`);
        },
        [NOTIFICATION_JOBS.deliver]: async (job) => {
          const outcome = await this.delivery.deliver(job.data as DeliverJob);
          if (outcome !== 'sent') this.logger.debug(`${job.id}: ${outcome}`);
        },
        [NOTIFICATION_JOBS.remind]: (job) => this.reminders.remind(job.data as RemindJob),
        [NOTIFICATION_JOBS.resetMail]: async (job) => {
          const outcome = await this.resetMail.send(job.data as ResetMailJob);
          if (outcome !== 'sent') this.logger.debug(`${job.id}: ${outcome}`);
        },
      },
      Object.values(NOTIFICATION_JOBS),
    );
  }

  /** Reminders of requests claimed while no worker ran (or lost with Redis's data) are scheduled again. */
  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.NOTIFY_CONCURRENCY;
    void this.reminders.scheduleAllPending();
  }

  process(job: Job<NotificationJob>): Promise<void> {
    return this.pino.runInContext(() => this.handlers.handle(job), { bindings: { jobId: job.id, jobName: job.name } });
  }

  @OnWorkerEvent('completed')
  onCompleted(): void {
    this.metrics.jobsProcessed.inc({ queue: QUEUES.notifications });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<NotificationJob> | undefined, error: Error): void {
    this.metrics.jobsFailed.inc({ queue: QUEUES.notifications });
    if (!job) return this.logger.warn(`A notifications job failed: ${error.message}`);
    // A job failed with UnrecoverableError (an address the SMTP server refuses) is not retried either.
    const final = isFinalFailure(job) || error instanceof UnrecoverableError;
    this.logger.warn(`${job.id} failed, attempt ${job.attemptsMade}${final ? ' (the last: it waits for an operator)' : ''}: ${error.message}`);
    if (final) void this.realtime.toOperators(OPS_EVENTS.jobFailed, failedJobView(job)).catch(() => undefined);
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`notifications worker: ${error.message}`);
  }
}
