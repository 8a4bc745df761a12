import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { IDEMPOTENCY_RETENTION_HOURS } from '../common/route-metadata';
import type { IdempotentAttempt } from './idempotency-context';

export interface StoredKey {
  request_hash: string;
  attempt: string;
  status_code: number | null;
  response: unknown;
  /** Milliseconds until a running attempt's lock runs out (0 when it has). */
  locked_for_ms: number;
}

/** The SQL of `idempotency_keys` (see the migration for the row's life). */
@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes the key for `attempt`: a new key, or one whose earlier attempt with the same body ended without
   * an answer and let its lock run out, or one older than the retention. Returns false when the key is
   * held otherwise (answered, running, or used for another body); `find` says which. Taking over waits on
   * the row lock of a transaction that is storing an answer, and then finds the answer.
   */
  async take(userId: number, key: string, requestHash: string, attempt: string, lockMs: number): Promise<boolean> {
    const rows = await this.db.query<{ attempt: string }[]>(
      `INSERT INTO idempotency_keys AS k (user_id, key, request_hash, attempt, locked_until)
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')
       ON CONFLICT (user_id, key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, attempt = EXCLUDED.attempt, locked_until = EXCLUDED.locked_until,
              status_code = NULL, response = NULL, created_at = now()
        WHERE (k.status_code IS NULL AND k.locked_until < now() AND k.request_hash = EXCLUDED.request_hash)
           OR k.created_at < now() - interval '${IDEMPOTENCY_RETENTION_HOURS} hours'
       RETURNING attempt`,
      [userId, key, requestHash, attempt, lockMs],
    );
    return rows[0]?.attempt === attempt;
  }

  /**
   * Gives the key of `ended`, an attempt known to be over without an answer, to `attempt`. Waits on the
   * row lock of a transaction of `ended` still storing its answer (one delivered late), and then finds
   * the answer there (false) or takes the key (true), as `take` does after a lock has run out.
   */
  async takeOver(userId: number, key: string, requestHash: string, ended: string, attempt: string, lockMs: number): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `UPDATE idempotency_keys
          SET attempt = $5, locked_until = now() + $6 * interval '1 millisecond', created_at = now()
        WHERE user_id = $1 AND key = $2 AND request_hash = $3 AND attempt = $4 AND status_code IS NULL
        RETURNING 1`,
      [userId, key, requestHash, ended, attempt, lockMs],
    );
    return returnedCount(rows) > 0;
  }

  async find(userId: number, key: string): Promise<StoredKey | null> {
    const [row] = await this.db.query<StoredKey[]>(
      `SELECT request_hash, attempt, status_code, response,
              greatest(0, ceil(extract(epoch FROM locked_until - now()) * 1000))::int AS locked_for_ms
         FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return row ?? null;
  }

  /**
   * Stores the answer of `attempt`, in the transaction of `manager` when given (the write's own, so the
   * answer commits with the write or not at all). False when the attempt no longer holds the key.
   */
  async answer(attempt: IdempotentAttempt, response: unknown, manager: EntityManager = this.db.manager): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `UPDATE idempotency_keys SET status_code = $4, response = $5
        WHERE user_id = $1 AND key = $2 AND attempt = $3 AND status_code IS NULL
        RETURNING 1`,
      [attempt.userId, attempt.key, attempt.attempt, attempt.statusCode, JSON.stringify(response ?? null)],
    );
    return returnedCount(rows) > 0;
  }

  /** Lets go of a key whose attempt failed before anything was written, so a retry runs afresh. */
  async release(attempt: IdempotentAttempt): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND attempt = $3 AND status_code IS NULL`, [
      attempt.userId,
      attempt.key,
      attempt.attempt,
    ]);
  }

  /** Drops answers past the retention. Returns how many. */
  async purgeExpired(): Promise<number> {
    const rows = await this.db.query<unknown[]>(
      `DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_RETENTION_HOURS} hours' RETURNING 1`,
    );
    return returnedCount(rows);
  }
}

/** TypeORM answers UPDATE and DELETE ... RETURNING with `[rows, count]`. */
function returnedCount(raw: unknown[]): number {
  return typeof raw[1] === 'number' ? raw[1] : raw.length;
}
