import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MAINTENANCE_JOBS, OPS_EVENTS, QUEUES } from '@food-link/contracts';
import type { Job, Queue } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { MetricsService } from '../monitoring/metrics.service';
import { failedJobView, isFinalFailure } from '../monitoring/ops-views';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { AppConfig } from '../config/app-config';
import { FoodService } from '../food/food.service';
import { IdempotencyRepository } from '../idempotency/idempotency.repository';
import { JobHandlers } from './job-handlers';
import { VerificationChanges } from '../verification/verification-changes';

const HOUR_MS = 3_600_000;

/** Scheduled upkeep. `expire-food` (every EXPIRY_CHECK_MS, a minute by default) marks available food whose
 * safe time (`safe_until`) has passed as expired, announcing each item with its governorate;
 * `purge-idempotency-keys` drops stored answers past their 24 hours; `lift-claiming-suspensions` (as often
 * as expire-food) gives charities whose 7-day claiming suspension is over their claim limit back. */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('Maintenance');
  private readonly handlers: JobHandlers<void>;

  constructor(
    private readonly config: AppConfig,
    private readonly food: FoodService,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
    private readonly metrics: MetricsService,
    private readonly realtime: RealtimePublisher,
    private readonly pino: PinoLogger,
    private readonly idempotencyKeys: IdempotencyRepository,
    private readonly verification: VerificationChanges,
  ) {
    super();
    this.handlers = new JobHandlers<void>(
      QUEUES.maintenance,
      {
        [MAINTENANCE_JOBS.expireFood]: async () => {
          const expired = await this.food.expireUnsafe();
          if (expired > 0) this.logger.log(`Marked ${expired} item(s) expired`);
        },
        [MAINTENANCE_JOBS.purgeIdempotencyKeys]: async () => {
          const purged = await this.idempotencyKeys.purgeExpired();
          if (purged > 0) this.logger.log(`Purged ${purged} idempotency key(s) past their retention`);
        },
        [MAINTENANCE_JOBS.liftClaimingSuspensions]: async () => {
          const lifted = await this.verification.liftEndedSuspensions();
          if (lifted.length > 0) this.logger.log(`Claiming suspension over for charities ${lifted.join(', ')}`);
        },
      },
      Object.values(MAINTENANCE_JOBS),
    );
  }

  /** One scheduler per job and deployment (upsert is idempotent), however many workers start. */
  async onApplicationBootstrap(): Promise<void> {
    this.queue.on('error', (error) => this.logger.warn(`maintenance queue: ${error.message}`));
    const schedules = {
      [MAINTENANCE_JOBS.expireFood]: this.config.EXPIRY_CHECK_MS,
      [MAINTENANCE_JOBS.purgeIdempotencyKeys]: HOUR_MS,
      [MAINTENANCE_JOBS.liftClaimingSuspensions]: this.config.EXPIRY_CHECK_MS,
    };
    for (const [name, every] of Object.entries(schedules)) {
      await this.queue.upsertJobScheduler(name, { every }, { name, opts: { removeOnComplete: { count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } } });
    }
  }

  process(job: Job<void>): Promise<void> {
    return this.pino.runInContext(() => this.handlers.handle(job), { bindings: { jobId: job.id, jobName: job.name } });
  }

  @OnWorkerEvent('completed')
  onCompleted(): void {
    this.metrics.jobsProcessed.inc({ queue: QUEUES.maintenance });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<void> | undefined, error: Error): void {
    this.metrics.jobsFailed.inc({ queue: QUEUES.maintenance });
    this.logger.warn(`${job?.name ?? 'A maintenance job'} failed: ${error.message}`);
    if (job && isFinalFailure(job)) {
      void this.realtime.toOperators(OPS_EVENTS.jobFailed, failedJobView(job)).catch(() => undefined);
    }
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`maintenance worker: ${error.message}`);
  }
}
