import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@food-link/contracts';
import { Queue, type DefaultJobOptions } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import type { DeliverJob } from '../outbox/notification-jobs';
import { bullPrefix } from '../outbox/queue-options';

/**
 * A `send` job of the `messaging` queue: a notification (a `deliver` job's data, channel `phone`). `via: 'sms'`:
 * the SMS fallback of a WhatsApp message a status webhook reported `failed` (MessagingService.statusReported).
 */
export type SendJob = DeliverJob & { channel: 'phone'; via?: 'sms' };

/** The job id of the late SMS fallback of `job` (one per occasion and user, whatever number of failures is reported). */
export const smsFallbackJobId = (job: SendJob) => `${job.key}-${job.userId}-phone-sms`;

/**
 * Messages retry MESSAGING_ATTEMPTS times with exponential backoff from MESSAGING_BACKOFF_MS when waiting
 * may help (429, 5xx, the network); a permanent refusal fails at once (UnrecoverableError). Kept like the
 * notifications' jobs: while a job is kept, the same occasion queued again (same job id) adds nothing.
 */
export const messagingJobOptions = (config: AppConfig): DefaultJobOptions => ({
  attempts: config.MESSAGING_ATTEMPTS,
  backoff: { type: 'exponential', delay: config.MESSAGING_BACKOFF_MS },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
});

/**
 * The `messaging` queue as producers use it (NotificationsService.notify, in any process): WhatsApp and
 * SMS go through it so that a worker sends them at the provider's rate (MESSAGING_PER_SECOND, a global
 * rate limit of the queue) rather than as fast as a loop can. A connection of its own, whose commands fail
 * after one retry while Redis is away, so the caller (a job, which retries) does not hang.
 */
@Injectable()
export class MessagingQueue implements OnApplicationShutdown {
  readonly queue: Queue<SendJob>;
  private readonly redis: Redis;
  private readonly logger = new Logger('Messaging');

  constructor(config: AppConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => {
      // A failed add fails the calling job, which retries; ioredis reconnects by itself.
    });
    this.queue = new Queue<SendJob>(QUEUES.messaging, { connection: this.redis, prefix: bullPrefix(config), defaultJobOptions: messagingJobOptions(config) });
    let reported = false;
    this.redis.on('ready', () => (reported = false));
    this.queue.on('error', (error) => {
      if (reported) return;
      reported = true;
      this.logger.warn(`messaging queue: ${error.message} (said once until Redis is back)`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
