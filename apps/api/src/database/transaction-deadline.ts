import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent, TransactionStartEvent } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** The pg client behind a TypeORM query runner, as far as the deadline needs it. */
interface PgConnection {
  connection?: { stream?: { destroy(error?: Error): void } };
}

/**
 * Bounds a whole transaction, not each statement: a transaction still open DB_TRANSACTION_TIMEOUT_MS after
 * it began has its connection cut. Its statement fails at once with "Connection terminated" (a 503 to the
 * caller), nothing of it commits, and the pool drops the connection instead of waiting, statement by
 * statement, on a database that has gone silent (a partition answers nothing, so each statement would
 * otherwise wait out its own 10 s).
 */
@Injectable()
export class TransactionDeadline implements OnModuleInit, EntitySubscriberInterface {
  private readonly logger = new Logger('Database');
  private readonly timers = new WeakMap<QueryRunner, NodeJS.Timeout>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.db.subscribers.push(this);
  }

  afterTransactionStart({ queryRunner }: TransactionStartEvent): void {
    const limit = this.config.DB_TRANSACTION_TIMEOUT_MS;
    const timer = setTimeout(() => {
      this.logger.warn(`A transaction ran past ${limit} ms; its connection is closed and nothing of it commits`);
      const client = (queryRunner as QueryRunner & { databaseConnection?: PgConnection }).databaseConnection;
      client?.connection?.stream?.destroy(new Error(`Connection terminated: the transaction ran past its ${limit} ms deadline`));
    }, limit);
    timer.unref();
    this.timers.set(queryRunner, timer);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    this.clear(queryRunner);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    this.clear(queryRunner);
  }

  private clear(queryRunner: QueryRunner): void {
    clearTimeout(this.timers.get(queryRunner));
    this.timers.delete(queryRunner);
  }
}
