// Helpers shared by tools/lib/postgres.mjs and tools/lib/redis.mjs, which find (or start) the PostgreSQL and
// Redis that `npm start`, `npm test` and the benchmarks use.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from './install.mjs';

export const noop = async () => {};

/** host:port/path of a URL, for messages: URLs may carry passwords. */
export function describeUrl(url) {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}${port ? `:${port}` : ''}${pathname}`;
}

export function reasonOf(error) {
  // Connecting to "localhost" tries ::1 and 127.0.0.1 and fails with an
  // AggregateError whose own message is empty.
  if (error?.errors?.length) return reasonOf(error.errors[0]);
  return error?.message || error?.code || String(error);
}

export function relative(file) {
  return path.relative(repoRoot, file);
}

export function withTimeout(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function waitUntil(check, { timeoutMs, intervalMs = 250 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function findFreePort(first) {
  for (let port = first; port < first + 100; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free TCP port in ${first}-${first + 99}`);
}

export function findOnPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch (error) {
      if (error.code !== 'ENOENT' && error.code !== 'EACCES' && error.code !== 'ENOTDIR') throw error;
    }
  }
  return null;
}

/** Keeps the last lines a child printed, to explain a failed start. */
export function outputTail(maxLines = 30) {
  const lines = [];
  return {
    add(chunk) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - maxLines));
    },
    toString: () => lines.join('\n'),
  };
}
