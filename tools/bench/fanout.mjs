// Part 4 of `npm run bench` (issue 6): fan-out and memory. 5,000 anonymous websocket clients on one
// ROLE=all process. Measured on the server, from outside the API's code:
//   - heap used and RSS per connection: the API runs with --expose-gc and --inspect (loopback, a port of
//     its own); through the inspector protocol this script forces a full GC and reads process.memoryUsage()
//     before and after the clients connect. RSS is read from /proc/<pid>/status as well.
//   - event-loop delay while broadcasting: a 5 ms timer sampler injected through the inspector records how
//     late each tick fires, only while a broadcast round is in progress (fulfil sent → last client reached).
//     Cross-checks from truly outside: event-loop utilisation over the same windows, and the round-trip of
//     a cheap HTTP request (a JSON 404) sent every 20 ms.
//   - broadcast time: a donor fulfils a claimed item → the worker records one `stats.updated` → every API
//     instance's counters coalescer sends it to its `counters` watchers (every client here watches
//     `counters`; rounds are further apart than the coalescing interval, so each goes out at once) → every
//     client notes Date.now() on receipt. Reported relative to the moment the
//     fulfil request completed (and to the event's occurredAt); ~10 rounds for a distribution.
//
//   node tools/bench/fanout.mjs                  full run (5,000 clients, 10 rounds)
//   BENCH_QUICK=1 node tools/bench/fanout.mjs    smoke run (1,000 clients, 3 rounds)
//
// The clients are spread over forked processes (this file with `--client`, lib/socket-clients.mjs): one Node
// process parsing 5,000 messages per broadcast would itself be the bottleneck. On a 2-core machine they still share the CPU with
// the API, so the receipt times include the clients' own queueing; the CPU each side used is reported.
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { charitiesForPendingClaims } from './lib/contracts.mjs';
import { openSockets, runAsScript, serveClientProcess, startClientProcess, stopClientProcesses } from './lib/socket-clients.mjs';
import { call, cpuSeconds, createStack, createUsers, freePort, listFood, percentile, raiseFileLimit, report, resultsDir, verifyCharities } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = QUICK ? { clients: 1000, rounds: 3, clientProcs: 2 } : { clients: 5000, rounds: 10, clientProcs: 4 };
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? SETTINGS.clientProcs);
const WARMUP_CLIENTS = 100;
const ROUND_TIMEOUT_MS = 15_000;
const PAUSE_BETWEEN_ROUNDS_MS = 750;
const SAMPLER_INTERVAL_MS = 5;
/** A sampler tick this close to on time (µs late) means the API's event loop is quiet again. */
const QUIET_US = 2000;
const PROBE_INTERVAL_MS = 20;
/** Opt-in evidence for finding causes: BENCH_PROFILE=1 (CPU profile of the API over the rounds), BENCH_HEAP_SNAPSHOT=1. */
const PROFILE = process.env.BENCH_PROFILE === '1';
const HEAP_SNAPSHOT = process.env.BENCH_HEAP_SNAPSHOT === '1';
const TARGETS = { heapPerConnectionBytes: 10 * 1024, loopDelayP99Ms: 50, broadcastP99Ms: 250 };

// ------------------------------------------------------------------------------------------------ client

/** A forked client process: holds its share of the sockets and reports when all of them got a `stats.updated`. */
function clientMain() {
  let sockets = [];
  const rounds = new Map(); // event id -> { occurredAt, times: [] }
  const reported = new Set();
  let duplicates = 0;
  let disconnects = 0;

  function finish(id) {
    const record = rounds.get(id);
    rounds.delete(id);
    reported.add(id);
    process.send({ type: 'round', id, occurredAt: record.occurredAt, times: record.times, expected: sockets.length, duplicates });
  }

  function listen(socket) {
    const seen = new Set();
    socket.on('stats.updated', (envelope) => {
      const receivedAt = Date.now();
      if (seen.has(envelope.id)) return void duplicates++;
      seen.add(envelope.id);
      if (reported.has(envelope.id)) return; // a straggler after a timed-out round was already reported
      let record = rounds.get(envelope.id);
      if (!record) rounds.set(envelope.id, (record = { occurredAt: envelope.occurredAt, times: [] }));
      record.times.push(receivedAt);
      if (record.times.length >= sockets.length) finish(envelope.id);
    });
  }

  serveClientProcess({
    connect: async (message) => {
      const { failed, errors } = await openSockets(
        Array.from({ length: message.count }, () => ({ url: message.url, topics: ['counters'] })),
        {
          concurrency: message.concurrency,
          attach: listen,
          connected: (socket) => {
            socket.on('disconnect', () => disconnects++);
            sockets.push(socket);
          },
        },
      );
      return { type: 'connected', connected: sockets.length, failed, errors };
    },
    partial: () => {
      for (const id of [...rounds.keys()]) finish(id);
      return { type: 'partial-done' };
    },
    'close-all': () => {
      for (const socket of sockets) socket.disconnect();
      sockets = [];
      disconnects = 0; // these were ours
      return { type: 'closed' };
    },
    status: () => ({ type: 'status', sockets: sockets.length, connected: sockets.filter((s) => s.connected).length, disconnects, duplicates }),
    exit: () => {
      for (const socket of sockets) socket.disconnect();
    },
  });
}

// ------------------------------------------------------------------------------------------------ parent

/** A Chrome DevTools Protocol session with the API process's inspector (loopback only). */
async function connectInspector(port) {
  const require = createRequire(import.meta.url);
  // `ws` comes with socket.io-client (through engine.io-client); resolved from there, not hoisting.
  const fromEngine = createRequire(createRequire(require.resolve('socket.io-client')).resolve('engine.io-client'));
  const WebSocket = fromEngine('ws');
  let targets;
  for (let attempt = 0; attempt < 50 && !targets?.length; attempt++) {
    targets = await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json(), () => null);
    if (!targets?.length) await sleep(100);
  }
  if (!targets?.length) throw new Error(`no inspector target on port ${port}`);
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { perMessageDeflate: false });
  await once(ws, 'open');
  let nextId = 0;
  const pending = new Map();
  const listeners = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.method) return void listeners.get(message.method)?.(message.params);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${message.error.message}`));
    else waiter.resolve(message.result);
  });
  const command = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  /** Evaluates an expression in the API's main context; `require` is there through the command-line API. */
  const evaluate = async (expression) => {
    const result = await command('Runtime.evaluate', { expression, returnByValue: true, includeCommandLineAPI: true, awaitPromise: true });
    if (result.exceptionDetails) throw new Error(`inspector: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`);
    return result.result.value;
  };
  /** Writes a heap snapshot (chunks arrive as events while the command runs). */
  const heapSnapshot = async (file) => {
    const chunks = [];
    listeners.set('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
    await command('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    listeners.delete('HeapProfiler.addHeapSnapshotChunk');
    writeFileSync(file, chunks.join(''));
  };
  return { command, evaluate, heapSnapshot, close: () => ws.close() };
}

/** Injected once into the API: a 5 ms timer that records how late it fires, only while `on`. */
const SAMPLER = `
globalThis.__benchLoop ??= (() => {
  const { createHistogram, performance } = require('node:perf_hooks');
  const state = { on: false, histogram: createHistogram(), windows: [], windowMaxUs: 0, roundMaxUs: [], seriesOn: false, series: createHistogram() };
  let expected = performance.now() + ${SAMPLER_INTERVAL_MS};
  const tick = () => {
    const now = performance.now();
    const lateUs = Math.max(1, Math.round((now - expected) * 1000));
    if (state.on) {
      state.histogram.record(lateUs);
      state.windowMaxUs = Math.max(state.windowMaxUs, lateUs);
      // A window ends at the first on-time tick after it was asked to: work that follows the broadcast
      // (write callbacks, collection) is still inside it.
      if (state.stopping && lateUs < ${QUIET_US}) {
        state.on = false;
        state.windows.push(performance.eventLoopUtilization(state.elu));
        state.roundMaxUs.push(state.windowMaxUs);
        state.stopping();
        state.stopping = null;
      }
    }
    if (state.seriesOn) state.series.record(lateUs);
    expected = now + ${SAMPLER_INTERVAL_MS};
    setTimeout(tick, ${SAMPLER_INTERVAL_MS}).unref();
  };
  setTimeout(tick, ${SAMPLER_INTERVAL_MS}).unref();
  state.start = () => { state.on = true; state.windowMaxUs = 0; state.elu = performance.eventLoopUtilization(); };
  state.stop = () => new Promise((resolve) => {
    state.stopping = resolve;
    // Never wait more than 2 s for a quiet tick (a machine busy with other work may not give one).
    setTimeout(() => { if (state.stopping === resolve) { state.stopping = null; state.on = false;
      state.windows.push(performance.eventLoopUtilization(state.elu)); state.roundMaxUs.push(state.windowMaxUs); resolve(); } }, 2000).unref();
  });
  state.read = () => {
    const h = state.histogram;
    const active = state.windows.reduce((s, w) => s + w.active, 0);
    const idle = state.windows.reduce((s, w) => s + w.idle, 0);
    return { samples: h.count, p50Us: h.percentile(50), p99Us: h.percentile(99), maxUs: h.max,
      utilisation: active + idle > 0 ? active / (active + idle) : NaN, windowMs: active + idle, roundMaxUs: state.roundMaxUs };
  };
  state.readSeries = () => ({ samples: state.series.count, p50Us: state.series.percentile(50), p99Us: state.series.percentile(99), maxUs: state.series.max });
  state.reset = () => { state.histogram.reset(); state.windows = []; state.roundMaxUs = []; state.series.reset(); };
  return state;
})();
'sampler ready'`;

export async function serverMemory(inspector, pid) {
  // Two full collections (the second catches what the first only made unreachable), then a reading.
  const usage = JSON.parse(await inspector.evaluate('gc(); gc(); JSON.stringify(process.memoryUsage())'));
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const vmRssBytes = Number(status.match(/VmRSS:\s+(\d+) kB/)[1]) * 1024;
  return { ...usage, vmRssBytes };
}

/** Round-trips of a cheap HTTP request (no database: a JSON 404) every PROBE_INTERVAL_MS until stopped. */
function startProbe(url) {
  const rtts = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/api/bench-probe`, { headers: { accept: 'application/json' } });
        await response.arrayBuffer();
        rtts.push(performance.now() - started);
      } catch {
        // counted as missing samples only
      }
      await sleep(PROBE_INTERVAL_MS);
    }
  })();
  return {
    rtts,
    stop: async () => {
      running = false;
      await done;
      return rtts;
    },
  };
}

const round1 = (value) => Math.round(value * 10) / 10;
const round2 = (value) => Math.round(value * 100) / 100;

/** Raises the open-file limit for `sockets` client sockets (and some spare), or says why it cannot. */
export function ensureFileLimit(sockets) {
  const needed = sockets + 1024;
  const limit = raiseFileLimit(needed);
  if (limit && limit.soft < needed) {
    throw new Error(`open-file limit ${limit.soft} < ${needed} needed and cannot be raised here (run as root or raise the hard limit: ulimit -Hn)`);
  }
}

/** A ROLE=all API whose heap the benchmark reads through the inspector (gc exposed, SAMPLER installed). */
export async function startInspectedApi(stack) {
  const inspectPort = await freePort();
  const api = await stack.startApi({
    role: 'all',
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --inspect=127.0.0.1:${inspectPort}`.trim() },
  });
  const inspector = await connectInspector(inspectPort);
  await inspector.evaluate(SAMPLER);
  return { api, inspector };
}

export async function run() {
  const log = (line) => console.log(`[bench] ${line}`);
  ensureFileLimit(SETTINGS.clients);

  const stack = await createStack({ log });
  const procs = [];
  let inspector;
  try {
    let api;
    ({ api, inspector } = await startInspectedApi(stack));

    // One donor and a few charities (each within the claim limit) act over HTTP only; every socket is
    // anonymous and hears `stats.updated`.
    const [donor] = await createUsers(api.url, 'donor', 1);
    const charities = await createUsers(api.url, 'charity', charitiesForPendingClaims(SETTINGS.rounds + 1));
    await verifyCharities(stack.env.DATABASE_URL, charities);
    const items = await listFood(api.url, donor, SETTINGS.rounds + 1, 4);
    const requests = [];
    for (const [i, item] of items.entries()) {
      const charity = charities[i % charities.length];
      requests.push((await call(`${api.url}/api/request`, 'POST', { food_id: item.id }, charity.token)).request_id);
    }
    await sleep(1500); // the set-up's events go out before anyone listens

    const procCount = Math.max(1, Math.min(CLIENT_PROCS, SETTINGS.clients));
    for (let p = 0; p < procCount; p++) procs.push(await startClientProcess(import.meta.url));

    /** Fulfils one request and waits for every connected client to report its `stats.updated`. */
    async function broadcastRound(requestId, expectedClients, participating) {
      const probe = startProbe(api.url);
      await inspector.evaluate('__benchLoop.start()');
      const sentAt = Date.now();
      await call(`${api.url}/updaterequeststatus/${requestId}`, 'PUT', { status: 'fulfilled' }, donor.token);
      const fulfilledAt = Date.now();
      const deadline = fulfilledAt + ROUND_TIMEOUT_MS;
      let messages = await Promise.all(participating.map((proc) => proc.next('round', Math.max(1, deadline - Date.now()))));
      await inspector.evaluate('__benchLoop.stop()');
      const rtts = await probe.stop();
      if (messages.some((m) => m === null)) {
        // Someone never heard it all: take what each process has and count the rest as missing.
        const late = participating.filter((_, i) => messages[i] === null);
        for (const proc of late) proc.send({ type: 'partial' });
        const partial = await Promise.all(late.map((proc) => proc.next('partial-done', 5000).then(() => proc.next('round', 100))));
        messages = messages.map((m) => m ?? partial.shift());
      }
      const times = messages.flatMap((m) => m?.times ?? []);
      const ids = new Set(messages.filter(Boolean).map((m) => m.id));
      const occurredAt = Date.parse(messages.find(Boolean)?.occurredAt ?? 'invalid');
      return {
        requestMs: fulfilledAt - sentAt,
        fromFulfil: times.map((t) => t - fulfilledAt),
        fromCommit: times.map((t) => t - occurredAt),
        fulfilToEventMs: occurredAt - fulfilledAt,
        received: times.length,
        expected: expectedClients,
        distinctIds: ids.size,
        probeRtts: rtts,
      };
    }

    // Warm-up: a few sockets and one broadcast, so lazy initialisation and JIT are not counted per connection.
    procs[0].send({ type: 'connect', url: api.url, count: WARMUP_CLIENTS, concurrency: 20 });
    const warm = await procs[0].next('connected');
    log(`warm-up: ${warm.connected} sockets`);
    const warmRound = await broadcastRound(requests[0], warm.connected, [procs[0]]);
    log(`warm-up broadcast reached ${warmRound.received}/${warm.connected}`);
    procs[0].send({ type: 'close-all' });
    await procs[0].next('closed');
    await sleep(2000);
    await inspector.evaluate('__benchLoop.reset()');

    const before = await serverMemory(inspector, api.child.pid);
    log(`server before: heapUsed ${(before.heapUsed / 2 ** 20).toFixed(1)} MiB, RSS ${(before.vmRssBytes / 2 ** 20).toFixed(1)} MiB`);

    const connectStarted = Date.now();
    const share = (p) => Math.floor(SETTINGS.clients / procCount) + (p < SETTINGS.clients % procCount ? 1 : 0);
    procs.forEach((proc, p) => proc.send({ type: 'connect', url: api.url, count: share(p), concurrency: 50 }));
    const connectedReplies = await Promise.all(procs.map((proc) => proc.next('connected')));
    const connected = connectedReplies.reduce((sum, r) => sum + r.connected, 0);
    const connectFailed = connectedReplies.reduce((sum, r) => sum + r.failed, 0);
    const connectMs = Date.now() - connectStarted;
    log(`${connected} sockets connected in ${connectMs} ms (${connectFailed} failed${connectFailed ? `: ${connectedReplies.flatMap((r) => r.errors).join('; ')}` : ''})`);
    if (connected === 0) throw new Error('no socket connected');
    await sleep(3000);
    const after = await serverMemory(inspector, api.child.pid);
    log(`server after: heapUsed ${(after.heapUsed / 2 ** 20).toFixed(1)} MiB, RSS ${(after.vmRssBytes / 2 ** 20).toFixed(1)} MiB`);
    const evidence = {};
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (HEAP_SNAPSHOT) {
      mkdirSync(resultsDir, { recursive: true });
      evidence.heapSnapshot = path.join(resultsDir, `fanout-${stamp}-${connected}-connected.heapsnapshot`);
      await inspector.heapSnapshot(evidence.heapSnapshot);
      log(`heap snapshot with ${connected} connected: ${evidence.heapSnapshot}`);
    }
    const perConnection = (key) => Math.round((after[key] - before[key]) / connected);

    // Idle reference with every client connected: the probe and the sampler for as long as a few rounds take.
    const idleProbe = startProbe(api.url);
    await inspector.evaluate('__benchLoop.start()');
    await sleep(2000);
    await inspector.evaluate('__benchLoop.stop()');
    const idleRtts = await idleProbe.stop();
    const idleLoop = await inspector.evaluate('__benchLoop.read()');
    await inspector.evaluate('__benchLoop.reset()');

    const cpuBefore = { api: cpuSeconds(api.child.pid), clients: procs.map((proc) => cpuSeconds(proc.child.pid)) };
    const roundsStarted = performance.now();
    await inspector.evaluate('__benchLoop.seriesOn = true');
    if (PROFILE) {
      await inspector.command('Profiler.enable');
      await inspector.command('Profiler.setSamplingInterval', { interval: 200 });
      await inspector.command('Profiler.start');
    }
    const rounds = [];
    for (let r = 1; r <= SETTINGS.rounds; r++) {
      const round = await broadcastRound(requests[r], connected, procs);
      rounds.push(round);
      log(
        `round ${r}: ${round.received}/${round.expected} clients, p99 ${percentile(round.fromFulfil, 99)} ms, last ${Math.max(...round.fromFulfil)} ms after the fulfil completed`,
      );
      await sleep(PAUSE_BETWEEN_ROUNDS_MS);
    }
    const roundsS = (performance.now() - roundsStarted) / 1000;
    const cpuAfter = { api: cpuSeconds(api.child.pid), clients: procs.map((proc) => cpuSeconds(proc.child.pid)) };
    await inspector.evaluate('__benchLoop.seriesOn = false');
    if (PROFILE) {
      const { profile } = await inspector.command('Profiler.stop');
      mkdirSync(resultsDir, { recursive: true });
      evidence.cpuProfile = path.join(resultsDir, `fanout-${stamp}-rounds.cpuprofile`);
      writeFileSync(evidence.cpuProfile, JSON.stringify(profile));
      log(`CPU profile of the API over the rounds (open in Chrome DevTools): ${evidence.cpuProfile}; the profiler slows the API, so this run's timings are not the ones to report`);
    }
    const loop = await inspector.evaluate('__benchLoop.read()');
    const loopSeries = await inspector.evaluate('__benchLoop.readSeries()');
    const afterRounds = await serverMemory(inspector, api.child.pid);
    const statuses = (await Promise.all(procs.map((proc) => (proc.send({ type: 'status' }), proc.next('status', 5000))))).map(
      (status) => status && { sockets: status.sockets, connectedAtEnd: status.connected, disconnects: status.disconnects, duplicates: status.duplicates },
    );

    const fromFulfil = rounds.flatMap((round) => round.fromFulfil);
    const fromCommit = rounds.flatMap((round) => round.fromCommit);
    const probeRtts = rounds.flatMap((round) => round.probeRtts);
    const received = rounds.reduce((sum, round) => sum + round.received, 0);
    const expected = rounds.reduce((sum, round) => sum + round.expected, 0);
    const broadcastP99 = percentile(fromFulfil, 99);
    const loopP99Ms = loop.p99Us / 1000;
    const heapPerConnection = perConnection('heapUsed');

    const rows = [
      { metric: 'clients connected', value: connected, unit: `of ${SETTINGS.clients}`, target: '', met: connected === SETTINGS.clients ? 'yes' : 'no' },
      { metric: 'heap used per connection', value: heapPerConnection, unit: 'bytes', target: `≤ ${TARGETS.heapPerConnectionBytes} (10 KiB)`, met: heapPerConnection <= TARGETS.heapPerConnectionBytes ? 'yes' : 'no' },
      { metric: 'RSS per connection', value: Math.round((after.vmRssBytes - before.vmRssBytes) / connected), unit: 'bytes', target: '', met: '' },
      { metric: 'external + array buffers per connection', value: perConnection('external'), unit: 'bytes', target: '', met: '' },
      { metric: 'event-loop delay p99 while broadcasting', value: round1(loopP99Ms), unit: `ms (${loop.samples} samples)`, target: `< ${TARGETS.loopDelayP99Ms}`, met: loopP99Ms < TARGETS.loopDelayP99Ms ? 'yes' : 'no' },
      {
        metric: 'longest event-loop stall per broadcast',
        value: round1(percentile(loop.roundMaxUs, 50) / 1000),
        unit: `ms, median of ${loop.roundMaxUs.length} rounds (max ${round1(loop.maxUs / 1000)})`,
        target: '',
        met: '',
      },
      {
        metric: 'event-loop delay p99 over the whole series',
        value: round1(loopSeries.p99Us / 1000),
        unit: `ms (${loopSeries.samples} samples, ${PAUSE_BETWEEN_ROUNDS_MS} ms pauses included; max ${round1(loopSeries.maxUs / 1000)})`,
        target: '',
        met: '',
      },
      { metric: 'event-loop utilisation while broadcasting', value: round1(loop.utilisation * 100), unit: '%', target: '', met: '' },
      { metric: 'HTTP probe RTT p99 while broadcasting', value: round1(percentile(probeRtts, 99)), unit: `ms (idle: ${round1(percentile(idleRtts, 99))})`, target: '', met: '' },
      { metric: 'broadcast: clients reached', value: received, unit: `of ${expected}`, target: 'all', met: received === expected ? 'yes' : 'no' },
      { metric: 'broadcast p50 after fulfil completed', value: percentile(fromFulfil, 50), unit: 'ms', target: '', met: '' },
      { metric: 'broadcast p99 after fulfil completed', value: broadcastP99, unit: 'ms', target: `< ${TARGETS.broadcastP99Ms}`, met: broadcastP99 < TARGETS.broadcastP99Ms && received === expected ? 'yes' : 'no' },
      { metric: 'broadcast max after fulfil completed', value: fromFulfil.reduce((max, v) => Math.max(max, v), -Infinity), unit: 'ms', target: '', met: '' },
      { metric: 'broadcast p99 after stats.updated occurredAt', value: percentile(fromCommit, 99), unit: 'ms', target: '', met: '' },
    ];
    report(QUICK ? 'fanout-quick' : 'fanout', rows, {
      quick: QUICK,
      settings: { ...SETTINGS, clientProcesses: procCount, warmupClients: WARMUP_CLIENTS, samplerIntervalMs: SAMPLER_INTERVAL_MS, probeIntervalMs: PROBE_INTERVAL_MS },
      method: {
        memory:
          'API started with --expose-gc --inspect=127.0.0.1:<port>; via the inspector: gc() twice, then process.memoryUsage(). ' +
          'RSS from /proc/<pid>/status VmRSS. Per connection = (after connecting and settling 3 s − before, after a 100-socket warm-up ' +
          'and one broadcast) / connected.',
        eventLoopDelay:
          `Sampler injected via the inspector: a ${SAMPLER_INTERVAL_MS} ms setTimeout chain recording its lateness (µs) into a ` +
          'perf_hooks histogram, only from sending the fulfil until the last client reported and the loop was quiet again (first ' +
          `tick < ${QUIET_US / 1000} ms late) (and, separately, over the whole ` +
          `series including the ${PAUSE_BETWEEN_ROUNDS_MS} ms pauses, which dilutes it). Utilisation: ` +
          'performance.eventLoopUtilization() over the same windows. HTTP probe: GET /api/bench-probe (JSON 404, no database) ' +
          `every ${PROBE_INTERVAL_MS} ms from the bench process.`,
        broadcast:
          'Each round: PUT /updaterequeststatus/<id> (donor) → request.fulfilled → worker updates the projection and records ' +
          'stats.updated → each API instance\'s counters coalescer → the sockets watching counters. Each client records Date.now() at its first receipt; reported minus the ' +
          'bench process Date.now() when the fulfil response completed (same machine clock), all rounds pooled.',
      },
      memory: { before, after, afterRounds, perConnection: { heapUsed: heapPerConnection, heapTotal: perConnection('heapTotal'), rss: perConnection('rss'), external: perConnection('external'), arrayBuffers: perConnection('arrayBuffers') } },
      connect: { ms: connectMs, failed: connectFailed },
      eventLoop: { whileBroadcasting: loop, wholeSeriesWithPauses: loopSeries, idleConnected: idleLoop },
      probe: { whileBroadcasting: { samples: probeRtts.length, p50: round1(percentile(probeRtts, 50)), p99: round1(percentile(probeRtts, 99)) }, idle: { samples: idleRtts.length, p50: round1(percentile(idleRtts, 50)), p99: round1(percentile(idleRtts, 99)) } },
      rounds: rounds.map((round, i) => ({
        round: i + 1,
        received: round.received,
        expected: round.expected,
        fulfilRequestMs: round.requestMs,
        fulfilToEventOccurredMs: round.fulfilToEventMs,
        p50: percentile(round.fromFulfil, 50),
        p99: percentile(round.fromFulfil, 99),
        last: round.fromFulfil.length ? Math.max(...round.fromFulfil) : NaN,
      })),
      cpuCoresUsedDuringRounds: {
        note: 'CPU seconds / wall seconds from the first round to the last (pauses between rounds included)',
        api: round2((cpuAfter.api - cpuBefore.api) / roundsS),
        clients: procs.map((_, i) => round2((cpuAfter.clients[i] - cpuBefore.clients[i]) / roundsS)),
      },
      clients: statuses,
      evidence,
    });
    return rows;
  } finally {
    inspector?.close();
    await stopClientProcesses(procs);
    await stack.close();
  }
}

runAsScript(import.meta.url, run, clientMain);
