import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MAINTENANCE_JOBS, QUEUES } from '@food-link/contracts';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { FoodService } from '../food/food.service';
import { JobHandlers } from './job-handlers';

/** Scheduled upkeep. `expire-food` marks food whose date has passed in Cairo, announcing each item. */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('Maintenance');
  private readonly handlers: JobHandlers<void>;

  constructor(
    private readonly config: AppConfig,
    private readonly food: FoodService,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
  ) {
    super();
    this.handlers = new JobHandlers<void>(
      QUEUES.maintenance,
      {
        [MAINTENANCE_JOBS.expireFood]: async () => {
          const expired = await this.food.expirePastDate();
          if (expired > 0) this.logger.log(`Marked ${expired} item(s) expired`);
        },
      },
      Object.values(MAINTENANCE_JOBS),
    );
  }

  /** One scheduler per deployment (upsert is idempotent), however many workers start. */
  async onApplicationBootstrap(): Promise<void> {
    this.queue.on('error', (error) => this.logger.warn(`maintenance queue: ${error.message}`));
    await this.queue.upsertJobScheduler(
      MAINTENANCE_JOBS.expireFood,
      { every: this.config.EXPIRY_CHECK_MS },
      { name: MAINTENANCE_JOBS.expireFood, opts: { removeOnComplete: { count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } } },
    );
  }

  process(job: Job<void>): Promise<void> {
    return this.handlers.handle(job);
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`maintenance worker: ${error.message}`);
  }
}
