// Part `notifications` of `npm run bench` (issue 15): one listing matched against 5,000 charity profiles.
// One ROLE=all process from the build, e-mail over SMTP to an smtp-server this script runs on loopback
// (every message parsed, as a real server would take it). Measured:
//   - the matching statement itself (CharityProfilesRepository.matching, taken from the build), run
//     against the 5,000 profiles for listings in several places: p50/p99 ms (target ≤ 200 ms p99);
//   - the `match` job as the worker ran it (processedOn → finishedOn);
//   - commit of POST /api/add → the last in-app notification row (target: 5,000 within 5 s) and → the last
//     e-mail handed to the SMTP server;
//   - the `notifications` queue's sustained rate: in-app and e-mail deliveries per second from the
//     commit to the last of them.
// The profiles are written straight into the database (5,000 sign-ups through argon2 would take minutes
// and measure nothing of this): 4,000 serve Giza, 1,000 serve Cairo with a 15 km radius around a base
// that reaches the Giza pickup point, so both matching paths (governorate, radius) are exercised.
//
//   node tools/bench/notifications.mjs                  full run (5,000 charities)
//   BENCH_QUICK=1 node tools/bench/notifications.mjs    smoke run (500 charities)
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { apiEntry, call, createStack, createUsers, percentile, report } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = QUICK ? { charities: 500, matchRuns: 50 } : { charities: 5000, matchRuns: 300 };
const TARGETS = { matchingP99Ms: 200, inAppAllMs: 5000 };
const DONE_TIMEOUT_MS = 120_000;
const GIZA_POINT = { label: 'Dokki', governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 };
/** Listings the matching statement is timed with: Giza (every profile), Cairo (the radius ones), Aswan (none). */
const PLACES = [
  { governorate: 'EG-GZ', lat: 30.0385, lng: 31.2109 },
  { governorate: 'EG-C', lat: 30.0478, lng: 31.2386 },
  { governorate: 'EG-ASN', lat: 24.0889, lng: 32.8998 },
  { governorate: 'EG-GZ', lat: null, lng: null },
];

const round = (value, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** An SMTP server on loopback that parses every message and notes when it arrived. */
async function startSmtp() {
  const arrivals = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 1000,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        () => {
          arrivals.push(Date.now());
          callback();
        },
        callback,
      );
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { arrivals, url: `smtp://127.0.0.1:${server.server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** 5,000 charities with matching profiles, written in two statements. */
async function seedCharities(db, count) {
  const radius = Math.floor(count / 5);
  await db.query(
    `WITH u AS (
       INSERT INTO users (name, email, password_hash, user_type)
       SELECT 'Bench charity ' || n, 'bench-charity-' || n || '@bench.foodlink.eg', 'bench: no login', 'charity'
         FROM generate_series(1, $1) n
       RETURNING id)
     INSERT INTO charities (user_id) SELECT id FROM u`,
    [count],
  );
  await db.query(
    `INSERT INTO charity_profiles (user_id, governorates, categories, storage, base_lat, base_lng, radius_km)
     SELECT u.id,
            CASE WHEN row_number() OVER (ORDER BY u.id) <= $1 THEN ARRAY['EG-C'] ELSE ARRAY['EG-GZ', 'EG-C'] END,
            ARRAY['bakery', 'cooked_meal', 'produce'], ARRAY['ambient', 'hot'],
            CASE WHEN row_number() OVER (ORDER BY u.id) <= $1 THEN 30.0444 END,
            CASE WHEN row_number() OVER (ORDER BY u.id) <= $1 THEN 31.2357 END,
            CASE WHEN row_number() OVER (ORDER BY u.id) <= $1 THEN 15 END
       FROM users u WHERE u.email LIKE 'bench-charity-%'`,
    [radius],
  );
  await db.query('ANALYZE charity_profiles');
}

export async function run() {
  const stack = await createStack();
  const smtp = await startSmtp();
  const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  try {
    const api = await stack.startApi({ env: { SMTP_URL: smtp.url, NOTIFY_NEW_FOOD_PER_HOUR: '1000' } });
    await db.connect();
    stack.log(`seeding ${SETTINGS.charities} charity profiles`);
    await seedCharities(db, SETTINGS.charities);

    // The matching statement from the build, on its own.
    const requireFromApi = createRequire(apiEntry);
    const { CharityProfilesRepository } = requireFromApi('./notifications/charity-profiles.repository.js');
    const profiles = new CharityProfilesRepository({ query: async (sql, params) => (await db.query(sql, params)).rows });
    const matchTimes = [];
    const matchedPerPlace = {};
    for (let i = 0; i < SETTINGS.matchRuns; i++) {
      const place = PLACES[i % PLACES.length];
      const started = performance.now();
      const ids = await profiles.matching({ category: 'bakery', storage: 'ambient', ...place }, []);
      matchTimes.push(performance.now() - started);
      matchedPerPlace[`${place.governorate}${place.lat === null ? ' (no position)' : ''}`] = ids.length;
    }
    stack.log(`matched per place: ${JSON.stringify(matchedPerPlace)}`);

    // One listing in Giza, through the API.
    const [donor] = await createUsers(api.url, 'donor', 1);
    await call(`${api.url}/api/pickup-points`, 'POST', { ...GIZA_POINT, address_line: '5 Mossadak Street', contact_name: 'Bench', contact_phone: '01012345678' }, donor.token);
    const expiry = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const food = await call(`${api.url}/api/add`, 'POST', { food_name: 'Baladi bread', quantity: 200, description: 'Fresh bread', expiration_date: expiry, category: 'bakery', storage: 'ambient' }, donor.token);
    const committedAt = Date.now();
    const expected = matchedPerPlace['EG-GZ'];

    // Rows are committed together (one statement), so their created_at is the statement's start: the
    // moment they are all visible is observed by polling (every 50 ms) instead.
    let inApp = { n: 0 };
    let inAppSeenAt = NaN;
    const deadline = Date.now() + DONE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!(inApp.n >= expected)) {
        [inApp] = (await db.query(`SELECT count(*)::int AS n FROM notifications WHERE food_id = $1`, [food.id])).rows;
        if (inApp.n >= expected) inAppSeenAt = Date.now();
      }
      if (inApp.n >= expected && smtp.arrivals.length >= expected) break;
      await sleep(50);
    }
    const [published] = (
      await db.query(
        `SELECT count(*)::int AS n, (extract(epoch FROM max(published_at)) * 1000)::float8 AS last
           FROM outbox_events WHERE type = 'notification.created' AND (data->'notification'->'data'->>'foodId')::int = $1`,
        [food.id],
      )
    ).rows;
    const { Queue } = requireFromApi('bullmq');
    const queue = new Queue('notifications', { connection: { url: stack.redisUrl }, prefix: `${stack.env.REDIS_PREFIX}bull` });
    const match = (await queue.getJobs(['completed'])).find((job) => job.name === 'match');
    const failed = await queue.getJobCountByTypes('failed');
    await queue.close();

    const lastMail = smtp.arrivals.length > 0 ? Math.max(...smtp.arrivals) : NaN;
    const inAppMs = inAppSeenAt - committedAt;
    const emailMs = lastMail - committedAt;
    const rows = [
      { metric: 'charity profiles', value: SETTINGS.charities },
      { metric: 'matching statement p50 (ms)', value: round(percentile(matchTimes, 50), 2) },
      { metric: 'matching statement p99 (ms)', value: round(percentile(matchTimes, 99), 2), target: `≤ ${TARGETS.matchingP99Ms}` },
      { metric: 'match job, as run by the worker (ms)', value: match ? match.finishedOn - match.processedOn : null },
      { metric: 'charities matched by the listing', value: expected },
      { metric: 'in-app notifications recorded', value: inApp.n },
      { metric: 'commit → all in-app notifications visible (ms)', value: round(inAppMs, 0), target: `≤ ${TARGETS.inAppAllMs}` },
      { metric: 'notification.created events handed to Redis', value: published.n },
      { metric: 'commit → last notification.created handed to Redis (ms)', value: round(published.last - committedAt, 0) },
      { metric: 'e-mails handed to SMTP', value: smtp.arrivals.length },
      { metric: 'commit → last e-mail at the SMTP server (ms)', value: round(emailMs, 0) },
      { metric: 'in-app deliveries/s (commit → last)', value: round((inApp.n / inAppMs) * 1000, 0) },
      { metric: 'e-mail deliveries/s (commit → last)', value: round((smtp.arrivals.length / emailMs) * 1000, 0) },
      { metric: 'all deliveries/s (commit → last of both)', value: round(((inApp.n + smtp.arrivals.length) / Math.max(inAppMs, emailMs)) * 1000, 0) },
      { metric: 'failed notification jobs', value: failed },
    ];
    report('notifications', rows, { settings: SETTINGS, targets: TARGETS, matchedPerPlace });
    if (inApp.n < expected || smtp.arrivals.length < expected) throw new Error(`Only ${inApp.n} in-app and ${smtp.arrivals.length} e-mails of ${expected} within ${DONE_TIMEOUT_MS} ms`);
  } finally {
    await db.end().catch(() => undefined);
    await stack.close();
    await smtp.close();
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
