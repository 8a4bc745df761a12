import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DomainEventType, RecordedEventData } from '@food-link/contracts';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { OutboxDrain } from './outbox-drain';
import { OutboxRepository } from './outbox.repository';

/**
 * Records domain events in the transaction that makes the change: a committed change always has its
 * event, a rolled-back one never announces anything. The relay takes it from there.
 *
 * Relays are woken once the recording transaction has committed, never from inside it: a NOTIFY sent in
 * a transaction takes a database-wide lock at commit and holds it until the commit is flushed, which
 * queued every write behind every other. The process that committed wakes its own relay in memory (every
 * API and worker process runs one); a process without a running relay (the stats CLI, or one whose relay
 * is stopped or cannot reach Redis) sends `NOTIFY outbox_events` after the commit instead, at most one
 * at a time, for the relays of the other processes. The relays' polling is the safety net for a wake-up
 * lost to a crash between commit and wake-up.
 */
@Injectable()
export class OutboxService implements OnModuleInit, EntitySubscriberInterface {
  private readonly logger = new Logger('Outbox');
  /** Transactions that recorded events and have not committed yet. */
  private readonly recording = new WeakSet<QueryRunner>();
  private notifying?: Promise<void>;
  private notifyingAgain?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxRepository,
    @Optional() private readonly relay?: OutboxDrain,
  ) {}

  onModuleInit(): void {
    this.db.subscribers.push(this);
  }

  /**
   * @param recipients users who hear of the event in their private room (the donor, the charity); whether
   *   everyone hears of it too is the realtime module's decision, by type.
   */
  async record<T extends DomainEventType>(
    tx: EntityManager,
    type: T,
    data: RecordedEventData<T>,
    recipients: number[] = [],
  ): Promise<string> {
    const id = randomUUID();
    await this.outbox.insert(tx, id, type, data, recipients);
    await this.recorded(tx);
    return id;
  }

  /**
   * `record` for many events of one type, in one statement (a batch of listings): the same commit wakes
   * the relays once. Returns the events' ids, in order.
   */
  async recordMany<T extends DomainEventType>(
    tx: EntityManager,
    type: T,
    events: readonly { data: RecordedEventData<T>; recipients: number[] }[],
  ): Promise<string[]> {
    if (events.length === 0) return [];
    const rows = events.map((event) => ({ id: randomUUID(), data: event.data, recipients: event.recipients }));
    await this.outbox.insertMany(tx, type, rows);
    await this.recorded(tx);
    return rows.map((row) => row.id);
  }

  /** Events were inserted with `tx`: the relays are woken once it commits (at once outside a transaction). */
  private async recorded(tx: EntityManager): Promise<void> {
    const runner = tx.queryRunner;
    if (runner?.isTransactionActive) this.recording.add(runner);
    else await this.committed();
  }

  /**
   * Wakes the relays for events that are committed. `record()` calls it when the transaction commits;
   * a statement that inserts its own outbox row outside a transaction calls it once the statement has
   * returned. Never throws: the write is committed whatever happens to the wake-up.
   */
  committed(connection?: QueryRunner): Promise<void> {
    if (this.relay?.wakeHere()) return Promise.resolve();
    // No relay here, or it cannot publish at the moment: another process's may.
    return this.notifyOtherProcesses(connection);
  }

  /** TypeORM calls this after every COMMIT and RELEASE SAVEPOINT; only the outermost commit counts. */
  afterTransactionCommit(event: TransactionCommitEvent): Promise<void> | undefined {
    const runner = event.queryRunner;
    if (runner.isTransactionActive || !this.recording.has(runner)) return undefined;
    this.recording.delete(runner);
    // TypeORM awaits this before it hands the connection back to the pool, so any NOTIFY goes over this
    // connection: asking the pool for another while holding this one deadlocks once the pool is exhausted.
    return this.committed(runner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.recording.delete(event.queryRunner);
  }

  /**
   * One NOTIFY at a time: commits that arrive while one is on its way share a single follow-up (the one
   * on its way may have left before they committed). Resolves once the NOTIFY that covers this commit
   * has been sent, so a short-lived process does not exit before it.
   */
  private notifyOtherProcesses(connection?: QueryRunner): Promise<void> {
    if (!this.notifying) {
      this.notifying = this.notify(connection).finally(() => {
        this.notifying = undefined;
      });
      return this.notifying;
    }
    this.notifyingAgain ??= this.notifying.then(() => {
      this.notifyingAgain = undefined;
      return this.notifyOtherProcesses(connection);
    });
    return this.notifyingAgain;
  }

  /** @param connection the committing transaction's, still held by its caller; else one from the pool. */
  private async notify(connection?: QueryRunner): Promise<void> {
    try {
      await this.outbox.notify(connection);
    } catch (error) {
      // The event is committed; the relays' polling sends it a moment later.
      this.logger.warn(`Could not wake the relays (${(error as Error).message}); they will find the event by polling`);
    }
  }

  /** The newest row and the snapshot, for the cached reads (food/change-mark.ts), in the caller's transaction when given. */
  changeMark(...args: Parameters<OutboxRepository['changeMark']>): ReturnType<OutboxRepository['changeMark']> {
    return this.outbox.changeMark(...args);
  }
}
