import { InjectQueue, Processor } from '@nestjs/bullmq';
import { QUEUES, SCHEDULE_JOBS } from '@food-link/contracts';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { ScheduleReminders } from '../schedules/schedule-reminders';
import { SchedulesService } from '../schedules/schedules.service';
import { JobHandlers } from './job-handlers';
import { QueueWorker, QueueWorkerKit } from './queue-worker';

/**
 * Consumes `schedules`: `materialise` (every SCHEDULE_CHECK_MS, one scheduler per deployment however many
 * workers start) lists the schedules' days whose lead time has begun (SchedulesService.materialiseDue);
 * `remind`, as often, reminds the donors of their days due (ScheduleReminders.remindDue).
 * Two workers running it at once, a retry or a run after a crash list each day once: the day's row lock
 * and its `food_id` decide, not the job. One run at a time per worker (BullMQ's default concurrency): a
 * run lists a page of schedules per transaction on one connection and rests between pages, so it leaves
 * the pool and the CPU to HTTP reads and the live path (docs/DESIGN.md, "Standing collections:
 * materialising in batches").
 */
@Processor(QUEUES.schedules)
export class SchedulesProcessor extends QueueWorker<void> {
  private readonly handlers: JobHandlers<void>;

  constructor(
    kit: QueueWorkerKit,
    private readonly config: AppConfig,
    private readonly schedules: SchedulesService,
    private readonly reminders: ScheduleReminders,
    @InjectQueue(QUEUES.schedules) private readonly queue: Queue,
  ) {
    super(QUEUES.schedules, kit, 'Schedules');
    this.handlers = new JobHandlers<void>(
      QUEUES.schedules,
      {
        [SCHEDULE_JOBS.materialise]: async () => {
          const listed = await this.schedules.materialiseDue();
          if (listed > 0) this.logger.log(`Listed ${listed} scheduled day(s)`);
        },
        [SCHEDULE_JOBS.remind]: async () => {
          const reminded = await this.reminders.remindDue();
          if (reminded > 0) this.logger.log(`Reminded the donors of ${reminded} scheduled day(s)`);
        },
      },
      Object.values(SCHEDULE_JOBS),
    );
  }

  protected override async started(): Promise<void> {
    this.queue.on('error', (error) => this.logger.warn(`schedules queue: ${error.message}`));
    await this.queue.upsertJobScheduler(
      SCHEDULE_JOBS.materialise,
      { every: this.config.SCHEDULE_CHECK_MS },
      { name: SCHEDULE_JOBS.materialise, opts: { removeOnComplete: { count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } } },
    );
    // The donors' reminders (ScheduleReminders), as often: each day is reminded once, whoever runs it.
    await this.queue.upsertJobScheduler(
      SCHEDULE_JOBS.remind,
      { every: this.config.SCHEDULE_CHECK_MS },
      { name: SCHEDULE_JOBS.remind, opts: { removeOnComplete: { count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } } },
    );
  }

  protected handle(job: Job<void>): Promise<void> {
    return this.handlers.handle(job);
  }
}
