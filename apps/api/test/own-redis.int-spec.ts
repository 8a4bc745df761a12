import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Redis from 'ioredis';
import { OwnRedis, ephemeralPortRange } from './support/redis-server';

/**
 * The test's own Redis (support/redis-server.ts), which the Redis-outage tests stop and restart on the
 * same port. On a busy machine a port from the ephemeral range can be taken, while the server is down,
 * by any outgoing connection; the restart then cannot bind and the test failed with ioredis's
 * "Connection is closed" (issue 19, finding 12).
 */
describe('OwnRedis (test support)', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await OwnRedis.start();
  });
  afterAll(() => redis?.stop());

  it('listens on a port the kernel never hands to outgoing connections', () => {
    expect(redis.port).toBeLessThan(ephemeralPortRange()[0]);
    expect(redis.port).toBeGreaterThanOrEqual(1024);
  });

  it('says at once, in redis-server words, when its port was taken while it was down; restarts once it is free', async () => {
    await redis.stop();
    // Another program on the port (it hangs up on whoever calls: it is not a Redis).
    const squatter = createServer((socket) => socket.destroy());
    squatter.listen(redis.port, '127.0.0.1');
    await once(squatter, 'listening');
    try {
      const started = Date.now();
      await expect(redis.restart()).rejects.toThrow(/exited[\s\S]*(Address already in use|bind)/i);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      squatter.close();
      await once(squatter, 'close');
    }
    await redis.restart();
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      expect(await client.ping()).toBe('PONG');
    } finally {
      await client.quit();
    }
  });
});
