import { InjectQueue, Processor } from '@nestjs/bullmq';
import { MESSAGING_JOBS, QUEUES } from '@food-link/contracts';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import type { SendJob } from '../messaging/messaging-queue';
import { ProviderError } from '../messaging/provider-clients';
import { DeliveryService } from '../notifications/delivery.service';
import { JobHandlers } from './job-handlers';
import { QueueWorker, QueueWorkerKit } from './queue-worker';

/** Meta's "too many messages" codes: its rate limit (130429) and its pair rate limit (131056), besides HTTP 429. */
const THROTTLED_CODES = new Set([130429, 131056]);

/**
 * Consumes `messaging` (docs/MESSAGING.md, "The sending queue"): `send` is one notification to one user's
 * verified phone (DeliveryService: WhatsApp or SMS, the SMS fallback). The queue is rate-limited globally to
 * MESSAGING_PER_SECOND (every worker process together), the Cloud API's throughput per business number.
 * A 429 (or Meta's rate-limit codes) holds the whole queue for MESSAGING_BACKOFF_MS and retries the job
 * with exponential back-off, as a 5xx does; a permanent refusal fails at once (UnrecoverableError).
 */
@Processor(QUEUES.messaging)
export class MessagingProcessor extends QueueWorker<SendJob> {
  private readonly handlers: JobHandlers<SendJob>;

  constructor(
    kit: QueueWorkerKit,
    private readonly config: AppConfig,
    private readonly delivery: DeliveryService,
    @InjectQueue(QUEUES.messaging) private readonly queue: Queue<SendJob>,
  ) {
    super(QUEUES.messaging, kit, 'Messaging');
    this.handlers = new JobHandlers<SendJob>(QUEUES.messaging, { [MESSAGING_JOBS.send]: (job) => this.send(job) }, Object.values(MESSAGING_JOBS));
  }

  protected override concurrency(): number {
    return this.config.NOTIFY_CONCURRENCY;
  }

  protected override async started(): Promise<void> {
    await this.queue.setGlobalRateLimit(this.config.MESSAGING_PER_SECOND, 1000);
  }

  protected handle(job: Job<SendJob>): Promise<void> {
    return this.handlers.handle(job);
  }

  private async send(job: Job<SendJob>): Promise<void> {
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      const outcome = await this.delivery.deliver(job.data, { finalAttempt });
      if (outcome !== 'sent') this.logger.debug(`${job.id}: ${outcome}`);
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 429 || (error.code !== null && THROTTLED_CODES.has(error.code)))) {
        // The provider says we go too fast: nobody on this queue sends for a while, and this job retries later.
        await this.worker.rateLimit(this.config.MESSAGING_BACKOFF_MS);
      }
      throw error;
    }
  }
}
