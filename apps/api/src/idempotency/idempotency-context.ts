import { AsyncLocalStorage } from 'node:async_hooks';

/** The Idempotency-Key attempt a request is running under, visible to the code the request calls. */
export interface IdempotentAttempt {
  userId: number;
  key: string;
  /** Identifies this attempt; a retry that takes over a stale key gets a new one. */
  attempt: string;
  /** The status the call answers with on success (201 for POST unless the route says otherwise). */
  statusCode: number;
  /** Set once the write has stored its answer in its own transaction. */
  answered?: boolean;
}

export const idempotentAttempt = new AsyncLocalStorage<IdempotentAttempt>();
