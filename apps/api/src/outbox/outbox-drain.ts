import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TimeoutError } from '../common/with-timeout';
import { AppConfig } from '../config/app-config';
import { OutboxProducer } from './outbox-producer';
import { OutboxRepository } from './outbox.repository';

export const BATCH_SIZE = 200;

/**
 * The relay's drain: moves committed, unpublished outbox rows into the `domain-events` queue (job id =
 * event id, so a re-send is harmless) and marks them published, with a lease (see OutboxLeaseKeeper).
 * Woken right after each commit by the process that committed (in memory, see OutboxService; by `NOTIFY
 * outbox_events` from a process without a relay of its own), and polls as a safety net, so a missed
 * wake-up or a Redis outage only delays events. Rows are claimed with FOR UPDATE SKIP LOCKED, so relays
 * in several processes share the work without sending a row twice.
 */
@Injectable()
export class OutboxDrain implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private listener?: Client;
  private pollTimer?: NodeJS.Timeout;
  /** The drain running now, if any; `wakeAgain` asks it to go round once more. */
  private draining?: Promise<unknown>;
  private wakeAgain = false;
  /** Between bootstrap and shutdown. */
  private running = false;
  private publishingFailed = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly producer: OutboxProducer,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
    this.running = true;
    this.pollTimer = setInterval(() => this.wake(), this.config.OUTBOX_POLL_MS);
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    clearInterval(this.pollTimer);
    await this.draining;
    await this.listener?.end().catch((error: Error) => this.logger.warn(`closing the listener: ${error.message}`));
  }

  /**
   * Wakes this relay for events this process has just committed. Returns false when it cannot be relied
   * on to send them soon (not started yet, stopping, or its last attempt to publish failed), so that the
   * caller asks the other processes' relays too.
   */
  wakeHere(): boolean {
    if (!this.running) return false;
    this.wake();
    return !this.publishingFailed;
  }

  /** Asks for a drain; if one is running, it goes round once more so nothing committed meanwhile waits. */
  wake(): void {
    if (!this.running) return;
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
        if (published < BATCH_SIZE || !this.running) break;
      }
      if (this.publishingFailed) this.logger.log('Publishing events again');
      this.publishingFailed = false;
    } catch (error) {
      // The rows stay unpublished and go out on a later wake-up; only the first failure is worth a line.
      // The cause may be Redis or the database pool, so the message names neither.
      if (!this.publishingFailed) this.logger.warn(`Cannot publish events yet (${(error as Error).message}); will retry`);
      this.publishingFailed = true;
      if (error instanceof TimeoutError) await this.producer.replace();
    }
    return sent;
  }

  private async publishBatch(): Promise<number> {
    const queue = this.producer.ready();
    return this.db.transaction(async (tx) => {
      const events = await this.outbox.lockUnpublished(tx, BATCH_SIZE);
      if (events.length === 0) return 0;
      await queue.add(events);
      await this.outbox.markPublished(
        tx,
        events.map((event) => event.envelope.id),
        this.config.OUTBOX_LEASE_MS,
      );
      return events.length;
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
    await this.outbox.listen(client);
    this.listener = client;
  }

  private relisten(): void {
    if (!this.running) return;
    setTimeout(() => {
      this.listen().then(
        () => this.wake(),
        () => this.relisten(),
      );
    }, this.config.OUTBOX_POLL_MS);
  }
}
