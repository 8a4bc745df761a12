// Finds (or starts) the Redis that `npm start`, `npm test` and the benchmarks use, and deletes the test
// runner's keys. ioredis is imported lazily inside functions: this module is loaded before
// tools/lib/install.mjs has had a chance to install it.
import { spawn } from 'node:child_process';
import { isRunning, registerService } from './processes.mjs';
import { describeUrl, findFreePort, findOnPath, noop, outputTail, reasonOf, waitUntil } from './service-helpers.mjs';

const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';
const SPAWNED_REDIS_FIRST_PORT = 63790;

const REDIS_HELP =
  'No Redis found: REDIS_URL is not set, nothing answers at 127.0.0.1:6379 and redis-server is not on PATH. ' +
  'Install it (apt-get install redis-server, or brew install redis), run `docker-compose up -d redis`, ' +
  'or set REDIS_URL to a running server.';

/** null when the server answered PING, else the error. */
async function probeRedis(url) {
  const { default: Redis } = await import('ioredis');
  let lastError = null;
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // Without a listener ioredis prints connection errors itself; we report them below.
  client.on('error', (error) => {
    lastError = error;
  });
  try {
    await client.connect();
    const reply = await client.ping();
    return reply === 'PONG' ? null : new Error(`PING answered ${reply}`);
  } catch (error) {
    return lastError ?? error;
  } finally {
    client.disconnect();
  }
}

/**
 * REDIS_URL if set (it must answer PING), else 127.0.0.1:6379, else a
 * redis-server we spawn on a free port. FOODLINK_FORCE_SPAWNED_REDIS=1 skips
 * straight to spawning (to test that path).
 */
export async function ensureRedis({ log = console.log } = {}) {
  if (process.env.FOODLINK_FORCE_SPAWNED_REDIS === '1') {
    log('Redis: FOODLINK_FORCE_SPAWNED_REDIS=1, skipping REDIS_URL and 127.0.0.1:6379');
    return spawnRedis(log);
  }
  const configured = process.env.REDIS_URL;
  if (configured) {
    const failure = await probeRedis(configured);
    if (failure) throw new Error(`REDIS_URL is set, but Redis at ${describeUrl(configured)} did not answer PING: ${reasonOf(failure)}`);
    log(`Redis: using REDIS_URL (${describeUrl(configured)})`);
    return { url: configured, stop: noop };
  }
  const failure = await probeRedis(LOCAL_REDIS_URL);
  if (!failure) {
    log('Redis: using the local server at 127.0.0.1:6379');
    return { url: LOCAL_REDIS_URL, stop: noop };
  }
  log(`Redis: nothing at 127.0.0.1:6379 (${reasonOf(failure)})`);
  return spawnRedis(log);
}

async function spawnRedis(log) {
  const binary = findOnPath('redis-server');
  if (!binary) throw new Error(REDIS_HELP);
  const port = await findFreePort(SPAWNED_REDIS_FIRST_PORT);
  log(`Redis: starting ${binary} on port ${port}`);
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  // detached for the same reason as PostgreSQL: we stop it after the API.
  const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = outputTail();
  // Keep draining its output, or redis-server blocks once the pipe is full.
  child.stdout.on('data', tail.add);
  child.stderr.on('data', tail.add);
  const stop = registerService(() => child);

  const url = `redis://127.0.0.1:${port}`;
  const ready = await waitUntil(async () => !isRunning(child) || (await probeRedis(url)) === null, { timeoutMs: 15_000 });
  if (!ready || !isRunning(child)) {
    await stop();
    throw new Error(`redis-server failed to start on port ${port}:\n${tail}`);
  }
  return { url, stop };
}

/** Deletes keys matching a SCAN pattern (never KEYS: it blocks the server). Resolves with the count. */
export async function deleteRedisKeys(url, pattern) {
  if (!/^foodlink-test:\w+:\*$/.test(pattern)) throw new Error(`refusing to delete Redis keys by the loose pattern "${pattern}"`);
  const { default: Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  await client.connect();
  try {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    client.disconnect();
  }
}
