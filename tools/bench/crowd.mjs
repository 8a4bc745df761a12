// Part `crowd` of `npm run bench` (issue 17): the landing crowd. Many anonymous sockets (a TV spot, a
// Ramadan campaign: 20,000 by default) watch `counters` on one ROLE=all process while 20 fulfilments/s go
// through the HTTP API for 30 s. Measured on the server through its inspector, as in fanout.mjs: heap used
// per socket (gc() twice before and after connecting), and the event-loop delay (a 5 ms timer's lateness)
// over the fulfilment phase. Measured by the clients: every socket's last `stats.updated` against the final
// totals (`impact_stats` once every fulfilment is counted), commit → receipt of every counters message
// (`Date.now() - occurredAt`; coalescing adds up to 250 ms by design, more past COUNTERS_MESSAGES_PER_SECOND
// watchers: docs/REALTIME.md), and when each socket had the final
// totals after the last fulfilment's commit.
//
//   node tools/bench/crowd.mjs                 full run (20,000 sockets, 20 fulfilments/s for 30 s)
//   BENCH_QUICK=1 node tools/bench/crowd.mjs   smoke run (1,000 sockets, 10 fulfilments/s for 5 s)
//   BENCH_CROWD_SOCKETS=12000                  another socket count
//
// 20,000 client sockets on loopback need 20,000 ephemeral ports (Linux's default range has ~28,000) and
// file descriptors on both sides; sockets that fail to connect are counted and their first errors
// reported, and every per-socket figure is divided by the sockets that did connect.
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { charitiesForPendingClaims, COUNTERS_INTERVAL_MS, LIVE_TOPICS } from './lib/contracts.mjs';
import { serverMemory, startInspectedApi } from './fanout.mjs';
import { openSockets, runAsScript, serveClientProcess, startClientProcess, stopClientProcesses } from './lib/socket-clients.mjs';
import { readdirSync } from 'node:fs';
import { call, cpuSeconds, createStack, createUsers, fileLimit, listFood, percentile, raiseFileLimit, report, verifyCharities } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = QUICK
  ? { sockets: 1000, fulfilmentsPerSecond: 10, seconds: 5, clientProcs: 2, charities: 5, readEvery: 10 }
  : { sockets: 20_000, fulfilmentsPerSecond: 20, seconds: 15, clientProcs: 4, charities: 20, readEvery: 10 };
if (process.env.BENCH_CROWD_SOCKETS) SETTINGS.sockets = Number(process.env.BENCH_CROWD_SOCKETS);
/**
 * Which sockets read their messages as they come: every `readEvery`-th (1: all). On its own hardware each
 * visitor's phone reads its own socket; here four client processes on the server's two cores would have to
 * read all 20,000, at about the server's own CPU per message (~20 µs each side: docs/PERFORMANCE.md), and
 * the clients, not the server, would set the latency. So the others stop reading (their websocket paused)
 * for the fulfilment phase: the server writes to them exactly as to the readers (on loopback the kernel puts
 * each message into the receiver's buffer within the sender's write), and they read their backlog once the
 * phase is over, when every socket's last message is checked against the final totals. The phase is kept
 * under the server's ping timeout (20 s), which a paused socket cannot answer. Latency percentiles are the
 * readers', spread evenly over the order the server writes in (the order sockets connected).
 */
if (process.env.BENCH_CROWD_READ_EVERY) SETTINGS.readEvery = Number(process.env.BENCH_CROWD_READ_EVERY);
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? SETTINGS.clientProcs);
const TARGETS = { heapPerSocketBytes: 10 * 1024, loopDelayP99Ms: 50, countersP99Ms: 1000 };
/**
 * File descriptors the API may still open beside its sockets once it is up: the rest of its database pool
 * (20), BullMQ's and the adapter's Redis connections, files. Each client process has its own limit and
 * holds a quarter of the sockets, so the API's is the one that binds.
 */
const FD_HEADROOM = 64;
/** How long after the last fulfilment the sockets have to reach the final totals before the run stops waiting. */
const DRAIN_MS = 15_000;

// ------------------------------------------------------------------------------------------------ client

/** A forked client process: its share of the sockets, each remembering its last counters message. */
function clientMain() {
  const sockets = []; // { socket, last: the last stats.updated envelope | undefined, receivedAt, reads }
  const latencies = []; // commit → receipt of every counters message, ms
  let recording = false;
  let disconnects = 0;
  let cpuAtStart; // process.cpuUsage() when the fulfilments start
  let received = 0; // counters messages read while recording
  let attachedCount = 0;
  serveClientProcess({
    connect: async (message) => {
      const { failed, errors } = await openSockets(
        Array.from({ length: message.count }, () => ({ url: message.url, topics: [LIVE_TOPICS.counters] })),
        {
          concurrency: message.concurrency,
          attach: (socket) => {
            const entry = { socket, last: undefined, receivedAt: 0, reads: attachedCount++ % message.readEvery === 0 };
            // Kept lean: with 20,000 sockets on the server's two cores, what a client does per message is
            // taken from the server being measured (the envelope is kept as it came, not copied).
            socket.on('stats.updated', (envelope) => {
              const receivedAt = Date.now();
              if (recording && entry.reads) {
                received++;
                latencies.push(receivedAt - Date.parse(envelope.occurredAt));
              }
              entry.last = envelope;
              entry.receivedAt = receivedAt;
            });
            return entry;
          },
          connected: (socket, _spec, entry) => {
            socket.on('disconnect', () => disconnects++);
            sockets.push(entry);
          },
        },
      );
      return { type: 'connected', connected: sockets.length, failed, errors };
    },
    start: () => {
      recording = true;
      cpuAtStart = process.cpuUsage();
      for (const entry of sockets) if (!entry.reads) stopReading(entry.socket);
      return { type: 'started' };
    },
    // The fulfilment phase is over: the paused sockets read what was written to them meanwhile.
    resume: () => {
      for (const entry of sockets) if (!entry.reads) startReading(entry.socket);
      return { type: 'resumed' };
    },
    // CPU used and counters messages received since the fulfilments started.
    cpu: () => {
      const { user, system } = process.cpuUsage(cpuAtStart);
      return { type: 'cpu', cpuSeconds: (user + system) / 1e6, received };
    },
    final: (message) => {
      const { totalMeals, totalCharities } = message.totals;
      const onFinal = sockets.filter((s) => s.last?.data.totalMeals === totalMeals && s.last.data.totalCharities === totalCharities);
      return {
        type: 'final',
        sockets: sockets.length,
        onFinal: onFinal.length,
        finalReceivedAt: message.withTimes ? onFinal.filter((s) => s.reads).map((s) => s.receivedAt) : [],
        latencies: message.withTimes ? latencies : [],
        disconnects,

      };
    },
    exit: () => {
      for (const { socket } of sockets) socket.disconnect();
    },
  });
}

/**
 * Stops a client socket's reads from the kernel: the websocket's pause() stops its
 * parsing, but Node's socket goes on reading into its stream buffer (up to 16 KB) unless its handle stops
 * too, and those reads are most of a client's CPU per message (startReading undoes it). Node internals,
 * for the benchmark only.
 */
function stopReading(socket) {
  const ws = socket.io.engine.transport.ws;
  ws.pause();
  const handle = ws._socket._handle;
  if (handle?.reading) {
    handle.reading = false;
    handle.readStop();
  }
}

/** Undoes stopReading: the handle reads again, and the websocket parses what was waiting. */
function startReading(socket) {
  const ws = socket.io.engine.transport.ws;
  const handle = ws._socket._handle;
  if (handle && !handle.reading) {
    handle.reading = true;
    handle.readStart();
  }
  ws.resume();
}

// ------------------------------------------------------------------------------------------------ parent

/** Fulfils `requests` at `rate`/s, open loop; resolves { failed, elapsedMs }. */
async function fulfilAtRate(url, donor, requests, rate) {
  const inFlight = new Set();
  let failed = 0;
  const t0 = performance.now() + 20;
  for (let k = 0; k < requests.length; k++) {
    const wait = t0 + (k * 1000) / rate - performance.now();
    if (wait >= 1) await sleep(wait);
    const promise = call(`${url}/updaterequeststatus/${requests[k]}`, 'PUT', { status: 'fulfilled' }, donor.token)
      .catch(() => failed++)
      .finally(() => inFlight.delete(promise));
    inFlight.add(promise);
  }
  await Promise.all(inFlight);
  return { failed, elapsedMs: performance.now() - t0 };
}

export async function run() {
  const log = (line) => console.log(`[bench] ${line}`);
  const requested = SETTINGS.sockets;
  raiseFileLimit(requested + FD_HEADROOM + 100);
  const stack = await createStack({ log });
  const procs = [];
  let inspector;
  let db;
  try {
    let api;
    ({ api, inspector } = await startInspectedApi(stack));
    const pg = (await import('pg')).default;
    db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();

    // Claimed items, one per fulfilment, made before anyone listens.
    const fulfilments = SETTINGS.fulfilmentsPerSecond * SETTINGS.seconds;
    log(`preparing ${fulfilments} claimed items`);
    const [donor] = await createUsers(api.url, 'donor', 1);
    // Every claim stays pending until its fulfilment: enough charities to hold them within the claim limit.
    const charities = await createUsers(api.url, 'charity', charitiesForPendingClaims(fulfilments, SETTINGS.charities));
    await verifyCharities(stack.env.DATABASE_URL, charities);
    const items = await listFood(api.url, donor, fulfilments, 8);
    const requests = [];
    for (let i = 0; i < items.length; i++) {
      const charity = charities[i % charities.length];
      requests.push((await call(`${api.url}/api/request`, 'POST', { food_id: items[i].id }, charity.token)).request_id);
    }
    await sleep(1500); // the set-up's events go out

    // The API holds one file descriptor per socket beside those it has open now: as many sockets as fit
    // under its open-file limit (the hard limit, which needs privileges to raise) are opened, no more.
    const limit = fileLimit()?.soft ?? Infinity;
    const apiFds = readdirSync(`/proc/${api.child.pid}/fd`).length;
    const fits = limit - apiFds - FD_HEADROOM;
    if (fits < requested) {
      SETTINGS.sockets = fits;
      log(`open-file limit ${limit}: the API holds ${apiFds} descriptors and keeps ${FD_HEADROOM} spare, so ${fits} sockets fit, not ${requested}`);
    }
    const before = await serverMemory(inspector, api.child.pid);
    const procCount = Math.max(1, Math.min(CLIENT_PROCS, SETTINGS.sockets));
    for (let p = 0; p < procCount; p++) procs.push(await startClientProcess(import.meta.url));
    const share = (p) => Math.floor(SETTINGS.sockets / procCount) + (p < SETTINGS.sockets % procCount ? 1 : 0);
    const connectStarted = Date.now();
    const replies = await Promise.all(procs.map((proc, p) => proc.request({ type: 'connect', url: api.url, count: share(p), concurrency: 50, readEvery: SETTINGS.readEvery }, 'connected')));
    const connected = replies.reduce((sum, r) => sum + r.connected, 0);
    const connectFailed = replies.reduce((sum, r) => sum + r.failed, 0);
    const connectErrors = replies.flatMap((r) => r.errors).slice(0, 5);
    log(`${connected} sockets watching counters in ${Date.now() - connectStarted} ms (${connectFailed} failed${connectFailed ? `: ${connectErrors.join('; ')}` : ''})`);
    if (connected === 0) throw new Error('no socket connected');
    await sleep(3000);
    const after = await serverMemory(inspector, api.child.pid);
    const heapPerSocket = Math.round((after.heapUsed - before.heapUsed) / connected);
    const rssPerSocket = Math.round((after.vmRssBytes - before.vmRssBytes) / connected);

    await Promise.all(procs.map((proc) => proc.request({ type: 'start' }, 'started')));
    await inspector.evaluate('__benchLoop.reset(); __benchLoop.seriesOn = true');
    const cpuBefore = cpuSeconds(api.child.pid);
    log(`fulfilling ${SETTINGS.fulfilmentsPerSecond}/s for ${SETTINGS.seconds} s`);
    const writes = await fulfilAtRate(api.url, donor, requests, SETTINGS.fulfilmentsPerSecond);
    const apiCpuSeconds = cpuSeconds(api.child.pid) - cpuBefore;
    const clientCpu = await Promise.all(procs.map((proc) => proc.request({ type: 'cpu' }, 'cpu')));
    const clientCpuSeconds = clientCpu.reduce((sum, c) => sum + c.cpuSeconds, 0);
    const receivedWhileFulfilling = clientCpu.reduce((sum, c) => sum + c.received, 0);
    // The readers are every readEvery-th socket: what they read, scaled, is what the server wrote to all.
    const readers = Math.ceil(connected / SETTINGS.readEvery);
    const writtenWhileFulfilling = Math.round((receivedWhileFulfilling * connected) / readers);
    const cores = (seconds) => Math.round((seconds / (writes.elapsedMs / 1000)) * 100) / 100;
    const apiCores = cores(apiCpuSeconds);
    // CPU per counters message delivered, each side (the API's includes the fulfilments themselves).
    const microsPerMessage = (seconds, messages) => Math.round(((seconds * 1e6) / Math.max(1, messages)) * 10) / 10;
    await Promise.all(procs.map((proc) => proc.request({ type: 'resume' }, 'resumed')));

    // Drain: every fulfilment counted, then every socket on the final totals (or the bound).
    const drainStarted = Date.now();
    let totals;
    let onFinal = 0;
    for (;;) {
      const { rows } = await db.query(
        `SELECT (SELECT count(*)::int FROM processed_events) AS processed, total_meals::int AS "totalMeals", total_charities AS "totalCharities" FROM impact_stats`,
      );
      totals = { totalMeals: rows[0].totalMeals, totalCharities: rows[0].totalCharities };
      const finals = await Promise.all(procs.map((proc) => proc.request({ type: 'final', totals }, 'final')));
      onFinal = finals.reduce((sum, f) => sum + f.onFinal, 0);
      const { rows: pending } = await db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`);
      if ((pending[0].n === 0 && onFinal === connected) || Date.now() - drainStarted > DRAIN_MS) break;
      await sleep(200);
    }
    await sleep(2 * COUNTERS_INTERVAL_MS); // a later message, were there one, would show
    await inspector.evaluate('__benchLoop.seriesOn = false');
    const loop = await inspector.evaluate('__benchLoop.readSeries()');
    const finals = await Promise.all(procs.map((proc) => proc.request({ type: 'final', totals, withTimes: true }, 'final', 60_000)));
    onFinal = finals.reduce((sum, f) => sum + f.onFinal, 0);
    const { rows: lastRows } = await db.query(
      `SELECT max(occurred_at) FILTER (WHERE type = 'request.fulfilled') AS fulfilled, max(occurred_at) FILTER (WHERE type = 'stats.updated') AS stats,
              count(*) FILTER (WHERE type = 'stats.updated')::int AS "statsEvents" FROM outbox_events`,
    );
    const lastFulfilment = lastRows[0].fulfilled.getTime();
    const afterLastFulfilment = finals.flatMap((f) => f.finalReceivedAt).map((at) => at - lastFulfilment);
    const latencies = finals.flatMap((f) => f.latencies);
    const countersP99 = percentile(latencies, 99);
    const loopP99Ms = Math.round(loop.p99Us / 100) / 10;

    const rows = [
      { metric: 'sockets watching counters', value: connected, unit: `of ${SETTINGS.sockets}${SETTINGS.sockets < requested ? ` (${requested} requested; the open-file limit ${fileLimit()?.soft} fits ${SETTINGS.sockets} beside the API's other descriptors)` : ''}${connectFailed ? ` (${connectFailed} failed: ${connectErrors[0]})` : ''}`, target: '', met: connected === requested ? 'yes' : 'no' },
      { metric: 'heap used per socket', value: heapPerSocket, unit: 'bytes', target: `≤ ${TARGETS.heapPerSocketBytes}`, met: heapPerSocket <= TARGETS.heapPerSocketBytes ? 'yes' : 'no' },
      { metric: 'RSS per socket', value: rssPerSocket, unit: 'bytes', target: '', met: '' },
      { metric: 'event-loop delay p99 while fulfilling', value: loopP99Ms, unit: `ms (${loop.samples} samples, max ${Math.round(loop.maxUs / 1000)})`, target: `< ${TARGETS.loopDelayP99Ms}`, met: loopP99Ms < TARGETS.loopDelayP99Ms ? 'yes' : 'no' },
      { metric: 'sockets whose last message is the final totals', value: onFinal, unit: `of ${connected}`, target: 'all', met: onFinal === connected ? 'yes' : 'no' },
      { metric: 'counters commit → receipt p50', value: percentile(latencies, 50), unit: `ms (${latencies.length} messages)`, target: '', met: '' },
      { metric: 'counters commit → receipt p99', value: countersP99, unit: 'ms', target: `≤ ${TARGETS.countersP99Ms}`, met: countersP99 <= TARGETS.countersP99Ms ? 'yes' : 'no' },
      { metric: 'final totals after the last fulfilment, max (readers)', value: afterLastFulfilment.length ? Math.max(...afterLastFulfilment) : NaN, unit: 'ms', target: '', met: '' },
      { metric: 'fulfilments (failed)', value: fulfilments, unit: `(${writes.failed}); ${lastRows[0].statsEvents} stats.updated events`, target: '', met: '' },
      { metric: 'API CPU while fulfilling', value: apiCores, unit: `cores: ${microsPerMessage(apiCpuSeconds, writtenWhileFulfilling)} µs per counters message written (fulfilments included; ~${writtenWhileFulfilling} written)`, target: '', met: '' },
      { metric: 'client CPU while fulfilling', value: cores(clientCpuSeconds), unit: `cores in ${procCount} processes: ${microsPerMessage(clientCpuSeconds, receivedWhileFulfilling)} µs per counters message read (${receivedWhileFulfilling}, by ${readers} sockets reading throughout)`, target: '', met: '' },
    ];
    report(QUICK ? 'crowd-quick' : 'crowd', rows, {
      quick: QUICK,
      settings: { ...SETTINGS, clientProcesses: procCount, countersIntervalMs: COUNTERS_INTERVAL_MS },
      method:
        'One ROLE=all API with --expose-gc --inspect. Heap per socket: (heapUsed after connecting and 3 s − before) / connected, ' +
        'each after gc() twice. Loop delay: a 5 ms timer chain in the API (fanout.mjs SAMPLER), over the fulfilment phase and the ' +
        'drain. Fulfilments: open loop over HTTP. Final totals: impact_stats once nothing is left in the outbox; a socket is on ' +
        'them when its last stats.updated carries them (every socket, once the paused ones have read their backlog). Latency: ' +
        "Date.now() at receipt − the envelope's occurredAt, every message read by the sockets reading throughout (every " +
        'readEvery-th; the others paused during the fulfilment phase: see SETTINGS.readEvery).',
      memory: { before, after },
      connect: { failed: connectFailed, errors: connectErrors },
      loop,
      disconnects: finals.reduce((sum, f) => sum + f.disconnects, 0),
    });
    return rows;
  } finally {
    inspector?.close();
    await stopClientProcesses(procs);
    await db?.end().catch(() => {});
    await stack.close();
  }
}

runAsScript(import.meta.url, run, clientMain);
