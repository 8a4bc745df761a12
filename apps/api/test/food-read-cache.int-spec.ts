import { jest } from '@jest/globals';
import { DOMAIN_EVENTS, LIMITS } from '@food-link/contracts';
import { OutboxService } from '../src/outbox/outbox.service';
import { FoodReadCache } from '../src/food/food-read-cache';
import { FoodService } from '../src/food/food.service';
import { addFood, cairoDateIn, createCharity, listableDay, createDonor, loginAs, requestPickup, type TestUser } from './support/factories';
import { startPeer, startTestApp, startWorker, type Instance, type TestApp } from './support/test-app';

/**
 * GET /api/available and GET /api/donor/{userId} are served from a per-process cache of the serialised
 * body. These tests hold it to what a client expects of an uncached read: the same bytes and headers, and
 * every committed change (by this instance, another one or a worker) visible on the very next request.
 */

/** The list SQL of FoodService.listAvailable, as it reaches the driver. */
const isListQuery = (sql: unknown) => typeof sql === 'string' && sql.includes('FROM food_items f') && sql.includes("f.status = 'available'");
const isMarkQuery = (sql: unknown) => typeof sql === 'string' && sql.includes('pg_current_snapshot()');

interface Raw {
  status: number;
  text: string;
  headers: Headers;
}

async function raw(baseUrl: string, path = '/api/available', headers: Record<string, string> = {}, token?: string): Promise<Raw> {
  const response = await fetch(`${baseUrl}${path}`, { headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The instant the cache reads the board as of: the start of the next minute. */
const nextMinute = (now = Date.now()) => new Date((Math.floor(now / 60_000) + 1) * 60_000);

/** What an uncached read answers now: the service's database read, serialised as Fastify serialises it. */
async function freshBody(instance: Pick<Instance, 'app'>, limit: number = LIMITS.availablePageMax, offset = 0): Promise<string> {
  return JSON.stringify(await instance.app.get(FoodService).listAvailable({ limit, offset }, nextMinute()));
}

const ids = (r: Raw) => (JSON.parse(r.text) as { id: number }[]).map((item) => item.id);

/**
 * Counts the SQL statements every DataSource of this test file sends (all go through the one
 * PostgresQueryRunner prototype), so a load is counted where it happens, not where the cache says it does.
 */
function countQueries(instance: Pick<Instance, 'db'>) {
  const runner = instance.db.createQueryRunner();
  const prototype = Object.getPrototypeOf(runner) as { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
  void runner.release();
  const spy = jest.spyOn(prototype, 'query');
  return {
    get lists() {
      return spy.mock.calls.filter(([sql]) => isListQuery(sql)).length;
    },
    get marks() {
      return spy.mock.calls.filter(([sql]) => isMarkQuery(sql)).length;
    },
    reset: () => spy.mockClear(),
    restore: () => spy.mockRestore(),
  };
}

describe('GET /api/available from the cache', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
    for (let i = 0; i < 5; i += 1) await addFood(t.http, donor, { food_name: `Item ${i}`, expiration_date: cairoDateIn(1 + (i % 3)) });
  });
  afterAll(() => t.close());

  it('answers the bytes of a fresh database read, with the same headers as an uncached JSON answer', async () => {
    const miss = await raw(t.baseUrl);
    const hit = await raw(t.baseUrl);
    const expected = await freshBody(t);
    expect(miss.status).toBe(200);
    expect(miss.text).toBe(expected);
    expect(hit.text).toBe(expected);
    for (const answer of [miss, hit]) {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
      expect(answer.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
    expect(hit.headers.get('etag')).toBe(miss.headers.get('etag'));
    const head = await fetch(`${t.baseUrl}/api/available`, { method: 'HEAD' });
    expect({ status: head.status, length: head.headers.get('content-length'), body: await head.text() }).toEqual({
      status: 200,
      length: String(Buffer.byteLength(expected)),
      body: '',
    });

    // Every other header is what an uncached JSON route of the same app sends (security headers, request id...).
    const control = await raw(t.baseUrl, '/api/request/totalmeals');
    const names = (r: Raw) => [...r.headers.keys()].filter((name) => !['etag', 'cache-control'].includes(name)).sort();
    expect(names(hit)).toEqual(names(control));
    for (const name of names(control)) {
      if (!['date', 'x-request-id', 'content-length'].includes(name)) expect({ name, value: hit.headers.get(name) }).toEqual({ name, value: control.headers.get(name) });
    }
  });

  it('caches each page by its limit and offset, and each one equals a fresh read', async () => {
    for (const [limit, offset] of [
      [2, 1],
      [1, 0],
      [2, 1],
      [LIMITS.availablePageMax, 3],
    ]) {
      const page = await raw(t.baseUrl, `/api/available?limit=${limit}&offset=${offset}`);
      expect(page.text).toBe(await freshBody(t, limit, offset));
    }
    expect(ids(await raw(t.baseUrl, '/api/available?offset=1'))).toEqual(ids(await raw(t.baseUrl)).slice(1));
  });

  it('validates limit and offset as the global pipe does: the same 400 every time, one answer for equal values', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await t.http.get('/api/available?limit=0&offset=-1');
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: ['limit must not be less than 1', 'offset must not be less than 0'],
      });
    }
    const page = await raw(t.baseUrl, '/api/available?limit=2&offset=1');
    for (const same of ['offset=1&limit=2', 'limit=2&offset=1&unknown=x', 'limit=02&offset=1']) {
      const answer = await raw(t.baseUrl, `/api/available?${same}`);
      expect({ same, status: answer.status, text: answer.text }).toEqual({ same, status: 200, text: page.text });
    }
  });

  it('answers 304 to If-None-Match with the current tag, and the new body once something changed', async () => {
    const first = await raw(t.baseUrl);
    const etag = first.headers.get('etag') as string;
    const notModified = await raw(t.baseUrl, '/api/available', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect((await raw(t.baseUrl, '/api/available', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await raw(t.baseUrl, '/api/available', { 'if-none-match': '"other"' })).status).toBe(200);

    await addFood(t.http, donor, { food_name: 'Fresh after the tag' });
    const changed = await raw(t.baseUrl, '/api/available', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.text).toBe(await freshBody(t));
  });

  it('shows a listing, a claim, a cancel and a fulfilment on the very next request', async () => {
    await raw(t.baseUrl); // warm
    const item = await addFood(t.http, donor, { food_name: 'Listed now' });
    const afterListing = await raw(t.baseUrl);
    expect(ids(afterListing)).toContain(item.id);
    expect(afterListing.text).toBe(await freshBody(t));

    const requestId = await requestPickup(t.http, charity, item.id);
    const afterClaim = await raw(t.baseUrl);
    expect(ids(afterClaim)).not.toContain(item.id);
    expect(afterClaim.text).toBe(await freshBody(t));

    const cancelled = await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token });
    expect(cancelled.status).toBe(200);
    const afterCancel = await raw(t.baseUrl);
    expect(ids(afterCancel)).toContain(item.id);
    expect(afterCancel.text).toBe(await freshBody(t));

    const again = await requestPickup(t.http, charity, item.id);
    const fulfilled = await t.http.put(`/updaterequeststatus/${again}`, { status: 'fulfilled' }, { token: donor.token });
    expect(fulfilled.status).toBe(200);
    const afterFulfil = await raw(t.baseUrl);
    expect(ids(afterFulfil)).not.toContain(item.id);
    expect(afterFulfil.text).toBe(await freshBody(t));
  });

  it('drops food once its safe time passes, with no write at all', async () => {
    // Good until the end of today (of tomorrow in Cairo's last half hour, when today can no longer be listed).
    const today = await addFood(t.http, donor, { food_name: 'Good until tonight', expiration_date: listableDay() });
    expect(ids(await raw(t.baseUrl))).toContain(today.id);
    const safeUntil = Date.parse(today.safe_until);
    const cache = t.app.get(FoodReadCache);
    // The minute in which the safe time ends: the body is read as of the next one, so the item is gone already.
    const lastMinute = jest.spyOn(cache, 'now').mockReturnValue(safeUntil - 1);
    try {
      const after = await raw(t.baseUrl);
      expect(ids(after)).not.toContain(today.id);
      const expected = await t.app.get(FoodService).listAvailable({ limit: LIMITS.availablePageMax, offset: 0 }, nextMinute(safeUntil - 1));
      expect(after.text).toBe(JSON.stringify(expected));
    } finally {
      lastMinute.mockRestore();
    }
    // The minute before that one still shows it.
    const earlier = jest.spyOn(cache, 'now').mockReturnValue(safeUntil - 60_001);
    try {
      expect(ids(await raw(t.baseUrl))).toContain(today.id);
    } finally {
      earlier.mockRestore();
    }
    expect(ids(await raw(t.baseUrl))).toContain(today.id);
  });

  it('shows what the expiry job did on the next request', async () => {
    const item = await addFood(t.http, donor, { food_name: 'About to expire' });
    expect(ids(await raw(t.baseUrl))).toContain(item.id);
    // As if its safe time had passed (the list would hide it by that alone), then the job marks it expired.
    await t.db.query(`UPDATE food_items SET safe_until = now() - interval '1 second' WHERE id = $1`, [item.id]);
    expect(await t.app.get(FoodService).expireUnsafe()).toBeGreaterThanOrEqual(1);
    const after = await raw(t.baseUrl);
    expect(ids(after)).not.toContain(item.id);
    expect(after.text).toBe(await freshBody(t));
  });

  it('sees a change whose transaction began before the cached read and committed after a newer one', async () => {
    // Outbox rows are stamped at insert, not at commit: a slow transaction can commit after a faster one
    // with an older occurred_at, leaving the newest row unchanged.
    const item = await addFood(t.http, donor, { food_name: 'Expired by a slow transaction' });
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const slow = t.db.transaction(async (tx) => {
      await tx.query(`UPDATE food_items SET status = 'expired', updated_at = now() WHERE id = $1`, [item.id]);
      await t.app.get(OutboxService).record(tx, DOMAIN_EVENTS.foodExpired, { foodId: item.id, governorate: null, partners: undefined }, [donor.id]);
      written();
      await held;
    });
    await inserted;
    const newer = await addFood(t.http, donor, { food_name: 'Committed first' });
    const before = await raw(t.baseUrl); // read while the slow transaction is still open
    expect(ids(before)).toEqual(expect.arrayContaining([item.id, newer.id]));
    commit();
    await slow;
    const after = await raw(t.baseUrl);
    expect(ids(after)).not.toContain(item.id);
    expect(after.text).toBe(await freshBody(t));
  });

  it('loads once for many concurrent cold requests, and not at all while nothing changes', async () => {
    const queries = countQueries(t);
    const expected = await freshBody(t);
    // Forty requests at once to a new process (an empty cache) read the list once. One more read is by
    // design if some other write (another instance's heartbeat, say) was still open when the first read's
    // snapshot was taken: nothing then proves that write did not change the list. So a burst may read
    // twice, never more, and one of three bursts on fresh processes reads exactly once.
    const loadsPerBurst: number[] = [];
    let cold = await startPeer(t);
    try {
      for (let burst = 0; burst < 3 && !loadsPerBurst.includes(1); burst += 1) {
        if (burst > 0) {
          await cold.close();
          cold = await startPeer(t);
        }
        queries.reset();
        const answers = await Promise.all(Array.from({ length: 40 }, () => raw(cold.baseUrl)));
        loadsPerBurst.push(queries.lists);
        expect(answers.every((answer) => answer.status === 200 && answer.text === expected)).toBe(true);
      }
      expect(loadsPerBurst).toContain(1);
      expect(Math.max(...loadsPerBurst)).toBeLessThanOrEqual(2);

      await raw(cold.baseUrl); // settles a read that another open write made uncertain, if any
      queries.reset();
      await Promise.all(Array.from({ length: 40 }, () => raw(cold.baseUrl)));
      expect(queries.lists).toBe(0);
      // Still checked against the database: requests arriving together share one mark query.
      expect(queries.marks).toBeGreaterThan(0);
      expect(queries.marks).toBeLessThanOrEqual(40);

      // The counter sees loads where they happen: a page nobody asked for yet is one load.
      queries.reset();
      await raw(cold.baseUrl, '/api/available?limit=3');
      expect(queries.lists).toBe(1);
    } finally {
      queries.restore();
      await cold.close();
    }
  });
});

describe('GET /api/available across instances and a worker', () => {
  let a: TestApp;
  let b: Instance;
  let donor: TestUser;
  let charity: TestUser;
  beforeAll(async () => {
    a = await startTestApp({ ROLE: 'api' });
    b = await startPeer(a, { ROLE: 'api' });
    donor = await createDonor(a.http);
    charity = await createCharity(a.http);
    await addFood(a.http, donor);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('shows a write made through instance A on the next request to instance B', async () => {
    await raw(b.baseUrl); // B's cache is warm
    const item = await addFood(a.http, donor, { food_name: 'Listed on A' });
    expect(ids(await raw(b.baseUrl))).toContain(item.id);

    const requestId = await requestPickup(a.http, charity, item.id);
    expect(ids(await raw(b.baseUrl))).not.toContain(item.id);

    await a.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token });
    const afterCancel = await raw(b.baseUrl);
    expect(ids(afterCancel)).toContain(item.id);
    expect(afterCancel.text).toBe(await freshBody(a));
    // And the other way round.
    const onB = await addFood(b.http, donor, { food_name: 'Listed on B' });
    expect(ids(await raw(a.baseUrl))).toContain(onB.id);
  });

  it('shows on every instance what a separate worker process expired', async () => {
    const item = await addFood(a.http, donor, { food_name: 'Expires in the worker' });
    expect(ids(await raw(a.baseUrl))).toContain(item.id);
    expect(ids(await raw(b.baseUrl))).toContain(item.id);
    await a.db.query(`UPDATE food_items SET safe_until = now() - interval '1 second' WHERE id = $1`, [item.id]);
    const worker = await startWorker({ env: { ...a.env, EXPIRY_CHECK_MS: '1000' } });
    try {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const [row] = await a.db.query('SELECT status FROM food_items WHERE id = $1', [item.id]);
        if (row.status === 'expired') break;
        if (Date.now() > deadline) throw new Error('the worker did not run the expiry job');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.close();
    }
    for (const instance of [a, b]) {
      const after = await raw(instance.baseUrl);
      expect(ids(after)).not.toContain(item.id);
      expect(after.text).toBe(await freshBody(a));
    }
  });
});

describe('GET /api/donor/{userId} from the cache', () => {
  const operatorEmail = 'cache-operator@example.eg';
  const operatorPassword = 'a long operator passphrase';
  let t: TestApp;
  let b: Instance;
  let donor: TestUser;
  let charity: TestUser;
  let operatorToken: string;
  const donorPath = () => `/api/donor/${donor.id}`;
  const freshDonorBody = async () => JSON.stringify(await t.app.get(FoodService).donorItems(donor.id));
  const items = (r: Raw) => JSON.parse(r.text) as { id: number; status: string; request: { request_id: number; status: string } | null }[];

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: operatorEmail, OPERATOR_PASSWORD: operatorPassword });
    b = await startPeer(t, { ROLE: 'api' });
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
    operatorToken = await loginAs(t.http, operatorEmail, operatorPassword);
    await addFood(t.http, donor, { food_name: 'First' });
    await addFood(t.http, donor, { food_name: 'Second' });
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  it('answers the bytes of a fresh read to the donor and an operator, and refuses everyone else as before', async () => {
    const miss = await raw(t.baseUrl, donorPath(), {}, donor.token);
    const hit = await raw(t.baseUrl, donorPath(), {}, donor.token);
    const asOperator = await raw(t.baseUrl, donorPath(), {}, operatorToken);
    const expected = await freshDonorBody();
    for (const answer of [miss, hit, asOperator]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(expected);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
      expect(answer.headers.get('etag')).toBe(miss.headers.get('etag'));
    }

    const otherDonor = await createDonor(t.http);
    for (const [who, token, status] of [
      ['another donor', otherDonor.token, 403],
      ['a charity', charity.token, 403],
      ['nobody', undefined, 401],
    ] as const) {
      const refused = await t.http.get(donorPath(), token ? { token } : {});
      expect({ who, status: refused.status, leaked: JSON.stringify(refused.body).includes('First') }).toEqual({ who, status, leaked: false });
    }
    expect((await t.http.get(donorPath(), { token: otherDonor.token })).body.message).toBe('You may only see your own donations');
    // The other donor's own (empty) list is theirs alone, not the cached one.
    expect((await raw(t.baseUrl, `/api/donor/${otherDonor.id}`, {}, otherDonor.token)).text).toBe('[]');
  });

  it('shows a claim, a cancel and a fulfilment made through another instance on the next request', async () => {
    const item = await addFood(t.http, donor, { food_name: 'Claimed elsewhere' });
    await raw(t.baseUrl, donorPath(), {}, donor.token); // warm
    const requestId = await requestPickup(b.http, charity, item.id);
    const claimed = await raw(t.baseUrl, donorPath(), {}, donor.token);
    expect(items(claimed).find((food) => food.id === item.id)).toMatchObject({ status: 'claimed', request: { request_id: requestId, status: 'pending' } });
    expect(claimed.text).toBe(await freshDonorBody());

    await b.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token });
    const cancelled = await raw(t.baseUrl, donorPath(), {}, donor.token);
    expect(items(cancelled).find((food) => food.id === item.id)).toMatchObject({ status: 'available', request: null });

    const again = await requestPickup(b.http, charity, item.id);
    await raw(t.baseUrl, donorPath(), {}, donor.token);
    await b.http.put(`/updaterequeststatus/${again}`, { status: 'fulfilled' }, { token: donor.token });
    const fulfilled = await raw(t.baseUrl, donorPath(), {}, donor.token);
    expect(items(fulfilled).find((food) => food.id === item.id)).toMatchObject({ request: { request_id: again, status: 'fulfilled' } });
    expect(fulfilled.text).toBe(await freshDonorBody());
  });

  it('answers 304 to the donor who holds the current list, and the new list after a change', async () => {
    const current = await raw(t.baseUrl, donorPath(), {}, donor.token);
    const etag = current.headers.get('etag') as string;
    expect((await raw(t.baseUrl, donorPath(), { 'if-none-match': etag }, donor.token)).status).toBe(304);
    // Another donor's list never matches this one's tag.
    const otherDonor = await createDonor(t.http);
    expect((await raw(t.baseUrl, `/api/donor/${otherDonor.id}`, { 'if-none-match': etag }, otherDonor.token)).status).toBe(200);
    await addFood(b.http, donor, { food_name: 'Listed on B' });
    const changed = await raw(t.baseUrl, donorPath(), { 'if-none-match': etag }, donor.token);
    expect(changed.status).toBe(200);
    expect(changed.text).toBe(await freshDonorBody());
  });
});
