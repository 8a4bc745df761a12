import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { OPS_EVENTS, type QUEUES } from '@food-link/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { MetricsService } from '../monitoring/metrics.service';
import { failedJobView, isFinalFailure } from '../monitoring/ops-views';
import { RealtimePublisher } from '../realtime/realtime-publisher';

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** How often each worker's loop is checked (QueueWorker.onApplicationBootstrap). */
export const WATCHDOG_MS = 5000;

/** What every queue's processor needs from the rest of the process; one provider, handed to QueueWorker. */
@Injectable()
export class QueueWorkerKit {
  constructor(
    readonly metrics: MetricsService,
    readonly pino: PinoLogger,
    readonly realtime: RealtimePublisher,
  ) {}
}

/**
 * True when the job will not run again by itself: its last attempt failed, or it failed with BullMQ's
 * UnrecoverableError (a job it cannot handle, an address the SMTP server refuses), which is not retried
 * whatever attempts are left. It then waits in the failed set for an operator.
 */
export function isFinalJobFailure(job: Job, error: Error): boolean {
  return isFinalFailure(job) || error instanceof UnrecoverableError || error.name === 'UnrecoverableError';
}

/**
 * The plumbing every queue's processor shares, written once: each job runs with its ids in every log line
 * (pino's context), completions and failures are counted (`foodlink_jobs_processed_total`,
 * `foodlink_jobs_failed_total`), a final failure (isFinalJobFailure) is logged as such and shown to
 * operators (`ops.job_failed`), and a watchdog starts the worker's loop again when it has stopped: BullMQ's
 * main loop can end on a connection error during a Redis restart and not start again
 * (taskforcesh/bullmq#648); the maintainers' remedy is to run it again.
 *
 * A processor extends it, passes its queue's name and the kit, and implements `handle`; it may override
 * `logBindings` (the log context), `started` (start-up work), `concurrency` and `completed`.
 */
export abstract class QueueWorker<T> extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  private watchdog?: NodeJS.Timeout;

  protected constructor(
    protected readonly queueName: QueueName,
    protected readonly kit: QueueWorkerKit,
    loggerContext: string,
  ) {
    super();
    this.logger = new Logger(loggerContext);
  }

  /** Runs one job; throwing fails the attempt (UnrecoverableError: for good). */
  protected abstract handle(job: Job<T>): Promise<void>;

  /** What each log line written while the job runs carries. */
  protected logBindings(job: Job<T>): Record<string, unknown> {
    return { jobId: job.id, jobName: job.name };
  }

  /** How many jobs this worker runs at once (BullMQ's default, 1, unless overridden). */
  protected concurrency(): number | undefined {
    return undefined;
  }

  /** Start-up work of the queue (schedules, catching up); runs once the worker exists. */
  protected started(): Promise<void> | void {
    return undefined;
  }

  /** After a job completed (and was counted). */
  protected completed(job: Job<T>): void {
    void job;
  }

  async onApplicationBootstrap(): Promise<void> {
    const concurrency = this.concurrency();
    if (concurrency !== undefined) this.worker.concurrency = concurrency;
    this.watchdog = setInterval(() => this.restartIfStopped(), WATCHDOG_MS);
    this.watchdog.unref();
    await this.started();
  }

  onApplicationShutdown(): void {
    clearInterval(this.watchdog);
  }

  /** The watchdog's check: a worker that is neither running nor closing is started again. */
  restartIfStopped(): boolean {
    if (this.worker.isRunning() || this.worker.closing) return false;
    this.logger.warn(`The ${this.queueName} worker loop had stopped; starting it again`);
    this.worker.run().catch((error: Error) => this.logger.warn(`restarting the worker loop: ${error.message}`));
    return true;
  }

  process(job: Job<T>): Promise<void> {
    return this.kit.pino.runInContext(() => this.handle(job), { bindings: this.logBindings(job) });
  }

  @OnWorkerEvent('completed')
  onCompleted(job: Job<T>): void {
    this.kit.metrics.jobsProcessed.inc({ queue: this.queueName });
    this.completed(job);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<T> | undefined, error: Error): void {
    this.kit.metrics.jobsFailed.inc({ queue: this.queueName });
    if (!job) return this.logger.warn(`A ${this.queueName} job failed: ${error.message}`);
    void this.kit.pino.runInContext(
      async () => {
        const final = isFinalJobFailure(job, error);
        this.logger.warn(`${job.name} ${job.id} failed, attempt ${job.attemptsMade}${final ? ' (the last: it waits for an operator)' : ''}: ${error.message}`);
        if (!final) return;
        await this.kit.realtime
          .toOperators(OPS_EVENTS.jobFailed, failedJobView(job))
          .catch((publishError: Error) => this.logger.warn(`Telling operators of the failure: ${publishError.message}`));
      },
      { bindings: this.logBindings(job) },
    );
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`${this.queueName} worker: ${error.message}`);
  }
}
