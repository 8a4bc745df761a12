import { Processor } from '@nestjs/bullmq';
import { HANDOVER_JOBS, QUEUES } from '@food-link/contracts';
import { DelayedError, type Job } from 'bullmq';
import { HandoverService } from '../handover/handover.service';
import { JobHandlers } from './job-handlers';
import type { NotCollectedJob } from './not-collected-scheduler';
import { QueueWorker, QueueWorkerKit } from './queue-worker';
import { TransportService } from '../transport/transport.service';
import type { TransportOfferEndJob } from './transport-offer-scheduler';

type HandoverJob = NotCollectedJob | TransportOfferEndJob;

/**
 * Consumes `handover`: `not-collected` ends a request still pending at the end of its window plus the grace
 * period (HandoverService.runNotCollected); `transport-offer-end` ends a transport offer nobody accepted
 * (TransportService.expire). Running either twice changes nothing the second time, and a run that comes
 * early puts the job back until it is due.
 */
@Processor(QUEUES.handover)
export class HandoverProcessor extends QueueWorker<HandoverJob> {
  private readonly handlers: JobHandlers<HandoverJob>;

  constructor(
    kit: QueueWorkerKit,
    private readonly handover: HandoverService,
    private readonly transport: TransportService,
  ) {
    super(QUEUES.handover, kit, 'Handover');
    this.handlers = new JobHandlers<HandoverJob>(
      QUEUES.handover,
      {
        [HANDOVER_JOBS.notCollected]: (job) => this.notCollected(job as Job<NotCollectedJob>),
        [HANDOVER_JOBS.transportOfferEnd]: (job) => this.transportOfferEnd(job as Job<TransportOfferEndJob>),
      },
      Object.values(HANDOVER_JOBS),
    );
  }

  protected handle(job: Job<HandoverJob>): Promise<void> {
    return this.handlers.handle(job);
  }

  private async transportOfferEnd(job: Job<TransportOfferEndJob>): Promise<void> {
    const result = await this.transport.expire(job.data.offerId);
    if (result.outcome === 'early') {
      await job.moveToDelayed(result.dueAt, job.token);
      throw new DelayedError();
    }
    if (result.outcome === 'expired') this.logger.log(`Transport offer ${job.data.offerId}: nobody accepted it; back to the coordinator`);
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
