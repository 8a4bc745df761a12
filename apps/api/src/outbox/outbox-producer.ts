import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@food-link/contracts';
import { Queue, type JobState } from 'bullmq';
import Redis from 'ioredis';
import { withTimeout } from '../common/with-timeout';
import { AppConfig } from '../config/app-config';
import { PRODUCER_REDIS_OPTIONS } from '../redis/redis-options';
import type { DomainEventJob } from './domain-event-job';
import { bullPrefix, domainEventJobOptions } from './queue-options';

/** A healthy Redis takes milliseconds; past this the connection is presumed dead and replaced. */
const PUBLISH_TIMEOUT_MS = 5000;

/** The `domain-events` queue as the outbox's drain and lease keeper use it. */
export interface OutboxQueue {
  /** Adds the events' jobs (job id = event id, so adding one twice adds it once). */
  add(events: readonly DomainEventJob[]): Promise<unknown>;
  /** Each event's job state, in order (`unknown`: Redis does not have it). */
  states(eventIds: readonly string[]): Promise<(JobState | 'unknown')[]>;
}

interface Producer {
  redis: Redis;
  queue: Queue<DomainEventJob>;
}

/**
 * The outbox's connection to the `domain-events` queue, shared by the drain and the lease keeper. It
 * fails fast while Redis is away (no offline queue), bounds every call in time, and can be replaced
 * when a call times out. Closed after both (Nest shuts down the services that depend on it first).
 */
@Injectable()
export class OutboxProducer implements OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private producer: Producer;

  constructor(private readonly config: AppConfig) {
    this.producer = this.create();
  }

  /** The queue, if its connection is ready now; otherwise throws, naming the connection's state. */
  ready(): OutboxQueue {
    const { redis, queue } = this.producer;
    if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`);
    return {
      add: (events) => withTimeout(queue.addBulk(events.map(toJob)), PUBLISH_TIMEOUT_MS, 'Adding jobs to Redis'),
      states: (eventIds) =>
        withTimeout(Promise.all(eventIds.map((id) => queue.getJobState(id))), PUBLISH_TIMEOUT_MS, 'Looking jobs up in Redis'),
    };
  }

  /**
   * A command caught by a connection that died under it can wait forever for a reply (ioredis keeps it
   * for the reconnection), so a timed-out producer is dropped for a fresh one.
   */
  async replace(): Promise<void> {
    const stale = this.producer;
    this.producer = this.create();
    stale.redis.disconnect();
    await close(stale).catch((error: Error) => this.logger.warn(`closing a stale producer: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await close(this.producer);
  }

  private create(): Producer {
    const redis = new Redis(this.config.REDIS_URL, PRODUCER_REDIS_OPTIONS);
    redis.on('error', () => {
      // Reported once per outage by the drain; ioredis reconnects by itself.
    });
    const queue = new Queue<DomainEventJob>(QUEUES.domainEvents, {
      connection: redis,
      prefix: bullPrefix(this.config),
      defaultJobOptions: domainEventJobOptions(this.config),
    });
    queue.on('error', (error) => this.logger.warn(`domain-events queue: ${error.message}`));
    return { redis, queue };
  }
}

async function close({ redis, queue }: Producer): Promise<void> {
  await queue.close();
  redis.disconnect();
}

/** The event as a `domain-events` job; the job id is the event id, so adding it twice adds it once. */
function toJob(event: DomainEventJob) {
  return { name: event.envelope.type, data: event, opts: { jobId: event.envelope.id } };
}
