import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QUEUES, type AnyEventEnvelope } from '@food-link/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { TimeoutError, withTimeout } from '../common/with-timeout';
import { AppConfig } from '../config/app-config';
import { PRODUCER_REDIS_OPTIONS } from '../redis/redis-options';
import type { DomainEventJob } from './domain-event-job';
import { bullPrefix, domainEventJobOptions } from './queue-options';

const BATCH_SIZE = 200;
/** Completed jobs are settled together, at most this long after they complete. */
const SETTLE_DELAY_MS = 100;
/** A healthy Redis takes milliseconds; past this the connection is presumed dead and replaced. */
const PUBLISH_TIMEOUT_MS = 5000;
/** SQL for the end of a lease starting now; its length in ms is the parameter `$2`. */
const LEASE_END = `now() + $2 * interval '1 millisecond'`;
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
 * re-send is harmless) and marks them published, with a lease (see `settleLeases`). Woken right after
 * each commit by the process that committed (in memory, see OutboxService; by `NOTIFY outbox_events` from
 * a process without a relay of its own), and polls as a safety net, so a missed wake-up or a Redis
 * outage only delays events. Rows are claimed with FOR UPDATE SKIP LOCKED, so relays in several processes
 * share the work without sending a row twice.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private producer: Producer;
  private listener?: Client;
  private pollTimer?: NodeJS.Timeout;
  private leaseTimer?: NodeJS.Timeout;
  private draining?: Promise<unknown>;
  private settling?: Promise<number>;
  private settlingFailed = false;
  /** Events whose jobs completed in this process and whose rows are not settled yet. */
  private completed = new Set<string>();
  private completedTimer?: NodeJS.Timeout;
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
    this.leaseTimer = setInterval(() => void this.settleLeases(), Math.round(this.config.OUTBOX_LEASE_MS / 2));
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearInterval(this.leaseTimer);
    await Promise.all([this.draining, this.settling, this.settleCompleted()]);
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
   * Looks up the jobs of events whose lease has expired (workers settle most events as their jobs
   * complete; these are the rest). A job that has finished (completed, or failed for good and kept for
   * operators) settles its event; one still waiting, delayed or running extends the lease; one Redis no
   * longer has (it lost its data while the job waited, as after a restart without persistence) is added
   * again with a new lease. One run at a time; resolves with the jobs added again.
   */
  settleLeases(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.settling ??= this.settleAll().finally(() => {
      this.settling = undefined;
    });
    return this.settling;
  }

  /**
   * A worker in this process has completed the event's job. Its row is settled shortly after, with the
   * others completed meanwhile, so that the lease lookups only concern stragglers, and a Redis that loses
   * its data then does not have the event sent again.
   */
  jobCompleted(eventId: string): void {
    if (this.stopped) return; // the lease lookup of another process settles it
    this.completed.add(eventId);
    if (this.completed.size >= BATCH_SIZE) void this.settleCompleted();
    else this.completedTimer ??= setTimeout(() => void this.settleCompleted(), SETTLE_DELAY_MS);
  }

  private async settleCompleted(): Promise<void> {
    clearTimeout(this.completedTimer);
    this.completedTimer = undefined;
    if (this.completed.size === 0) return;
    const ids = [...this.completed];
    this.completed = new Set();
    // Unsettled rows are only looked up again when their lease is up: nothing is lost by a failure here.
    await this.settle(ids).catch((error: Error) => this.logger.debug(`settling ${ids.length} completed events: ${error.message}`));
  }

  /** Starts (or restarts) the lease of events whose jobs have just been put in Redis. */
  async renewLeases(eventIds: readonly string[], manager: EntityManager = this.db.manager): Promise<void> {
    if (eventIds.length === 0) return;
    await manager.query(`UPDATE outbox_events SET lease_expires_at = ${LEASE_END} WHERE id = ANY($1::uuid[])`, [eventIds, this.config.OUTBOX_LEASE_MS]);
  }

  /** Ends the lease of events whose jobs are done with: they are not looked up or sent again. */
  async settle(eventIds: readonly string[], manager: EntityManager = this.db.manager): Promise<void> {
    if (eventIds.length === 0) return;
    await manager.query(`UPDATE outbox_events SET lease_expires_at = NULL WHERE id = ANY($1::uuid[])`, [eventIds]);
  }

  private async settleAll(): Promise<number> {
    let resent = 0;
    try {
      for (;;) {
        const batch = await this.settleBatch();
        resent += batch.resent;
        if (batch.checked < BATCH_SIZE || this.stopped) break;
      }
      this.settlingFailed = false;
    } catch (error) {
      if (!this.settlingFailed) this.logger.warn(`Cannot check handed-over events yet (${(error as Error).message}); will retry`);
      this.settlingFailed = true;
    }
    if (resent > 0) this.logger.warn(`Redis had lost the jobs of ${resent} events; they were sent again`);
    return resent;
  }

  private async settleBatch(): Promise<{ checked: number; resent: number }> {
    const { redis, queue } = this.producer;
    if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`);
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<OutboxRow[]>(
        `SELECT id, type, data, recipients, occurred_at FROM outbox_events
          WHERE lease_expires_at < now()
          ORDER BY lease_expires_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [BATCH_SIZE],
      );
      if (rows.length === 0) return { checked: 0, resent: 0 };
      const states = await withTimeout(Promise.all(rows.map((row) => queue.getJobState(row.id))), PUBLISH_TIMEOUT_MS, 'Looking jobs up in Redis');
      const finished: string[] = [];
      const leased: string[] = []; // still on their way, or about to be again
      const lost: OutboxRow[] = [];
      rows.forEach((row, i) => {
        if (states[i] === 'completed' || states[i] === 'failed') finished.push(row.id);
        else {
          leased.push(row.id);
          if (states[i] === 'unknown') lost.push(row);
        }
      });
      if (lost.length > 0) await withTimeout(queue.addBulk(lost.map(toJob)), PUBLISH_TIMEOUT_MS, 'Adding jobs to Redis');
      await this.settle(finished, tx);
      await this.renewLeases(leased, tx);
      return { checked: rows.length, resent: lost.length };
    });
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
      await withTimeout(queue.addBulk(rows.map(toJob)), PUBLISH_TIMEOUT_MS, 'Adding jobs to Redis');
      await tx.query(`UPDATE outbox_events SET published_at = now(), lease_expires_at = ${LEASE_END} WHERE id = ANY($1::uuid[])`, [
        rows.map((row) => row.id),
        this.config.OUTBOX_LEASE_MS,
      ]);
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

/** The row as a `domain-events` job; the job id is the event id, so adding it twice adds it once. */
function toJob(row: OutboxRow) {
  return { name: row.type, data: { envelope: toEnvelope(row), recipients: row.recipients } satisfies DomainEventJob, opts: { jobId: row.id } };
}

function toEnvelope(row: OutboxRow): AnyEventEnvelope {
  return { id: row.id, type: row.type, occurredAt: row.occurred_at.toISOString(), data: row.data } as AnyEventEnvelope;
}
