import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { DomainEventJob } from './domain-event-job';
import { BATCH_SIZE } from './outbox-drain';
import { OutboxProducer } from './outbox-producer';
import { OutboxRepository } from './outbox.repository';

/** Completed jobs are settled together, at most this long after they complete. */
const SETTLE_DELAY_MS = 100;

/**
 * Keeps the leases the drain gives to the events it hands to Redis, so that a Redis that loses its data
 * loses nothing on its way. Workers settle the events of the jobs they complete (`jobCompleted`, in
 * batches); every half lease the keeper looks up the jobs of the events whose lease has expired: a
 * finished job settles its event, one still on its way extends the lease, and one Redis no longer has is
 * added again.
 */
@Injectable()
export class OutboxLeaseKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private leaseTimer?: NodeJS.Timeout;
  private settling?: Promise<number>;
  private settlingFailed = false;
  /** Events whose jobs completed in this process and whose rows are not settled yet. */
  private completed = new Set<string>();
  private completedTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly producer: OutboxProducer,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.leaseTimer = setInterval(() => void this.settleLeases(), Math.round(this.config.OUTBOX_LEASE_MS / 2));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.leaseTimer);
    await Promise.all([this.settling, this.settleCompleted()]);
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

  /** Starts (or restarts) the lease of events whose jobs have just been put in Redis. */
  renewLeases(eventIds: readonly string[], manager?: EntityManager): Promise<void> {
    return this.outbox.renewLeases(eventIds, this.config.OUTBOX_LEASE_MS, manager);
  }

  /** Ends the lease of events whose jobs are done with: they are not looked up or sent again. */
  settle(eventIds: readonly string[], manager?: EntityManager): Promise<void> {
    return this.outbox.settle(eventIds, manager);
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
    const queue = this.producer.ready();
    return this.db.transaction(async (tx) => {
      const events = await this.outbox.lockExpiredLeases(tx, BATCH_SIZE);
      if (events.length === 0) return { checked: 0, resent: 0 };
      const states = await queue.states(events.map((event) => event.envelope.id));
      const finished: string[] = [];
      const leased: string[] = []; // still on their way, or about to be again
      const lost: DomainEventJob[] = [];
      events.forEach((event, i) => {
        if (states[i] === 'completed' || states[i] === 'failed') finished.push(event.envelope.id);
        else {
          leased.push(event.envelope.id);
          if (states[i] === 'unknown') lost.push(event);
        }
      });
      if (lost.length > 0) await queue.add(lost);
      await this.settle(finished, tx);
      await this.renewLeases(leased, tx);
      return { checked: events.length, resent: lost.length };
    });
  }
}
