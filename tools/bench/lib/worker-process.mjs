// Starts a ROLE=worker process of the built API and knows when it is consuming.
//
// Why not stack.startApi({ role: 'worker' })? That waits for the line "worker started", and a ROLE=worker
// process prints nothing at all: createWorker() builds the context with `bufferLogs: true` and never calls
// useLogger()/flushLogs(), so Nest keeps every log line in memory (observed with @nestjs/core 12). Here the
// worker counts as started once BullMQ lists one more worker on the `domain-events` queue (CLIENT LIST on
// the Redis it uses), which is what "started" means for the chaos run anyway.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from '../../lib/install.mjs';
import { apiEntry } from './stack.mjs';

/** Workers BullMQ lists on the domain-events queue; null while Redis does not answer. */
export async function domainEventWorkers(redisUrl, redisPrefix) {
  const { Queue } = await import('bullmq');
  const { default: Redis } = await import('ioredis');
  const connection = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, enableOfflineQueue: false });
  connection.on('error', () => {});
  try {
    await connection.connect();
    const queue = new Queue('domain-events', { connection, prefix: `${redisPrefix}bull` });
    try {
      return await queue.getWorkersCount();
    } finally {
      await queue.close().catch(() => {});
    }
  } catch {
    return null;
  } finally {
    connection.disconnect();
  }
}

/**
 * Spawns `node apps/api/dist/main.js` with ROLE=worker and `env` (the stack's env plus overrides); resolves
 * once BullMQ lists at least `minWorkers` domain-events workers (default: one more than before the spawn), or
 * rejects if the process exits or timeoutMs passes.
 */
export async function startWorker({ env, minWorkers, timeoutMs = 90_000 }) {
  const wanted = minWorkers ?? ((await domainEventWorkers(env.REDIS_URL, env.REDIS_PREFIX)) ?? 0) + 1;
  const child = spawn(process.execPath, [apiEntry], {
    cwd: repoRoot,
    env: { ...process.env, ...env, ROLE: 'worker', PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-50_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const handle = { child, role: 'worker', output: () => output };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`worker exited (${child.exitCode ?? child.signalCode}) before starting:\n${output}`);
    }
    const count = await domainEventWorkers(env.REDIS_URL, env.REDIS_PREFIX);
    if (count !== null && count >= wanted) return handle;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`worker did not register with BullMQ within ${timeoutMs} ms:\n${output}`);
}
