import { Processor } from '@nestjs/bullmq';
import { OFFER_JOBS, QUEUES } from '@food-link/contracts';
import { DelayedError, type Job } from 'bullmq';
import { OfferCascade } from '../food/offer-cascade';
import { JobHandlers } from './job-handlers';
import type { OpenToBoardJob } from './offer-scheduler';
import { QueueWorker, QueueWorkerKit } from './queue-worker';

/**
 * Consumes `offers`: `open-to-board` ends an item's partners stage (OfferCascade.openToBoard). Running it
 * twice changes nothing the second time (the item is no longer in the partners stage), and a run that
 * comes early puts the job back until it is due.
 *
 * A queue of its own rather than a job on `handover`: that queue is about claims (one job per request),
 * this one about listings (one per item), and operators see each queue's counts and failures apart.
 */
@Processor(QUEUES.offers)
export class OffersProcessor extends QueueWorker<OpenToBoardJob> {
  private readonly handlers: JobHandlers<OpenToBoardJob>;

  constructor(
    kit: QueueWorkerKit,
    private readonly offers: OfferCascade,
  ) {
    super(QUEUES.offers, kit, 'Offers');
    this.handlers = new JobHandlers<OpenToBoardJob>(QUEUES.offers, { [OFFER_JOBS.openToBoard]: (job) => this.openToBoard(job) }, Object.values(OFFER_JOBS));
  }

  protected handle(job: Job<OpenToBoardJob>): Promise<void> {
    return this.handlers.handle(job);
  }

  private async openToBoard(job: Job<OpenToBoardJob>): Promise<void> {
    const result = await this.offers.openToBoard(job.data.foodId);
    if (result.outcome === 'early' || result.outcome === 'passed') {
      // Not due yet (the clock of the process that scheduled it ran ahead), or a standing offer went to
      // the next charity of its waitlist: back to delayed until it is due.
      await job.moveToDelayed(result.dueAt, job.token);
      throw new DelayedError();
    }
    if (result.outcome === 'opened') this.logger.log(`Food item ${job.data.foodId} is on the open board`);
  }
}
