// Shared by every benchmark and the chaos run: a database and Redis prefix of the run's own, API
// processes started from the build, users and food made through the real HTTP API, and results written
// to bench-results/ (git-ignored) and printed as a table.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../lib/install.mjs';
import { deleteRedisKeys, dropDatabasesWithPrefix, ensureDatabase, ensurePostgres, ensureRedis } from '../../lib/services.mjs';

export const apiEntry = path.join(repoRoot, 'apps/api/dist/main.js');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const resultsDir = path.join(repoRoot, 'bench-results');

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/**
 * Finds PostgreSQL and Redis (as `npm start` does), creates this run's database, and returns what API
 * processes need. `close()` stops every process started through it and drops the run's data.
 */
export async function createStack({ log = (line) => console.log(`[bench] ${line}`) } = {}) {
  if (!existsSync(apiEntry) || !existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('Build first: `npm run build` (or run `npm start` once)');
  }
  const postgres = await ensurePostgres({ log });
  const redis = await ensureRedis({ log });
  const runId = `b${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const database = `foodlink_${runId}_bench`;
  await ensureDatabase(postgres.adminUrl, database);
  const baseEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: postgres.serverUrlFor(database),
    REDIS_URL: redis.url,
    REDIS_PREFIX: `foodlink-bench:${runId}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: webDist,
    // Benchmarks sign many users in from one address.
    LOGIN_MAX_FAILS_PER_ADDRESS: '100000',
  };
  const processes = [];

  /** Starts `node apps/api/dist/main.js` with ROLE and extra env; resolves once it is up. */
  async function startApi({ role = 'all', env = {} } = {}) {
    const port = await freePort();
    const child = spawn(process.execPath, [apiEntry], {
      cwd: repoRoot,
      env: { ...process.env, ...baseEnv, ...env, ROLE: role, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processes.push(child);
    let output = '';
    const ready = role === 'worker' ? 'worker started' : 'listening on';
    await new Promise((resolve, reject) => {
      const onData = (chunk) => {
        output += chunk.toString();
        if (output.length > 100_000) output = output.slice(-50_000);
        if (output.includes(ready)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code, signal) => reject(new Error(`API (${role}) exited (${code ?? signal}) before starting:\n${output}`)));
    });
    return { url: `http://127.0.0.1:${port}`, port, child, role, output: () => output };
  }

  async function close() {
    for (const child of processes.reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
    await dropDatabasesWithPrefix(postgres.adminUrl, database);
    await deleteRedisKeys(redis.url, `${baseEnv.REDIS_PREFIX}*`);
    await redis.stop?.();
    await postgres.stop?.();
  }

  return { runId, database, env: baseEnv, adminUrl: postgres.adminUrl, redisUrl: redis.url, startApi, close, log };
}

/** JSON over fetch; throws with the body on a non-2xx answer. */
export async function call(url, method = 'GET', body, token) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Registers and signs in `count` users of a kind, a few at a time (argon2 hashing is deliberately slow). */
export async function createUsers(baseUrl, kind, count, concurrency = 8) {
  const users = [];
  const tag = randomBytes(3).toString('hex');
  let next = 0;
  async function worker() {
    while (next < count) {
      const index = next++;
      const email = `${kind}-${tag}-${index}@bench.foodlink.eg`;
      const password = `bench-password-${tag}`;
      const path = kind === 'donor' ? '/api/registerdonor' : '/api/registercharity';
      const registered = await call(`${baseUrl}${path}`, 'POST', { name: `${kind} ${tag} ${index}`, email, password });
      const login = await call(`${baseUrl}/api/login`, 'POST', { email, password });
      users[index] = { id: registered.user_id, email, token: login.token };
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return users;
}

/** Lists `count` available items for a donor through POST /api/add. */
export async function listFood(baseUrl, donor, count, concurrency = 16) {
  const items = [];
  let next = 0;
  const expiry = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  async function worker() {
    while (next < count) {
      const index = next++;
      items[index] = await call(
        `${baseUrl}/api/add`,
        'POST',
        { food_name: `Koshary box ${index}`, quantity: 1 + (index % 50), description: 'Rice, lentils and pasta', expiration_date: expiry },
        donor.token,
      );
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return items;
}

/** Percentile (0-100) of an array of numbers, by nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** The machine and versions, recorded with every result. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes bench-results/<name>-<timestamp>.json and prints the rows as a table. */
export function report(name, rows, extra = {}) {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ name, at: new Date().toISOString(), machine: machine(), rows, ...extra }, null, 2));
  console.log(`\n${name}`);
  console.table(rows);
  console.log(`written to ${path.relative(repoRoot, file)}`);
  return file;
}
