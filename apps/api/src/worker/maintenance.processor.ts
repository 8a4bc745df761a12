import { InjectQueue, Processor } from '@nestjs/bullmq';
import { MAINTENANCE_JOBS, QUEUES } from '@food-link/contracts';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { FoodService } from '../food/food.service';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { JobHandlers } from './job-handlers';
import { QueueWorker, QueueWorkerKit } from './queue-worker';
import { VerificationChanges } from '../verification/verification-changes';

const HOUR_MS = 3_600_000;

/** Scheduled upkeep. `expire-food` (every EXPIRY_CHECK_MS, a minute by default) marks available food whose
 * safe time (`safe_until`) has passed as expired, announcing each item with its governorate;
 * `purge-idempotency-keys` drops stored answers past their 24 hours; `lift-claiming-suspensions` (as often
 * as expire-food) gives charities whose 7-day claiming suspension is over their claim limit back. */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends QueueWorker<void> {
  private readonly handlers: JobHandlers<void>;

  constructor(
    kit: QueueWorkerKit,
    private readonly config: AppConfig,
    private readonly food: FoodService,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
    private readonly idempotencyKeys: IdempotentAnswers,
    private readonly verification: VerificationChanges,
  ) {
    super(QUEUES.maintenance, kit, 'Maintenance');
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
  protected override async started(): Promise<void> {
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

  protected handle(job: Job<void>): Promise<void> {
    return this.handlers.handle(job);
  }
}
