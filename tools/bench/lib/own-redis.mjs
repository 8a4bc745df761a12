// A private, throw-away redis-server on loopback (no persistence), which the chaos run can crash and
// restart empty on the same port without touching any Redis that others on the machine use.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './stack.mjs';

/** PING over a raw socket; resolves true on +PONG within timeoutMs. */
function ping(port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/**
 * Starts `redis-server --port <free> --bind 127.0.0.1 --save "" --appendonly no` in a temporary directory.
 * `crash()` SIGKILLs it (its data is gone, as after a crash with no persistence); `start()` starts it again,
 * empty, on the same port; `freeze()` SIGSTOPs it (connections stay open, nothing answers) and `thaw()`
 * SIGCONTs it; `stop()` ends it for good and removes the directory. Only ever signals the process it
 * spawned itself, never a Redis that others on the machine use.
 */
export async function startOwnRedis({ log = () => {} } = {}) {
  const port = await freePort();
  if (port === 6379) throw new Error('refusing to run the throw-away Redis on 6379, the usual shared port');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'foodlink-chaos-redis-'));
  let child = null;
  let frozen = false;
  let output = '';

  async function start() {
    if (child) return;
    output = '';
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    const keep = (chunk) => {
      output = (output + chunk).slice(-4000);
    };
    started.stdout.on('data', keep);
    started.stderr.on('data', keep);
    started.once('exit', () => {
      if (child === started) child = null;
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) break;
      if (await ping(port)) {
        log(`own redis-server pid ${started.pid} ready on 127.0.0.1:${port}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${port}:\n${output}`);
  }

  async function kill(signal) {
    const current = child;
    if (!current) return;
    thaw(); // a stopped process would not act on SIGTERM
    if (current.exitCode === null && current.signalCode === null) {
      const exited = once(current, 'exit');
      current.kill(signal);
      await exited;
    }
    child = null;
  }

  /** SIGSTOP: the process stays, with its connections and data, and answers nothing until thaw(). */
  function freeze() {
    if (!child || frozen) return false;
    child.kill('SIGSTOP');
    frozen = true;
    return true;
  }

  /** SIGCONT after freeze(); true if it was frozen. */
  function thaw() {
    if (!frozen) return false;
    frozen = false;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGCONT');
    return true;
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    /** SIGKILL: no shutdown save, nothing kept. */
    crash: () => kill('SIGKILL'),
    freeze,
    thaw,
    isFrozen: () => frozen,
    async stop() {
      await kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    pid: () => child?.pid ?? null,
  };
}
