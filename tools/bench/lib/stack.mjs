// Shared by every benchmark and the chaos run: a database and Redis prefix of the run's own, API
// processes started from the build, users and food made through the real HTTP API, and results written
// to bench-results/ (git-ignored) and printed as a table.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../lib/install.mjs';
import { dropDatabasesWithPrefix, ensureDatabase, ensurePostgres } from '../../lib/postgres.mjs';
import { ensureRedis } from '../../lib/redis.mjs';
import webPush from 'web-push';

/**
 * The API build the benchmarks start: this checkout's, or BENCH_API_ENTRY (the `apps/api/dist/main.js` of
 * another checkout, built) to run the same benchmark against another version, side by side (A/B).
 */
export const apiEntry = process.env.BENCH_API_ENTRY ? path.resolve(process.env.BENCH_API_ENTRY) : path.join(repoRoot, 'apps/api/dist/main.js');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const resultsDir = path.join(repoRoot, 'bench-results');

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** VAPID_* for one run, made by web-push as `npx web-push generate-vapid-keys` would. */
function vapidEnv() {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:bench@foodlink.eg' };
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
    // Production wants Web Push keys of its own (docs/PUSH.md); a run makes a pair.
    ...vapidEnv(),
    WEB_DIST_DIR: webDist,
    // Benchmarks sign many users in from one address.
    LOGIN_MAX_FAILS_PER_ADDRESS: '100000',
    // The live part's write mix cancels claims at once, far more often than any charity: no pause for it.
    QUICK_CANCELS_MAX: '0',
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
    const ready = role === 'worker' ? 'worker started' : 'listening on http'; // not the inspector's "Debugger listening on ws://"
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
    // The guard in dropDatabasesWithPrefix wants a `foodlink_<id>_` prefix; it matches only this run's database.
    await dropDatabasesWithPrefix(postgres.adminUrl, `foodlink_${runId}_`);
    await deleteBenchKeys(redis.url, baseEnv.REDIS_PREFIX);
    await redis.stop?.();
    await postgres.stop?.();
  }

  return { runId, database, env: baseEnv, adminUrl: postgres.adminUrl, redisUrl: redis.url, startApi, close, log };
}

/**
 * Deletes this run's Redis keys. (tools/lib/redis.mjs's deleteRedisKeys only accepts the test runner's
 * `foodlink-test:<id>:` prefix; this accepts only the benchmarks' `foodlink-bench:<id>:`.)
 */
async function deleteBenchKeys(url, prefix) {
  if (!/^foodlink-bench:\w+:$/.test(prefix)) throw new Error(`refusing to delete Redis keys by the loose prefix "${prefix}"`);
  const { default: Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  await client.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
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
      users[index] = { id: registered.user_id, email, password, token: login.token };
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return users;
}

/**
 * Marks charities verified, as an operator's approval would (docs/VERIFICATION.md): an unverified charity
 * holds only LIMITS.unverifiedClaimsMax claims, and the benchmarks measure charities at the full limit.
 * Written straight into the run's database (the review itself, a document per charity, is not what any
 * benchmark measures), with the same columns the test factories' verifyCharities sets.
 */
export async function verifyCharities(databaseUrl, charities) {
  const { default: pg } = await import('pg');
  const { ACTIVE_CLAIMS_MAX } = await import('./contracts.mjs');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A build from before verification (an A/B run with BENCH_API_ENTRY) has no such columns, and every
    // charity there holds the full limit already.
    const { rowCount } = await client.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'charities' AND column_name = 'verification_status'`,
    );
    if (rowCount === 0) return;
    await client.query(
      `UPDATE charities SET verification_status = 'verified', moss_number = '1/' || user_id,
              document_key = 'doc-' || md5(user_id::text) || '.pdf', document_type = 'application/pdf',
              submitted_at = now(), decided_at = now(), claim_limit = $2
        WHERE user_id = ANY($1::int[])`,
      [charities.map((charity) => charity.id), ACTIVE_CLAIMS_MAX],
    );
  } finally {
    await client.end();
  }
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

/** This process's open-file limit from /proc/self/limits: { soft, hard } (Infinity for unlimited; null off Linux). */
export function fileLimit() {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line.trim().split(/\s+/).slice(3, 5).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
    return { soft, hard };
  } catch {
    return null;
  }
}

/**
 * Makes sure this process may open `needed` files; API processes and clients started afterwards inherit the
 * limit. Node already raises its soft limit to the hard one at start-up, so this raises the hard limit with
 * prlimit(1) (`ulimit -n` is a shell built-in), which needs privileges (root or CAP_SYS_RESOURCE). Returns
 * the limit in force afterwards; the caller decides what to do if it is still too low.
 */
export function raiseFileLimit(needed) {
  const before = fileLimit();
  if (!before || before.soft >= needed) return before;
  const hard = Math.max(needed, before.hard);
  spawnSync('prlimit', [`--pid=${process.pid}`, `--nofile=${needed}:${hard === Infinity ? 'unlimited' : hard}`], { stdio: 'ignore' });
  return fileLimit();
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; NaN when unreadable. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100 on Linux)
  } catch {
    return NaN;
  }
}

/**
 * Env for startApi() that CPU-profiles the API process (Node 20 refuses --cpu-prof in NODE_OPTIONS, so a
 * preloaded script drives the inspector). Profiling starts with the process; a first SIGWINCH discards what
 * was recorded and starts afresh (skip start-up and seeding), a second one writes the profile. (SIGWINCH
 * because Nest's shutdown hooks take SIGUSR2 and the rest, and its default is to be ignored.) Otherwise
 * it is written on SIGTERM (as close() sends) or exit. Files: `dir`/api-<pid>.cpuprofile.
 */
export function cpuProfileEnv(dir) {
  mkdirSync(dir, { recursive: true });
  const preload = path.join(dir, 'cpu-profile-preload.cjs');
  writeFileSync(
    preload,
    `const inspector = require('node:inspector');
const fs = require('node:fs');
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
let written = false;
let restarted = false;
function write() {
  if (written) return;
  written = true;
  session.post('Profiler.stop', (error, result) => {
    if (!error) fs.writeFileSync(${JSON.stringify(dir)} + '/api-' + process.pid + '.cpuprofile', JSON.stringify(result.profile));
  });
}
process.on('SIGWINCH', () => {
  if (restarted) return write();
  restarted = true;
  session.post('Profiler.stop', () => session.post('Profiler.start'));
});
process.prependOnceListener('SIGTERM', () => {
  write();
  // Without another handler (Nest's shutdown hooks), SIGTERM would now be ignored: end as it would have.
  if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
});
process.once('exit', write);
`,
  );
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(preload)}`.trim() };
}

/**
 * The `top` entries by self time in a .cpuprofile, as rows { function, location, 'self ms', 'self %' }.
 * A native frame (no script of its own, e.g. a crypto binding or a socket write) is shown with the nearest
 * JavaScript caller as its location. `by: 'package'` adds up self time per npm package (or app file) of
 * the nearest non-internal frame instead. Samples taken inside cpuProfileEnv()'s own preload are left out.
 */
export function cpuProfileTop(file, top = 15, { by = 'function' } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const ancestors = function* (id) {
    for (let current = id; current !== undefined; current = parents.get(current)) yield nodes.get(current).callFrame;
  };
  const where = (url) => {
    if (!url.startsWith('file://') && !url.startsWith('/')) return url; // node:internal/...
    return path.relative(repoRoot, url.replace(/^file:\/\//, ''));
  };
  const packageOf = (url) => {
    const file = where(url);
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    return match ? match[1] : file;
  };
  const selfMicros = new Map();
  profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const totals = new Map();
  let total = 0;
  for (const [id, micros] of selfMicros) {
    const frames = [...ancestors(id)];
    if (frames.some((frame) => frame.url.includes('cpu-profile-preload'))) continue;
    const own = frames[0];
    let key;
    if (by === 'package') {
      const outside = frames.find((frame) => frame.url && !frame.url.startsWith('node:'));
      const internal = frames.find((frame) => frame.url);
      key = outside ? packageOf(outside.url) : internal ? 'node internals' : own.functionName;
      key += '\u0000';
    } else {
      const caller = frames.find((frame) => frame.url);
      const location = caller ? `${where(caller.url)}:${caller.lineNumber + 1}` : '';
      const name = own.functionName || '(anonymous)';
      key = own.url || !caller ? `${name}\u0000${location}` : `${name} (native)\u0000from ${caller.functionName || '(anonymous)'} ${location}`;
    }
    totals.set(key, (totals.get(key) ?? 0) + micros);
    total += micros;
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, micros]) => {
      const [name, location] = key.split('\u0000');
      const label = by === 'package' ? { package: name } : { function: name, location };
      return { ...label, 'self ms': Math.round(micros / 1000), 'self %': Number(((100 * micros) / total).toFixed(1)) };
    });
}

/** Prints the top self-time functions and packages of every .cpuprofile in `dir`; returns them. */
export function printCpuProfiles(dir, top = 15) {
  const summaries = [];
  for (const name of existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.cpuprofile')) : []) {
    const file = path.join(dir, name);
    const functions = cpuProfileTop(file, top);
    const packages = cpuProfileTop(file, 10, { by: 'package' });
    console.log(`\nCPU profile ${path.relative(repoRoot, file)}: top self time by function`);
    console.table(functions);
    console.log('by package');
    console.table(packages);
    summaries.push({ file: path.relative(repoRoot, file), functions, packages });
  }
  return summaries;
}

/**
 * Starts measuring CPU use: of the given processes, of this (benchmark) process, and, with adminUrl and
 * database, of the PostgreSQL backends serving that database. `stop()` resolves with the share of one core
 * each used since (1 = one core busy the whole time), as { '<label>': share, client, postgres }.
 */
export async function startCpuMeter({ processes = {}, adminUrl, database } = {}) {
  const { default: pg } = await import('pg');
  const backends = async () => {
    if (!adminUrl) return new Map();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
      return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
    } finally {
      await client.end();
    }
  };
  const before = {
    at: performance.now(),
    processes: Object.fromEntries(Object.entries(processes).map(([label, pid]) => [label, cpuSeconds(pid)])),
    client: process.cpuUsage(),
    postgres: await backends(),
  };
  return {
    async stop() {
      const seconds = (performance.now() - before.at) / 1000;
      const postgresAfter = await backends();
      const clientUsed = process.cpuUsage(before.client);
      let postgres = 0;
      for (const [pid, cpu] of postgresAfter) if (Number.isFinite(cpu)) postgres += cpu - (before.postgres.get(pid) ?? 0);
      const share = (used) => Number((used / seconds).toFixed(2));
      return {
        ...Object.fromEntries(Object.entries(processes).map(([label, pid]) => [label, share(cpuSeconds(pid) - before.processes[label])])),
        client: share((clientUsed.user + clientUsed.system) / 1e6),
        ...(adminUrl ? { postgres: share(postgres) } : {}),
      };
    },
  };
}

/** SIGWINCH to a process started with cpuProfileEnv(), then a moment for it to act. */
export async function profileSignal(child) {
  child.kill('SIGWINCH');
  await new Promise((resolve) => setTimeout(resolve, 300));
}
