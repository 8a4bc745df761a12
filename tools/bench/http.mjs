// Benchmark part 1 (issue 6): HTTP throughput and latency of the API, against two baselines measured
// in the same run: a bare node:http server returning the same bytes (the same compressed bytes: every
// client asks for `br, gzip`, as browsers do), and a raw pg loop running the same SQL. Run alone with `node tools/bench/http.mjs` (BENCH_QUICK=1 for a short development run).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  apiEntry,
  call,
  cpuProfileEnv,
  createStack,
  createUsers,
  listFood,
  percentile,
  printCpuProfiles,
  report,
  resultsDir,
  profileSignal,
  startCpuMeter,
} from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = {
  mode: QUICK ? 'quick' : 'full',
  connections: 50,
  pipelining: 1,
  warmupSeconds: QUICK ? 1 : 3,
  durationSeconds: QUICK ? 3 : 20,
  items: 1000,
};
const TARGET = { minRatioToBare: 0.8, minNearRatioToBare: 0.25, maxP99Ms: 50 };
/** Where the `near=` row measures from (Tahrir Square), and the pickup points the items are spread over. */
const NEAR = '30.0444,31.2357';
const POINTS = [
  { label: 'Tahrir', governorate: 'EG-C', area: 'Downtown', lat: 30.0478, lng: 31.2386 },
  { label: 'Dokki', governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 },
  { label: 'Anfushi', governorate: 'EG-ALX', area: 'Anfushi', lat: 31.2027, lng: 29.8825 },
  { label: 'Shubra', governorate: 'EG-C', area: 'Shubra', lat: null, lng: null },
];
const MAX_WARMUP_SECONDS = 30;
// BENCH_CPU_PROF=1: CPU-profile the API during the GET /api/available phase (warm-up included) and print
// the top self-time functions at the end. The profiler slows the API: not for the reported figures.
const PROFILE_DIR =
  process.env.BENCH_CPU_PROF === '1' ? path.join(resultsDir, 'profiles', `http-${new Date().toISOString().replace(/[:.]/g, '-')}`) : null;

/**
 * The board's statement of FoodRepository.listAvailable (apps/api/src/listings/food.repository.ts,
 * `boardStatement`), and the API's pool size, taken from the build itself so they cannot drift apart.
 * (Read when run() starts, so importing this module needs no build.)
 */
function fromApiBuild() {
  const requireFromApi = createRequire(apiEntry);
  // An A/B run against a build from before issue 25 (BENCH_API_ENTRY) finds the repository in food/.
  const { boardStatement } = requireOneOf(requireFromApi, ['./listings/food.repository.js', './food/food.repository.js']);
  const { dataSourceOptions } = requireFromApi('./database/data-source-options.js');
  // As the API reads the board: as of the start of the next minute (food-read-cache.ts).
  const statement = () => boardStatement({ limit: AVAILABLE_LIMIT, offset: 0 }, new Date((Math.floor(Date.now() / 60_000) + 1) * 60_000));
  return { statement, poolMax: (url) => dataSourceOptions(url).extra.max };
}
function requireOneOf(requireFromApi, candidates) {
  for (const candidate of candidates) {
    try {
      return requireFromApi(candidate);
    } catch (error) {
      if (error.code !== 'MODULE_NOT_FOUND' || candidate === candidates.at(-1)) throw error;
    }
  }
}
const AVAILABLE_LIMIT = 1000; // AvailableQuery's default (LIMITS.availablePageMax)

/** What every client of the run sends, as a browser would: the API answers with its brotli copy. */
const ACCEPT = { 'accept-encoding': 'br, gzip' };

/** One GET over node:http, which (unlike fetch) leaves the body as sent: { status, headers, body }. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const round = (value, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/**
 * One autocannon run at the settings on the same connections throughout: a warm-up of at least
 * `warmupSeconds` that also lasts until every connection has had a response (the first requests of
 * fresh connections to a saturated server can take seconds), then exactly `durationSeconds` measured.
 * Only responses arriving in the measured window count (autocannon's 'response' events: status and
 * latency from request written to response read); errors, timeouts and non-2xx count over the whole run,
 * warm-up included. CPU use of the server process, this (client) process and the database's PostgreSQL
 * backends is metered over the measured window.
 */
async function cannon(url, { headers, requests, meter }) {
  const latencies = [];
  const statusCodes = {};
  const answered = new Set();
  let bytes = 0;
  let measuring = false;
  const started = performance.now();
  const instance = autocannon({
    url,
    connections: SETTINGS.connections,
    pipelining: SETTINGS.pipelining,
    duration: MAX_WARMUP_SECONDS + SETTINGS.durationSeconds + 5, // stopped below, once measured
    headers: { ...ACCEPT, ...headers },
    requests,
  });
  instance.on('response', (client, statusCode, resBytes, responseTime) => {
    if (!measuring) {
      answered.add(client);
      return;
    }
    latencies.push(responseTime);
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    bytes += resBytes;
  });
  const done = instance.then((result) => result);
  // Warm-up.
  while (
    (performance.now() - started < SETTINGS.warmupSeconds * 1000 || answered.size < SETTINGS.connections) &&
    performance.now() - started < MAX_WARMUP_SECONDS * 1000
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const warmupSeconds = (performance.now() - started) / 1000;
  const cpu = await startCpuMeter(meter);
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, SETTINGS.durationSeconds * 1000));
  measuring = false;
  const cpuShares = await cpu.stop();
  instance.stop();
  const result = await done;
  const completed = latencies.length;
  return {
    reqPerSec: completed / SETTINGS.durationSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latency: { p90: percentile(latencies, 90), p99_9: percentile(latencies, 99.9), max: percentile(latencies, 100) },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes, // of the measured window
    bytesPerResponse: completed ? bytes / completed : 0,
    completed,
    warmupSeconds,
    connectionsAnsweredInWarmup: answered.size,
    cpu: cpuShares,
  };
}

/**
 * A bare node:http server in its own process answering every request with `body` and the headers that
 * describe its bytes (content type and, for a compressed copy, its Content-Encoding and Vary).
 */
async function startBareServer(body, { contentType, contentEncoding }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'foodlink-bench-'));
  const bodyFile = path.join(dir, 'available.json');
  writeFileSync(bodyFile, body);
  const source = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(process.env.BODY_FILE);
    const headers = { 'content-type': process.env.CONTENT_TYPE, 'content-length': body.length };
    if (process.env.CONTENT_ENCODING) Object.assign(headers, { 'content-encoding': process.env.CONTENT_ENCODING, vary: 'Accept-Encoding' });
    const server = http.createServer((request, response) => { response.writeHead(200, headers); response.end(body); });
    server.keepAliveTimeout = 72000;
    server.listen(0, '127.0.0.1', () => console.log('bare listening ' + server.address().port));`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BODY_FILE: bodyFile, CONTENT_TYPE: contentType, CONTENT_ENCODING: contentEncoding ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /bare listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `concurrency` loops issuing the available-food query through a pg.Pool of the API's size, for the
 * warm-up and then the measured duration; latency includes waiting for a pooled connection, as in the API.
 */
async function pgLoop(databaseUrl, poolMax, statement, meter) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  try {
    const phase = async (seconds, latencies) => {
      let queries = 0;
      let errors = 0;
      let wrongRows = 0;
      const started = performance.now();
      const until = started + seconds * 1000;
      const loop = async () => {
        while (performance.now() < until) {
          const sent = performance.now();
          try {
            const { sql, parameters } = statement();
            const result = await pool.query(sql, parameters);
            latencies?.push(performance.now() - sent);
            if (result.rows.length !== SETTINGS.items) wrongRows++;
            queries++;
          } catch {
            errors++;
          }
        }
      };
      await Promise.all(Array.from({ length: SETTINGS.connections }, loop));
      return { queries, errors, wrongRows, seconds: (performance.now() - started) / 1000 };
    };
    await phase(SETTINGS.warmupSeconds);
    const latencies = [];
    const cpu = await startCpuMeter(meter);
    const measured = await phase(SETTINGS.durationSeconds, latencies);
    const cpuShares = await cpu.stop();
    return {
      reqPerSec: measured.queries / measured.seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: measured.errors,
      wrongRows: measured.wrongRows,
      completed: measured.queries,
      seconds: measured.seconds,
      cpu: cpuShares,
    };
  } finally {
    await pool.end();
  }
}

export async function run() {
  const stack = await createStack();
  let bare;
  try {
    const build = fromApiBuild();
    const operator = { email: 'operator@bench.foodlink.eg', password: randomBytes(12).toString('hex') };
    const api = await stack.startApi({
      role: 'all',
      env: {
        ...(PROFILE_DIR ? cpuProfileEnv(PROFILE_DIR) : {}),
        // The API creates this operator account at start (OperatorAccountService), for GET /api/ops/snapshot.
        OPERATOR_EMAIL: operator.email,
        OPERATOR_PASSWORD: operator.password,
      },
    });
    stack.log(`API at ${api.url}; listing ${SETTINGS.items} items`);
    const [donor] = await createUsers(api.url, 'donor', 1);
    // The items spread over pickup points in three governorates (one without a position), as a board is.
    const items = [];
    for (const [index, point] of POINTS.entries()) {
      const created = await call(
        `${api.url}/api/pickup-points`,
        'POST',
        { ...point, address_line: `${index + 1} Bench Street`, contact_name: 'Bench', contact_phone: '01012345678', is_default: true },
        donor.token,
      );
      if (!created?.id) throw new Error(`POST /api/pickup-points → ${JSON.stringify(created)}`);
      const share = index === POINTS.length - 1 ? SETTINGS.items - items.length : Math.floor(SETTINGS.items / POINTS.length);
      items.push(...(await listFood(api.url, donor, share)));
    }
    const ids = items.map((item) => item.id);

    // The exact bytes and headers the API answers GET /api/available with, to a client accepting br and gzip.
    const sample = await rawGet(`${api.url}/api/available`, ACCEPT);
    if (sample.status !== 200) throw new Error(`GET /api/available → ${sample.status}`);
    const availableBytes = sample.body;
    const contentType = sample.headers['content-type'];
    const contentEncoding = sample.headers['content-encoding'];
    if (contentEncoding !== 'br') throw new Error(`GET /api/available with Accept-Encoding br, gzip answered Content-Encoding ${contentEncoding ?? 'none'}`);
    const plainBytes = (await rawGet(`${api.url}/api/available`, {})).body;
    const listed = JSON.parse(plainBytes.toString('utf8'));
    if (listed.length !== SETTINGS.items) throw new Error(`GET /api/available lists ${listed.length} items, expected ${SETTINGS.items}`);
    const nearSample = await call(`${api.url}/api/available?near=${NEAR}`);
    if (nearSample.length !== SETTINGS.items || !nearSample.some((item) => typeof item.distance_km === 'number')) {
      throw new Error(`GET /api/available?near=${NEAR} lists ${nearSample.length} items, or none with a distance`);
    }
    await call(`${api.url}/api/food/${ids[0]}`);
    const own = await call(`${api.url}/api/donor/${donor.id}`, 'GET', undefined, donor.token);
    if (own.length !== SETTINGS.items) throw new Error(`GET /api/donor/${donor.id} lists ${own.length} items`);
    const { token: operatorToken } = await call(`${api.url}/api/login`, 'POST', operator);
    const snapshot = await call(`${api.url}/api/ops/snapshot`, 'GET', undefined, operatorToken);
    if (!snapshot?.health) throw new Error('GET /api/ops/snapshot answered without a health report');

    const measured = {};
    const apiMeter = { processes: { server: api.child.pid }, adminUrl: stack.adminUrl, database: stack.database };
    stack.log(`autocannon GET /api/available (warm-up ≥ ${SETTINGS.warmupSeconds} s, then ${SETTINGS.durationSeconds} s measured)`);
    if (PROFILE_DIR) await profileSignal(api.child); // start afresh: leave out start-up and seeding
    measured.available = await cannon(`${api.url}/api/available`, { meter: apiMeter });
    if (PROFILE_DIR) await profileSignal(api.child); // write the profile of this phase

    stack.log(`autocannon GET /api/available?near=${NEAR} (distance to every item, nearest first)`);
    measured.near = await cannon(`${api.url}/api/available?near=${NEAR}`, { meter: apiMeter });

    // Round robin over all 1,000 ids, one counter shared by every connection.
    stack.log('autocannon GET /api/food/{id} (rotating over all ids)');
    let nextId = 0;
    measured.food = await cannon(`${api.url}/api/food/${ids[0]}`, {
      meter: apiMeter,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: `/api/food/${ids[nextId++ % ids.length]}` }),
        },
      ],
    });

    stack.log('autocannon GET /api/donor/{id} (authenticated, the donor\'s own 1,000 items)');
    measured.donor = await cannon(`${api.url}/api/donor/${donor.id}`, {
      meter: apiMeter,
      headers: { authorization: `Bearer ${donor.token}` },
    });

    stack.log('autocannon GET /api/ops/snapshot (operator; queues, outbox backlog, sockets, health, events per minute)');
    measured.opsSnapshot = await cannon(`${api.url}/api/ops/snapshot`, {
      meter: apiMeter,
      headers: { authorization: `Bearer ${operatorToken}` },
    });

    bare = await startBareServer(availableBytes, { contentType, contentEncoding });
    stack.log(`autocannon bare node:http server (${availableBytes.length} bytes, ${contentType}, ${contentEncoding}; ${plainBytes.length} bytes plain)`);
    measured.bare = await cannon(`${bare.url}/api/available`, { meter: { processes: { server: bare.pid } } });
    await bare.close();
    bare = undefined;

    const poolMax = build.poolMax(stack.env.DATABASE_URL);
    stack.log(`raw pg loop: ${SETTINGS.connections} loops over a pg.Pool of ${poolMax}`);
    measured.pg = await pgLoop(stack.env.DATABASE_URL, poolMax, build.statement, { adminUrl: stack.adminUrl, database: stack.database });

    const ratio = (value, base) => round(value / base, 3);
    const row = (name, m, { baselines = true } = {}) => ({
      measure: name,
      'req/s': round(m.reqPerSec, 0),
      'p50 ms': round(m.p50, 2),
      'p99 ms': round(m.p99, 2),
      errors: m.errors,
      non2xx: m.non2xx ?? '-',
      'KB/resp': m.bytesPerResponse === undefined ? '-' : round(m.bytesPerResponse / 1024, 1),
      'vs bare': baselines ? ratio(m.reqPerSec, measured.bare.reqPerSec) : '-',
      'vs pg': baselines ? ratio(m.reqPerSec, measured.pg.reqPerSec) : '-',
      'cpu server': m.cpu.server ?? '-',
      'cpu pg': m.cpu.postgres ?? '-',
      'cpu client': m.cpu.client,
    });
    const rows = [
      row('API GET /api/available', measured.available),
      row(`API GET /api/available?near=${NEAR}`, measured.near),
      row('API GET /api/food/{id}', measured.food),
      row('API GET /api/donor/{id} (auth)', measured.donor),
      row('API GET /api/ops/snapshot (operator)', measured.opsSnapshot),
      row('baseline: bare node:http, same bytes', measured.bare, { baselines: false }),
      { ...row('baseline: raw pg, available SQL (queries/s)', measured.pg, { baselines: false }), non2xx: '-' },
    ];

    const availableRatio = measured.available.reqPerSec / measured.bare.reqPerSec;
    const nearRatio = measured.near.reqPerSec / measured.bare.reqPerSec;
    const targets = {
      ratioToBare: { target: `>= ${TARGET.minRatioToBare}`, actual: round(availableRatio, 3), met: availableRatio >= TARGET.minRatioToBare },
      nearRatioToBare: { target: `>= ${TARGET.minNearRatioToBare}`, actual: round(nearRatio, 3), met: nearRatio >= TARGET.minNearRatioToBare },
      p99Ms: { target: `< ${TARGET.maxP99Ms}`, actual: round(measured.available.p99, 2), met: measured.available.p99 < TARGET.maxP99Ms },
      errors: {
        target: '0 errors, 0 non-2xx',
        actual: measured.available.errors + measured.available.non2xx + measured.near.errors + measured.near.non2xx,
        met: measured.available.errors === 0 && measured.available.non2xx === 0 && measured.near.errors === 0 && measured.near.non2xx === 0,
      },
    };
    const met = Object.values(targets).every((t) => t.met);
    const notes = [
      `Load generator (autocannon, one thread) runs in the benchmark process; each server in its own process. On this ${os.cpus().length}-core machine client and server compete for CPU, which caps every figure, the bare baseline most of all.`,
      `${SETTINGS.connections} connections, pipelining ${SETTINGS.pipelining}: one autocannon run per target on the same connections; a warm-up of at least ${SETTINGS.warmupSeconds} s that also lasts until all ${SETTINGS.connections} connections have had a response (discarded), then exactly ${SETTINGS.durationSeconds} s measured; req/s = responses in the measured window / ${SETTINGS.durationSeconds} s; p50/p99 by nearest rank over every measured response (request written to response read); errors (socket errors, timeouts) and non2xx count over the whole run, warm-up included.`,
      `The 1,000 items are spread over ${POINTS.length} pickup points in three governorates, one without a map position; GET /api/available?near=${NEAR} adds each item's distance (haversine, in SQL) and sorts nearest first, served from its own bounded cache of filtered boards; its vs-bare ratio is against the plain board's bytes.`,
      'GET /api/food/{id} rotates round robin over all 1,000 ids (one counter shared by all connections, via setupRequest).',
      'GET /api/donor/{id} is the donor who listed all 1,000 items (a 1,000-row list with the request joins), with a Bearer token.',
      'GET /api/ops/snapshot is the operator console\'s live panel (BullMQ queue counts from Redis, the outbox backlog and events per minute from PostgreSQL, the socket census, the health checks), signed in as the operator the API creates from OPERATOR_EMAIL/OPERATOR_PASSWORD.',
      'GET /api/available and GET /api/donor/{id} are served from per-process caches of the serialised body (apps/api/src/food/food-read-cache.ts), checked against the database on every request (one index-only query, shared by the requests waiting for it); nothing is written during a run, so after the first request every measured answer is a cache hit.',
      'Both baselines mirror GET /api/available: the vs-bare and vs-pg ratios of the other endpoints only give scale.',
      `Every request asks for Accept-Encoding: br, gzip. The API sends the board's brotli copy, made once with the cached body (${availableBytes.length} bytes for ${plainBytes.length} plain); the bare server sends those same bytes with the same Content-Encoding.`,
      `The pg baseline runs ${SETTINGS.connections} concurrent loops in the benchmark process over a pg.Pool of ${poolMax} (the API's pool size), the API's listAvailable SQL with limit ${AVAILABLE_LIMIT}; latency includes the wait for a pooled connection.`,
      'The API runs ROLE=all, NODE_ENV=production (HTTP plus the in-process worker and outbox relay).',
      'cpu columns: cores used during the measured run (1 = one core busy throughout) by the server process, the PostgreSQL backends of the run\'s database, and the benchmark process (load generator, or the pg loop itself); all on the same 2 cores.',
    ];
    if (measured.pg.wrongRows) notes.push(`pg baseline: ${measured.pg.wrongRows} queries returned a row count other than ${SETTINGS.items}`);
    report('http', rows, {
      settings: SETTINGS,
      targets: { ...targets, met },
      details: { ...measured, availableBytes: availableBytes.length, availablePlainBytes: plainBytes.length, contentType, contentEncoding },
      notes,
    });
    for (const [name, t] of Object.entries(targets)) {
      console.log(`target ${name}: ${t.target} — actual ${t.actual} — ${t.met ? 'MET' : 'NOT MET'}`);
    }
    console.log(`GET /api/available targets ${met ? 'met' : 'NOT met'}${QUICK ? ' (quick mode: indicative only)' : ''}`);
    for (const note of notes) console.log(`note: ${note}`);
    return rows;
  } finally {
    await bare?.close();
    await stack.close();
    if (PROFILE_DIR) printCpuProfiles(PROFILE_DIR);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
