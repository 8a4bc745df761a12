// Part `saturation` of `npm run bench` (issue 17): our delivered socket messages/s at saturation against a
// bare Socket.IO server's, on the same machine, to the same number of sockets, with the same message
// (a `food.listed` envelope of the usual size), in one run.
//
//   ours: one ROLE=all API; every socket watches `board`; this process publishes `food.listed` envelopes
//         to the `board` topic through the Socket.IO Redis emitter (the path the workers use) at a rate
//         above what the server can write, for the measuring window;
//   bare: a child process with nothing but `new Server(port)` (socket.io, websocket only, no adapter, no
//         pacing) emitting the same envelope to every socket at the same offered rate.
// The clients (forked processes) count receipts inside the window; delivered messages/s = receipts /
// window. The ratio ours / bare is the figure; the offered rate is reported with it, since a server that
// kept up was not saturated (raise BENCH_SAT_RATE).
//
//   node tools/bench/saturation.mjs                 full run (2,000 sockets, 10 s windows)
//   BENCH_QUICK=1 node tools/bench/saturation.mjs   smoke run (300 sockets, 3 s windows)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_TOPICS } from './lib/contracts.mjs';
import { openSockets, runAsScript, serveClientProcess, startClientProcess, stopClientProcesses } from './lib/socket-clients.mjs';
import { repoRoot } from '../lib/install.mjs';
import { createStack, freePort, raiseFileLimit, report } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = QUICK ? { sockets: 300, windowS: 3, clientProcs: 2 } : { sockets: 2000, windowS: 10, clientProcs: 2 };
/** Broadcasts offered per second (each goes to every socket). */
const RATE = Number(process.env.BENCH_SAT_RATE ?? (QUICK ? 200 : 400));
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? SETTINGS.clientProcs);

/** A `food.listed` envelope as the API sends it (public item view); `id` replaced per message. */
function envelope() {
  return {
    id: randomUUID(),
    type: 'food.listed',
    occurredAt: new Date().toISOString(),
    data: {
      foodId: 123456,
      food: {
        id: 123456,
        food_id: 123456,
        food_name: 'Koshary box 1234',
        quantity: 12,
        description: 'Rice, lentils and pasta',
        expiration_date: '2026-12-01',
        status: 'available',
      },
    },
  };
}

// ------------------------------------------------------------------------------------------------ client

function clientMain() {
  const sockets = [];
  let window = null; // { from, to }
  let received = 0;
  serveClientProcess({
    connect: async (message) => {
      const { failed, errors } = await openSockets(
        Array.from({ length: message.count }, () => ({ url: message.url, topics: message.topics })),
        {
          concurrency: 50,
          attach: (socket) => {
            socket.on('food.listed', () => {
              if (!window) return;
              const now = Date.now();
              if (now >= window.from && now < window.to) received++;
            });
          },
          connected: (socket) => sockets.push(socket),
        },
      );
      return { type: 'connected', connected: sockets.length, failed, errors };
    },
    window: (message) => {
      window = { from: message.from, to: message.to };
      received = 0;
      return { type: 'window-set' };
    },
    count: () => ({ type: 'count', received }),
    'close-all': () => {
      for (const socket of sockets.splice(0)) socket.disconnect();
      window = null;
      return { type: 'closed' };
    },
    exit: () => {
      for (const socket of sockets) socket.disconnect();
    },
  });
}

// ------------------------------------------------------------------------------------------------ parent

/** The bare server: socket.io alone in a child process, flooding on request. */
const BARE_SERVER = `
const { Server } = require('socket.io');
const io = new Server(Number(process.env.PORT), { transports: ['websocket'], serveClient: false, perMessageDeflate: false });
process.on('message', (message) => {
  if (message.type !== 'flood') return;
  const { rate, ms, payload } = message;
  const started = Date.now();
  let sent = 0;
  const tick = () => {
    const elapsed = Date.now() - started;
    if (elapsed >= ms) return process.send({ type: 'flooded', sent });
    const due = Math.floor((elapsed / 1000) * rate);
    for (; sent < due; sent++) io.emit('food.listed', { ...payload, id: String(sent) });
    setImmediate(tick);
  };
  tick();
});
process.send({ type: 'ready' });
`;

/** Publishes `food.listed` to the board topic through the Redis emitter at `rate`/s for `ms`. */
async function floodOurs(redisUrl, prefix, rate, ms) {
  const Redis = (await import('ioredis')).default;
  const { Emitter } = await import('@socket.io/redis-emitter');
  const redis = new Redis(redisUrl);
  const emitter = new Emitter(redis, { key: `${prefix}socket.io` });
  const payload = envelope();
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started < ms) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    for (; sent < due; sent++) emitter.to(`topic:${LIVE_TOPICS.board}`).emit('food.listed', { ...payload, id: String(sent) });
    await sleep(2);
  }
  await redis.quit();
  return sent;
}

/** Connects the sockets, floods for the window (plus a second of lead-in), and counts receipts inside it. */
async function measure(procs, url, topics, flood, log) {
  const share = (p) => Math.floor(SETTINGS.sockets / procs.length) + (p < SETTINGS.sockets % procs.length ? 1 : 0);
  const replies = await Promise.all(procs.map((proc, p) => proc.request({ type: 'connect', url, count: share(p), topics }, 'connected')));
  const connected = replies.reduce((sum, r) => sum + r.connected, 0);
  const failed = replies.reduce((sum, r) => sum + r.failed, 0);
  log(`${connected} sockets connected (${failed} failed)`);
  await sleep(1000);
  const from = Date.now() + 1000; // a second of lead-in: the backlog (if any) builds before the window
  const to = from + SETTINGS.windowS * 1000;
  await Promise.all(procs.map((proc) => proc.request({ type: 'window', from, to }, 'window-set')));
  const sent = await flood(to - Date.now());
  await sleep(Math.max(0, to - Date.now()));
  const counts = await Promise.all(procs.map((proc) => proc.request({ type: 'count' }, 'count')));
  const received = counts.reduce((sum, c) => sum + c.received, 0);
  await Promise.all(procs.map((proc) => proc.request({ type: 'close-all' }, 'closed')));
  return { connected, failed, sent, received, perSecond: Math.round(received / SETTINGS.windowS) };
}

export async function run() {
  const log = (line) => console.log(`[bench] ${line}`);
  const limit = raiseFileLimit(SETTINGS.sockets + 1024);
  if (limit && limit.soft < SETTINGS.sockets + 1024) throw new Error(`open-file limit ${limit.soft} too low`);
  const stack = await createStack({ log });
  const procs = [];
  let bare;
  try {
    for (let p = 0; p < CLIENT_PROCS; p++) procs.push(await startClientProcess(import.meta.url));
    const offered = RATE * SETTINGS.sockets;

    log(`ours: ${RATE} broadcasts/s offered to ${SETTINGS.sockets} sockets watching board`);
    const api = await stack.startApi({ role: 'all' });
    const ours = await measure(procs, api.url, [LIVE_TOPICS.board], (ms) => floodOurs(stack.redisUrl, stack.env.REDIS_PREFIX, RATE, ms), log);
    api.child.kill('SIGKILL'); // its backlog is of no further interest
    log(`ours: ${ours.perSecond} messages/s delivered`);

    const port = await freePort();
    bare = spawn(process.execPath, ['-e', BARE_SERVER], { cwd: repoRoot, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const [ready] = await once(bare, 'message');
    if (ready.type !== 'ready') throw new Error('bare server did not start');
    log(`bare: the same offered rate to the same number of sockets`);
    const bareResult = await measure(
      procs,
      `http://127.0.0.1:${port}`,
      [],
      async (ms) => {
        bare.send({ type: 'flood', rate: RATE, ms, payload: envelope() });
        const [done] = await once(bare, 'message');
        return done.sent;
      },
      log,
    );
    log(`bare: ${bareResult.perSecond} messages/s delivered`);

    const ratio = bareResult.perSecond > 0 ? Math.round((ours.perSecond / bareResult.perSecond) * 100) / 100 : NaN;
    const saturated = (r) => (r.perSecond < 0.95 * offered ? 'yes' : `no (kept up: raise BENCH_SAT_RATE)`);
    const rows = [
      { server: 'ours (Redis emitter → adapter → paced writes)', sockets: ours.connected, 'offered msgs/s': offered, 'delivered msgs/s': ours.perSecond, saturated: saturated(ours) },
      { server: 'bare Socket.IO (io.emit)', sockets: bareResult.connected, 'offered msgs/s': offered, 'delivered msgs/s': bareResult.perSecond, saturated: saturated(bareResult) },
      { server: 'ratio ours / bare', sockets: '', 'offered msgs/s': '', 'delivered msgs/s': ratio, saturated: '' },
    ];
    report(QUICK ? 'saturation-quick' : 'saturation', rows, {
      quick: QUICK,
      settings: { ...SETTINGS, rate: RATE, clientProcesses: CLIENT_PROCS },
      method:
        'Both servers get the same offered broadcast rate (each broadcast to every socket) for a window after a 1 s lead-in; ' +
        'clients count receipts whose Date.now() falls inside the window. Ours: one ROLE=all API, sockets watching board, ' +
        'food.listed published through @socket.io/redis-emitter to topic:board. Bare: socket.io Server alone, io.emit.',
      ours,
      bare: bareResult,
    });
    return rows;
  } finally {
    bare?.kill('SIGKILL');
    await stopClientProcesses(procs);
    await stack.close();
  }
}

runAsScript(import.meta.url, run, clientMain);
