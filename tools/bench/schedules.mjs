// Part `schedules` of `npm run bench` (issue 27): 10,000 standing collections materialise one day's
// occurrences. One ROLE=api process (the board), then two ROLE=worker processes started together, whose
// `schedules` queue's `materialise` job (every second here) lists each schedule's day. Measured:
//   - from the workers' start to the last of the 10,000 listings committed (target: under 30 s);
//   - duplicates: listings per schedule and day (target: none; the day's row lock and its food_id);
//   - the board's p99 (GET /api/available, 4 at a time) before the workers start and while they list
//     (target: unchanged); also over the requests between the first and the last listing alone (the
//     "while listing" figure includes the workers' start-up).
// The schedules are written straight into the database (10,000 POSTs would measure the calls, not the
// job): one donor and pickup point, FREQ=DAILY, bakery, a window covering the whole Cairo date 12 hours
// from now, with SCHEDULE_LEAD_MINUTES at a day so that each has exactly that day due.
//
//   node tools/bench/schedules.mjs                  full run (10,000 schedules)
//   BENCH_QUICK=1 node tools/bench/schedules.mjs    smoke run (500 schedules)
//   BENCH_SCHEDULES=1000 node tools/bench/schedules.mjs   another number of schedules (a shared machine's A/B)
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { call, createStack, createUsers, percentile, report } from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = QUICK ? { schedules: 500, baselineMs: 5_000 } : { schedules: 10_000, baselineMs: 20_000 };
if (process.env.BENCH_SCHEDULES) SETTINGS.schedules = Number(process.env.BENCH_SCHEDULES);
const TARGETS = { allListedMs: 30_000, duplicates: 0 };
const DONE_TIMEOUT_MS = 300_000;
const BOARD_CONCURRENCY = 4;

const round = (value, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** The Cairo date of an instant, `YYYY-MM-DD`. */
const cairoDate = (instant) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(instant);

/**
 * Requests the open board in a loop, `concurrency` at a time, until `stop()`; returns each request's ms,
 * and `between(from, to)`: those of the requests that started between two instants (ms since the epoch).
 */
function boardLoad(baseUrl, concurrency) {
  const times = [];
  const startedAt = [];
  let running = true;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      const wall = Date.now();
      const started = performance.now();
      await call(`${baseUrl}/api/available?limit=20`);
      times.push(performance.now() - started);
      startedAt.push(wall);
    }
  });
  return {
    times,
    between: (from, to) => times.filter((_, index) => startedAt[index] >= from && startedAt[index] <= to),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The run's schedules, written in one statement. */
async function seedSchedules(db, donorId, pointId, count, day) {
  await db.query(
    `INSERT INTO schedules (donor_id, pickup_point_id, food_name, description, category, storage, unit, quantity, rule, ramadan, eids,
                            time_window, starts_on, ends_on)
     SELECT $1, $2, 'Bench bread ' || n, 'Bread from the evening bake', 'bakery', 'ambient', 'portion', 20, 'FREQ=DAILY', 'any', 'any',
            '{"from": "00:00", "until": "23:59"}'::jsonb, $4::date, $4::date
       FROM generate_series(1, $3) n`,
    [donorId, pointId, count, day],
  );
  await db.query('ANALYZE schedules');
}

export async function run() {
  const stack = await createStack();
  const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  const env = { SCHEDULE_LEAD_MINUTES: '1440', SCHEDULE_CHECK_MS: '1000' };
  try {
    const api = await stack.startApi({ role: 'api', env });
    await db.connect();
    const [donor] = await createUsers(api.url, 'donor', 1);
    const point = await call(
      `${api.url}/api/pickup-points`,
      'POST',
      { label: 'Bench bakery', governorate: 'EG-C', area: 'Zamalek', address_line: '26 July Street', contact_name: 'Bench', contact_phone: '01001234567' },
      donor.token,
    );
    const day = cairoDate(new Date(Date.now() + 12 * 3_600_000));
    stack.log(`seeding ${SETTINGS.schedules} schedules for ${day}`);
    await seedSchedules(db, donor.id, point.id, SETTINGS.schedules, day);

    stack.log(`board baseline for ${SETTINGS.baselineMs / 1000} s`);
    const baseline = boardLoad(api.url, BOARD_CONCURRENCY);
    await sleep(SETTINGS.baselineMs);
    await baseline.stop();

    const during = boardLoad(api.url, BOARD_CONCURRENCY);
    const started = Date.now();
    await Promise.all([stack.startApi({ role: 'worker', env }), stack.startApi({ role: 'worker', env })]);
    let listed = 0;
    while (listed < SETTINGS.schedules) {
      if (Date.now() - started > DONE_TIMEOUT_MS) throw new Error(`only ${listed} of ${SETTINGS.schedules} listed after ${DONE_TIMEOUT_MS / 1000} s`);
      await sleep(200);
      [{ listed }] = (await db.query(`SELECT count(*)::int AS listed FROM food_items WHERE donor_id = $1`, [donor.id])).rows;
    }
    const [{ first, last }] = (await db.query(`SELECT min(created_at) AS first, max(created_at) AS last FROM food_items WHERE donor_id = $1`, [donor.id])).rows;
    const allListedMs = last.getTime() - started;
    await during.stop();
    const listing = during.between(first.getTime(), last.getTime());

    const [{ duplicates, occurrences }] = (
      await db.query(
        `SELECT (SELECT count(*)::int FROM food_items WHERE donor_id = $1) - count(DISTINCT o.food_id)::int AS duplicates, count(*)::int AS occurrences
           FROM schedule_occurrences o JOIN schedules s ON s.id = o.schedule_id WHERE s.donor_id = $1 AND o.food_id IS NOT NULL`,
        [donor.id],
      )
    ).rows;

    const rows = [
      { measure: 'schedules', value: SETTINGS.schedules },
      { measure: 'listed (one per schedule)', value: occurrences, target: SETTINGS.schedules },
      { measure: 'duplicate listings', value: duplicates, target: TARGETS.duplicates },
      { measure: 'workers start → last listing (ms)', value: allListedMs, target: `< ${TARGETS.allListedMs}` },
      { measure: 'listings per second', value: round(SETTINGS.schedules / (allListedMs / 1000)) },
      // The workers' start-up (a Nest application each) comes before the first; the listing itself after it.
      { measure: 'workers start → first listing (ms)', value: first.getTime() - started },
      { measure: 'first → last listing (ms)', value: last.getTime() - first.getTime() },
      { measure: 'board p50 before (ms)', value: round(percentile(baseline.times, 50), 2) },
      { measure: 'board p99 before (ms)', value: round(percentile(baseline.times, 99), 2) },
      { measure: 'board p50 while listing (ms)', value: round(percentile(during.times, 50), 2) },
      { measure: 'board p99 while listing (ms)', value: round(percentile(during.times, 99), 2), target: 'unchanged' },
      { measure: 'board requests before / during', value: `${baseline.times.length} / ${during.times.length}` },
      // "While listing" above includes the workers' start-up; these are the requests between the first and the last listing.
      { measure: 'board p50 / p99 first → last listing (ms)', value: `${round(percentile(listing, 50), 2)} / ${round(percentile(listing, 99), 2)}` },
      { measure: 'board requests first → last listing', value: listing.length },
    ];
    report('schedules', rows, { settings: SETTINGS, targets: TARGETS });
  } finally {
    await db.end().catch(() => undefined);
    await stack.close();
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
