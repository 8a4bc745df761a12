import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import Redis from 'ioredis';

/** A free loopback TCP port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/**
 * A Redis server of the test's own (the machine's `redis-server`), so a test can stop and restart it
 * without disturbing the shared one. Nothing is persisted: a restart comes back empty, as after a crash.
 */
export class OwnRedis {
  private process?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    this.process = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await this.waitUntilAnswering();
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }

  private async waitUntilAnswering(): Promise<void> {
    const probe = new Redis(this.url, { retryStrategy: (attempt) => (attempt > 50 ? null : 100), maxRetriesPerRequest: null });
    try {
      await probe.ping();
    } finally {
      probe.disconnect();
    }
  }
}
