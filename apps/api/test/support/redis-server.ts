import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import Redis from 'ioredis';

/** Where the kernel picks ports for outgoing connections and for listen(0): Linux's default unless /proc says otherwise. */
export function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low, high];
  } catch {
    // Not Linux, or no /proc: assume the default.
  }
  return [32768, 60999];
}

/** Ports tried by freePort: below the ephemeral range (and above the well-known ones). */
const OWN_PORTS_LOW = 20000;

async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  try {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return true;
  } catch {
    return false;
  } finally {
    server.close();
  }
}

/**
 * A free loopback TCP port for a server a test starts, stops and starts again on the same port (its own
 * Redis, a child API process). It is taken below the kernel's ephemeral range: a port from that range
 * (listen(0)) can be handed to any outgoing connection of this busy machine while the server is down,
 * and the restart then fails to bind ("Address already in use"); a connection attempt to it can even
 * connect to itself. Ports below the range are only ever taken by an explicit bind.
 */
export async function freePort(): Promise<number> {
  const high = Math.min(ephemeralPortRange()[0], 65536) - 1;
  const span = high - OWN_PORTS_LOW + 1;
  if (span < 100) throw new Error(`No room below the ephemeral port range (${ephemeralPortRange().join('-')}) for test servers`);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = OWN_PORTS_LOW + Math.floor(Math.random() * span);
    if (await isFree(port)) return port;
  }
  throw new Error('No free port below the ephemeral range after 200 tries');
}

/**
 * A Redis server of the test's own (the machine's `redis-server`), so a test can stop, freeze and restart
 * it without disturbing the shared one. Nothing is persisted: a restart comes back empty, as after a crash.
 */
export class OwnRedis {
  private process?: ChildProcess;
  private output = '';

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server on its port; rejects, with redis-server's own words, if it cannot (the port was taken). */
  async restart(): Promise<void> {
    this.output = '';
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.process = child;
    const exited = once(child, 'exit').then(([code, signal]) => {
      throw new Error(`redis-server on port ${this.port} exited (${signal ?? code}) before answering:\n${this.output.trim()}`);
    });
    // Pings until the server answers, for up to 30 s (a loaded machine can be slow to start a process).
    const deadline = Date.now() + 30_000;
    const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => (Date.now() < deadline ? 100 : null), maxRetriesPerRequest: null });
    probe.on('error', () => {
      // Refused until the server listens; retried by retryStrategy.
    });
    try {
      await Promise.race([probe.ping(), exited]);
    } finally {
      probe.disconnect();
      exited.catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /**
   * Freezes the server (SIGSTOP): connections stay open and commands are accepted by the kernel, but
   * nothing is answered, as with a Redis stuck on a slow disk or a hung host. `thaw` resumes it.
   */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
  }
}
