// Part 3 of `npm run bench` (issues 6 and 17): live latency. 2,000 Socket.IO clients listen while 100
// writes/s go through the HTTP API for 60 s, in the realistic mix of docs/REALTIME.md (version 2): 1,800
// anonymous sockets watching `counters` (landing visitors), 150 charities watching `board`, 50 donors
// watching nothing public (their private rooms only). Every client measures commit-to-receipt
// (`Date.now() - occurredAt`, one clock: same machine) for each envelope, once per event id. Afterwards the
// outbox says what was committed, the topic and room rules say who should have heard of it, and the run
// reports delivered vs expected and the latency percentiles of board and private events; `stats.updated`
// is coalesced (at most one per 250 ms per watcher), so it is judged by whether every `counters` watcher
// ends on the final totals, and how long after the last fulfilment's commit. Runs: (a) one ROLE=all
// process; (b) two ROLE=api processes (sockets and writes split between them) and one ROLE=worker; and
// (stress) the old all-public audience of version 1 (every socket watches `board` and `counters`) on one
// ROLE=all process: it shows what version 1 cost, and is not a target.
//
//   node tools/bench/live.mjs            full run (about 4 minutes)
//   BENCH_QUICK=1 node tools/bench/live.mjs   smoke run (smaller, shorter)
//
// The sockets live in forked client processes (this file with `--client`, lib/socket-clients.mjs), so the
// process that drives the writes is never late because it is busy parsing 200,000 messages a second. On a
// 2-core machine the clients still compete with the API for CPU; the CPU each process used is reported
// alongside.
import { createHistogram, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClaimSlots, DOMAIN_EVENT_TYPES, LIVE_TOPICS, publicTopicOf } from './lib/contracts.mjs';
import { openSockets, runAsScript, serveClientProcess, startClientProcess, stopClientProcesses } from './lib/socket-clients.mjs';
import path from 'node:path';
import {
  call,
  cpuProfileEnv,
  cpuSeconds,
  createStack,
  createUsers,
  listFood,
  percentile,
  printCpuProfiles,
  profileSignal,
  raiseFileLimit,
  report,
  resultsDir,
  verifyCharities,
} from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = QUICK
  ? { sockets: 300, donors: 10, charities: 20, writesPerSecond: 50, seconds: 10, stockPerDonor: 5, drainMs: 15_000 }
  : { sockets: 2000, donors: 50, charities: 150, writesPerSecond: 100, seconds: 60, stockPerDonor: 4, drainMs: 30_000 };
/** Client processes holding the sockets (override with BENCH_CLIENT_PROCS). */
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 2);
/** Write mix, in order of the cumulative draw: list, claim, cancel, fulfil. */
const MIX = { add: 0.4, claim: 0.4, cancel: 0.1, fulfil: 0.1 };
/** Writes allowed in flight at once; past this the driver waits (and says how often it had to). */
const MAX_IN_FLIGHT = 256;
/** Latency histogram: 1 ms buckets (Date.now() has ms resolution), the last bucket holds everything later. */
const HISTOGRAM_MS = 120_000;

const EVENT_TYPES = DOMAIN_EVENT_TYPES;
const COUNTERS = LIVE_TOPICS.counters;
const BOARD = LIVE_TOPICS.board;
/** The target: every `counters` watcher has the final totals within this long of the last fulfilment's commit. */
const COUNTERS_FINAL_WITHIN_MS = 1000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
/** BENCH_CPU_PROF=1: CPU-profile every server process over the write phase and print the top functions. */
const PROFILE_ROOT =
  process.env.BENCH_CPU_PROF === '1' ? path.join(resultsDir, 'profiles', `live-${new Date().toISOString().replace(/[:.]/g, '-')}`) : null;
/** Which runs: all three (default), or some of `single`, `split`, `stress` (BENCH_LIVE_TOPOLOGY, comma-separated). */
const TOPOLOGIES = process.env.BENCH_LIVE_TOPOLOGY ? process.env.BENCH_LIVE_TOPOLOGY.split(',') : ['single', 'split', 'stress'];

/** Issue 17's targets for board and private events (the same in both topologies); none for the stress row. */
const TARGETS = {
  single: { p50: 25, p99: 150 },
  split: { p50: 25, p99: 150 },
  stress: null,
};

/**
 * The public topics each socket watches. Realistic mix: donors none, charities `board`, anonymous sockets
 * (landing visitors) `counters`. Stress (version 1's audience): every socket both.
 */
function topicsFor(topology, user) {
  if (topology === 'stress') return [BOARD, COUNTERS];
  if (!user) return [COUNTERS];
  return user.type === 'charity' ? [BOARD] : [];
}

// ------------------------------------------------------------------------------------------------ client

/** A forked client process: connects its share of the sockets and records every envelope they receive. */
function clientMain() {
  const clients = []; // { socket, userId, topics: Set, seen: Uint8Array indexed by event index, lastStats }
  const eventIndex = new Map(); // event id -> index
  // index -> { id, type, count, inTopic (receipts by sockets watching its topic), outside: (userId|null)[] (the others) }
  const events = [];
  const histograms = Object.fromEntries(EVENT_TYPES.map((type) => [type, new Uint32Array(HISTOGRAM_MS + 1)]));
  let ignore = new Set();
  let recording = false;
  // This process's own event-loop lag while recording: if it grows, the clients (not the API) are late.
  const lag = createHistogram();
  let lagExpected = performance.now() + 10;
  let eluAtStart;
  const lagTick = () => {
    const now = performance.now();
    if (recording) lag.record(Math.max(1, Math.round((now - lagExpected) * 1000)));
    lagExpected = now + 10;
    setTimeout(lagTick, 10).unref();
  };
  setTimeout(lagTick, 10).unref();
  const counters = { duplicates: 0, negative: 0, ignored: 0, beforeStart: 0, unknownType: 0, disconnects: 0 };
  const disconnectReasons = {};

  function onEnvelope(client, name, envelope) {
    const receivedAt = Date.now();
    if (!recording) return void counters.beforeStart++;
    if (!envelope || typeof envelope.id !== 'string') return;
    if (ignore.has(envelope.id)) return void counters.ignored++;
    let index = eventIndex.get(envelope.id);
    if (index === undefined) {
      index = events.length;
      eventIndex.set(envelope.id, index);
      events.push({ id: envelope.id, type: envelope.type ?? name, count: 0, inTopic: 0, outside: [] });
    }
    if (client.seen.length <= index) {
      const grown = new Uint8Array(Math.max(1024, client.seen.length * 2, index + 1));
      grown.set(client.seen);
      client.seen = grown;
    }
    if (client.seen[index]) return void counters.duplicates++;
    client.seen[index] = 1;
    const event = events[index];
    event.count++;
    const topic = publicTopicOf(event.type);
    if (topic !== null && client.topics.has(topic)) event.inTopic++;
    else event.outside.push(client.userId);
    if (event.type === 'stats.updated') {
      const last = client.lastStats;
      // The newest totals by occurredAt; a stale one arriving last would show as a watcher not on the final totals.
      client.lastStats = { data: envelope.data, occurredAt: envelope.occurredAt, receivedAt, staleAfterNewer: last !== undefined && envelope.occurredAt < last.occurredAt };
    }
    let latency = receivedAt - Date.parse(envelope.occurredAt);
    if (latency < 0) {
      counters.negative++;
      latency = 0;
    }
    const histogram = histograms[event.type];
    if (!histogram) return void counters.unknownType++;
    histogram[Math.min(latency, HISTOGRAM_MS)]++;
  }

  serveClientProcess({
    connect: async (message) => {
      const { failed, errors } = await openSockets(message.specs, {
        concurrency: message.concurrency,
        attach: (socket, spec) => {
          const client = { socket, userId: spec.userId ?? null, topics: new Set(spec.topics ?? []), seen: new Uint8Array(0), lastStats: undefined };
          socket.onAny((name, envelope) => onEnvelope(client, name, envelope));
          return client;
        },
        connected: (socket, _spec, client) => {
          socket.on('disconnect', (reason) => {
            counters.disconnects++;
            disconnectReasons[reason] = (disconnectReasons[reason] ?? 0) + 1;
          });
          clients.push(client);
        },
      });
      const users = clients.filter((client) => client.userId !== null).map((client) => ({ id: client.userId, topics: [...client.topics] }));
      const watchers = {};
      for (const client of clients) for (const topic of client.topics) watchers[topic] = (watchers[topic] ?? 0) + 1;
      return { type: 'connected', connected: clients.length, users, watchers, failed, errors };
    },
    start: (message) => {
      ignore = new Set(message.ignore);
      recording = true;
      eluAtStart = performance.eventLoopUtilization();
      return { type: 'started' };
    },
    count: (message) => {
      let delivered = 0;
      for (const event of events) if (event.type !== 'stats.updated') delivered += event.count;
      // Counters watchers whose last message carries the given totals.
      const final = message.finalTotals;
      const onFinal = final
        ? clients.filter((c) => c.topics.has(COUNTERS) && c.lastStats?.data.totalMeals === final.totalMeals && c.lastStats.data.totalCharities === final.totalCharities).length
        : 0;
      return { type: 'count', delivered, onFinal };
    },
    counters: (message) => {
      const final = message.finalTotals;
      const watchers = clients.filter((c) => c.topics.has(COUNTERS));
      const onFinal = watchers.filter((c) => c.lastStats?.data.totalMeals === final.totalMeals && c.lastStats.data.totalCharities === final.totalCharities);
      return {
        type: 'counters-result',
        watchers: watchers.length,
        onFinal: onFinal.length,
        staleLast: watchers.filter((c) => c.lastStats?.staleAfterNewer).length,
        neverGot: watchers.filter((c) => !c.lastStats).length,
        finalReceivedAt: onFinal.map((c) => c.lastStats.receivedAt),
      };
    },
    collect: () => {
      const sparse = {};
      for (const [type, histogram] of Object.entries(histograms)) {
        const pairs = [];
        for (let ms = 0; ms < histogram.length; ms++) if (histogram[ms]) pairs.push(ms, histogram[ms]);
        sparse[type] = pairs;
      }
      const connectedNow = clients.filter((client) => client.socket.connected).length;
      const loop = {
        lagP50Ms: lag.percentile(50) / 1000,
        lagP99Ms: lag.percentile(99) / 1000,
        lagMaxMs: lag.max / 1000,
        utilisation: Math.round(performance.eventLoopUtilization(eluAtStart).utilization * 1000) / 1000,
      };
      return { type: 'stats', events, histograms: sparse, counters, disconnectReasons, connectedNow, loop };
    },
    exit: () => {
      for (const client of clients) client.socket.disconnect();
    },
  });
}

// ------------------------------------------------------------------------------------------------ parent

/** Nearest-rank percentile of a 1 ms histogram given as a dense array. */
function histogramPercentile(histogram, total, p) {
  if (total === 0) return NaN;
  const rank = Math.min(total - 1, Math.max(0, Math.ceil((p / 100) * total) - 1));
  let cumulative = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    cumulative += histogram[ms];
    if (cumulative > rank) return ms;
  }
  return histogram.length - 1;
}

function summarise(histogram) {
  let total = 0;
  let max = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    if (histogram[ms]) {
      total += histogram[ms];
      max = ms;
    }
  }
  return {
    samples: total,
    p50: histogramPercentile(histogram, total, 50),
    p95: histogramPercentile(histogram, total, 95),
    p99: histogramPercentile(histogram, total, 99),
    max,
  };
}

function pickAndRemove(array) {
  const index = Math.floor(Math.random() * array.length);
  const [item] = array.splice(index, 1);
  return item;
}

/**
 * Open-loop write driver: write k starts at t0 + k / rate whatever the previous ones are doing (up to
 * MAX_IN_FLIGHT). Keeps its own picture of what is available and what is pending so every write is valid.
 */
async function driveWrites({ urls, donors, charities, available, rate, seconds }) {
  const pending = [];
  // Each charity's pending claims: a claim goes to a charity under the claim limit, as real ones would.
  const slots = new ClaimSlots(charities);
  const total = rate * seconds;
  const interval = 1000 / rate;
  const counts = { add: 0, claim: 0, cancel: 0, fulfil: 0 };
  const durations = [];
  const errors = {};
  const inFlight = new Set();
  let saturated = 0;
  let failed = 0;

  function chooseOp() {
    const draw = Math.random();
    let op = draw < MIX.add ? 'add' : draw < MIX.add + MIX.claim ? 'claim' : draw < MIX.add + MIX.claim + MIX.cancel ? 'cancel' : 'fulfil';
    if ((op === 'cancel' || op === 'fulfil') && pending.length === 0) op = 'claim';
    // Every charity at its limit: one of them collects first.
    if (op === 'claim' && !slots.hasFree()) op = pending.length > 0 ? 'fulfil' : 'add';
    if (op === 'claim' && available.length === 0) op = 'add';
    return op;
  }

  async function write(k) {
    const base = urls[k % urls.length];
    const op = chooseOp();
    counts[op]++;
    const started = performance.now();
    let claimant = null;
    try {
      if (op === 'add') {
        const donor = donors[Math.floor(Math.random() * donors.length)];
        const expiry = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
        const body = { food_name: `Live box ${k}`, quantity: 1 + (k % 20), description: 'Bread and beans', expiration_date: expiry };
        const item = await call(`${base}/api/add`, 'POST', body, donor.token);
        available.push({ foodId: item.id, donor });
      } else if (op === 'claim') {
        const item = pickAndRemove(available);
        const charity = (claimant = slots.take());
        const claim = await call(`${base}/api/request`, 'POST', { food_id: item.foodId }, charity.token);
        claimant = null;
        pending.push({ requestId: claim.request_id, item, charity });
      } else if (op === 'cancel') {
        const request = pickAndRemove(pending);
        await call(`${base}/api/updaterequest/${request.requestId}`, 'PUT', { status: 'cancelled' }, request.charity.token);
        slots.release(request.charity);
        available.push(request.item);
      } else {
        const request = pickAndRemove(pending);
        await call(`${base}/updaterequeststatus/${request.requestId}`, 'PUT', { status: 'fulfilled' }, request.item.donor.token);
        slots.release(request.charity);
      }
      durations.push(performance.now() - started);
    } catch (error) {
      if (claimant) slots.release(claimant);
      failed++;
      const status = String(error.message).match(/→ (\d+)/)?.[1] ?? String(error.cause?.code ?? error.message).slice(0, 60);
      const key = `${op}: ${status}${urls.length > 1 ? ` (instance ${k % urls.length})` : ''}`;
      errors[key] = (errors[key] ?? 0) + 1;
    }
  }

  const t0 = performance.now() + 20;
  for (let k = 0; k < total; k++) {
    const wait = t0 + k * interval - performance.now();
    if (wait >= 1) await sleep(wait);
    if (inFlight.size >= MAX_IN_FLIGHT) {
      saturated++;
      await Promise.race(inFlight);
    }
    const promise = write(k).finally(() => inFlight.delete(promise));
    inFlight.add(promise);
  }
  const issuedMs = performance.now() - t0;
  await Promise.all(inFlight);
  const elapsedMs = performance.now() - t0;
  return { total, counts, failed, errors, durations, saturated, issuedMs, elapsedMs };
}

/**
 * startApi, bounded: a process that never reports ready (seen once with a worker while the shared Redis
 * was busy with other runs) fails the run instead of hanging it; stack.close() then stops it.
 */
async function startWithin(stack, role, { env = {}, timeoutMs = 90_000 } = {}) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ROLE=${role} did not report ready within ${timeoutMs / 1000} s (are PostgreSQL and Redis answering?)`)), timeoutMs);
  });
  try {
    return await Promise.race([stack.startApi({ role, env }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The API processes of a topology: (a) one ROLE=all; (b) two ROLE=api and one ROLE=worker. */
async function startTopology(stack, topology, env) {
  const processes = [];
  if (topology === 'single' || topology === 'stress') {
    processes.push(await startWithin(stack, 'all', { env }));
  } else {
    processes.push(await startWithin(stack, 'api', { env }), await startWithin(stack, 'api', { env }));
    processes.push(await startWithin(stack, 'worker', { env }));
  }
  const urls = processes.filter((p) => p.role !== 'worker').map((api) => api.url);
  return { processes, urls };
}

/** Donors, charities and the available stock the writes start from, made through the HTTP API. */
async function seedUsersAndStock(url, databaseUrl, log) {
  log(`creating ${SETTINGS.donors} donors and ${SETTINGS.charities} charities`);
  const donors = await createUsers(url, 'donor', SETTINGS.donors);
  const charities = await createUsers(url, 'charity', SETTINGS.charities);
  await verifyCharities(databaseUrl, charities);
  const available = [];
  for (const donor of donors) {
    for (const item of await listFood(url, donor, SETTINGS.stockPerDonor, 4)) available.push({ foodId: item.id, donor });
  }
  return { donors, charities, available };
}

/** Lets the set-up's events go out before anyone listens (they are excluded from the counts in any case). */
async function waitForSetupEvents(db) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL');
    if (rows[0].n === 0) break;
    await sleep(100);
  }
  await sleep(500);
}

/**
 * Sockets: the first 100 signed in (one per user), the rest anonymous; spread over the client processes
 * (started here, into `clientProcs`) and, for (b), alternately over the API instances. Resolves
 * { socketsConnected, connectFailed, socketsPerUser } (how many connected sockets each signed-in user holds).
 */
async function connectSockets(clientProcs, urls, users, topology, log) {
  const specs = Array.from({ length: SETTINGS.sockets }, (_, i) => ({
    url: urls[i % urls.length],
    token: i < users.length ? users[i].token : undefined,
    userId: i < users.length ? users[i].id : null,
    topics: topicsFor(topology, users[i]),
  }));
  const procs = Math.max(1, Math.min(CLIENT_PROCS, SETTINGS.sockets));
  for (let p = 0; p < procs; p++) clientProcs.push(await startClientProcess(import.meta.url));
  const connectStarted = Date.now();
  const connected = await Promise.all(
    clientProcs.map((proc, p) =>
      proc.request({ type: 'connect', specs: specs.filter((_, i) => i % procs === p), concurrency: 50 }, 'connected'),
    ),
  );
  const socketsConnected = connected.reduce((sum, c) => sum + c.connected, 0);
  const connectFailed = connected.reduce((sum, c) => sum + c.failed, 0);
  log(`${socketsConnected} sockets connected in ${Date.now() - connectStarted} ms (${connectFailed} failed${connectFailed ? `: ${connected.flatMap((c) => c.errors).join('; ')}` : ''})`);
  if (socketsConnected === 0) throw new Error('no socket connected');
  // Per signed-in user: how many sockets, and how many of them watch each topic.
  const socketsPerUser = new Map();
  for (const user of connected.flatMap((c) => c.users)) {
    const entry = socketsPerUser.get(user.id) ?? { sockets: 0, watching: {} };
    entry.sockets++;
    for (const topic of user.topics) entry.watching[topic] = (entry.watching[topic] ?? 0) + 1;
    socketsPerUser.set(user.id, entry);
  }
  const watchers = {};
  for (const c of connected) for (const [topic, n] of Object.entries(c.watchers)) watchers[topic] = (watchers[topic] ?? 0) + n;
  log(`watching: ${JSON.stringify(watchers)}`);
  return { socketsConnected, connectFailed, socketsPerUser, watchers };
}

/**
 * A tap on the Socket.IO Redis channel: when each event left the worker (published for the API instances'
 * adapters), to tell the pipeline's delay (commit → publish) from the fan-out's (publish → client).
 * Resolves { tap (disconnect it when done), publishedAt: Map<event id, ms> }.
 */
async function tapPublishedEvents(stack) {
  const Redis = (await import('ioredis')).default;
  const tap = new Redis(stack.redisUrl, { lazyConnect: true });
  const publishedAt = new Map();
  tap.on('pmessageBuffer', (_pattern, _channel, message) => {
    const now = Date.now();
    const id = message.toString('latin1').match(UUID)?.[0];
    if (id && !publishedAt.has(id)) publishedAt.set(id, now);
  });
  await tap.connect();
  await tap.psubscribe(`${stack.env.REDIS_PREFIX}socket.io#/#*`);
  // stats.updated travels to the instances' coalescers as a server-side message on the request channel.
  tap.on('messageBuffer', (_channel, message) => {
    const now = Date.now();
    const id = message.toString('latin1').match(UUID)?.[0];
    if (id && !publishedAt.has(id)) publishedAt.set(id, now);
  });
  await tap.subscribe(`${stack.env.REDIS_PREFIX}socket.io-request#/#`);
  return { tap, publishedAt };
}

/** Tells the clients to record from now on, ignoring the events already in the outbox; resolves their ids. */
async function startRecording(db, clientProcs) {
  await sleep(1000); // rooms joined, connections settled
  const { rows: before } = await db.query('SELECT id FROM outbox_events');
  await Promise.all(clientProcs.map((proc) => proc.request({ type: 'start', ignore: before.map((row) => row.id) }, 'started')));
  return new Set(before.map((row) => row.id));
}

/**
 * The write phase: SETTINGS.writesPerSecond for SETTINGS.seconds (driveWrites), with the CPU each server
 * and client process used over it (and, with profiling, a profile of exactly this phase).
 */
async function writePhase({ processes, clientProcs, urls, donors, charities, available, profileDir, log }) {
  const pids = { api: processes.map((p) => p.child.pid), clients: clientProcs.map((c) => c.child.pid) };
  const cpuBefore = { api: pids.api.map(cpuSeconds), clients: pids.clients.map(cpuSeconds) };
  log(`writing ${SETTINGS.writesPerSecond}/s for ${SETTINGS.seconds} s`);
  if (profileDir) await Promise.all(processes.map((p) => profileSignal(p.child))); // start afresh: leave out set-up
  const writes = await driveWrites({ urls, donors, charities, available, rate: SETTINGS.writesPerSecond, seconds: SETTINGS.seconds });
  if (profileDir) await Promise.all(processes.map((p) => profileSignal(p.child))); // write the write phase's profile
  const writeWindowS = writes.elapsedMs / 1000;
  const cpuAfter = { api: pids.api.map(cpuSeconds), clients: pids.clients.map(cpuSeconds) };
  const cpu = (list, from, to) => list.map((_, i) => Math.round(((to[i] - from[i]) / writeWindowS) * 100) / 100);
  const cpuCoresUsed = { api: cpu(pids.api, cpuBefore.api, cpuAfter.api), apiRoles: processes.map((p) => p.role), clients: cpu(pids.clients, cpuBefore.clients, cpuAfter.clients) };
  return { writes, cpuCoresUsed };
}

/**
 * Expected deliveries come from what was committed: every outbox row written after the clients started.
 * `expectedFor(row)`: the sockets watching the event's topic, plus the recipients' sockets that do not
 * (each socket once); null for `stats.updated`, which is coalesced and judged by the final totals instead.
 */
function deliveryExpectations(db, ignored, { socketsPerUser, watchers }) {
  const committed = async () => {
    const { rows } = await db.query('SELECT id, type, recipients, occurred_at, published_at IS NOT NULL AS published FROM outbox_events');
    return rows.filter((row) => !ignored.has(row.id));
  };
  const expectedFor = (row) => {
    const topic = publicTopicOf(row.type);
    if (topic === COUNTERS) return null;
    let expected = topic === null ? 0 : (watchers[topic] ?? 0);
    for (const user of row.recipients) {
      const entry = socketsPerUser.get(user);
      if (entry) expected += entry.sockets - (topic === null ? 0 : (entry.watching[topic] ?? 0));
    }
    return expected;
  };
  const finalTotals = async () => {
    const { rows } = await db.query('SELECT total_meals::int AS "totalMeals", total_charities AS "totalCharities" FROM impact_stats');
    return rows[0];
  };
  return { committed, expectedFor, finalTotals };
}

/**
 * Waits (at most SETTINGS.drainMs) until everything is published and the clients have received as many
 * deliveries as expected. Resolves { rows (the committed events afterwards), drainMs, reachedExpected }.
 */
async function drainDeliveries(clientProcs, { committed, expectedFor, finalTotals }, countersWatchers) {
  const drainStarted = Date.now();
  let expectedTotal = 0;
  let deliveredTotal = 0;
  for (;;) {
    const rows = await committed();
    expectedTotal = rows.reduce((sum, row) => sum + (expectedFor(row) ?? 0), 0);
    const totals = await finalTotals();
    const counts = await Promise.all(clientProcs.map((proc) => proc.request({ type: 'count', finalTotals: totals }, 'count')));
    deliveredTotal = counts.reduce((sum, c) => sum + c.delivered, 0);
    const onFinal = counts.reduce((sum, c) => sum + c.onFinal, 0);
    const settled = rows.every((row) => row.published) && deliveredTotal >= expectedTotal && onFinal >= countersWatchers;
    if (settled || Date.now() - drainStarted > SETTINGS.drainMs) break;
    await sleep(250);
  }
  const drainMs = Date.now() - drainStarted;
  await sleep(250); // anything still in flight (a duplicate, a stray) shows up in the collection
  return { rows: await committed(), drainMs, reachedExpected: deliveredTotal >= expectedTotal };
}

/**
 * What the clients received against what was committed, per event: entitled deliveries (capped at what
 * was expected), deliveries to sockets outside the event's rooms, events missing, ids nobody committed.
 */
function compareDeliveries(rows, stats, expectedFor) {
  const received = new Map();
  for (const s of stats) {
    for (const event of s.events) {
      const seen = received.get(event.id) ?? { type: event.type, count: 0, inTopic: 0, outside: [] };
      seen.count += event.count;
      seen.inTopic += event.inTopic;
      seen.outside.push(...event.outside);
      received.set(event.id, seen);
    }
  }
  let statsMessages = 0;
  let expected = 0;
  let delivered = 0;
  let unentitled = 0;
  const byType = {};
  const missingEvents = [];
  const committedIds = new Set();
  for (const row of rows) {
    committedIds.add(row.id);
    const want = expectedFor(row);
    const got = received.get(row.id);
    if (want === null) {
      // stats.updated: coalesced, so most ids reach nobody; only receipts outside `counters` are wrong.
      if (got) {
        statsMessages += got.count;
        unentitled += got.count - got.inTopic;
      }
      continue;
    }
    let entitled = 0;
    if (got) {
      entitled = got.inTopic + got.outside.filter((user) => user !== null && row.recipients.includes(user)).length;
      unentitled += got.count - entitled;
    }
    expected += want;
    delivered += Math.min(entitled, want);
    const t = (byType[row.type] ??= { events: 0, expected: 0, delivered: 0 });
    t.events++;
    t.expected += want;
    t.delivered += Math.min(entitled, want);
    if (entitled < want) missingEvents.push({ id: row.id, type: row.type, published: row.published, expected: want, delivered: entitled });
  }
  const unknown = [...received.keys()].filter((id) => !committedIds.has(id)).length;
  return { expected, delivered, unentitled, byType, missingEvents, unknown, statsMessages };
}

/** Where the missing ones were at the cut-off (never emitted, or emitted and not received), and commit → publish delays. */
function pipelineDelays(rows, publishedAt, { expected, delivered, missingEvents }) {
  let missingNotEmitted = 0;
  for (const event of missingEvents) if (!publishedAt.has(event.id)) missingNotEmitted += event.expected - event.delivered;
  const toPublish = rows.filter((row) => publishedAt.has(row.id)).map((row) => publishedAt.get(row.id) - row.occurred_at.getTime());
  return {
    eventsSeenOnRedis: toPublish.length,
    events: rows.length,
    stillInOutboxAtCutoff: rows.filter((row) => !row.published).length,
    missingDeliveriesOfEventsNeverEmitted: missingNotEmitted,
    missingDeliveriesOfEmittedEvents: expected - delivered - missingNotEmitted,
    commitToPublishMs: { p50: percentile(toPublish, 50), p95: percentile(toPublish, 95), p99: percentile(toPublish, 99), max: toPublish.reduce((m, v) => Math.max(m, v), -Infinity) },
  };
}

/** The clients' latency histograms merged (all and by type), their counters, and how many sockets are still connected. */
function mergeClientStats(stats) {
  const total = new Uint32Array(HISTOGRAM_MS + 1);
  // Board and private events only: the target's latency (stats.updated waits up to an interval by design).
  const boardAndPrivate = new Uint32Array(HISTOGRAM_MS + 1);
  const perType = {};
  for (const type of EVENT_TYPES) {
    const histogram = new Uint32Array(HISTOGRAM_MS + 1);
    for (const s of stats) {
      const pairs = s.histograms[type];
      for (let i = 0; i < pairs.length; i += 2) histogram[pairs[i]] += pairs[i + 1];
    }
    for (let ms = 0; ms < histogram.length; ms++) total[ms] += histogram[ms];
    if (type !== 'stats.updated') for (let ms = 0; ms < histogram.length; ms++) boardAndPrivate[ms] += histogram[ms];
    const summary = summarise(histogram);
    if (summary.samples > 0) perType[type] = summary;
  }
  const counters = {};
  for (const s of stats) for (const [key, value] of Object.entries(s.counters)) counters[key] = (counters[key] ?? 0) + value;
  const disconnectReasons = {};
  for (const s of stats) for (const [key, value] of Object.entries(s.disconnectReasons)) disconnectReasons[key] = (disconnectReasons[key] ?? 0) + value;
  const connectedAtEnd = stats.reduce((sum, s) => sum + s.connectedNow, 0);
  return { latency: summarise(total), targetLatency: summarise(boardAndPrivate), perType, counters, disconnectReasons, connectedAtEnd };
}

/**
 * Whether every `counters` watcher ended on the final totals, and when each got them, measured from the
 * commit of the last fulfilment (and of the last stats.updated) of the run.
 */
async function countersOutcome(db, clientProcs, rows, finalTotals) {
  const totals = await finalTotals();
  const results = await Promise.all(clientProcs.map((proc) => proc.request({ type: 'counters', finalTotals: totals }, 'counters-result')));
  const lastOf = (type) => rows.filter((row) => row.type === type).reduce((max, row) => Math.max(max, row.occurred_at.getTime()), -Infinity);
  const lastFulfilment = lastOf('request.fulfilled');
  const lastStats = lastOf('stats.updated');
  const times = results.flatMap((r) => r.finalReceivedAt);
  const afterFulfilment = times.map((at) => at - lastFulfilment);
  const sum = (key) => results.reduce((total, r) => total + r[key], 0);
  return {
    finalTotals: totals,
    watchers: sum('watchers'),
    onFinal: sum('onFinal'),
    staleLast: sum('staleLast'),
    neverGot: sum('neverGot'),
    fulfilments: rows.filter((row) => row.type === 'request.fulfilled').length,
    statsEvents: rows.filter((row) => row.type === 'stats.updated').length,
    finalAfterLastFulfilmentMs: times.length
      ? { p50: percentile(afterFulfilment, 50), p99: percentile(afterFulfilment, 99), max: Math.max(...afterFulfilment) }
      : null,
    finalAfterLastStatsCommitMs: times.length ? { p99: percentile(times.map((at) => at - lastStats), 99), max: Math.max(...times.map((at) => at - lastStats)) } : null,
  };
}

/** The topology's result row (the printed table) and details (the JSON). */
function describeResult({ topology, label, processes, sockets, writes, cpuCoresUsed, rows, drain, deliveries, pipeline, merged, stats, countersResult }) {
  const { expected, delivered, unentitled, byType, missingEvents, unknown, statsMessages } = deliveries;
  const { latency, targetLatency, perType, counters, disconnectReasons, connectedAtEnd } = merged;
  const writeP = (p) => {
    const sorted = [...writes.durations].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10 : NaN;
  };
  const target = TARGETS[topology];
  const missing = expected - delivered;
  const countersOk =
    countersResult.onFinal === countersResult.watchers &&
    (countersResult.watchers === 0 || (countersResult.finalAfterLastFulfilmentMs?.max ?? Infinity) <= COUNTERS_FINAL_WITHIN_MS);
  const met = !target
    ? 'stress (no target)'
    : missing === 0 && targetLatency.p50 <= target.p50 && targetLatency.p99 <= target.p99 && countersOk
      ? 'yes'
      : 'no';
  const row = {
    topology: label,
    sockets: sockets.socketsConnected,
    'writes ok': writes.total - writes.failed,
    'issued/s': Math.round((writes.total / (writes.issuedMs / 1000)) * 10) / 10,
    'write errors': writes.failed,
    'write p99 ms': writeP(99),
    events: rows.length,
    emitted: pipeline.eventsSeenOnRedis,
    expected,
    delivered,
    missing,
    unentitled,
    duplicates: counters.duplicates ?? 0,
    // Board and private events (the target's); stats.updated is in the details.
    'p50 ms': targetLatency.p50,
    'p95 ms': targetLatency.p95,
    'p99 ms': targetLatency.p99,
    'max ms': targetLatency.max,
    'stats msgs': statsMessages,
    'counters on final': `${countersResult.onFinal}/${countersResult.watchers}`,
    'final ≤ ms after last fulfil': countersResult.finalAfterLastFulfilmentMs?.max ?? '—',
    target: target
      ? `board+private p50 ≤ ${target.p50}, p99 ≤ ${target.p99}, none missing; counters final ≤ ${COUNTERS_FINAL_WITHIN_MS} ms`
      : '— (version 1 audience: every socket hears every public event)',
    met,
  };
  const details = {
    topology: label,
    writes: { mix: writes.counts, failed: writes.failed, errors: writes.errors, p50Ms: writeP(50), p99Ms: writeP(99), driverSaturated: writes.saturated, issuedOverMs: Math.round(writes.issuedMs), elapsedMs: Math.round(writes.elapsedMs) },
    deliveries: { note: `missing = not received by the end of the drain (bounded at ${SETTINGS.drainMs / 1000} s after the last write)`, expected, delivered, missing, unentitled, unknownEventIds: unknown, byType, firstMissing: missingEvents.slice(0, 10), missingEvents: missingEvents.length },
    latencyMs: { boardAndPrivate: targetLatency, all: latency, byType: perType },
    counters: countersResult,
    drain: { ms: drain.drainMs, boundMs: SETTINGS.drainMs, reachedExpected: drain.reachedExpected },
    // The end of each process's log when writes failed, to tell an overloaded pool from an outage.
    processLogTails: writes.failed > 0 ? processes.map((p) => ({ role: p.role, tail: p.output().replace(/\x1b\[[0-9;]*m/g, '').slice(-1500) })) : undefined,
    sockets: { requested: SETTINGS.sockets, connected: sockets.socketsConnected, watching: sockets.watchers, connectFailed: sockets.connectFailed, connectedAtEnd, disconnects: counters.disconnects ?? 0, disconnectReasons },
    pipeline,
    clientLoops: stats.map((s) => s.loop),
    clientCounters: counters,
    cpuCoresUsedDuringWrites: cpuCoresUsed,
  };
  return { row, details };
}

/** Runs one topology, phase by phase; returns its result row and details. */
async function scenario(topology, log) {
  const label = {
    single: '(a) realistic mix, 1 × ROLE=all',
    split: '(b) realistic mix, 2 × ROLE=api + 1 × ROLE=worker',
    stress: '(stress) all-public (v1 audience), 1 × ROLE=all',
  }[topology];
  log(`live ${label}: starting`);
  const stack = await createStack({ log });
  const clientProcs = [];
  let db;
  let tap;
  const profileDir = PROFILE_ROOT && path.join(PROFILE_ROOT, topology);
  const env = profileDir ? cpuProfileEnv(profileDir) : {};
  try {
    const { processes, urls } = await startTopology(stack, topology, env);
    const { donors, charities, available } = await seedUsersAndStock(urls[0], stack.env.DATABASE_URL, log);
    const pg = (await import('pg')).default;
    db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    await waitForSetupEvents(db);
    const users = [...donors.map((user) => ({ ...user, type: 'donor' })), ...charities.map((user) => ({ ...user, type: 'charity' }))];
    const sockets = await connectSockets(clientProcs, urls, users, topology, log);
    const published = await tapPublishedEvents(stack);
    tap = published.tap;
    const ignored = await startRecording(db, clientProcs);

    const { writes, cpuCoresUsed } = await writePhase({ processes, clientProcs, urls, donors, charities, available, profileDir, log });

    const expectations = deliveryExpectations(db, ignored, sockets);
    const drain = await drainDeliveries(clientProcs, expectations, sockets.watchers[COUNTERS] ?? 0);
    const countersResult = await countersOutcome(db, clientProcs, drain.rows, expectations.finalTotals);
    const stats = await Promise.all(clientProcs.map((proc) => proc.request({ type: 'collect' }, 'stats')));
    const deliveries = compareDeliveries(drain.rows, stats, expectations.expectedFor);
    const pipeline = pipelineDelays(drain.rows, published.publishedAt, deliveries);
    const merged = mergeClientStats(stats);

    const { row, details } = describeResult({ topology, label, processes, sockets, writes, cpuCoresUsed, rows: drain.rows, drain, deliveries, pipeline, merged, stats, countersResult });
    log(
      `live ${label}: ${deliveries.delivered}/${deliveries.expected} board+private delivered, p50 ${merged.targetLatency.p50} ms, p99 ${merged.targetLatency.p99} ms; ` +
        `counters on final ${countersResult.onFinal}/${countersResult.watchers}`,
    );
    if (profileDir) details.cpuProfiles = { pids: Object.fromEntries(processes.map((p) => [p.child.pid, p.role])), summaries: printCpuProfiles(profileDir) };
    return { row, details };
  } finally {
    await stopClientProcesses(clientProcs);
    tap?.disconnect();
    await db?.end().catch(() => {});
    await stack.close();
  }
}

export async function run() {
  const log = (line) => console.log(`[bench] ${line}`);
  // Each process holds at most all the sockets (the API in (a)) plus its pools; Node sets its soft limit to
  // the hard one at start-up, so only the hard limit can be short.
  const needed = SETTINGS.sockets + 1024;
  const limit = raiseFileLimit(needed);
  if (limit && limit.soft < needed) {
    throw new Error(`open-file limit ${limit.soft} < ${needed} needed and cannot be raised here (run as root or raise the hard limit: ulimit -Hn)`);
  }
  const results = [];
  for (const topology of TOPOLOGIES) {
    if (!(topology in TARGETS)) throw new Error(`BENCH_LIVE_TOPOLOGY: unknown topology "${topology}" (single, split, stress)`);
    results.push(await scenario(topology, log));
  }
  const rows = results.map((r) => r.row);
  report(QUICK ? 'live-quick' : 'live', rows, {
    quick: QUICK,
    settings: { ...SETTINGS, clientProcesses: CLIENT_PROCS, mix: MIX, topologies: TOPOLOGIES },
    method:
      'Latency: per client, per first receipt of an event id, Date.now() - Date.parse(envelope.occurredAt), where occurredAt is ' +
      "the outbox row's clock_timestamp() at insert inside the writing transaction (same machine clock, ms resolution). Expected: " +
      'every outbox row written after the clients started except stats.updated; the sockets watching its topic (REALTIME.md v2) ' +
      "plus the recipients' other sockets. Delivered: distinct entitled sockets that received the id (duplicates and sockets " +
      'outside the audience are counted separately). Counters: stats.updated is coalesced (at most one per 250 ms per watcher), ' +
      'so each counters watcher is checked to end on the final totals (impact_stats after the drain), and when it got them is ' +
      'measured from the last fulfilment commit. Writes: open loop at the target rate over HTTP, alternating API instances in (b). ' +
      'Mix: 1,800 anonymous sockets watch counters, 150 charities board, 50 donors nothing; stress: every socket watches both.',
    details: results.map((r) => r.details),
  });
  for (const { details } of results) {
    console.log(`${details.topology}: latency by type (ms)`);
    console.table(details.latencyMs.byType);
    console.log(`  write mix ${JSON.stringify(details.writes.mix)}, errors ${JSON.stringify(details.writes.errors)}; CPU cores used during writes ${JSON.stringify(details.cpuCoresUsedDuringWrites)}; drain ${details.drain.ms} ms; disconnects ${details.sockets.disconnects}`);
    console.log(`  pipeline (commit → emitted on the Socket.IO Redis channel, per event): ${JSON.stringify(details.pipeline)}`);
    console.log(`  client processes' own event loops: ${JSON.stringify(details.clientLoops)}`);
  }
  return rows;
}

runAsScript(import.meta.url, run, clientMain);
