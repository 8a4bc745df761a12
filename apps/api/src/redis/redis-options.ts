import type { RedisOptions as BullRedisOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';

/** BullMQ's production advice for workers: never give up on a command, retry the connection forever. */
export function workerConnection(url: string): BullRedisOptions {
  return { url, maxRetriesPerRequest: null, retryStrategy: reconnectDelay };
}

/** Producers fail fast while Redis is away (the outbox keeps the events) instead of hanging a caller. */
export const PRODUCER_REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  retryStrategy: reconnectDelay,
};

/**
 * Reconnect with a growing delay, from 0.4 s up to 2 s, forever. Kept short because jobs that fail while
 * the connection is away back off exponentially: every second of reconnect delay can add more to them.
 */
function reconnectDelay(attempt: number): number {
  return Math.min(200 * 2 ** Math.min(attempt, 5), 2000);
}
