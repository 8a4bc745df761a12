import { randomUUID } from 'node:crypto';
import { IdempotencyRepository } from '../src/idempotency/idempotency.repository';
import { OPS_ROUTES } from '@food-link/contracts';
import { addFood, cairoDateIn, createCharity, createDonor, loginAs, requestPickup, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

describe('Idempotency-Key: a retried write is applied once and answered the same', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: 'ops@idempotency.test', OPERATOR_PASSWORD: 'operator password 2026' });
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
  });
  afterAll(() => t.close());

  const listing = (name: string) => ({ food_name: name, quantity: 4, description: 'Trays of rice', expiration_date: cairoDateIn(1) });
  const keyed = (user: TestUser, key: string) => ({ token: user.token, headers: { 'idempotency-key': key } });
  const countListings = async (name: string) =>
    Number((await t.db.query(`SELECT count(*) AS n FROM food_items WHERE food_name = $1`, [name]))[0].n);

  it('lists food once when the same POST /api/add is sent twice with one key, and replays the first answer', async () => {
    const key = randomUUID();
    const first = await t.http.post('/api/add', listing('Twice sent rice'), keyed(donor, key));
    const second = await t.http.post('/api/add', listing('Twice sent rice'), keyed(donor, key));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countListings('Twice sent rice')).toBe(1);
  });

  it('treats the body by content: the same fields in another order are the same request', async () => {
    const key = randomUUID();
    const body = listing('Reordered rice');
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await t.http.post('/api/add', body, keyed(donor, key));
    const second = await t.http.post('/api/add', reordered, keyed(donor, key));
    expect(second.body).toEqual(first.body);
    expect(await countListings('Reordered rice')).toBe(1);
  });

  it('answers 422 when the key is sent again with a different body, and writes nothing', async () => {
    const key = randomUUID();
    expect((await t.http.post('/api/add', listing('Key reuse A'), keyed(donor, key))).status).toBe(201);
    const other = await t.http.post('/api/add', listing('Key reuse B'), keyed(donor, key));
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was used for a different request');
    expect(await countListings('Key reuse B')).toBe(0);
  });

  it('scopes keys to the user: another donor with the same key gets a listing of their own', async () => {
    const key = randomUUID();
    const otherDonor = await createDonor(t.http);
    const mine = await t.http.post('/api/add', listing('Shared key rice'), keyed(donor, key));
    const theirs = await t.http.post('/api/add', listing('Shared key rice'), keyed(otherDonor, key));
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await countListings('Shared key rice')).toBe(2);
  });

  it('applies one of 12 simultaneous sends of one key; the others replay its answer or are told to retry', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.http.post('/api/add', listing('Burst rice'), keyed(donor, key))),
    );
    expect(await countListings('Burst rice')).toBe(1);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    for (const busy of answers.filter((answer) => answer.status !== 201)) {
      expect(busy.status).toBe(409);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('applies a write whose client hung up once, and answers its retry with the same result', async () => {
    const key = randomUUID();
    const aborted = new AbortController();
    const lost = fetch(`${t.baseUrl}/api/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${donor.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(listing('Hung up rice')),
      signal: aborted.signal,
    }).catch(() => undefined);
    aborted.abort();
    await lost;
    let retry = await t.http.post('/api/add', listing('Hung up rice'), keyed(donor, key));
    for (let tries = 0; retry.status === 409 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      retry = await t.http.post('/api/add', listing('Hung up rice'), keyed(donor, key));
    }
    expect(retry.status).toBe(201);
    expect(await countListings('Hung up rice')).toBe(1);
  });

  it('claims once: a retried POST /api/request answers the same request id instead of "already claimed"', async () => {
    const food = await addFood(t.http, donor);
    const key = randomUUID();
    const first = await t.http.post('/api/request', { food_id: food.id }, keyed(charity, key));
    const second = await t.http.post('/api/request', { food_id: food.id }, keyed(charity, key));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM pickup_requests WHERE food_id = $1`, [food.id]);
    expect(n).toBe(1);
    // Without the key, asking again is the ordinary conflict.
    expect((await t.http.post('/api/request', { food_id: food.id }, { token: charity.token })).status).toBe(409);
  });

  it('answers a retried cancel and fulfil as the first time, not with "already cancelled"', async () => {
    const food = await addFood(t.http, donor);
    const requestId = await requestPickup(t.http, charity, food.id);
    const cancelKey = randomUUID();
    const cancel = () => t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, keyed(charity, cancelKey));
    const cancelled = [await cancel(), await cancel()];
    expect(cancelled.map((answer) => answer.status)).toEqual([200, 200]);
    expect(cancelled[1].body).toEqual({ message: 'Request cancelled successfully' });

    const again = await requestPickup(t.http, charity, food.id);
    const fulfilKey = randomUUID();
    const fulfil = () => t.http.put(`/updaterequeststatus/${again}`, { status: 'fulfilled' }, keyed(donor, fulfilKey));
    const fulfilled = [await fulfil(), await fulfil()];
    expect(fulfilled.map((answer) => answer.status)).toEqual([200, 200]);
    expect(fulfilled[1].body).toEqual({ message: 'Donation marked as fulfilled', status: 'fulfilled' });
  });

  it('keeps no answer for a refused write: the same key runs again after a 400', async () => {
    const key = randomUUID();
    const invalid = { ...listing('Refused rice'), quantity: 0 };
    expect((await t.http.post('/api/add', invalid, keyed(donor, key))).status).toBe(400);
    expect((await t.http.post('/api/add', invalid, keyed(donor, key))).status).toBe(400);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [key]);
    expect(n).toBe(0);
  });

  it('lets a retry take over a key whose attempt died without an answer once its lock ran out', async () => {
    const key = randomUUID();
    await t.db.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, attempt, locked_until)
       SELECT $1, $2, request_hash, gen_random_uuid(), now() - interval '1 second' FROM (SELECT repeat('0', 64) AS request_hash) h`,
      [donor.id, key],
    );
    // The stored hash is not this body's: a different request, so 422 even though the lock is gone.
    expect((await t.http.post('/api/add', listing('Taken over rice'), keyed(donor, key))).status).toBe(422);
    await t.db.query(`DELETE FROM idempotency_keys WHERE key = $1`, [key]);

    const first = await t.http.post('/api/add', listing('Taken over rice'), keyed(donor, key));
    await t.db.query(`UPDATE idempotency_keys SET status_code = NULL, response = NULL, locked_until = now() - interval '1 second' WHERE key = $1`, [key]);
    const retry = await t.http.post('/api/add', listing('Taken over rice'), keyed(donor, key));
    expect(retry.status).toBe(201);
    expect(retry.body.id).not.toBe(first.body.id);
  });

  it('refuses to store the answer of an attempt whose key was taken over, so its write rolls back', async () => {
    const repository = t.app.get(IdempotencyRepository);
    const key = randomUUID();
    expect(await repository.take(donor.id, key, 'a'.repeat(64), randomUUID(), 60_000)).toBe(true);
    const stale = { userId: donor.id, key, attempt: randomUUID(), statusCode: 201 };
    expect(await repository.answer(stale, { id: 1 })).toBe(false);
  });

  it('answers 409 with Retry-After while the first attempt still holds the key', async () => {
    const key = randomUUID();
    const first = await t.http.post('/api/add', listing('Held rice'), keyed(donor, key));
    await t.db.query(
      `UPDATE idempotency_keys SET status_code = NULL, response = NULL, locked_until = now() + interval '30 seconds' WHERE key = $1`,
      [key],
    );
    const busy = await t.http.post('/api/add', listing('Held rice'), keyed(donor, key));
    expect(first.status).toBe(201);
    expect(busy.status).toBe(409);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
  });

  it('refuses a malformed key with 400 and ignores the header on sign-up and login', async () => {
    const bad = await t.http.post('/api/add', listing('Bad key rice'), keyed(donor, 'has spaces in it'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    const key = randomUUID();
    const body = { name: 'Twice Donor', email: `twice-${key}@example.eg`, password: 'long enough password' };
    expect((await t.http.post('/api/registerdonor', body, { headers: { 'idempotency-key': key } })).status).toBe(201);
    expect((await t.http.post('/api/registerdonor', body, { headers: { 'idempotency-key': key } })).status).toBe(409);
  });

  it('runs again, rather than replays, a write whose answer is a cookie (the queue inspector session)', async () => {
    const operator = await loginAs(t.http, 'ops@idempotency.test', 'operator password 2026');
    const key = randomUUID();
    const sessions = [
      await t.http.post(OPS_ROUTES.boardSession, undefined, { token: operator, headers: { 'idempotency-key': key } }),
      await t.http.post(OPS_ROUTES.boardSession, undefined, { token: operator, headers: { 'idempotency-key': key } }),
    ];
    expect(sessions.map((session) => session.status)).toEqual([204, 204]);
    for (const session of sessions) expect(session.headers.get('set-cookie')).toMatch(/^foodlink_board=[^;]+;/);
  });

  it('forgets answers after 24 hours: the purge drops them and the key can be used afresh', async () => {
    const key = randomUUID();
    await t.http.post('/api/add', listing('Old key A'), keyed(donor, key));
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key]);
    // Past the retention the key is free even before the purge runs.
    expect((await t.http.post('/api/add', listing('Old key B'), keyed(donor, key))).status).toBe(201);
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key]);
    expect(await t.app.get(IdempotencyRepository).purgeExpired()).toBeGreaterThanOrEqual(1);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [key]);
    expect(n).toBe(0);
  });
});
