import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QUEUES, type AnyEventEnvelope } from '@food-link/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TimeoutError, withTimeout } from '../common/with-timeout';
import { AppConfig } from '../config/app-config';
import { PRODUCER_REDIS_OPTIONS } from '../redis/redis-options';
import type { DomainEventJob } from './domain-event-job';
import { bullPrefix, domainEventJobOptions } from './queue-options';

const BATCH_SIZE = 200;
/** A healthy Redis takes milliseconds; past this the connection is presumed dead and replaced. */
const PUBLISH_TIMEOUT_MS = 5000;
/** Processes without a running relay NOTIFY this channel after committing events (see OutboxService). */
export const OUTBOX_CHANNEL = 'outbox_events';

interface OutboxRow {
  id: string;
  type: AnyEventEnvelope['type'];
  data: AnyEventEnvelope['data'];
  recipients: number[];
  occurred_at: Date;
}

/**
 * Moves committed, unpublished outbox rows into the `domain-events` queue (job id = event id, so a
 * re-send is harmless) and marks them published. Woken right after each commit by the process that
 * committed (in memory, see OutboxService; by `NOTIFY outbox_events` from a process without a relay of
 * its own), and polls as a safety net, so a missed wake-up or a Redis outage only delays events. Rows
 * are claimed with FOR UPDATE SKIP LOCKED, so relays in several processes share the work without sending
 * a row twice.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private producer: Producer;
  private listener?: Client;
  private pollTimer?: NodeJS.Timeout;
  private draining?: Promise<unknown>;
  private wakeAgain = false;
  private started = false;
  private stopped = false;
  private publishingFailed = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    this.producer = this.newProducer();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
    this.started = true;
    this.pollTimer = setInterval(() => this.wake(), this.config.OUTBOX_POLL_MS);
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    await this.draining;
    await this.listener?.end().catch((error: Error) => this.logger.warn(`closing the listener: ${error.message}`));
    await this.producer.close();
  }

  /**
   * Wakes this relay for events this process has just committed. Returns false when it cannot be relied
   * on to send them soon (not started yet, stopping, or its last attempt to publish failed), so that the
   * caller asks the other processes' relays too.
   */
  wakeHere(): boolean {
    if (!this.started || this.stopped) return false;
    this.wake();
    return !this.publishingFailed;
  }

  /** Asks for a drain; if one is running, it goes round once more so nothing committed meanwhile waits. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      }
    });
  }

  /** Publishes batch after batch until the outbox is empty or Redis refuses. Resolves with the count sent. */
  async drain(): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const published = await this.publishBatch();
        sent += published;
        if (published < BATCH_SIZE || this.stopped) break;
      }
      if (this.publishingFailed) this.logger.log('Publishing events again');
      this.publishingFailed = false;
    } catch (error) {
      // The rows stay unpublished and go out on a later wake-up; only the first failure is worth a line.
      // The cause may be Redis or the database pool, so the message names neither.
      if (!this.publishingFailed) this.logger.warn(`Cannot publish events yet (${(error as Error).message}); will retry`);
      this.publishingFailed = true;
      if (error instanceof TimeoutError) await this.replaceProducer();
    }
    return sent;
  }

  /**
   * A command caught by a connection that died under it can wait forever for a reply (ioredis keeps it
   * for the reconnection), so a timed-out producer is dropped for a fresh one.
   */
  private async replaceProducer(): Promise<void> {
    const stale = this.producer;
    this.producer = this.newProducer();
    stale.redis.disconnect();
    await stale.close().catch((error: Error) => this.logger.warn(`closing a stale producer: ${error.message}`));
  }

  private newProducer(): Producer {
    const redis = new Redis(this.config.REDIS_URL, PRODUCER_REDIS_OPTIONS);
    redis.on('error', () => {
      // Reported once per outage by drain(); ioredis reconnects by itself.
    });
    const queue = new Queue<DomainEventJob>(QUEUES.domainEvents, {
      connection: redis,
      prefix: bullPrefix(this.config),
      defaultJobOptions: domainEventJobOptions(this.config),
    });
    queue.on('error', (error) => this.logger.warn(`domain-events queue: ${error.message}`));
    return {
      redis,
      queue,
      close: async () => {
        await queue.close();
        redis.disconnect();
      },
    };
  }

  private async publishBatch(): Promise<number> {
    const { redis, queue } = this.producer;
    if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`);
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<OutboxRow[]>(
        `SELECT id, type, data, recipients, occurred_at FROM outbox_events
          WHERE published_at IS NULL
          ORDER BY occurred_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [BATCH_SIZE],
      );
      if (rows.length === 0) return 0;
      const jobs = rows.map((row) => ({
        name: row.type,
        data: { envelope: toEnvelope(row), recipients: row.recipients },
        opts: { jobId: row.id },
      }));
      await withTimeout(queue.addBulk(jobs), PUBLISH_TIMEOUT_MS, 'Adding jobs to Redis');
      await tx.query(`UPDATE outbox_events SET published_at = now() WHERE id = ANY($1::uuid[])`, [rows.map((row) => row.id)]);
      return rows.length;
    });
  }

  /** A connection of its own LISTENs for commits; if it drops, polling carries on until it is back. */
  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.config.DATABASE_URL });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.logger.warn(`Outbox listener lost (${error.message}); polling until it is back`);
      this.listener = undefined;
      // The connection is already broken; ending it only frees its resources.
      void client.end().catch(() => undefined);
      this.relisten();
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = client;
  }

  private relisten(): void {
    if (this.stopped) return;
    setTimeout(() => {
      this.listen().then(
        () => this.wake(),
        () => this.relisten(),
      );
    }, this.config.OUTBOX_POLL_MS);
  }
}

interface Producer {
  redis: Redis;
  queue: Queue<DomainEventJob>;
  close(): Promise<void>;
}

function toEnvelope(row: OutboxRow): AnyEventEnvelope {
  return { id: row.id, type: row.type, occurredAt: row.occurred_at.toISOString(), data: row.data } as AnyEventEnvelope;
}
