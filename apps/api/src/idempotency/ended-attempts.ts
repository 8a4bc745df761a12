import { Injectable } from '@nestjs/common';

/** More than a process meets in a lock's time unless PostgreSQL stays away for long; then the oldest go. */
const MAX_REMEMBERED = 10_000;

/**
 * Attempts of this process that have answered (503) while PostgreSQL did not answer, so that what they
 * sent may still reach it late (a partition holds statements, then delivers them) and leave their key
 * taken with no one to answer it. Such a key may be taken over by a retry at once rather than after its
 * lock (IDEMPOTENCY_LOCK_MS): the attempt is known to be over, and whatever of it is still in flight is
 * settled by PostgreSQL's row lock (see IdempotencyRepository.takeOver).
 */
@Injectable()
export class EndedAttempts {
  private readonly ended = new Map<string, number>();

  constructor(private readonly rememberMs: number) {}

  add(attempt: string, now = Date.now()): void {
    this.ended.delete(attempt);
    this.ended.set(attempt, now + this.rememberMs);
    for (const [oldest, until] of this.ended) {
      if (this.ended.size <= MAX_REMEMBERED && until > now) break;
      this.ended.delete(oldest);
    }
  }

  has(attempt: string, now = Date.now()): boolean {
    const until = this.ended.get(attempt);
    return until !== undefined && until > now;
  }

  delete(attempt: string): void {
    this.ended.delete(attempt);
  }
}
