// Benchmark part 2 (issue 6): concurrent claims. Charities race to claim available items through
// POST /api/request on one API instance; we count committed claims per second and then check in the
// database that every claimed item has exactly one live request. Run alone with
// `node tools/bench/claims.mjs` (BENCH_QUICK=1 for a smaller development run).
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ACTIVE_CLAIMS_MAX, ALREADY_CLAIMED_MESSAGE, ALREADY_CLAIMING_MESSAGE, CLAIM_LIMIT_MESSAGE } from './lib/contracts.mjs';
import {
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
  verifyCharities,
} from './lib/stack.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SETTINGS = {
  mode: QUICK ? 'quick' : 'full',
  items: QUICK ? 300 : 1000,
  charities: QUICK ? 30 : 100,
  timeCapSeconds: QUICK ? 30 : 120,
};
const TARGET = { minClaimsPerSec: 500 };
/**
 * The partial-claims row (issue 28): shared listings of PARTIAL.quantity portions each, claimed in parts of
 * 1 to PARTIAL.maxPart by many charities at once (docs/DOMAIN-RULES.md, "Partial claims").
 */
const PARTIAL = { listings: QUICK ? 10 : 40, quantity: 100, maxPart: 10 };
const MAX_NETWORK_ERRORS = 100;
// BENCH_CPU_PROF=1: CPU-profile the API during the race only and print the top self-time functions at
// the end. The profiler slows the API: not for the reported figures.
const PROFILE_DIR =
  process.env.BENCH_CPU_PROF === '1' ? path.join(resultsDir, 'profiles', `claims-${new Date().toISOString().replace(/[:.]/g, '-')}`) : null;

const round = (value, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** POST with a JSON body over a keep-alive agent; resolves with the status and the parsed body. */
function postJson(agent, url, body, token) {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          accept: 'application/json',
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          resolve({ status: response.statusCode, body: parsed });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The items no charity has yet seen claimed, with O(1) random pick and removal. */
class OpenItems {
  constructor(ids) {
    this.ids = [...ids];
    this.index = new Map(this.ids.map((id, i) => [id, i]));
  }
  get size() {
    return this.ids.length;
  }
  random() {
    return this.ids[Math.floor(Math.random() * this.ids.length)];
  }
  remove(id) {
    const i = this.index.get(id);
    if (i === undefined) return;
    const last = this.ids.pop();
    this.index.delete(id);
    if (last !== id) {
      this.ids[i] = last;
      this.index.set(last, i);
    }
  }
}

/**
 * The charity accounts each loop claims as: a charity holds at most ACTIVE_CLAIMS_MAX pending claims, so
 * each of the SETTINGS.charities loops (the concurrency measured) has enough accounts for its share of the
 * items, and one spare.
 */
function accountsPerLoop() {
  return Math.ceil(SETTINGS.items / ACTIVE_CLAIMS_MAX / SETTINGS.charities) + 1;
}

/**
 * Every loop (one charity coordinator at a time) loops: pick a random item among those it has not seen
 * claimed, POST /api/request, record latency and status. An item leaves the pool once any charity got 201
 * or 409 for it (as a live board drops it on food.claimed), so the run ends when every item is claimed, or
 * at the time cap. A 409 for the claim limit leaves the item in the pool, and the loop goes on as its next
 * charity account.
 */
async function race(apiUrl, loops, ids) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops.length });
  const open = new OpenItems(ids);
  const attempts = []; // { status, ms }
  const claims = []; // { foodId, charityId, requestId }
  const unexpected = [];
  let networkErrors = 0;
  const started = performance.now();
  const deadline = started + SETTINGS.timeCapSeconds * 1000;
  const charityLoop = async (accounts) => {
    let charity = accounts[0];
    while (charity && open.size > 0 && performance.now() < deadline && networkErrors < MAX_NETWORK_ERRORS) {
      const foodId = open.random();
      const sent = performance.now();
      let answer;
      try {
        answer = await postJson(agent, `${apiUrl}/api/request`, { food_id: foodId }, charity.token);
      } catch (error) {
        networkErrors++;
        if (unexpected.length < 10) unexpected.push(`network: ${error.message}`);
        // The API is gone or refusing: stop rather than spin.
        if (networkErrors >= MAX_NETWORK_ERRORS) break;
        continue;
      }
      const limit = answer.status === 409 && answer.body?.message === CLAIM_LIMIT_MESSAGE;
      attempts.push({ status: answer.status, ms: performance.now() - sent, limit });
      if (limit) {
        charity = accounts[accounts.indexOf(charity) + 1];
      } else if (answer.status === 201) {
        claims.push({ foodId, charityId: charity.id, requestId: answer.body?.request_id });
        open.remove(foodId);
      } else if (answer.status === 409) {
        open.remove(foodId);
      } else if (answer.status < 500) {
        // Not a race outcome (401, 404, 400...): record it and stop offering the item so the run ends.
        if (unexpected.length < 10) unexpected.push(`${answer.status} for food ${foodId}: ${JSON.stringify(answer.body)}`);
        open.remove(foodId);
      } else if (unexpected.length < 10) {
        unexpected.push(`${answer.status} for food ${foodId}: ${JSON.stringify(answer.body)}`);
      }
    }
  };
  await Promise.all(loops.map(charityLoop));
  const wallSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { attempts, claims, unexpected, networkErrors, wallSeconds, left: open.size };
}

/** Checks the database against what the charities were told. Returns a list of problems (empty = good). */
async function verify(databaseUrl, ids, claims) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const problems = [];
    const { rows: items } = await client.query(
      `SELECT f.id, f.status::text AS status,
              count(r.id) FILTER (WHERE r.status <> 'cancelled')::int AS live,
              count(r.id)::int AS requests
         FROM food_items f LEFT JOIN pickup_requests r ON r.food_id = f.id
        WHERE f.id = ANY($1::int[])
        GROUP BY f.id, f.status`,
      [ids],
    );
    const claimedItems = items.filter((item) => item.status === 'claimed');
    const badClaimed = claimedItems.filter((item) => item.live !== 1);
    const badOpen = items.filter((item) => item.status !== 'claimed' && item.live !== 0);
    if (items.length !== ids.length) problems.push(`${ids.length - items.length} listed items are missing`);
    if (badClaimed.length) problems.push(`${badClaimed.length} claimed items without exactly one live request (e.g. ${JSON.stringify(badClaimed[0])})`);
    if (badOpen.length) problems.push(`${badOpen.length} unclaimed items with a live request (e.g. ${JSON.stringify(badOpen[0])})`);
    if (claimedItems.length !== claims.length) problems.push(`${claimedItems.length} items claimed in the database, ${claims.length} answers 201`);

    const foodIds = new Set(claims.map((claim) => claim.foodId));
    if (foodIds.size !== claims.length) problems.push(`${claims.length - foodIds.size} items were answered 201 more than once`);

    // Every 201 names a request that exists, for that item and that charity, and is live.
    const { rows: requests } = await client.query(
      `SELECT r.id, r.food_id, r.charity_id, r.status::text AS status
         FROM pickup_requests r WHERE r.food_id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(requests.map((request) => [request.id, request]));
    const mismatched = claims.filter((claim) => {
      const request = byId.get(claim.requestId);
      return !request || request.food_id !== claim.foodId || request.charity_id !== claim.charityId || request.status !== 'pending';
    });
    if (mismatched.length) problems.push(`${mismatched.length} answers 201 do not match a pending request in the database (e.g. ${JSON.stringify(mismatched[0])})`);
    if (requests.length !== claims.length) problems.push(`${requests.length} request rows, ${claims.length} answers 201 (a rolled-back claim left a row?)`);

    // The outbox holds one food.claimed event per committed claim and none for a refused one.
    const {
      rows: [{ events }],
    } = await client.query(`SELECT count(*)::int AS events FROM outbox_events WHERE type = 'food.claimed'`);
    if (events !== claims.length) problems.push(`${events} food.claimed events in the outbox, ${claims.length} answers 201`);

    return { problems, claimedInDb: claimedItems.length, requestRows: requests.length, claimedEvents: events };
  } finally {
    await client.end();
  }
}

/**
 * The partial-claims race: every loop claims a random part (1 to PARTIAL.maxPart) of a random shared
 * listing it has not seen emptied, as its charity accounts in turn (next account at the claim limit, or
 * when it already holds a claim of that listing). A listing leaves the pool when a refusal says nothing is
 * left ("Only 0 of 100 left", or already claimed).
 */
async function racePartial(apiUrl, loops, ids) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops.length });
  const open = new OpenItems(ids);
  const attempts = [];
  const claims = []; // { foodId, charityId, requestId, quantity }
  const unexpected = [];
  let networkErrors = 0;
  const started = performance.now();
  const deadline = started + SETTINGS.timeCapSeconds * 1000;
  const charityLoop = async (accounts) => {
    let index = 0;
    // The listings each account holds a claim of (one pending claim per charity per listing).
    const held = accounts.map(() => new Set());
    while (index < accounts.length && open.size > 0 && performance.now() < deadline && networkErrors < MAX_NETWORK_ERRORS) {
      const charity = accounts[index];
      const foodId = open.random();
      if (held[index].has(foodId)) {
        // This account holds a claim of every listing still open: the next account asks.
        if ([...held[index]].filter((id) => open.index.has(id)).length >= open.size) index++;
        continue;
      }
      const quantity = 1 + Math.floor(Math.random() * PARTIAL.maxPart);
      const sent = performance.now();
      let answer;
      try {
        answer = await postJson(agent, `${apiUrl}/api/request`, { food_id: foodId, quantity }, charity.token);
      } catch (error) {
        networkErrors++;
        if (unexpected.length < 10) unexpected.push(`network: ${error.message}`);
        continue;
      }
      const message = typeof answer.body?.message === 'string' ? answer.body.message : '';
      const limit = answer.status === 409 && message === CLAIM_LIMIT_MESSAGE;
      attempts.push({ status: answer.status, ms: performance.now() - sent, limit });
      if (answer.status === 201) {
        claims.push({ foodId, charityId: charity.id, requestId: answer.body?.request_id, quantity });
        held[index].add(foodId);
      } else if (limit) {
        index++;
      } else if (answer.status === 409) {
        const left = /^Only (\d+) of \d+ left$/.exec(message);
        if ((left && left[1] === '0') || message === ALREADY_CLAIMED_MESSAGE) open.remove(foodId);
        else if (message === ALREADY_CLAIMING_MESSAGE) held[index].add(foodId);
        else if (!left && unexpected.length < 10) unexpected.push(`409 for food ${foodId}: ${message}`);
      } else if (unexpected.length < 10) {
        unexpected.push(`${answer.status} for food ${foodId}: ${JSON.stringify(answer.body)}`);
        if (answer.status < 500) open.remove(foodId);
      }
    }
  };
  await Promise.all(loops.map(charityLoop));
  const wallSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { attempts, claims, unexpected, networkErrors, wallSeconds, left: open.size };
}

/**
 * The shared listings against the answers: what is left plus what the pending claims hold is each
 * listing's quantity, never below 0; claimed exactly when nothing is left; a request row per 201, each
 * holding the quantity it asked for; one food.claimed event per 201.
 */
async function verifyPartial(databaseUrl, ids, claims, eventsBefore) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const problems = [];
    const { rows: items } = await client.query(
      `SELECT f.id, f.status::text AS status, f.quantity, f.quantity_left,
              coalesce(sum(r.quantity) FILTER (WHERE r.status = 'pending'), 0)::int AS held
         FROM food_items f LEFT JOIN pickup_requests r ON r.food_id = f.id
        WHERE f.id = ANY($1::int[])
        GROUP BY f.id`,
      [ids],
    );
    const unbalanced = items.filter((item) => item.quantity_left < 0 || item.quantity_left + item.held !== item.quantity);
    if (unbalanced.length) problems.push(`${unbalanced.length} listings whose claims and what is left do not add up (e.g. ${JSON.stringify(unbalanced[0])})`);
    const wrongStatus = items.filter((item) => (item.status === 'claimed') !== (item.quantity_left === 0));
    if (wrongStatus.length) problems.push(`${wrongStatus.length} listings claimed with something left, or available with nothing (e.g. ${JSON.stringify(wrongStatus[0])})`);
    const { rows: requests } = await client.query(`SELECT id, food_id, charity_id, quantity FROM pickup_requests WHERE food_id = ANY($1::int[])`, [ids]);
    const byId = new Map(requests.map((request) => [request.id, request]));
    const mismatched = claims.filter((claim) => {
      const request = byId.get(claim.requestId);
      return !request || request.food_id !== claim.foodId || request.charity_id !== claim.charityId || request.quantity !== claim.quantity;
    });
    if (mismatched.length) problems.push(`${mismatched.length} answers 201 do not match their request row (e.g. ${JSON.stringify(mismatched[0])})`);
    if (requests.length !== claims.length) problems.push(`${requests.length} request rows, ${claims.length} answers 201`);
    const {
      rows: [{ events }],
    } = await client.query(`SELECT count(*)::int AS events FROM outbox_events WHERE type = 'food.claimed'`);
    if (events - eventsBefore !== claims.length) problems.push(`${events - eventsBefore} food.claimed events for ${claims.length} answers 201`);
    return { problems, emptied: items.filter((item) => item.quantity_left === 0).length, units: claims.reduce((sum, claim) => sum + claim.quantity, 0) };
  } finally {
    await client.end();
  }
}

/** The partial-claims phase on the same stack: its own listings and charities, so the whole-claims row is untouched. */
async function runPartial(stack, api, donor) {
  const ids = [];
  for (let index = 0; index < PARTIAL.listings; index++) {
    const item = await call(
      `${api.url}/api/add`,
      'POST',
      { food_name: `Shared koshary ${index}`, quantity: PARTIAL.quantity, description: 'Rice, lentils and pasta', expiration_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) },
      donor.token,
    );
    ids.push(item.id);
  }
  // Each claim holds 1 to maxPart (about half on average): enough accounts for every loop's share, and one spare.
  const expectedClaims = Math.ceil((PARTIAL.listings * PARTIAL.quantity) / ((PARTIAL.maxPart + 1) / 2));
  const perLoop = Math.ceil(expectedClaims / ACTIVE_CLAIMS_MAX / SETTINGS.charities) + 1;
  stack.log(`partial claims: ${PARTIAL.listings} listings of ${PARTIAL.quantity}; signing up ${SETTINGS.charities * perLoop} charities`);
  const accounts = await createUsers(api.url, 'charity', SETTINGS.charities * perLoop, 16);
  await verifyCharities(stack.env.DATABASE_URL, accounts);
  const loops = Array.from({ length: SETTINGS.charities }, (_, loop) => accounts.slice(loop * perLoop, (loop + 1) * perLoop));
  const before = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  await before.connect();
  const {
    rows: [{ events }],
  } = await before.query(`SELECT count(*)::int AS events FROM outbox_events WHERE type = 'food.claimed'`);
  await before.end();
  const result = await racePartial(api.url, loops, ids);
  const check = await verifyPartial(stack.env.DATABASE_URL, ids, result.claims, events);
  const count = (predicate) => result.attempts.filter(predicate).length;
  const created = count((a) => a.status === 201);
  return {
    row: {
      measure: 'partial claims (POST /api/request with quantity)',
      'claims/s': round(created / result.wallSeconds, 0),
      'attempts/s': round(result.attempts.length / result.wallSeconds, 0),
      'wall s': round(result.wallSeconds, 2),
      attempts: result.attempts.length,
      '201s': created,
      '409s': count((a) => a.status === 409 && !a.limit),
      '409s claim limit': count((a) => a.limit),
      '5xxs': count((a) => a.status >= 500),
      'other 4xx': count((a) => a.status !== 201 && a.status !== 409 && a.status < 500),
      'net errors': result.networkErrors,
      'p50 ms': round(percentile(result.attempts.map((a) => a.ms), 50), 2),
      'p99 ms': round(percentile(result.attempts.map((a) => a.ms), 99), 2),
      'db verified': check.problems.length === 0,
    },
    check,
    unexpected: result.unexpected,
  };
}

export async function run() {
  const stack = await createStack();
  try {
    const api = await stack.startApi({ role: 'all', env: PROFILE_DIR ? cpuProfileEnv(PROFILE_DIR) : {} });
    const setupStarted = performance.now();
    const [donor] = await createUsers(api.url, 'donor', 1);
    const items = await listFood(api.url, donor, SETTINGS.items);
    const ids = items.map((item) => item.id);
    const perLoop = accountsPerLoop();
    stack.log(`${SETTINGS.items} items listed; signing up ${SETTINGS.charities * perLoop} charities (argon2: a few seconds)`);
    const accounts = await createUsers(api.url, 'charity', SETTINGS.charities * perLoop, 16);
    await verifyCharities(stack.env.DATABASE_URL, accounts);
    const charities = Array.from({ length: SETTINGS.charities }, (_, loop) => accounts.slice(loop * perLoop, (loop + 1) * perLoop));
    stack.log(`set-up took ${round((performance.now() - setupStarted) / 1000)} s; ${SETTINGS.charities} charities claiming at random`);

    if (PROFILE_DIR) await profileSignal(api.child); // start afresh: leave out start-up and set-up
    const cpu = await startCpuMeter({ processes: { api: api.child.pid }, adminUrl: stack.adminUrl, database: stack.database });
    const result = await race(api.url, charities, ids);
    const cpuShares = await cpu.stop();
    if (PROFILE_DIR) await profileSignal(api.child); // write the profile of the race
    const { attempts, claims } = result;
    const count = (predicate) => attempts.filter(predicate).length;
    const created = count((a) => a.status === 201);
    const conflicts = count((a) => a.status === 409 && !a.limit);
    const limitRefusals = count((a) => a.limit);
    const serverErrors = count((a) => a.status >= 500);
    const otherStatuses = count((a) => a.status !== 201 && a.status !== 409 && a.status < 500);
    // Refusals at the claim limit are answered by the same statement, so they count as attempts, not as races.
    const limitRow = { '409s claim limit': limitRefusals };
    const claimsPerSec = created / result.wallSeconds;

    stack.log('verifying in the database');
    const check = await verify(stack.env.DATABASE_URL, ids, claims);

    const partial = await runPartial(stack, api, donor);
    check.problems.push(...partial.check.problems.map((problem) => `partial claims: ${problem}`));

    const latencies = (predicate) => attempts.filter(predicate).map((a) => a.ms);
    const latencyRow = (measure, values) => ({
      measure,
      count: values.length,
      'p50 ms': round(percentile(values, 50), 2),
      'p99 ms': round(percentile(values, 99), 2),
      'max ms': round(values.length ? Math.max(...values) : NaN, 2),
    });
    const rows = [
      {
        measure: 'claims (POST /api/request)',
        'claims/s': round(claimsPerSec, 0),
        'attempts/s': round(attempts.length / result.wallSeconds, 0),
        'wall s': round(result.wallSeconds, 2),
        attempts: attempts.length,
        '201s': created,
        '409s': conflicts,
        ...limitRow,
        '5xxs': serverErrors,
        'other 4xx': otherStatuses,
        'net errors': result.networkErrors,
        'p50 ms': round(percentile(attempts.map((a) => a.ms), 50), 2),
        'p99 ms': round(percentile(attempts.map((a) => a.ms), 99), 2),
        'db verified': check.problems.length === 0,
        'cpu api': cpuShares.api,
        'cpu pg': cpuShares.postgres,
        'cpu client': cpuShares.client,
      },
      partial.row,
    ];
    const latencyRows = [
      latencyRow('all attempts', latencies(() => true)),
      latencyRow('201 (committed)', latencies((a) => a.status === 201)),
      latencyRow('409 (already claimed)', latencies((a) => a.status === 409 && !a.limit)),
      latencyRow('409 (claim limit)', latencies((a) => a.limit)),
    ];

    const targets = {
      claimsPerSec: { target: `>= ${TARGET.minClaimsPerSec}`, actual: round(claimsPerSec, 0), met: claimsPerSec >= TARGET.minClaimsPerSec },
      serverErrors: { target: '0 5xx, 0 network errors', actual: serverErrors + result.networkErrors, met: serverErrors + result.networkErrors === 0 },
      allClaimed: { target: `every item claimed within ${SETTINGS.timeCapSeconds} s (counted in the database)`, actual: `${check.claimedInDb}/${ids.length}`, met: result.left === 0 && check.claimedInDb === ids.length },
      database: { target: 'one live request per claimed item; claimed items = 201s', actual: check.problems.length ? check.problems : 'consistent', met: check.problems.length === 0 },
    };
    const met = Object.values(targets).every((t) => t.met);
    const notes = [
      `${SETTINGS.charities} charity loops, each sequential on its own keep-alive connection (node:http), in the benchmark process, each claiming as ${perLoop} charity accounts in turn (a charity holds at most ${ACTIVE_CLAIMS_MAX} pending claims; the next account takes over at the limit's 409); the API (ROLE=all, NODE_ENV=production: HTTP, in-process worker and outbox relay) in its own. On this ${os.cpus().length}-core machine they compete for CPU.`,
      'Each charity picks uniformly at random among the items it has not yet seen claimed (an item leaves the shared pool on a 201 or a 409, as a live board drops it), so 409s come from real races, not from re-trying claimed items.',
      'cpu columns: cores used during the race (1 = one core busy throughout) by the API process, the PostgreSQL backends of the run\'s database, and the benchmark process (the charities).',
      'claims/s = 201 answers / wall time from the first request to the last answer; latency = request sent to response fully read, per attempt.',
      'Database check (pg): per item, claimed ⇔ exactly one non-cancelled request; claimed items = 201 count; every 201 request_id is a pending row of that item and charity; request rows = 201 count; food.claimed outbox events = 201 count.',
      `Partial claims (after the whole claims, not during): ${PARTIAL.listings} listings of ${PARTIAL.quantity} portions, each loop claiming a random 1 to ${PARTIAL.maxPart} of a random listing as fresh charity accounts; checked per listing: quantity_left + pending claims = quantity, never below 0, claimed ⇔ 0 left; each 201 is a request row with its quantity; food.claimed events = 201s.`,
    ];
    report('claims', rows, {
      settings: SETTINGS,
      targets: { ...targets, met },
      latency: latencyRows,
      database: check,
      partial: { settings: PARTIAL, database: partial.check, unexpected: partial.unexpected },
      statusCounts: Object.fromEntries([...new Set(attempts.map((a) => a.status))].map((s) => [s, count((a) => a.status === s)])),
      unexpected: result.unexpected,
      notes,
    });
    console.table(latencyRows);
    for (const [name, t] of Object.entries(targets)) {
      console.log(`target ${name}: ${t.target} — actual ${JSON.stringify(t.actual)} — ${t.met ? 'MET' : 'NOT MET'}`);
    }
    console.log(`claims targets ${met ? 'met' : 'NOT met'}${QUICK ? ` (quick mode: ${SETTINGS.items} items, ${SETTINGS.charities} charities; indicative only)` : ''}`);
    for (const line of result.unexpected) console.log(`unexpected: ${line}`);
    for (const note of notes) console.log(`note: ${note}`);
    if (check.problems.length > 0) {
      throw new Error(`claims: the database does not match the answers:\n- ${check.problems.join('\n- ')}`);
    }
    return rows;
  } finally {
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
