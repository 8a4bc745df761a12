import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { HANDOVER_JOBS, OPS_EVENTS, QUEUES } from '@food-link/contracts';
import { DelayedError, type Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { HandoverService } from '../handover/handover.service';
import { MetricsService } from '../monitoring/metrics.service';
import { failedJobView, isFinalFailure } from '../monitoring/ops-views';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { JobHandlers } from './job-handlers';
import type { NotCollectedJob } from './not-collected-scheduler';

/**
 * Consumes `handover`: `not-collected` ends a request still pending at the end of its window plus the grace
 * period (HandoverService.runNotCollected). Running it twice changes nothing the second time (the request
 * is no longer pending), and a run that comes early puts the job back until it is due.
 */
@Processor(QUEUES.handover)
export class HandoverProcessor extends WorkerHost {
  private readonly logger = new Logger('Handover');
  private readonly handlers: JobHandlers<NotCollectedJob>;

  constructor(
    private readonly handover: HandoverService,
    private readonly metrics: MetricsService,
    private readonly realtime: RealtimePublisher,
    private readonly pino: PinoLogger,
  ) {
    super();
    this.handlers = new JobHandlers<NotCollectedJob>(
      QUEUES.handover,
      { [HANDOVER_JOBS.notCollected]: (job) => this.notCollected(job) },
      Object.values(HANDOVER_JOBS),
    );
  }

  process(job: Job<NotCollectedJob>): Promise<void> {
    return this.pino.runInContext(() => this.handlers.handle(job), { bindings: { jobId: job.id, jobName: job.name } });
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

  @OnWorkerEvent('completed')
  onCompleted(): void {
    this.metrics.jobsProcessed.inc({ queue: QUEUES.handover });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<NotCollectedJob> | undefined, error: Error): void {
    this.metrics.jobsFailed.inc({ queue: QUEUES.handover });
    this.logger.warn(`${job?.name ?? 'A handover job'} failed: ${error.message}`);
    if (job && isFinalFailure(job)) {
      void this.realtime.toOperators(OPS_EVENTS.jobFailed, failedJobView(job)).catch(() => undefined);
    }
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`handover worker: ${error.message}`);
  }
}
