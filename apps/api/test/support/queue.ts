import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { TestApp } from './test-app';
import { testEnv } from './test-env';

/** A BullMQ queue of the app's (its Redis prefix), to look at its jobs or add one; `close()` ends its connection. */
export function openQueue(app: Pick<TestApp, 'env'>, name: string): { queue: Queue; close: () => Promise<void> } {
  const connection = new Redis(testEnv.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: `${app.env.REDIS_PREFIX}bull` });
  return { queue, close: async () => (await queue.close(), void (await connection.quit())) };
}
