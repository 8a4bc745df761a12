import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DOMAIN_EVENT_TYPES, DOMAIN_EVENTS, QUEUES } from '@food-link/contracts';
import type { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import type { DomainEventJob } from '../events/domain-event-job';
import { RealtimePublisher } from '../realtime/realtime-publisher.service';
import { StatsService } from '../stats/stats.service';
import { JobHandlers } from './job-handlers';

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
  ) {
    super();
    const publish = (job: Job<DomainEventJob>) => this.realtime.publish(job.data.envelope, job.data.recipients);
    this.handlers = new JobHandlers<DomainEventJob>(
      QUEUES.domainEvents,
      {
        [DOMAIN_EVENTS.foodListed]: publish,
        [DOMAIN_EVENTS.foodClaimed]: publish,
        [DOMAIN_EVENTS.requestCancelled]: publish,
        [DOMAIN_EVENTS.foodExpired]: publish,
        [DOMAIN_EVENTS.statsUpdated]: publish,
        [DOMAIN_EVENTS.requestFulfilled]: async (job) => {
          const { envelope } = job.data;
          if (envelope.type !== DOMAIN_EVENTS.requestFulfilled) throw new Error(`Job ${job.name} carries ${envelope.type}`);
          await this.stats.applyFulfilment(envelope.id, envelope.data.requestId);
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

  process(job: Job<DomainEventJob>): Promise<void> {
    return this.handlers.handle(job);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<DomainEventJob> | undefined, error: Error): void {
    this.logger.warn(`Event ${job?.id ?? '?'} (${job?.name ?? '?'}) failed, attempt ${job?.attemptsMade ?? '?'}: ${error.message}`);
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`domain-events worker: ${error.message}`);
  }
}
