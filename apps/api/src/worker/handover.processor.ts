import { Processor } from '@nestjs/bullmq';
import { HANDOVER_JOBS, QUEUES } from '@food-link/contracts';
import { DelayedError, type Job } from 'bullmq';
import { HandoverService } from '../handover/handover.service';
import { JobHandlers } from './job-handlers';
import type { NotCollectedJob } from './not-collected-scheduler';
import { QueueWorker, QueueWorkerKit } from './queue-worker';

/**
 * Consumes `handover`: `not-collected` ends a request still pending at the end of its window plus the grace
 * period (HandoverService.runNotCollected). Running it twice changes nothing the second time (the request
 * is no longer pending), and a run that comes early puts the job back until it is due.
 */
@Processor(QUEUES.handover)
export class HandoverProcessor extends QueueWorker<NotCollectedJob> {
  private readonly handlers: JobHandlers<NotCollectedJob>;

  constructor(
    kit: QueueWorkerKit,
    private readonly handover: HandoverService,
  ) {
    super(QUEUES.handover, kit, 'Handover');
    this.handlers = new JobHandlers<NotCollectedJob>(
      QUEUES.handover,
      { [HANDOVER_JOBS.notCollected]: (job) => this.notCollected(job) },
      Object.values(HANDOVER_JOBS),
    );
  }

  protected handle(job: Job<NotCollectedJob>): Promise<void> {
    return this.handlers.handle(job);
  }

  private async notCollected(job: Job<NotCollectedJob>): Promise<void> {
    const result = await this.handover.runNotCollected(job.data.requestId);
    if (result.outcome === 'early') {
      // Not due yet (the clock of the process that scheduled it ran ahead): back to delayed until it is.
      await job.moveToDelayed(result.dueAt, job.token);
      throw new DelayedError();
    }
    if (result.outcome === 'not_collected') {
      this.logger.log(`Request ${job.data.requestId} was not collected; the item is now ${result.foodStatus}`);
    }
  }
}
