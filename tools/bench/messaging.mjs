// Part `messaging` of `npm run bench` (issue 29): one listing matched against 5,000 charities that each have
// a verified WhatsApp phone, so 5,000 "New food near you" messages go through the `messaging` queue to a
// local server speaking Meta's Cloud API (`POST /{version}/{phone-number-id}/messages`, bearer token,
// answering `messages[0].id` as Meta does). Measured:
//   - the rate the messages arrive at the provider: the busiest second (target ≤ MESSAGING_PER_SECOND, 80)
//     and the whole drain (5,000 at 80/s: about 63 s, not less);
//   - commit of POST /api/add → the first and the last message at the provider;
//   - the board (GET /api/available) while the queue drains: p50/p99 of sequential reads, against the same
//     reads before the listing (target: p99 unchanged, within 20 %);
//   - failed `messaging` jobs (target 0).
// Profiles, phones and choices are written straight into the database, as the notifications part does (5,000
// sign-ups through argon2 would take minutes and measure nothing of this); e-mail and push are turned off
// in their choices so that only the phone channel is measured.
//
//   node tools/bench/messaging.mjs                  full run (5,000 charities)
//   BENCH_QUICK=1 node tools/bench/messaging.mjs    smoke run (400 charities, 40 a second)
//   BENCH_MESSAGING_CHARITIES=30 BENCH_MESSAGING_PER_SECOND=10 BENCH_MESSAGING_BOARD_READS=20 node tools/bench/messaging.mjs
//                                                   end to end with tiny numbers (checks the part runs)
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { apiEntry, call, createStack, createUsers, percentile, report } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = QUICK ? { charities: 400, perSecond: 40, boardReads: 100 } : { charities: 5000, perSecond: 80, boardReads: 400 };
// A check that the part runs end to end, with tiny numbers (figures of such a run mean nothing).
if (process.env.BENCH_MESSAGING_CHARITIES) SETTINGS.charities = Number(process.env.BENCH_MESSAGING_CHARITIES);
if (process.env.BENCH_MESSAGING_PER_SECOND) SETTINGS.perSecond = Number(process.env.BENCH_MESSAGING_PER_SECOND);
if (process.env.BENCH_MESSAGING_BOARD_READS) SETTINGS.boardReads = Number(process.env.BENCH_MESSAGING_BOARD_READS);
const TARGETS = { boardP99Growth: 1.2 };
const WHATSAPP = { version: 'v23.0', numberId: '106540352242922', token: 'EAAG-bench-token-of-the-business' };
const GIZA_POINT = { label: 'Dokki', governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 };

const round = (value, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** Meta's send API on loopback: checks the path and the token, answers a message id, notes each arrival. */
async function startCloudApi() {
  const arrivals = [];
  let refused = 0;
  let counter = 0;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const ok =
        request.method === 'POST' &&
        request.url === `/${WHATSAPP.version}/${WHATSAPP.numberId}/messages` &&
        request.headers.authorization === `Bearer ${WHATSAPP.token}`;
      let body = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      if (!ok || body?.messaging_product !== 'whatsapp') {
        refused += 1;
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: '(#100) Invalid parameter', code: 100 } }));
        return;
      }
      arrivals.push(Date.now());
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.BENCH${++counter}` }] }));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    arrivals,
    refused: () => refused,
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Charities serving Giza, each with a verified WhatsApp phone and only in-app and phone on for new food. */
async function seedCharities(db, count) {
  await db.query(
    `WITH u AS (
       INSERT INTO users (name, email, password_hash, user_type)
       SELECT 'Bench messaging charity ' || n, 'bench-msg-charity-' || n || '@bench.foodlink.eg', 'bench: no login', 'charity'
         FROM generate_series(1, $1) n
       RETURNING id)
     INSERT INTO charities (user_id) SELECT id FROM u`,
    [count],
  );
  await db.query(
    `INSERT INTO charity_profiles (user_id, governorates, categories, storage)
     SELECT id, ARRAY['EG-GZ'], ARRAY['bakery'], ARRAY['ambient'] FROM users WHERE email LIKE 'bench-msg-charity-%'`,
  );
  const on = { in_app: true, push: false, email: false, phone: true };
  const choices = { new_food: on, donations: on, reminders: on, account: on };
  await db.query(
    `INSERT INTO notification_preferences (user_id, language, choices)
     SELECT id, CASE WHEN id % 2 = 0 THEN 'ar' ELSE 'en' END, $1::jsonb FROM users WHERE email LIKE 'bench-msg-charity-%'`,
    [JSON.stringify(choices)],
  );
  // Distinct Egyptian mobiles: +2010 followed by 8 digits from the row number.
  await db.query(
    `INSERT INTO messaging_phones (user_id, phone, channel, verified_at)
     SELECT id, '+2010' || lpad((row_number() OVER (ORDER BY id))::text, 8, '0'), 'whatsapp', now()
       FROM users WHERE email LIKE 'bench-msg-charity-%'`,
  );
  await db.query('ANALYZE charity_profiles');
  await db.query('ANALYZE messaging_phones');
}

/** `count` sequential board reads: their latencies (ms). */
async function boardReads(baseUrl, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(`${baseUrl}/api/available`);
    times.push(performance.now() - started);
  }
  return times;
}

export async function run() {
  const stack = await createStack();
  const cloud = await startCloudApi();
  const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  try {
    const api = await stack.startApi({
      env: {
        NOTIFY_NEW_FOOD_PER_HOUR: '1000',
        MESSAGING_PER_SECOND: String(SETTINGS.perSecond),
        PUBLIC_URL: 'https://bench.foodlink.example',
        WHATSAPP_GRAPH_URL: `${cloud.url}/${WHATSAPP.version}`,
        WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.numberId,
        WHATSAPP_TOKEN: WHATSAPP.token,
        WHATSAPP_VERIFY_TOKEN: 'bench-verify-token',
        WHATSAPP_APP_SECRET: 'bench-app-secret',
      },
    });
    await db.connect();
    stack.log(`seeding ${SETTINGS.charities} charities with verified WhatsApp phones`);
    await seedCharities(db, SETTINGS.charities);

    const [donor] = await createUsers(api.url, 'donor', 1);
    await call(`${api.url}/api/pickup-points`, 'POST', { ...GIZA_POINT, address_line: '5 Mossadak Street', contact_name: 'Bench', contact_phone: '01012345678' }, donor.token);
    const before = await boardReads(api.url, SETTINGS.boardReads);

    const expiry = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await call(`${api.url}/api/add`, 'POST', { food_name: 'Baladi bread', quantity: 200, description: 'Fresh bread', expiration_date: expiry, category: 'bakery', storage: 'ambient' }, donor.token);
    const committedAt = Date.now();

    // The board read again and again while the queue drains.
    const during = [];
    const deadline = committedAt + Math.ceil(SETTINGS.charities / SETTINGS.perSecond) * 1000 * 3 + 60_000;
    while (cloud.arrivals.length < SETTINGS.charities && Date.now() < deadline) {
      if (cloud.arrivals.length > 0) during.push(...(await boardReads(api.url, 10)));
      else await sleep(20);
    }

    const arrivals = [...cloud.arrivals].sort((a, b) => a - b);
    const perSecond = new Map();
    for (const at of arrivals) perSecond.set(Math.floor((at - arrivals[0]) / 1000), (perSecond.get(Math.floor((at - arrivals[0]) / 1000)) ?? 0) + 1);
    const busiest = Math.max(0, ...perSecond.values());
    const drainMs = arrivals.length > 1 ? arrivals[arrivals.length - 1] - arrivals[0] : NaN;
    const requireFromApi = createRequire(apiEntry);
    const { Queue } = requireFromApi('bullmq');
    const queue = new Queue('messaging', { connection: { url: stack.redisUrl }, prefix: `${stack.env.REDIS_PREFIX}bull` });
    const failed = await queue.getJobCountByTypes('failed');
    await queue.close();

    const p99Before = percentile(before, 99);
    const p99During = percentile(during, 99);
    const rows = [
      { metric: 'charities with a verified WhatsApp phone', value: SETTINGS.charities },
      { metric: 'messages at the provider', value: arrivals.length, target: `= ${SETTINGS.charities}` },
      { metric: 'refused by the provider (malformed)', value: cloud.refused(), target: '0' },
      { metric: 'commit → first message (ms)', value: round(arrivals[0] - committedAt, 0) },
      { metric: 'commit → last message (ms)', value: round(arrivals[arrivals.length - 1] - committedAt, 0) },
      { metric: 'busiest second (messages)', value: busiest, target: `≤ ${SETTINGS.perSecond}` },
      { metric: 'drain rate, first → last (messages/s)', value: round((arrivals.length / drainMs) * 1000, 1), target: `≤ ${SETTINGS.perSecond}` },
      { metric: 'board p50 before (ms)', value: round(percentile(before, 50), 2) },
      { metric: 'board p99 before (ms)', value: round(p99Before, 2) },
      { metric: 'board p50 while draining (ms)', value: round(percentile(during, 50), 2) },
      { metric: 'board p99 while draining (ms)', value: round(p99During, 2), target: `≤ ${round(p99Before * TARGETS.boardP99Growth, 2)} (before × ${TARGETS.boardP99Growth})` },
      { metric: 'board reads while draining', value: during.length },
      { metric: 'failed messaging jobs', value: failed, target: '0' },
    ];
    report('messaging', rows, { settings: SETTINGS, targets: TARGETS });
    if (arrivals.length < SETTINGS.charities) throw new Error(`Only ${arrivals.length} of ${SETTINGS.charities} messages reached the provider`);
  } finally {
    await db.end().catch(() => undefined);
    await stack.close();
    await cloud.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
