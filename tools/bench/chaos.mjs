// `npm run chaos`: steady writes with a listening client while the worker, Redis and PostgreSQL fail in turn.
//
// Everything is on loopback and private to this run: a fresh database (createStack), a redis-server of its
// own on a free port (no persistence; never the machine's shared Redis), and a TCP proxy of its own in
// front of PostgreSQL, which the API processes reach through DATABASE_URL. One ROLE=api process, one
// ROLE=worker process, one anonymous socket.io client watching the `board` topic (docs/REALTIME.md,
// version 2; it watches again on every reconnection), so it hears every board event. `stats.updated` is
// coalesced per API instance (intermediate totals are never sent), so it is not counted event by event.
//
// Timeline (seconds after the write clock starts; BENCH_QUICK=1 shortens the gaps, not the outages):
//   writes at RATE/s, open loop, for DURATION_S and at least 10 s past the end of the last phase: new
//   listings (POST /api/add), claims (POST /api/request) of listed items, fulfilments
//   (PUT /updaterequeststatus/:id) of claimed ones; beside them, PROBE_RATE/s reads (GET /api/available)
//   and sign-ins (POST /api/login), alternately; users and a first pool of items are made before the clock
//   starts;
//   1. worker killed: SIGKILL the worker and start a new one at once; the fault ends when BullMQ lists the
//      new one;
//   2. Redis crash: SIGKILL our redis-server (its data is gone, as after a crash with no persistence), wait
//      10 s, start it again, empty, on the same port; the fault ends when it answers PING;
//   3. Redis frozen: SIGSTOP our redis-server for CHAOS_REDIS_FROZEN_S (default 8) s, then SIGCONT: its
//      connections stay open and nothing answers, as with a hung server or a stalled network; the fault
//      ends with SIGCONT. Every HTTP call in flight meanwhile is reported by kind (latency, errors);
//   4. PostgreSQL cut: the proxy stops listening (new connections refused) and destroys every open
//      connection; after 5 s it listens again on the same port; the fault ends then;
//   5. idempotent retry (when the API supports Idempotency-Key, see below): for CHAOS_IDEMPOTENT_RETRY_S
//      (default 8) s, RETRY_RATE/s new listings, each with an Idempotency-Key of its own, sent through a
//      second proxy in front of the API that drops a quarter of the connections before the request
//      arrives and a quarter after it was answered; each client retries with the same key and body until
//      it gets an answer. Afterwards the database must hold exactly one listing per key.
//   6. reset flood (issue 31, item 4): for CHAOS_RESET_FLOOD_S (default 5) s, one client address floods
//      POST /api/auth/forgot-password (RESET_FLOOD_IN_FLIGHT at once) for made-up addresses and for the
//      owner's (donor 0's) e-mail, and RESET_STRANGERS other addresses each ask 4 times for the owner's
//      e-mail; 1 s in, the owner asks once from an address of its own. The API trusts X-Forwarded-For in
//      this run (TRUST_PROXY) so each sender is an address of its own, and sends mail to an SMTP server of
//      the run's own (smtp-server): does the owner's e-mail arrive during the flood, how long after its
//      request, and does its link still work afterwards (open in password_resets, not voided by the
//      strangers' requests)? Every forgot-password answer must be 202.
// Afterwards: wait for writes in flight, then drain (bounded) until every committed public event has
// reached the client, then compare, through a direct connection to the real database (not the proxy):
//   committed public events (outbox_events rows of public types, everything recorded after the client
//   connected) vs the distinct event ids the client received; duplicates; per-fault recovery times; and
//   whether accepted writes have their event, failed writes committed anyway, every request.fulfilled
//   reached the impact projection, and the projection matches the tables.
// Settings (environment):
//   CHAOS_REDIS_FROZEN_S=<s>        how long Redis stays frozen (default 8; 0 leaves the phase out);
//   CHAOS_IDEMPOTENT_RETRY=auto|1|0 the idempotent-retry phase: auto (default) runs it only if the API
//                                   answers two POST /api/add with the same Idempotency-Key with the same
//                                   listing, and otherwise reports it skipped and why; 1 runs it whatever
//                                   the API does (duplicates then show); 0 leaves it out;
//   CHAOS_IDEMPOTENT_RETRY_S=<s>    how long new keyed listings are sent (default 8);
//   CHAOS_RESET_FLOOD_S=<s>         how long the reset flood lasts (default 5; 0 leaves the phase out).
//   CHAOS_UPLOAD_BOMB=1|0           the upload-bomb phase (default 1; lib/upload-bomb.mjs): after the drain,
//                                   on the same API process, three 9999 × 9999 16-bit interlaced PNGs in one
//                                   request beside another upload, then 40 uploads of 15 MB at once; the
//                                   answers, the time the other upload waited, the API's RSS before, at its
//                                   highest and after. `node tools/bench/lib/upload-bomb.mjs` runs it alone.
// Opt-in variants (not part of `npm run chaos` as the issue defines it):
//   CHAOS_PG_MODE=blackhole   PostgreSQL silent instead of refusing (a network partition);
//   CHAOS_PG_DOWN_S=<s>       how long PostgreSQL stays away (default 5);
//   CHAOS_WORKER_DOWN_S=<s>   the killed worker is replaced only after <s> s (14: down across the Redis crash).
// The script restores what it stops and cleans up (processes, database, its Redis, its proxies) even on
// failure or Ctrl-C, and gives up after 9.5 minutes. Exit code 1 when a check fails.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClaimSlots, charitiesForPendingClaims, LIVE_MESSAGES, LIVE_TOPICS, TOPIC_EVENT_TYPES } from './lib/contracts.mjs';
import { startOwnRedis } from './lib/own-redis.mjs';
import { startTcpProxy } from './lib/tcp-proxy.mjs';
import { uploadBombPhase } from './lib/upload-bomb.mjs';
import { domainEventWorkers, startWorker } from './lib/worker-process.mjs';
import { createStack, createUsers, listFood, percentile, report, verifyCharities } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const DURATION_S = QUICK ? 40 : 60;
const RATE = 20; // writes per second, open loop (a slow answer does not slow the clock)
const PROBE_RATE = 2; // reads and sign-ins per second, alternately, open loop
const DONORS = 4;
// Claims (~35% of the writes) outnumber fulfilments (~15%), so up to ~0.2 × RATE × DURATION_S requests are
// pending at once: enough charities to hold them within the claim limit (ClaimSlots keeps each under it).
const CHARITIES = charitiesForPendingClaims(Math.ceil(0.25 * RATE * DURATION_S), 8);
const INITIAL_ITEMS_PER_DONOR = 25;
const WRITE_TIMEOUT_MS = 30_000; // a write still unanswered after this is recorded as a hang ('timeout')
// Reads and sign-ins wait longer, so that a hang of 40-60 s (sign-ins with a frozen Redis, issue 19) is
// measured rather than cut short.
const PROBE_TIMEOUT_MS = 65_000;
const MAX_IN_FLIGHT = 400;
// BullMQ frees a job held by a killed worker once its 30 s lock expires and the 30 s stalled check runs,
// so waiting 90 s gives such a job its chance; the drain ends as soon as nothing is missing.
const DRAIN_MAX_MS = 90_000;
const WATCHDOG_MS = 9.5 * 60_000;
const FAIL_FAST_LIMIT_MS = 5_000; // "fail fast": the slowest failed write during the PostgreSQL cut, the slowest call while Redis is frozen
// How PostgreSQL becomes unreachable: 'refuse' (default; connections refused and broken, as the issue asks)
// or 'blackhole' (CHAOS_PG_MODE=blackhole: connections accepted, nothing answers, as in a network partition).
const PG_MODE = process.env.CHAOS_PG_MODE === 'blackhole' ? 'blackhole' : 'refuse';
// Seconds the killed worker stays down before its replacement starts (default 0: at once, as a supervisor
// would). CHAOS_WORKER_DOWN_S=14 keeps it down across the Redis crash: a stricter, opt-in variant.
const WORKER_DOWN_S = Number(process.env.CHAOS_WORKER_DOWN_S ?? 0);
const RETRY_MODE = process.env.CHAOS_IDEMPOTENT_RETRY ?? 'auto';
const UPLOAD_BOMB = process.env.CHAOS_UPLOAD_BOMB !== '0';
const RETRY_RATE = 5; // keyed listings started per second during the idempotent-retry phase
const RETRY_MAX_ATTEMPTS = 15; // per key; with half the attempts dropped, about 1 key in 30,000 runs out
const RETRY_DROPS = { request: 0.25, answer: 0.25 };
const RESET_FLOOD_IN_FLIGHT = 50; // forgot-password requests the flooding address keeps in flight
const RESET_STRANGERS = 10; // other addresses, each asking RESET_STRANGER_ASKS times for the owner's e-mail
const RESET_STRANGER_ASKS = 4;
const RESET_MAIL_WAIT_MS = 30_000; // the owner's e-mail must arrive within this of its request
const FLOOD_ADDRESS = '198.51.100.66';
const OWNER_ADDRESS = '198.51.100.1';
const SCHEDULE = schedule();
const PUBLIC_TYPES = TOPIC_EVENT_TYPES[LIVE_TOPICS.board]; // the events the anonymous client hears (libs/contracts)

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const round = (value, digits = 0) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);
const ok = (call) => typeof call.status === 'number' && call.status >= 200 && call.status < 300;

/** Seconds after the write clock starts at which each phase begins, and how long the outages last. */
function schedule() {
  const seconds = (name, fallback) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name}: "${process.env[name]}" is not a number of seconds`);
    return value;
  };
  const gap = QUICK ? 4 : 8;
  const s = {
    workerKill: QUICK ? 5 : 8,
    redisCrash: QUICK ? 12 : 20,
    redisDownS: 10,
    redisFrozenS: seconds('CHAOS_REDIS_FROZEN_S', 8),
    pgDownS: seconds('CHAOS_PG_DOWN_S', 5),
    retryS: seconds('CHAOS_IDEMPOTENT_RETRY_S', 8),
    resetFloodS: seconds('CHAOS_RESET_FLOOD_S', 5),
  };
  s.redisFreeze = s.redisCrash + s.redisDownS + gap;
  s.pgCut = s.redisFreeze + (s.redisFrozenS > 0 ? s.redisFrozenS + gap : 0);
  s.retry = s.pgCut + s.pgDownS + 3;
  s.resetFlood = s.retry + s.retryS + 3;
  return s;
}

function loopbackHost(hostname) {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1' || /^127\./.test(host)) return host === 'localhost' ? '127.0.0.1' : host;
  return null;
}

async function withTimeout(promise, ms, what) {
  let timer;
  try {
    return await Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGTERM, then SIGKILL if the process has not exited within graceMs. Resolves with how it ended. */
async function stopProcess(child, graceMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return 'already exited';
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = sleep(graceMs).then(() => 'timeout');
  if ((await Promise.race([exited.then(() => 'exited'), timer])) === 'exited') return 'SIGTERM';
  child.kill('SIGKILL');
  await exited;
  return `SIGKILL after ${graceMs} ms`;
}

/**
 * One HTTP call timed and recorded: { kind, start, end, latency, status (a number, 'timeout' or
 * 'network error'), error?, body? (the parsed JSON of a 2xx answer) }. Never throws.
 */
async function timedCall(url, { kind, method = 'GET', body, token, timeoutMs }) {
  const record = { kind, start: Date.now() };
  const t = performance.now();
  try {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    record.status = response.status;
    if (response.ok) record.body = text ? JSON.parse(text) : null;
    else record.error = text.slice(0, 300);
  } catch (error) {
    record.status = error.name === 'TimeoutError' ? 'timeout' : 'network error';
    record.error = error.message;
  } finally {
    record.latency = performance.now() - t;
    record.end = Date.now();
  }
  return record;
}

/**
 * One request on a connection of its own (no keep-alive), so a proxy that drops a connection drops exactly
 * this request or its answer. Resolves { status, text } or { status: 'network error', error }.
 */
function singleRequest(url, { method, headers, body, timeoutMs = WRITE_TIMEOUT_MS }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = http.request(url, {
      method,
      agent: false,
      headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}), ...headers },
      timeout: timeoutMs,
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: 'network error', error: error.message }));
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', (error) => resolve({ status: 'network error', error: error.message }));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.end(payload);
  });
}

// ------------------------------------------------------------------------------------------ set-up phases

/**
 * Signal handlers and a watchdog around the run; `cleanup()` gives every dependency back, stops every
 * process and removes the run's data, once, however the run ends.
 */
function guardRun(resources, log) {
  let cleaned = null;
  async function cleanup() {
    cleaned ??= (async () => {
      const notes = [];
      resources.socket?.close();
      // Give every dependency back before stopping processes, so their graceful shutdown can run.
      await resources.apiProxy?.close().catch((error) => notes.push(`API proxy close: ${error.message}`));
      await resources.smtp?.close().catch((error) => notes.push(`SMTP sink close: ${error.message}`));
      await resources.proxy?.restore().catch((error) => notes.push(`proxy restore: ${error.message}`));
      resources.redis?.thaw();
      await resources.redis?.start().catch((error) => notes.push(`redis restart: ${error.message}`));
      for (const child of resources.children) {
        const how = await stopProcess(child).catch((error) => `error ${error.message}`);
        if (how !== 'SIGTERM' && how !== 'already exited') notes.push(`pid ${child.pid}: ${how}`);
      }
      await resources.db?.end().catch(() => {});
      await resources.stack?.close().catch((error) => notes.push(`stack.close: ${error.message}`));
      await resources.proxy?.close().catch((error) => notes.push(`proxy close: ${error.message}`));
      await resources.redis?.stop().catch((error) => notes.push(`redis stop: ${error.message}`));
      if (notes.length) log(`clean-up notes: ${notes.join('; ')}`);
      return notes;
    })();
    return cleaned;
  }
  const onSignal = (signal) => {
    log(`${signal}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const watchdog = setTimeout(() => {
    log(`still running after ${WATCHDOG_MS / 60_000} min: giving up`);
    cleanup().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();
  return {
    async release() {
      clearTimeout(watchdog);
      await cleanup();
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}

/**
 * The run's database (createStack), its own redis-server and the proxy in front of PostgreSQL, then one
 * ROLE=api and one ROLE=worker process on them, and a direct (unproxied) connection to the database.
 * Returns { stack, proxy, redis, api, workers, startProcess, db }; `workers` grows as workers are replaced.
 */
async function startServices(resources, log) {
  const { Client } = (await import('pg')).default;
  const stack = (resources.stack = await createStack({ log }));
  const direct = new URL(stack.env.DATABASE_URL);
  const upstreamHost = loopbackHost(direct.hostname);
  if (!upstreamHost) throw new Error(`PostgreSQL at ${direct.hostname} is not on loopback; the chaos run only cuts loopback services`);
  const proxy = (resources.proxy = await startTcpProxy({ upstreamHost, upstreamPort: Number(direct.port || 5432) }));
  const proxied = new URL(direct);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const redis = (resources.redis = await startOwnRedis({ log }));
  log(`PostgreSQL ${upstreamHost}:${direct.port || 5432} behind proxy 127.0.0.1:${proxy.port}; own redis-server on 127.0.0.1:${redis.port}`);
  const smtp = (resources.smtp = await startMailSink());
  // TRUST_PROXY: the reset flood speaks from several client addresses (X-Forwarded-For); nothing else sends it.
  const env = { DATABASE_URL: proxied.toString(), REDIS_URL: redis.url, SMTP_URL: smtp.url, TRUST_PROXY: 'true' };
  const startProcess = async (role) => {
    // A ROLE=worker process prints nothing (see lib/worker-process.mjs), so it is started and watched here.
    const handle =
      role === 'worker'
        ? await startWorker({ env: { ...stack.env, ...env }, minWorkers: 1 })
        : await withTimeout(stack.startApi({ role, env }), 90_000, `starting ROLE=${role}`);
    resources.children.add(handle.child);
    return handle;
  };
  const api = await startProcess('api');
  const workers = [await startProcess('worker')];
  log(`API ${api.url} (pid ${api.child.pid}), worker pid ${workers[0].child.pid}`);
  const db = (resources.db = new Client({ connectionString: stack.env.DATABASE_URL }));
  await db.connect();
  return { stack, proxy, redis, api, workers, startProcess, db, smtp };
}

/** An SMTP server of the run's own on a loopback port, keeping who each message went to, when, and its text. */
async function startMailSink() {
  const { SMTPServer } = await import('smtp-server');
  const { simpleParser } = await import('mailparser');
  const received = []; // { to: string[], at, text }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), at: Date.now(), text: parsed.text ?? '' });
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The anonymous listening client, connected before anything is written, and the outbox rows that exist
 * at that moment (everything after them is expected to reach it if public).
 */
async function connectListener(apiUrl, db, resources) {
  const { io } = await import('socket.io-client');
  const received = []; // { id, type, occurredAt, at }
  const connection = []; // { at, what }
  const socket = (resources.socket = io(apiUrl, { transports: ['websocket'], reconnectionDelayMax: 1000 }));
  socket.on('connect', () => {
    connection.push({ at: Date.now(), what: 'connect' });
    // A new connection watches nothing: watch the board again on every (re)connection, as the web client does.
    socket.emit(LIVE_MESSAGES.watch, [LIVE_TOPICS.board]);
  });
  socket.on('disconnect', (reason) => connection.push({ at: Date.now(), what: `disconnect (${reason})` }));
  socket.on('connect_error', (error) => connection.push({ at: Date.now(), what: `connect_error (${error.message})` }));
  socket.onAny((type, envelope) => received.push({ id: envelope?.id, type, occurredAt: Date.parse(envelope?.occurredAt), at: Date.now() }));
  await withTimeout(once(socket, 'connect'), 15_000, 'socket.io client connect');
  await sleep(500); // the server joins the socket to its rooms just after the handshake, and the watch
  const before = new Set((await db.query('SELECT id::text FROM outbox_events')).rows.map((row) => row.id));
  return { received, connection, before, receivedIds: () => new Set(received.map((event) => event.id)) };
}

/** Donors, charities and a first pool of available items, made through the HTTP API. */
async function seedUsersAndFood(apiUrl, databaseUrl, log) {
  log(`making ${DONORS} donors, ${CHARITIES} charities and ${DONORS * INITIAL_ITEMS_PER_DONOR} items`);
  const donors = await createUsers(apiUrl, 'donor', DONORS, 4);
  const charities = await createUsers(apiUrl, 'charity', CHARITIES, 4);
  await verifyCharities(databaseUrl, charities);
  const pool = []; // available items: { foodId, donor }
  for (const [index, donor] of donors.entries()) {
    for (const item of await listFood(apiUrl, donor, INITIAL_ITEMS_PER_DONOR, 4)) pool.push({ foodId: item.id, donor: index });
  }
  // pending: claimed, not yet fulfilled: { requestId, donor, charity }; slots: each charity's pending claims.
  return { donors, charities, pool, pending: [], slots: new ClaimSlots(charities.map((_, index) => index)) };
}

function expiryDate() {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Whether the idempotent-retry phase runs (CHAOS_IDEMPOTENT_RETRY), and why. In `auto`, asks the API:
 * two POST /api/add with the same Idempotency-Key and body must answer the same listing id.
 * Resolves { run: boolean, supported: boolean | null, reason }.
 */
async function decideIdempotentRetry(apiUrl, donor, tag, log) {
  if (RETRY_MODE === '0') return { run: false, supported: null, reason: 'skipped: CHAOS_IDEMPOTENT_RETRY=0' };
  if (RETRY_MODE !== 'auto' && RETRY_MODE !== '1') throw new Error(`CHAOS_IDEMPOTENT_RETRY: "${RETRY_MODE}" is not auto, 1 or 0`);
  if (SCHEDULE.retryS <= 0) return { run: false, supported: null, reason: 'skipped: CHAOS_IDEMPOTENT_RETRY_S=0' };
  const key = randomUUID(); // the usual form of an Idempotency-Key
  const body = { food_name: `chaos ${tag} idempotency probe`, quantity: 1, description: 'Idempotency probe', expiration_date: expiryDate() };
  const send = () => singleRequest(`${apiUrl}/api/add`, { method: 'POST', headers: { authorization: `Bearer ${donor.token}`, 'idempotency-key': key }, body });
  const first = await send();
  const second = await send();
  const idOf = (answer) => (typeof answer.status === 'number' && answer.status < 300 ? JSON.parse(answer.text).id : undefined);
  const [a, b] = [idOf(first), idOf(second)];
  let supported;
  let reason;
  if (a === undefined || b === undefined) {
    supported = false;
    reason = `API has no usable Idempotency-Key support: two POST /api/add with the same key answered ${first.status} and ${second.status}`;
  } else if (a === b) {
    supported = true;
    reason = `two POST /api/add with the same Idempotency-Key answered listing ${a} both times`;
  } else {
    supported = false;
    reason = `API has no Idempotency-Key support: two POST /api/add with the same key made listings ${a} and ${b}`;
  }
  log(`Idempotency-Key: ${reason}`);
  if (RETRY_MODE === '1') return { run: true, supported, reason: `forced by CHAOS_IDEMPOTENT_RETRY=1 (${reason})` };
  return { run: supported, supported, reason: supported ? reason : `skipped: ${reason}` };
}

// ------------------------------------------------------------------------------------------ load

/**
 * The steady writes: listings, claims of listed items, fulfilments of claimed ones. `write()` sends the
 * next one and records it in `writes` ({ seq, kind, op, start, end, latency, status, error?, foodId?,
 * requestId? }).
 */
function createWriter(apiUrl, { donors, charities, pool, pending, slots }, tag) {
  const writes = [];
  let inFlight = 0;
  const expiry = expiryDate();
  function nextWrite(seq) {
    const r = Math.random();
    if (r < 0.15 && pending.length > 0) {
      const claim = pending.shift();
      return { kind: 'fulfil', requestId: claim.requestId, charity: claim.charity, method: 'PUT', path: `/updaterequeststatus/${claim.requestId}`, body: { status: 'fulfilled' }, token: donors[claim.donor].token };
    }
    const charity = r < 0.5 && pool.length > 0 ? slots.take() : null;
    if (charity !== null) {
      const item = pool.shift();
      return { kind: 'claim', foodId: item.foodId, donor: item.donor, charity, method: 'POST', path: '/api/request', body: { food_id: item.foodId }, token: charities[charity].token };
    }
    const donor = Math.floor(Math.random() * DONORS);
    const name = `chaos ${tag} w${seq}`;
    return {
      kind: 'list',
      name,
      donor,
      method: 'POST',
      path: '/api/add',
      body: { food_name: name, quantity: 1 + (seq % 20), description: 'Foul and taameya', expiration_date: expiry },
      token: donors[donor].token,
    };
  }
  async function write() {
    const seq = writes.length;
    const op = nextWrite(seq);
    const record = { seq, kind: op.kind, start: Date.now(), op };
    writes.push(record);
    inFlight++;
    try {
      const call = await timedCall(`${apiUrl}${op.path}`, { kind: op.kind, method: op.method, body: op.body, token: op.token, timeoutMs: WRITE_TIMEOUT_MS });
      Object.assign(record, { status: call.status, latency: call.latency, end: call.end });
      if (call.error !== undefined) record.error = call.error;
      if (ok(call)) {
        if (op.kind === 'list') {
          record.foodId = call.body.id;
          pool.push({ foodId: call.body.id, donor: op.donor });
        } else if (op.kind === 'claim') {
          record.requestId = call.body.request_id;
          pending.push({ requestId: call.body.request_id, donor: op.donor, charity: op.charity });
        } else if (op.kind === 'fulfil') {
          slots.release(op.charity);
        }
      } else if (op.kind === 'claim' && typeof call.status === 'number' && call.status < 500) {
        // Refused for certain (a 5xx or no answer may still have committed: that slot stays taken).
        slots.release(op.charity);
      }
    } finally {
      inFlight--;
    }
  }
  return { writes, write, inFlight: () => inFlight };
}

/** Reads (GET /api/available) and sign-ins (POST /api/login), alternately; `probe()` sends the next one. */
function createProber(apiUrl, donors) {
  const probes = [];
  let count = 0;
  async function probe() {
    const n = count++;
    const call =
      n % 2 === 0
        ? timedCall(`${apiUrl}/api/available`, { kind: 'read', timeoutMs: PROBE_TIMEOUT_MS })
        : (() => {
            const donor = donors[(n >> 1) % donors.length];
            return timedCall(`${apiUrl}/api/login`, { kind: 'login', method: 'POST', body: { email: donor.email, password: donor.password }, timeoutMs: PROBE_TIMEOUT_MS });
          })();
    const record = await call;
    delete record.body;
    probes.push(record);
  }
  return { probes, probe };
}

// ------------------------------------------------------------------------------------------ fault phases
// Each takes the run's context, records its fault ({ kind, name, start, end, ... }) in ctx.faults and
// resolves when the fault is over (the dependency back).

/** Seconds since the write clock started, for log lines. */
const since = (ctx, at = Date.now()) => ((at - ctx.t0) / 1000).toFixed(1);

/** SIGKILL the worker; a new one starts after WORKER_DOWN_S. Resolves once the old one is gone; `restarted` settles when the new one is up. */
async function killWorkerPhase(ctx) {
  const { redis, stack, log } = ctx;
  const worker = ctx.workers.at(-1);
  const fault = { kind: 'workerKill', name: WORKER_DOWN_S ? `worker SIGKILL, restarted after ${WORKER_DOWN_S} s` : 'worker SIGKILL, restarted', start: Date.now() };
  ctx.faults.push(fault);
  const exited = once(worker.child, 'exit');
  worker.child.kill('SIGKILL');
  await exited;
  // Its Redis connections close with it; wait until BullMQ no longer lists it, so the new one is told apart.
  for (let i = 0; i < 50 && (await domainEventWorkers(redis.url, stack.env.REDIS_PREFIX)) !== 0; i++) await sleep(100);
  log(`t=${since(ctx)} s worker pid ${worker.child.pid} SIGKILLed; starting another${WORKER_DOWN_S ? ` in ${WORKER_DOWN_S} s` : ''}`);
  const restart = async () => {
    if (WORKER_DOWN_S) await sleep(fault.start + WORKER_DOWN_S * 1000 - Date.now());
    const next = await ctx.startProcess('worker');
    ctx.workers.push(next);
    fault.end = Date.now();
    log(`t=${since(ctx, fault.end)} s new worker pid ${next.child.pid} started (${fault.end - fault.start} ms after the kill)`);
  };
  const restarted = restart().catch((error) => error);
  if (!WORKER_DOWN_S && (await restarted) instanceof Error) throw await restarted;
  return { restarted };
}

/** SIGKILL our redis-server, wait SCHEDULE.redisDownS, start it again, empty. */
async function crashRedisPhase(ctx) {
  const fault = { kind: 'redisCrash', name: `Redis crash, down ${SCHEDULE.redisDownS} s, restarted empty`, start: Date.now() };
  ctx.faults.push(fault);
  await ctx.redis.crash();
  ctx.log(`t=${since(ctx)} s redis-server SIGKILLed`);
  await sleep(fault.start + SCHEDULE.redisDownS * 1000 - Date.now());
  await ctx.redis.start();
  fault.end = Date.now();
  ctx.log(`t=${since(ctx, fault.end)} s redis-server back (empty)`);
}

/** SIGSTOP our redis-server for SCHEDULE.redisFrozenS, then SIGCONT. */
async function freezeRedisPhase(ctx) {
  const fault = { kind: 'redisFreeze', name: `Redis frozen (SIGSTOP) ${SCHEDULE.redisFrozenS} s`, start: Date.now() };
  ctx.faults.push(fault);
  if (!ctx.redis.freeze()) throw new Error('own redis-server is not running: cannot freeze it');
  ctx.log(`t=${since(ctx)} s redis-server SIGSTOPped (pid ${ctx.redis.pid()})`);
  await sleep(fault.start + SCHEDULE.redisFrozenS * 1000 - Date.now());
  ctx.redis.thaw();
  fault.end = Date.now();
  ctx.log(`t=${since(ctx, fault.end)} s redis-server SIGCONTinued`);
}

/** PostgreSQL unreachable through the proxy (PG_MODE) for SCHEDULE.pgDownS. */
async function cutPostgresPhase(ctx) {
  const fault = { kind: 'pgCut', name: `PostgreSQL unreachable ${SCHEDULE.pgDownS} s (${PG_MODE})`, start: Date.now() };
  ctx.faults.push(fault);
  fault.connectionsOpen = await ctx.proxy.cut({ mode: PG_MODE });
  ctx.log(`t=${since(ctx)} s PostgreSQL cut, ${PG_MODE} (${fault.connectionsOpen} connections open)`);
  await sleep(fault.start + SCHEDULE.pgDownS * 1000 - Date.now());
  await ctx.proxy.restore();
  fault.end = Date.now();
  ctx.log(`t=${since(ctx, fault.end)} s PostgreSQL reachable again`);
}

/**
 * Keyed listings through a proxy in front of the API that drops requests and answers; every client retries
 * with the same Idempotency-Key and body until it is answered (at most RETRY_MAX_ATTEMPTS). Fills
 * ctx.retry ({ start, end, keys: [{ key, name, attempts, dropped, status, foodId?, error? }], proxy }).
 */
async function idempotentRetryPhase(ctx, resources) {
  const retry = ctx.retry;
  const apiProxy = (resources.apiProxy = await startTcpProxy({ upstreamHost: '127.0.0.1', upstreamPort: ctx.api.port }));
  apiProxy.setDrops(RETRY_DROPS);
  const base = `http://127.0.0.1:${apiProxy.port}`;
  const expiry = expiryDate();
  retry.start = Date.now();
  ctx.log(`t=${since(ctx)} s idempotent retry: keyed listings through a proxy dropping ${RETRY_DROPS.request * 100}% of requests and ${RETRY_DROPS.answer * 100}% of answers`);
  async function keyedListing(n) {
    const donor = ctx.users.donors[n % DONORS];
    const entry = { key: randomUUID(), name: `chaos ${ctx.stack.runId} keyed ${n}`, attempts: 0, dropped: 0, start: Date.now() };
    retry.keys.push(entry);
    const body = { food_name: entry.name, quantity: 1 + (n % 20), description: 'Ful medames', expiration_date: expiry };
    while (entry.attempts < RETRY_MAX_ATTEMPTS) {
      entry.attempts++;
      const answer = await singleRequest(`${base}/api/add`, { method: 'POST', headers: { authorization: `Bearer ${donor.token}`, 'idempotency-key': entry.key }, body });
      entry.status = answer.status;
      if (typeof answer.status === 'number' && answer.status < 300) {
        entry.foodId = JSON.parse(answer.text).id;
        break;
      }
      const retryable = answer.status === 'network error' || answer.status === 502 || answer.status === 503 || answer.status === 504;
      if (answer.status === 'network error') entry.dropped++;
      entry.error = answer.error ?? answer.text?.slice(0, 200);
      if (!retryable) break;
      await sleep(50 * entry.attempts);
    }
    entry.end = Date.now();
  }
  const running = [];
  for (let n = 0; Date.now() < retry.start + SCHEDULE.retryS * 1000; n++) {
    running.push(keyedListing(n));
    const wait = retry.start + ((n + 1) * 1000) / RETRY_RATE - Date.now();
    if (wait > 0) await sleep(wait);
  }
  apiProxy.setDrops({ request: 0, answer: 0 });
  await Promise.all(running);
  retry.end = Date.now();
  retry.proxy = apiProxy.stats();
  await apiProxy.close();
  resources.apiProxy = null;
  ctx.log(`t=${since(ctx, retry.end)} s idempotent retry done: ${retry.keys.length} keys, ${retry.proxy.droppedRequests} requests and ${retry.proxy.droppedAnswers} answers dropped`);
}

/**
 * Strangers ask for the owner's e-mail (each from an address of its own) and one address floods
 * forgot-password; once the strangers are done (at least 1 s in), the owner asks once from its own
 * address while the flood goes on. Records every answer; links issued after the owner asked are the owner's.
 */
async function resetFloodPhase(ctx) {
  const owner = ctx.users.donors[0];
  const flood = (ctx.resetFlood = { answers: [], owner: null, start: Date.now() });
  const fault = { kind: 'resetFlood', name: `reset flood ${SCHEDULE.resetFloodS} s from one address, ${RESET_STRANGERS} strangers`, start: flood.start };
  ctx.faults.push(fault);
  ctx.log(`t=${since(ctx)} s reset flood from ${FLOOD_ADDRESS} (${RESET_FLOOD_IN_FLIGHT} in flight), ${RESET_STRANGERS} strangers asking for ${owner.email}`);
  const forgot = async (email, address, who) => {
    const start = Date.now();
    const answer = await singleRequest(`${ctx.api.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: { email, language: 'en' },
      timeoutMs: WRITE_TIMEOUT_MS,
    });
    const entry = { who, status: answer.status, latency: Date.now() - start, start };
    flood.answers.push(entry);
    return entry;
  };
  const until = flood.start + SCHEDULE.resetFloodS * 1000;
  let n = 0;
  const flooder = async () => {
    while (Date.now() < until) {
      n += 1;
      // The first few for the owner's e-mail (before the owner asks), the rest for made-up addresses.
      await forgot(n <= RESET_FLOOD_IN_FLIGHT ? owner.email : `flood-${ctx.stack.runId}-${n}@bench.foodlink.eg`, FLOOD_ADDRESS, 'flood');
    }
  };
  const flooding = Promise.all(Array.from({ length: RESET_FLOOD_IN_FLIGHT }, flooder));
  await Promise.all(
    Array.from({ length: RESET_STRANGERS }, async (_, index) => {
      for (let ask = 0; ask < RESET_STRANGER_ASKS; ask++) await forgot(owner.email, `198.51.100.${100 + index}`, 'stranger');
    }),
  );
  await sleep(flood.start + 1000 - Date.now());
  flood.owner = await forgot(owner.email, OWNER_ADDRESS, 'owner');
  await flooding;
  fault.end = Date.now();
  ctx.log(`t=${since(ctx, fault.end)} s reset flood done: ${flood.answers.length} requests`);
}

/**
 * The reset flood's figures: the answers by sender, whether the owner's e-mail arrived (within
 * RESET_MAIL_WAIT_MS of its request) and how long after, and whether its link still works.
 */
async function checkResetFlood(ctx) {
  const flood = ctx.resetFlood;
  if (!flood) return null;
  const owner = ctx.users.donors[0];
  const rows = async () =>
    (
      await ctx.db.query(
        `SELECT encode(token_hash, 'hex') AS hash, created_at, used_at IS NULL AND superseded_at IS NULL AND expires_at > now() AS open
           FROM password_resets WHERE user_id = $1 ORDER BY id`,
        [owner.id],
      )
    ).rows;
  const tokenHash = (mail) => {
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    return token ? createHash('sha256').update(token).digest('hex') : null;
  };
  // The owner's link: issued after the owner asked (the strangers and the flood asked for the owner's e-mail before).
  const ownersMail = async () => {
    const owners = (await rows()).filter((row) => flood.owner && row.created_at.getTime() >= flood.owner.start);
    return ctx.smtp.to(owner.email).find((mail) => owners.some((row) => row.hash === tokenHash(mail)));
  };
  let mail = await ownersMail();
  while (!mail && flood.owner && Date.now() < flood.owner.start + RESET_MAIL_WAIT_MS) {
    await sleep(200);
    mail = await ownersMail();
  }
  const all = await rows();
  const bySender = {};
  for (const answer of flood.answers) bySender[`${answer.who} ${answer.status}`] = (bySender[`${answer.who} ${answer.status}`] ?? 0) + 1;
  const latencies = flood.answers.map((answer) => answer.latency);
  return {
    requests: flood.answers.length,
    bySender,
    non202: flood.answers.filter((answer) => answer.status !== 202).length,
    answerP50: percentile(latencies, 50),
    answerP99: percentile(latencies, 99),
    ownerAnswer: flood.owner?.status,
    ownerMailMs: mail ? mail.at - flood.owner.start : null,
    ownerLinkOpen: Boolean(mail && all.some((row) => row.hash === tokenHash(mail) && row.open)),
    linksForOwner: all.length,
    openLinksForOwner: all.filter((row) => row.open).length,
    mailsToOwner: ctx.smtp.to(owner.email).length,
  };
}

/** The phases in order, each at its time on the clock. */
async function runFaultSequence(ctx, resources) {
  const at = async (seconds) => {
    const wait = ctx.t0 + seconds * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
  };
  await at(SCHEDULE.workerKill);
  const { restarted } = await killWorkerPhase(ctx);
  await at(SCHEDULE.redisCrash);
  await crashRedisPhase(ctx);
  if (SCHEDULE.redisFrozenS > 0) {
    await at(SCHEDULE.redisFreeze);
    await freezeRedisPhase(ctx);
  }
  await at(SCHEDULE.pgCut);
  await cutPostgresPhase(ctx);
  if ((await restarted) instanceof Error) throw await restarted;
  if (ctx.retry.run) {
    await at(SCHEDULE.retry);
    await idempotentRetryPhase(ctx, resources);
  }
  if (SCHEDULE.resetFloodS > 0) {
    await at(SCHEDULE.resetFlood);
    await resetFloodPhase(ctx);
  }
}

/**
 * The write clock: RATE writes and PROBE_RATE probes a second, open loop, while the fault sequence runs,
 * for DURATION_S and at least 10 s past its end. Resolves once every call in flight is answered.
 */
async function runClock(ctx, resources, writer, prober) {
  const scheduleText = JSON.stringify({ ...SCHEDULE, retry: ctx.retry.run ? SCHEDULE.retry : 'skipped' });
  ctx.log(`writing ${RATE}/s (and ${PROBE_RATE} reads or sign-ins/s) for ${DURATION_S} s (and 10 s past the last phase); phases at ${scheduleText}`);
  ctx.t0 = Date.now();
  let faultsDoneAt = null;
  const faultRun = runFaultSequence(ctx, resources).then(
    () => {
      faultsDoneAt = Date.now();
    },
    (error) => {
      faultsDoneAt = Date.now();
      ctx.log(`fault sequence failed: ${error.stack ?? error}`);
      return error;
    },
  );
  const inFlight = new Set();
  const track = (promise) => {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise));
  };
  // Writes go on for DURATION_S, and at least AFTER_LAST_FAULT_MS after the last phase ended (to see recovery).
  const AFTER_LAST_FAULT_MS = 10_000;
  const writing = () => Date.now() < ctx.t0 + DURATION_S * 1000 || faultsDoneAt === null || Date.now() < faultsDoneAt + AFTER_LAST_FAULT_MS;
  const probesEvery = Math.round(RATE / PROBE_RATE);
  let skipped = 0;
  for (let tick = 0; writing(); tick++) {
    if (writer.inFlight() < MAX_IN_FLIGHT) track(writer.write());
    else skipped++;
    if (tick % probesEvery === 0) track(prober.probe());
    const wait = ctx.t0 + ((tick + 1) * 1000) / RATE - Date.now();
    if (wait > 0) await sleep(wait);
  }
  const clockEnd = Date.now();
  const faultError = await faultRun;
  if (faultError instanceof Error) throw faultError;
  ctx.log(`clock stopped; waiting for ${inFlight.size} calls in flight`);
  await Promise.allSettled([...inFlight]);
  return { clockEnd, skipped };
}

// ------------------------------------------------------------------------------------------ afterwards

/**
 * Until every committed public event has arrived, nothing is unpublished, every fulfilment is applied, and
 * the outbox has not changed for 2 s (a transaction held up by a fault may still commit); at most
 * DRAIN_MAX_MS. Resolves { snapshot, drainMs }, the snapshot taken 1 s after (late duplicates).
 */
async function drainEvents(ctx) {
  const { db, listener } = ctx;
  async function takeSnapshot() {
    const { rows } = await db.query(`SELECT id::text, type, occurred_at, published_at FROM outbox_events ORDER BY occurred_at`);
    const { rows: unprocessed } = await db.query(
      `SELECT count(*)::int AS n FROM outbox_events o
        WHERE o.type = 'request.fulfilled' AND NOT EXISTS (SELECT 1 FROM processed_events p WHERE p.event_id = o.id)`,
    );
    const events = rows.filter((row) => !listener.before.has(row.id));
    const expected = events.filter((row) => PUBLIC_TYPES.includes(row.type));
    const seenNow = listener.receivedIds();
    return {
      events,
      expected,
      missing: expected.filter((row) => !seenNow.has(row.id)),
      unpublished: events.filter((row) => row.published_at === null).length,
      unprocessedFulfilments: unprocessed[0].n,
    };
  }
  const drainStart = Date.now();
  let stableSince = Date.now();
  let lastCount = -1;
  for (;;) {
    const snapshot = await takeSnapshot();
    if (snapshot.events.length !== lastCount) {
      lastCount = snapshot.events.length;
      stableSince = Date.now();
    }
    const done = snapshot.missing.length === 0 && snapshot.unpublished === 0 && snapshot.unprocessedFulfilments === 0;
    if (done && Date.now() - stableSince >= 2000) break;
    if (Date.now() - drainStart > DRAIN_MAX_MS) break;
    await sleep(250);
  }
  const drainMs = Date.now() - drainStart;
  await sleep(1000); // late duplicates
  const snapshot = await takeSnapshot();
  ctx.log(`drain took ${(drainMs / 1000).toFixed(1)} s; ${snapshot.missing.length} public events still missing`);
  return { snapshot, drainMs };
}

/** Graceful stop of the API and the worker(s), timed (SIGTERM, SIGKILL after 15 s). */
async function stopServerProcesses(ctx) {
  const shutdowns = [];
  const shutdownStart = Date.now();
  for (const handle of [ctx.api, ...ctx.workers]) {
    const t = Date.now();
    const how = await stopProcess(handle.child);
    if (how === 'already exited') continue;
    shutdowns.push({ role: handle.role, pid: handle.child.pid, how, ms: Date.now() - t });
  }
  return { shutdowns, shutdownStart };
}

// ------------------------------------------------------------------------------------------ analysis

/** Calls (writes or probes) by phase: a call belongs to every fault it was in flight during (overlapping faults give a combined phase). */
function callsByPhase(calls, faults) {
  const overlapName = (c) => faults.filter((f) => c.start < f.end && c.end >= f.start).map((f) => f.name).join(' + ') || 'no fault';
  const phases = ['no fault', ...new Set(calls.map(overlapName).filter((name) => name !== 'no fault'))];
  return phases.map((phase) => ({ phase, ...callSummary(calls.filter((c) => overlapName(c) === phase)) }));
}

/** Counts and latencies (ms) of a set of calls: accepted ones and failed ones apart. */
function callSummary(calls) {
  const accepted = calls.filter(ok);
  const failed = calls.filter((c) => !ok(c));
  const statuses = {};
  for (const c of failed) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
  return {
    sent: calls.length,
    accepted: accepted.length,
    failed: failed.length,
    failedBy: Object.entries(statuses).map(([status, n]) => `${status}: ${n}`).join(', ') || '-',
    okP50ms: round(percentile(accepted.map((c) => c.latency), 50)),
    okP99ms: round(percentile(accepted.map((c) => c.latency), 99)),
    okMaxms: accepted.length ? round(Math.max(...accepted.map((c) => c.latency))) : '-',
    failedP50ms: round(percentile(failed.map((c) => c.latency), 50)),
    failedMaxms: failed.length ? round(Math.max(...failed.map((c) => c.latency))) : '-',
  };
}

/** Every accepted write has its event; did any failed write commit anyway? (Read directly from PostgreSQL.) */
async function checkWriteOutcomes(ctx) {
  const { db, writes, listener, users } = ctx;
  const { rows: keyRows } = await db.query(`SELECT id::text, type, coalesce(data->>'requestId', data->>'foodId') AS key FROM outbox_events`);
  const eventKeys = new Set(keyRows.filter((row) => !listener.before.has(row.id)).map((row) => `${row.type}:${row.key}`));
  const acceptedWithoutEvent = writes.filter(ok).filter((w) => {
    if (w.kind === 'list') return !eventKeys.has(`food.listed:${w.foodId}`);
    if (w.kind === 'claim') return !eventKeys.has(`food.claimed:${w.requestId}`);
    return !eventKeys.has(`request.fulfilled:${w.op.requestId}`);
  });
  const failedWrites = writes.filter((w) => !ok(w));
  const committedDespiteFailure = [];
  const failedNames = failedWrites.filter((w) => w.kind === 'list').map((w) => w.op.name);
  if (failedNames.length) {
    const { rows } = await db.query('SELECT food_name FROM food_items WHERE food_name = ANY($1)', [failedNames]);
    const committed = new Set(rows.map((row) => row.food_name));
    committedDespiteFailure.push(...failedWrites.filter((w) => w.kind === 'list' && committed.has(w.op.name)));
  }
  for (const w of failedWrites.filter((w) => w.kind === 'claim')) {
    const { rowCount } = await db.query('SELECT 1 FROM pickup_requests WHERE food_id = $1 AND charity_id = $2', [w.op.foodId, users.charities[w.op.charity].id]);
    if (rowCount > 0) committedDespiteFailure.push(w);
  }
  const failedFulfils = failedWrites.filter((w) => w.kind === 'fulfil').map((w) => w.op.requestId);
  if (failedFulfils.length) {
    const { rows } = await db.query(`SELECT id FROM pickup_requests WHERE id = ANY($1) AND status = 'fulfilled'`, [failedFulfils]);
    const done = new Set(rows.map((row) => row.id));
    committedDespiteFailure.push(...failedWrites.filter((w) => w.kind === 'fulfil' && done.has(w.op.requestId)));
  }
  return { eventKeys, acceptedWithoutEvent, failedWrites, committedDespiteFailure };
}

/** The impact projection against totals computed from the tables. */
async function checkImpactStats(db) {
  const { rows } = await db.query(`
    SELECT s.total_meals::bigint AS projection_meals, s.total_charities AS projection_charities,
           (SELECT coalesce(sum(f.quantity), 0) FROM pickup_requests r JOIN food_items f ON f.id = r.food_id WHERE r.status = 'fulfilled')::bigint AS table_meals,
           (SELECT count(DISTINCT charity_id) FROM pickup_requests WHERE status = 'fulfilled')::int AS table_charities
      FROM impact_stats s`);
  const stats = rows[0];
  const consistent = Number(stats.projection_meals) === Number(stats.table_meals) && stats.projection_charities === stats.table_charities;
  return { stats, consistent };
}

/** Committed public events vs what the client received, by type; duplicates and unknown ids. */
function compareEvents(snapshot, received, seen) {
  const dbIds = new Set(snapshot.events.map((row) => row.id));
  const firstReceipt = new Map();
  for (const event of received) if (!firstReceipt.has(event.id)) firstReceipt.set(event.id, event);
  const duplicates = received.length - firstReceipt.size;
  const unexpected = [...seen].filter((id) => !dbIds.has(id));
  const byType = PUBLIC_TYPES.map((type) => {
    const committed = snapshot.expected.filter((row) => row.type === type);
    return {
      type,
      committed: committed.length,
      received: committed.filter((row) => seen.has(row.id)).length,
      missing: committed.filter((row) => !seen.has(row.id)).length,
      duplicates: received.filter((event) => event.type === type).length - [...firstReceipt.values()].filter((event) => event.type === type).length,
    };
  }).filter((row) => row.committed > 0 || row.duplicates > 0);
  const fulfilledCommitted = snapshot.events.filter((row) => row.type === 'request.fulfilled').length;
  return { dbIds, firstReceipt, duplicates, unexpected, byType, fulfilledCommitted };
}

/** Missing events, with what Redis knows of their job (at most 500). */
async function inspectMissing(ctx, snapshot, rel) {
  const { default: Redis } = await import('ioredis');
  const inspect = new Redis(ctx.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await inspect.connect();
  const redisCrash = ctx.faults.find((f) => f.kind === 'redisCrash');
  const faultAt = (time) => ctx.faults.find((f) => time < f.end && time >= f.start);
  const missingDetail = [];
  try {
    for (const row of snapshot.missing.slice(0, 500)) {
      const job = await inspect.hgetall(`${ctx.stack.env.REDIS_PREFIX}bull:domain-events:${row.id}`);
      const committedAt = row.occurred_at.getTime();
      missingDetail.push({
        id: row.id,
        type: row.type,
        committedAtS: rel(committedAt),
        publishedAtS: row.published_at ? rel(row.published_at.getTime()) : 'unpublished',
        duringFault: faultAt(committedAt)?.name ?? 'none',
        publishedBeforeRedisCrash: Boolean(redisCrash && row.published_at && row.published_at.getTime() < redisCrash.start),
        jobInRedis: Object.keys(job).length > 0 ? `attempts ${job.attemptsMade ?? 0}, finishedOn ${job.finishedOn ?? '-'}, failed ${job.failedReason ?? '-'}` : 'none',
      });
    }
  } finally {
    inspect.disconnect();
  }
  return missingDetail;
}

/** Per fault: how soon writes were accepted and events flowed again, and how soon its backlog arrived. */
function recoveryAfterFaults(ctx, expected, seen, firstReceipt, rel) {
  const receipts = [...firstReceipt.values()].sort((a, b) => a.at - b.at);
  return ctx.faults.map((fault) => {
    const firstOk = ctx.writes.filter((w) => w.start >= fault.end && ok(w)).sort((a, b) => a.end - b.end)[0];
    const failedAfter = ctx.writes.filter((w) => w.start >= fault.end && !ok(w) && (!firstOk || w.start < firstOk.start)).length;
    const firstEvent = receipts.find((event) => event.at >= fault.end);
    const firstFresh = receipts.find((event) => event.at >= fault.end && event.occurredAt >= fault.end);
    const committedDuring = expected.filter((row) => {
      const time = row.occurred_at.getTime();
      return time >= fault.start && time < fault.end;
    });
    const backlogMissing = committedDuring.filter((row) => !seen.has(row.id)).length;
    const backlogDone = committedDuring.length && !backlogMissing ? Math.max(...committedDuring.map((row) => firstReceipt.get(row.id).at)) : null;
    return {
      fault: fault.name,
      fromS: rel(fault.start),
      toS: rel(fault.end),
      durationMs: fault.end - fault.start,
      firstOkWriteMs: firstOk ? firstOk.end - fault.end : 'none',
      failedWritesAfterEnd: failedAfter,
      firstEventMs: firstEvent ? firstEvent.at - fault.end : 'none',
      firstFreshEventMs: firstFresh ? firstFresh.at - fault.end : 'none',
      eventsCommittedDuring: committedDuring.length,
      backlogDeliveredMs: backlogMissing ? `${backlogMissing} missing` : backlogDone === null ? '-' : backlogDone - fault.end,
    };
  });
}

/** Commit-to-receipt latency away from faults (committed outside every fault and its following 5 s), for reference. */
function quietLatencies(ctx, firstReceipt, dbIds) {
  const QUIET_AFTER_MS = 5_000;
  return [...firstReceipt.values()]
    .filter(
      (event) =>
        dbIds.has(event.id) &&
        event.occurredAt >= ctx.t0 &&
        !ctx.faults.some((f) => event.occurredAt >= f.start && event.occurredAt < f.end + QUIET_AFTER_MS),
    )
    .map((event) => event.at - event.occurredAt);
}

/** The HTTP calls (writes, reads, sign-ins) in flight while Redis was frozen, by kind. */
function frozenRedisCalls(ctx) {
  const fault = ctx.faults.find((f) => f.kind === 'redisFreeze');
  if (!fault) return null;
  const calls = [...ctx.writes, ...ctx.prober.probes].filter((c) => c.start < fault.end && c.end >= fault.start);
  const kinds = ['list', 'claim', 'fulfil', 'read', 'login'];
  const rows = kinds.map((kind) => ({ kind, ...callSummary(calls.filter((c) => c.kind === kind)) })).filter((row) => row.sent > 0);
  const failed = calls.filter((c) => !ok(c));
  const slowest = calls.length ? Math.max(...calls.map((c) => c.latency)) : 0;
  const slowestKind = calls.find((c) => c.latency === slowest)?.kind ?? '-';
  return { fault, calls, rows, failed, slowest, slowestKind };
}

/**
 * Exactly one listing per key? Each accepted key's listing must be the one its answer named and have its
 * food.listed event; a key never answered may have at most one.
 */
async function checkIdempotentRetry(db, retry, eventKeys) {
  if (!retry.run) return null;
  const names = retry.keys.map((k) => k.name);
  const { rows } = await db.query('SELECT food_name, array_agg(id ORDER BY id) AS ids FROM food_items WHERE food_name = ANY($1) GROUP BY food_name', [names]);
  const listings = new Map(rows.map((row) => [row.food_name, row.ids.map(Number)]));
  const keys = retry.keys.map((k) => ({ ...k, listings: listings.get(k.name) ?? [] }));
  const accepted = keys.filter((k) => k.foodId !== undefined);
  return {
    keys,
    accepted,
    unanswered: keys.filter((k) => k.foodId === undefined),
    duplicated: keys.filter((k) => k.listings.length > 1),
    wrongOrMissing: accepted.filter((k) => k.listings.length !== 1 || k.listings[0] !== k.foodId),
    withoutEvent: accepted.filter((k) => !eventKeys.has(`food.listed:${k.foodId}`)),
    attempts: keys.reduce((sum, k) => sum + k.attempts, 0),
  };
}

// ------------------------------------------------------------------------------------------ report

function printTables({ writeRows, probeRows, frozen, byType, recoveryRows, missingDetail, snapshot, failedOutsidePg, retryResult, rel }) {
  console.log('\nHTTP writes by phase (a write belongs to a fault when it was in flight during it; latency in ms)');
  console.table(writeRows);
  console.log('\nHTTP reads (GET /api/available) and sign-ins (POST /api/login) by phase (latency in ms)');
  console.table(probeRows);
  if (frozen) {
    console.log(`\nRedis frozen (SIGSTOP) ${SCHEDULE.redisFrozenS} s: every HTTP call in flight meanwhile, by kind (latency in ms)`);
    console.table(frozen.rows);
  }
  console.log('\nPublic events: committed (outbox_events, read directly from PostgreSQL) vs received by the client');
  console.table(byType);
  console.log('\nRecovery (ms after the fault ended: first accepted write, first event received, first event committed after the end received, all events committed during the fault received)');
  console.table(recoveryRows);
  if (missingDetail.length) {
    const groups = new Map();
    for (const m of missingDetail) {
      const key = JSON.stringify([m.type, m.duringFault, m.publishedBeforeRedisCrash, m.jobInRedis]);
      const group = groups.get(key) ?? { type: m.type, committedDuring: m.duringFault, publishedBeforeRedisCrash: m.publishedBeforeRedisCrash, jobInRedis: m.jobInRedis, count: 0, firstS: m.committedAtS, lastS: m.committedAtS };
      group.count++;
      group.lastS = m.committedAtS;
      groups.set(key, group);
    }
    console.log(`\nMissing events, grouped (${snapshot.missing.length}; the first 500 are listed in the JSON)`);
    console.table([...groups.values()]);
  }
  if (failedOutsidePg.length) {
    console.log('\nFailed writes outside the PostgreSQL cut');
    console.table(failedOutsidePg.slice(0, 20).map((w) => ({ seq: w.seq, kind: w.kind, startS: rel(w.start), status: w.status, latencyMs: round(w.latency), error: w.error?.slice(0, 120) })));
  }
  if (retryResult && (retryResult.duplicated.length || retryResult.wrongOrMissing.length || retryResult.unanswered.length)) {
    console.log('\nIdempotent retry: keys with a problem');
    console.table(
      [...new Set([...retryResult.duplicated, ...retryResult.wrongOrMissing, ...retryResult.unanswered])]
        .slice(0, 20)
        .map((k) => ({ key: k.key, attempts: k.attempts, dropped: k.dropped, status: k.status, answered: k.foodId ?? '-', listings: k.listings.join(' ') || 'none' })),
    );
  }
}

/** The checks of the run: `ok` false fails it, '' is for information. */
function buildChecks(a) {
  const { writes, skipped, failedWrites, failedOutsidePg, pgFailed, pgFailedMax, non503InPg, pgWrites, pgRecovery, acceptedWithoutEvent, committedDespiteFailure } = a;
  const { snapshot, lost, duplicates, unexpected, fulfilledCommitted, impact, inRedisAtCrash, lostOfThose, shutdowns, disconnects, drainMs, latencies, frozen, probes, retry, retryResult, resetFlood } = a;
  const accepted = writes.filter(ok).length;
  const expected = snapshot.expected.length;
  const probeHangs = probes.filter((p) => p.status === 'timeout').length;
  const rows = [
    { check: 'HTTP writes sent / accepted / failed', value: `${writes.length} / ${accepted} / ${failedWrites.length}`, expected: '', ok: '' },
    { check: 'writes not sent (in-flight cap reached)', value: skipped, expected: 0, ok: skipped === 0 },
    { check: 'failed writes outside the PostgreSQL cut', value: failedOutsidePg.length, expected: 0, ok: failedOutsidePg.length === 0 },
    { check: 'PostgreSQL cut: failed writes, all 503?', value: `${pgFailed.length} failed, ${non503InPg.length} not 503`, expected: 'all 503', ok: non503InPg.length === 0 },
    { check: 'PostgreSQL cut: slowest failed write, ms', value: round(pgFailedMax), expected: `< ${FAIL_FAST_LIMIT_MS}`, ok: pgFailedMax < FAIL_FAST_LIMIT_MS },
    { check: 'PostgreSQL cut: slowest write of any outcome, ms', value: pgWrites.length ? round(Math.max(...pgWrites.map((w) => w.latency))) : '-', expected: '', ok: '' },
    { check: 'writes with no answer within 30 s (hangs)', value: writes.filter((w) => w.status === 'timeout').length, expected: 0, ok: writes.every((w) => w.status !== 'timeout') },
    { check: 'API accepts writes again after the cut, ms', value: pgRecovery?.firstOkWriteMs ?? '-', expected: 'by itself', ok: typeof pgRecovery?.firstOkWriteMs === 'number' },
  ];
  if (frozen) {
    const statuses = {};
    for (const c of frozen.failed) statuses[`${c.kind} ${c.status}`] = (statuses[`${c.kind} ${c.status}`] ?? 0) + 1;
    rows.push(
      { check: `Redis frozen: slowest HTTP call of ${frozen.calls.length} (writes, reads, sign-ins), ms`, value: `${round(frozen.slowest)} (${frozen.slowestKind})`, expected: `< ${FAIL_FAST_LIMIT_MS}`, ok: frozen.slowest < FAIL_FAST_LIMIT_MS },
      { check: 'Redis frozen: failed HTTP calls', value: frozen.failed.length ? `${frozen.failed.length} (${Object.entries(statuses).map(([k, n]) => `${k}: ${n}`).join(', ')})` : 0, expected: 0, ok: frozen.failed.length === 0 },
    );
  }
  rows.push(
    { check: `reads and sign-ins with no answer within ${PROBE_TIMEOUT_MS / 1000} s (hangs)`, value: probeHangs, expected: 0, ok: probeHangs === 0 },
    { check: 'accepted writes without their event', value: acceptedWithoutEvent.length, expected: 0, ok: acceptedWithoutEvent.length === 0 },
    { check: 'failed writes that committed anyway', value: committedDespiteFailure.length, expected: 0, ok: committedDespiteFailure.length === 0 },
  );
  if (!retryResult) {
    rows.push({ check: 'idempotent retry phase', value: retry.reason, expected: '', ok: '' });
  } else {
    const r = retryResult;
    rows.push(
      { check: 'idempotent retry: keys / answered / attempts / dropped requests + answers', value: `${r.keys.length} / ${r.accepted.length} / ${r.attempts} / ${retry.proxy.droppedRequests} + ${retry.proxy.droppedAnswers}`, expected: '', ok: '' },
      { check: 'idempotent retry: keys with more than one listing', value: r.duplicated.length, expected: 0, ok: r.duplicated.length === 0 },
      { check: 'idempotent retry: answered keys whose one listing is not the answered one', value: r.wrongOrMissing.length, expected: 0, ok: r.wrongOrMissing.length === 0 },
      { check: 'idempotent retry: answered keys without their food.listed event', value: r.withoutEvent.length, expected: 0, ok: r.withoutEvent.length === 0 },
      { check: `idempotent retry: keys unanswered after ${RETRY_MAX_ATTEMPTS} attempts`, value: r.unanswered.length, expected: 0, ok: r.unanswered.length === 0 },
    );
  }
  if (resetFlood) {
    const r = resetFlood;
    rows.push(
      { check: 'reset flood: requests (by sender and status)', value: `${r.requests} (${Object.entries(r.bySender).map(([k, n]) => `${k}: ${n}`).join(', ')})`, expected: '', ok: '' },
      { check: 'reset flood: answers not 202', value: r.non202, expected: 0, ok: r.non202 === 0 },
      { check: 'reset flood: answer p50/p99, ms', value: `${round(r.answerP50)} / ${round(r.answerP99)}`, expected: '', ok: '' },
      { check: "reset flood: the owner's e-mail arrived, ms after asking", value: r.ownerMailMs ?? 'never', expected: `< ${RESET_MAIL_WAIT_MS}`, ok: r.ownerMailMs !== null },
      { check: "reset flood: the owner's link still works afterwards", value: r.ownerLinkOpen ? 'yes' : 'no', expected: 'yes', ok: r.ownerLinkOpen },
      { check: "reset flood: links issued / open / e-mails for the owner's account", value: `${r.linksForOwner} / ${r.openLinksForOwner} / ${r.mailsToOwner}`, expected: '', ok: '' },
    );
  }
  rows.push(
    { check: 'public events committed', value: expected, expected: '', ok: '' },
    { check: 'public events received (distinct ids)', value: expected - lost, expected, ok: lost === 0 },
    { check: 'events lost (committed, never received)', value: lost, expected: 0, ok: lost === 0 },
    { check: 'duplicates received', value: duplicates, expected: 'allowed', ok: '' },
    { check: 'received ids not in outbox_events', value: unexpected.length, expected: 0, ok: unexpected.length === 0 },
    { check: 'outbox rows still unpublished', value: snapshot.unpublished, expected: 0, ok: snapshot.unpublished === 0 },
    { check: 'request.fulfilled not applied to the projection', value: `${snapshot.unprocessedFulfilments} of ${fulfilledCommitted}`, expected: 0, ok: snapshot.unprocessedFulfilments === 0 },
    { check: 'impact_stats equals the totals from the tables', value: `${impact.stats.projection_meals}/${impact.stats.projection_charities} vs ${impact.stats.table_meals}/${impact.stats.table_charities}`, expected: 'equal', ok: impact.consistent },
    { check: 'public events in Redis, undelivered, when it crashed (lost of them)', value: `${inRedisAtCrash.length} (${lostOfThose})`, expected: '', ok: '' },
    { check: 'processes stopped by SIGTERM within 15 s', value: shutdowns.map((x) => `${x.role} ${x.how} ${x.ms} ms`).join('; '), expected: 'all SIGTERM', ok: shutdowns.every((x) => x.how === 'SIGTERM') },
    { check: 'client disconnections during the run', value: disconnects.length, expected: 0, ok: disconnects.length === 0 },
    { check: 'drain after the clock, s', value: round(drainMs / 1000, 1), expected: `<= ${DRAIN_MAX_MS / 1000}`, ok: '' },
    { check: 'commit-to-receipt away from faults p50/p99, ms', value: `${round(percentile(latencies, 50))} / ${round(percentile(latencies, 99))}`, expected: '', ok: '' },
  );
  return rows;
}

// ------------------------------------------------------------------------------------------ the run

export async function run() {
  const log = (line) => console.log(`[chaos] ${line}`);
  const resources = { stack: null, redis: null, proxy: null, apiProxy: null, smtp: null, socket: null, db: null, children: new Set() };
  const guard = guardRun(resources, log);
  try {
    // Set-up: services, the listening client, users and food, whether the API takes Idempotency-Key.
    const ctx = { log, ...(await startServices(resources, log)), faults: [], t0: 0 };
    ctx.listener = await connectListener(ctx.api.url, ctx.db, resources);
    ctx.users = await seedUsersAndFood(ctx.api.url, resources.stack.env.DATABASE_URL, log);
    ctx.retry = { ...(await decideIdempotentRetry(ctx.api.url, ctx.users.donors[0], ctx.stack.runId, log)), keys: [] };

    // Load and faults.
    const writer = createWriter(ctx.api.url, ctx.users, ctx.stack.runId);
    ctx.writes = writer.writes;
    ctx.prober = createProber(ctx.api.url, ctx.users.donors);
    const { clockEnd, skipped } = await runClock(ctx, resources, writer, ctx.prober);

    // Afterwards: drain, stop, then compare against the database.
    const { snapshot, drainMs } = await drainEvents(ctx);
    // The upload bomb (issue 31), on the same API process once the events are counted.
    const uploadsStart = Date.now();
    const uploadBomb = UPLOAD_BOMB ? await uploadBombPhase({ apiUrl: ctx.api.url, pid: ctx.api.child.pid, log }) : null;
    const { shutdowns, shutdownStart } = await stopServerProcesses(ctx);

    const { writes, faults, db, listener } = ctx;
    const rel = (ms) => round((ms - ctx.t0) / 1000, 2);
    const writeRows = callsByPhase(writes, faults);
    const probeRows = [];
    for (const kind of ['read', 'login']) for (const row of callsByPhase(ctx.prober.probes.filter((p) => p.kind === kind), faults)) probeRows.push({ kind, ...row });
    const outcomes = await checkWriteOutcomes(ctx);
    const impact = await checkImpactStats(db);
    // Events of the upload-bomb phase (its listings and photos) came after the snapshot: not compared.
    const received = listener.received.filter((event) => event.at < uploadsStart);
    const seen = new Set(received.map((event) => event.id));
    const events = compareEvents(snapshot, received, seen);
    const missingDetail = await inspectMissing(ctx, snapshot, rel);
    const recoveryRows = recoveryAfterFaults(ctx, snapshot.expected, seen, events.firstReceipt, rel);
    const latencies = quietLatencies(ctx, events.firstReceipt, events.dbIds);
    const frozen = frozenRedisCalls(ctx);
    const retryResult = await checkIdempotentRetry(db, ctx.retry, outcomes.eventKeys);
    const resetFlood = await checkResetFlood(ctx);

    // Exposure to the Redis crash: events already handed to BullMQ (published_at set) but not yet delivered
    // when Redis died. Nothing re-sends such an event if Redis forgets its job.
    const redisCrash = faults.find((f) => f.kind === 'redisCrash');
    const inRedisAtCrash = redisCrash
      ? snapshot.expected.filter((row) => row.published_at && row.published_at.getTime() < redisCrash.start && !(events.firstReceipt.get(row.id)?.at < redisCrash.start))
      : [];
    const lostOfThose = inRedisAtCrash.filter((row) => !seen.has(row.id)).length;

    const pgFault = faults.find((f) => f.kind === 'pgCut');
    const during = (w, fault) => Boolean(fault) && w.start < fault.end && w.end >= fault.start;
    const pgWrites = writes.filter((w) => during(w, pgFault));
    const pgFailed = pgWrites.filter((w) => !ok(w));
    const pgFailedMax = pgFailed.length ? Math.max(...pgFailed.map((w) => w.latency)) : 0;
    const non503InPg = pgFailed.filter((w) => w.status !== 503);
    const failedOutsidePg = outcomes.failedWrites.filter((w) => !during(w, pgFault));
    const pgRecovery = recoveryRows.find((row) => row.fault === pgFault?.name);
    const disconnects = listener.connection.filter((c) => c.what !== 'connect' && c.at >= ctx.t0 && c.at < shutdownStart);
    const lost = snapshot.missing.length;

    printTables({ writeRows, probeRows, frozen, byType: events.byType, recoveryRows, missingDetail, snapshot, failedOutsidePg, retryResult, rel });
    const rows = buildChecks({
      writes,
      skipped,
      ...outcomes,
      failedOutsidePg,
      pgFailed,
      pgFailedMax,
      non503InPg,
      pgWrites,
      pgRecovery,
      snapshot,
      lost,
      ...events,
      impact,
      inRedisAtCrash,
      lostOfThose,
      shutdowns,
      disconnects,
      drainMs,
      latencies,
      frozen,
      probes: ctx.prober.probes,
      retry: ctx.retry,
      retryResult,
      resetFlood,
    });
    if (uploadBomb) rows.push(...uploadBomb.rows);
    const warnings = (handle) =>
      handle
        .output()
        .replace(ANSI_COLOUR, '')
        .split('\n')
        .filter((line) => /WARN|ERROR/.test(line))
        .slice(-40);
    const brief = (c) => ({ kind: c.kind, startS: rel(c.start), status: c.status, latencyMs: round(c.latency), error: c.error?.slice(0, 200) });
    report('chaos', rows, {
      quick: QUICK,
      method: {
        durationS: DURATION_S,
        ratePerS: RATE,
        probeRatePerS: PROBE_RATE,
        schedule: SCHEDULE,
        pgMode: PG_MODE,
        workerDownS: WORKER_DOWN_S,
        mix: '15% fulfil (if a claim is pending), 35% claim (if an item is available), else list; probes alternate GET /api/available and POST /api/login',
        drainMaxMs: DRAIN_MAX_MS,
        writeTimeoutMs: WRITE_TIMEOUT_MS,
        probeTimeoutMs: PROBE_TIMEOUT_MS,
        idempotentRetry: { mode: RETRY_MODE, ratePerS: RETRY_RATE, maxAttempts: RETRY_MAX_ATTEMPTS, drops: RETRY_DROPS },
      },
      faults: faults.map((f) => ({ ...f, startS: rel(f.start), endS: rel(f.end) })),
      writesByPhase: writeRows,
      probesByPhase: probeRows,
      redisFrozen: frozen ? { byKind: frozen.rows, failed: frozen.failed.map(brief), slowestMs: round(frozen.slowest) } : 'not run',
      idempotentRetry: {
        run: ctx.retry.run,
        supported: ctx.retry.supported,
        reason: ctx.retry.reason,
        ...(retryResult
          ? {
              startS: rel(ctx.retry.start),
              endS: rel(ctx.retry.end),
              proxy: ctx.retry.proxy,
              keys: retryResult.keys.map((k) => ({ key: k.key, attempts: k.attempts, dropped: k.dropped, status: k.status, answered: k.foodId, listings: k.listings })),
            }
          : {}),
      },
      resetFlood: resetFlood ?? 'not run',
      uploadBomb: uploadBomb ? uploadBomb.figures : 'not run (CHAOS_UPLOAD_BOMB=0)',
      eventsByType: events.byType,
      recovery: recoveryRows,
      missing: missingDetail,
      failedOutsidePg: failedOutsidePg.map((w) => ({ seq: w.seq, kind: w.kind, startS: rel(w.start), status: w.status, latencyMs: w.latency, error: w.error })),
      committedDespiteFailure: outcomes.committedDespiteFailure.map((w) => ({ seq: w.seq, kind: w.kind, startS: rel(w.start), status: w.status, error: w.error })),
      acceptedWithoutEvent: outcomes.acceptedWithoutEvent.map((w) => ({ seq: w.seq, kind: w.kind, startS: rel(w.start) })),
      pgCutFailures: pgFailed.map(brief),
      clientConnection: listener.connection.map((c) => ({ ...c, atS: rel(c.at) })),
      stats: impact.stats,
      processLogs: { api: warnings(ctx.api), workers: ctx.workers.map(warnings), note: 'ROLE=worker processes print nothing (Nest bufferLogs never flushed)' },
      clockS: rel(clockEnd),
      shutdowns,
      pids: { api: ctx.api.child.pid, workers: ctx.workers.map((w) => w.child.pid) },
      proxy: ctx.proxy.stats(),
    });
    return rows;
  } finally {
    await guard.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (rows) => process.exit(rows.every((row) => row.ok !== false) ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
