import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { OFFER_JOBS, OPS_EVENTS, QUEUES } from '@food-link/contracts';
import { DelayedError, type Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { OfferCascade } from '../food/offer-cascade';
import { MetricsService } from '../monitoring/metrics.service';
import { failedJobView, isFinalFailure } from '../monitoring/ops-views';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { JobHandlers } from './job-handlers';
import type { OpenToBoardJob } from './offer-scheduler';

/**
 * Consumes `offers`: `open-to-board` ends an item's partners stage (OfferCascade.openToBoard). Running it
 * twice changes nothing the second time (the item is no longer in the partners stage), and a run that
 * comes early puts the job back until it is due.
 *
 * A queue of its own rather than a job on `handover`: that queue is about claims (one job per request),
 * this one about listings (one per item), and operators see each queue's counts and failures apart.
 */
@Processor(QUEUES.offers)
export class OffersProcessor extends WorkerHost {
  private readonly logger = new Logger('Offers');
  private readonly handlers: JobHandlers<OpenToBoardJob>;

  constructor(
    private readonly offers: OfferCascade,
    private readonly metrics: MetricsService,
    private readonly realtime: RealtimePublisher,
    private readonly pino: PinoLogger,
  ) {
    super();
    this.handlers = new JobHandlers<OpenToBoardJob>(QUEUES.offers, { [OFFER_JOBS.openToBoard]: (job) => this.openToBoard(job) }, Object.values(OFFER_JOBS));
  }

  process(job: Job<OpenToBoardJob>): Promise<void> {
    return this.pino.runInContext(() => this.handlers.handle(job), { bindings: { jobId: job.id, jobName: job.name } });
  }

  private async openToBoard(job: Job<OpenToBoardJob>): Promise<void> {
    const result = await this.offers.openToBoard(job.data.foodId);
    if (result.outcome === 'early') {
      // Not due yet (the clock of the process that scheduled it ran ahead): back to delayed until it is.
      await job.moveToDelayed(result.dueAt, job.token);
      throw new DelayedError();
    }
    if (result.outcome === 'opened') this.logger.log(`Food item ${job.data.foodId} is on the open board`);
  }

  @OnWorkerEvent('completed')
  onCompleted(): void {
    this.metrics.jobsProcessed.inc({ queue: QUEUES.offers });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<OpenToBoardJob> | undefined, error: Error): void {
    this.metrics.jobsFailed.inc({ queue: QUEUES.offers });
    this.logger.warn(`${job?.name ?? 'An offers job'} failed: ${error.message}`);
    if (job && isFinalFailure(job)) {
      void this.realtime.toOperators(OPS_EVENTS.jobFailed, failedJobView(job)).catch(() => undefined);
    }
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`offers worker: ${error.message}`);
  }
}
