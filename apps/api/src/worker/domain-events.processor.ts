import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DOMAIN_EVENT_TYPES, DOMAIN_EVENTS, OPS_EVENTS, QUEUES } from '@food-link/contracts';
import type { Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import type { DomainEventJob } from '../events/domain-event-job';
import { OutboxLeaseKeeper } from '../events/outbox-lease-keeper.service';
import { MetricsService } from '../monitoring/metrics.service';
import { failedJobView, isFinalFailure, opsEventView } from '../monitoring/ops-views';
import { RealtimePublisher } from '../realtime/realtime-publisher.service';
import { StatsService } from '../stats/stats.service';
import { MatchingService } from '../notifications/matching.service';
import { RemindersService } from '../notifications/reminders.service';
import { NotificationsService } from '../notifications/notifications.service';
import { CancellationNotices } from '../notifications/cancellation-notices.service';
import { newsReason, verificationNews } from '../verification/verification-news';
import { moderationNews } from '../moderation/moderation-news';
import { JobHandlers } from './job-handlers';
import { NotCollectedScheduler } from './not-collected-scheduler';
import { OfferScheduler } from './offer-scheduler';

/**
 * Consumes `domain-events`: keeps the impact projection current and hands every event to the realtime
 * publisher. Effects are idempotent per event id, so a retried or re-sent job changes nothing twice.
 */
/** How often the worker loop is checked (see onApplicationBootstrap). */
const WATCHDOG_MS = 5000;

@Processor(QUEUES.domainEvents)
export class DomainEventsProcessor extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DomainEvents');
  private readonly handlers: JobHandlers<DomainEventJob>;
  private watchdog?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    private readonly stats: StatsService,
    private readonly realtime: RealtimePublisher,
    private readonly metrics: MetricsService,
    private readonly pino: PinoLogger,
    private readonly leases: OutboxLeaseKeeper,
    private readonly notCollected: NotCollectedScheduler,
    private readonly offers: OfferScheduler,
    private readonly matching: MatchingService,
    private readonly reminders: RemindersService,
    private readonly notifications: NotificationsService,
    private readonly cancellations: CancellationNotices,
  ) {
    super();
    const publish = async (job: Job<DomainEventJob>) => {
      const { envelope, recipients } = job.data;
      await this.realtime.publish(envelope, recipients);
      this.metrics.eventDelivery.observe(Math.max(0, Date.now() - Date.parse(envelope.occurredAt)) / 1000);
      await this.realtime.toOperators(OPS_EVENTS.event, opsEventView(envelope, new Date(job.timestamp)));
    };
    this.handlers = new JobHandlers<DomainEventJob>(
      QUEUES.domainEvents,
      {
        // A listing offered to partners first schedules the job that puts it on the open board (one per
        // item). Matching runs as a job of its own on the `notifications` queue (one per event, by its id):
        // the charities a listing suits, or the donor's partners alone when it is offered to them first.
        [DOMAIN_EVENTS.foodListed]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.foodListed) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          const { foodId, partners, restored } = envelope.data;
          if (partners?.length) await this.offers.schedule(foodId);
          await this.matching.enqueue({ eventId: envelope.id, foodId, partners, ...(restored ? { restored } : {}) });
          await publish(job);
        },
        // A claim schedules the job that ends it if nobody collects and its reminders (one each per
        // request, however often this runs).
        [DOMAIN_EVENTS.foodClaimed]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.foodClaimed) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          await this.notCollected.schedule(envelope.data.requestId);
          await this.reminders.schedule(envelope.data.requestId);
          await publish(job);
        },
        // Back on the board: matched again (the match job finds nothing to do if it is not available). A
        // claim cancelled by an operator's suspension is also told to the party that did not cause it (the
        // request keeps the cause; the board's event does not carry it).
        [DOMAIN_EVENTS.requestCancelled]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.requestCancelled) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          const { foodId, requestId } = envelope.data;
          await this.matching.enqueue({ eventId: envelope.id, foodId, endedRequestId: requestId });
          await publish(job);
          await this.cancellations.tell(envelope.id, { foodId, requestId });
        },
        [DOMAIN_EVENTS.foodExpired]: publish,
        [DOMAIN_EVENTS.statsUpdated]: publish,
        [DOMAIN_EVENTS.foodUpdated]: publish,
        [DOMAIN_EVENTS.foodWithdrawn]: publish,
        [DOMAIN_EVENTS.requestNotCollected]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.requestNotCollected) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          if (envelope.data.relisted) {
            await this.matching.enqueue({ eventId: envelope.id, foodId: envelope.data.foodId, endedRequestId: envelope.data.requestId });
          }
          await publish(job);
        },
        // The charity's report replaces the estimate in the impact figures.
        [DOMAIN_EVENTS.requestReceived]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.requestReceived) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          await this.stats.applyDonation(envelope.id, envelope.data.requestId);
          await publish(job);
        },
        [DOMAIN_EVENTS.notificationCreated]: publish,
        // A decision on the charity's verification: live to its room, and in its chosen channels (once per event).
        [DOMAIN_EVENTS.charityVerification]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.charityVerification) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          await publish(job);
          await this.notifications.notify({
            key: `charity-verification-${envelope.id}`,
            userIds: [envelope.data.charityId],
            type: 'account.news',
            data: {
              message: verificationNews(envelope.data.action, envelope.data.verification),
              // The parts, for each reader's app to word in its own language.
              action: envelope.data.action,
              reason: newsReason(envelope.data.action, envelope.data.verification),
            },
          });
        },
        // Moderation: live to the person's room and in their chosen channels (once per event); a suspended
        // account's sockets are closed once it has heard (a reconnect is refused: its sessions are).
        [DOMAIN_EVENTS.accountModeration]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.accountModeration) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          const { userId, action, reason, foodId } = envelope.data;
          await publish(job);
          await this.notifications.notify({
            key: `account-moderation-${envelope.id}`,
            userIds: [userId],
            type: 'account.news',
            data: { message: moderationNews(action, reason, foodId), action, reason, ...(foodId === null ? {} : { foodId }) },
          });
          if (action === 'suspend_account') await this.realtime.disconnectUser(userId);
        },
        [DOMAIN_EVENTS.requestFulfilled]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.requestFulfilled) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          await this.stats.applyDonation(envelope.id, envelope.data.requestId);
          await publish(job);
        },
      },
      DOMAIN_EVENT_TYPES,
    );
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.WORKER_CONCURRENCY;
    // BullMQ's main loop can end on a connection error during a Redis restart and not start again
    // (taskforcesh/bullmq#648); the maintainers' remedy is to run it again when it has stopped.
    this.watchdog = setInterval(() => {
      if (this.worker.isRunning() || this.worker.closing) return;
      this.logger.warn('The domain-events worker loop had stopped; starting it again');
      this.worker.run().catch((error: Error) => this.logger.warn(`restarting the worker loop: ${error.message}`));
    }, WATCHDOG_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.watchdog);
  }

  /** Every line logged while handling the job carries its event id. */
  process(job: Job<DomainEventJob>): Promise<void> {
    return this.pino.runInContext(() => this.handlers.handle(job), { bindings: { eventId: job.id, eventType: job.name } });
  }

  @OnWorkerEvent('completed')
  onCompleted(job: Job<DomainEventJob>): void {
    this.metrics.jobsProcessed.inc({ queue: QUEUES.domainEvents });
    if (job.id) this.leases.jobCompleted(job.id);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<DomainEventJob> | undefined, error: Error): void {
    this.metrics.jobsFailed.inc({ queue: QUEUES.domainEvents });
    if (!job) return this.logger.warn(`A domain-events job failed: ${error.message}`);
    void this.pino.runInContext(
      async () => {
        const final = isFinalFailure(job);
        this.logger.warn(`Event failed, attempt ${job.attemptsMade}${final ? ' (the last: it waits for an operator)' : ''}: ${error.message}`);
        if (!final) return;
        await this.realtime
          .toOperators(OPS_EVENTS.jobFailed, failedJobView(job))
          .catch((publishError: Error) => this.logger.warn(`Telling operators of the failure: ${publishError.message}`));
      },
      { bindings: { eventId: job.id, eventType: job.name } },
    );
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`domain-events worker: ${error.message}`);
  }
}
