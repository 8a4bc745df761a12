import { randomUUID } from 'node:crypto';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import type { LiveClient } from './socket-client';

/**
 * Proves a negative ("this socket did not get that event") without sleeping: publishes a marker to
 * every socket (whatever it watches) through the same Redis channel the platform uses, after the event in
 * question was published. Redis delivers in order, and each instance writes broadcasts to its sockets in
 * order, so once a socket has the marker it would already have had the event. (For `stats.updated`, sent by
 * each instance's coalescer, wait until some watcher on the instance has it before the barrier.)
 */
export async function barrier(env: Record<string, string>, clients: LiveClient[]): Promise<void> {
  const redis = new Redis(env.REDIS_URL);
  try {
    const nonce = randomUUID();
    const arrived = clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          const onMarker = (value: string) => {
            if (value !== nonce) return;
            client.socket.off('test.barrier', onMarker);
            resolve();
          };
          client.socket.on('test.barrier', onMarker);
        }),
    );
    new Emitter(redis, { key: `${env.REDIS_PREFIX}socket.io` }).emit('test.barrier', nonce);
    await Promise.all(arrived);
  } finally {
    redis.disconnect();
  }
}
