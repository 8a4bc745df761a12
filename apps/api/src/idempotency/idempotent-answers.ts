import { ConflictException, Injectable } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';
import type { EntityManager } from 'typeorm';
import { idempotentAttempt, type IdempotentAttempt } from './idempotency-context';
import { IdempotencyRepository } from './idempotency.repository';

/**
 * For writes: stores the answer of the request's Idempotency-Key attempt (if it has one) inside the
 * write's own transaction, so the write and its answer commit together. A client whose answer was lost
 * (a 503 after the commit, a dropped connection) retries with the same key and gets this answer back
 * instead of writing twice.
 */
@Injectable()
export class IdempotentAnswers {
  constructor(private readonly keys: IdempotencyRepository) {}

  /** The attempt the current request runs under, if it sent an Idempotency-Key. */
  current(): IdempotentAttempt | undefined {
    return idempotentAttempt.getStore();
  }

  /** True while `attempt` still holds its key without an answer (no retry has taken it over). */
  async holdsKey(attempt: IdempotentAttempt): Promise<boolean> {
    const stored = await this.keys.find(attempt.userId, attempt.key);
    return stored?.attempt === attempt.attempt && stored.status_code === null;
  }

  /** Call last in the write's transaction with what the call will answer; returns `response`. */
  async storeWithin<T>(tx: EntityManager, response: T): Promise<T> {
    const attempt = this.current();
    if (!attempt) return response;
    if (!(await this.keys.answer(attempt, response, tx))) throw keyTakenOver();
    attempt.answered = true;
    return response;
  }

  /** Drops answers past the retention (the maintenance job). Returns how many. */
  purgeExpired(...args: Parameters<IdempotencyRepository['purgeExpired']>): ReturnType<IdempotencyRepository['purgeExpired']> {
    return this.keys.purgeExpired(...args);
  }
}

/** The attempt ran past its lock and a retry took its key: this attempt must not write. */
export function keyTakenOver(): ConflictException {
  return new ConflictException(ERRORS.idempotencyKeyTakenOver);
}
