import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { QUEUES, type QueueCounts } from '@food-link/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { withTimeout } from '../common/with-timeout';
import { AppConfig } from '../config/app-config';
import { bullPrefix } from '../outbox/queue-options';
import { PRODUCER_REDIS_OPTIONS } from '../redis/redis-options';

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES = Object.values(QUEUES) as QueueName[];

/** Redis answers in milliseconds; an inspection that takes longer reports Redis as unavailable. */
export const INSPECTION_TIMEOUT_MS = 2000;

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/**
 * Read-and-repair access to every queue for health checks, metrics, the operator console and bull-board.
 * Its connection fails fast while Redis is away (the workers' connections wait forever instead), so an
 * operator's page or a health probe answers promptly either way.
 */
@Injectable()
export class QueueInspector implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueInspector');
  private readonly redis: Redis;
  readonly queues: ReadonlyMap<QueueName, Queue>;

  constructor(config: AppConfig) {
    // Every command is bounded too, so bull-board's own calls cannot hang on a Redis that does not answer.
    this.redis = new Redis(config.REDIS_URL, { ...PRODUCER_REDIS_OPTIONS, commandTimeout: INSPECTION_TIMEOUT_MS });
    this.redis.on('error', () => {
      // Reported by the health check that meets it; ioredis reconnects by itself.
    });
    this.queues = new Map(
      QUEUE_NAMES.map((name) => {
        const queue = new Queue(name, { connection: this.redis, prefix: bullPrefix(config) });
        queue.on('error', (error) => this.logger.debug(`${name}: ${error.message}`));
        return [name, queue] as const;
      }),
    );
  }

  queue(name: string): Queue | undefined {
    return this.queues.get(name as QueueName);
  }

  /** Job counts of every queue, in QUEUES order. */
  counts(): Promise<QueueCounts[]> {
    return withTimeout(
      Promise.all(
        [...this.queues].map(async ([name, queue]) => {
          const counts = await queue.getJobCounts(...COUNTED_STATES);
          return {
            queue: name,
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            completed: counts.completed ?? 0,
            failed: counts.failed ?? 0,
          };
        }),
      ),
      INSPECTION_TIMEOUT_MS,
      'Reading queue counts',
    );
  }

  /** Worker connections consuming domain events, as Redis sees them. */
  async domainEventWorkers(): Promise<number> {
    const queue = this.queues.get(QUEUES.domainEvents);
    if (!queue) return 0;
    return (await withTimeout(queue.getWorkersCount(), INSPECTION_TIMEOUT_MS, 'Listing workers'));
  }

  async ping(): Promise<void> {
    await withTimeout(this.redis.ping(), INSPECTION_TIMEOUT_MS, 'Redis PING');
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
