import { randomUUID } from 'node:crypto';
import { COUNTERS_INTERVAL_MS, type EventEnvelope } from '@food-link/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { COUNTERS_FEED } from '../src/realtime/event-rooms';
import { barrier } from './support/barrier';
import { FoodService } from '../src/food/food.service';
import { addFood, createCharity, createDonor, createPickupPoint, requestPickup, type TestUser, verifyCharities } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startPeer, startTestApp, type Instance, type TestApp } from './support/test-app';

const BOARD_TYPES = ['food.listed', 'food.claimed', 'request.cancelled', 'food.expired'];

describe('public topics: a socket hears only what it watches (REALTIME.md, version 2)', () => {
  let t: TestApp;
  let donor: TestUser, otherDonor: TestUser, charity: TestUser;
  let nothing: LiveClient, board: LiveClient, counters: LiveClient, donorWatchingNothing: LiveClient, charityOnBoard: LiveClient;
  let all: LiveClient[];

  beforeAll(async () => {
    t = await startTestApp();
    [donor, otherDonor, charity] = await Promise.all([createDonor(t.http), createDonor(t.http), createCharity(t.http)]);
    nothing = await LiveClient.connect(t.baseUrl, undefined, []);
    board = await LiveClient.connect(t.baseUrl, undefined, ['board']);
    counters = await LiveClient.connect(t.baseUrl, undefined, ['counters']);
    donorWatchingNothing = await LiveClient.connect(t.baseUrl, donor.token, []);
    charityOnBoard = await LiveClient.connect(t.baseUrl, charity.token, ['board']);
    all = [nothing, board, counters, donorWatchingNothing, charityOnBoard];
  });
  afterAll(async () => {
    for (const client of all) client.close();
    await t.close();
  });

  /** A listing, a claim, a cancellation, a new claim and its fulfilment; resolves with the ids and the new total. */
  async function lifecycle(quantity: number) {
    const before = (await t.http.get('/api/request/totalmeals')).body.totalMeals as number;
    const item = await addFood(t.http, donor, { quantity });
    const cancelledId = await requestPickup(t.http, charity, item.id);
    await t.http.put(`/api/updaterequest/${cancelledId}`, { status: 'cancelled' }, { token: charity.token });
    const requestId = await requestPickup(t.http, charity, item.id);
    await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
    return { foodId: item.id, requestId, total: before + quantity };
  }

  it('acknowledges watch and unwatch with every watched topic, refusing unknown ones', async () => {
    const client = await LiveClient.connect(t.baseUrl, undefined, []);
    try {
      expect(await client.watch(['board', 'nope', 'board:EG-XX', 'board:', 'board:eg-c', 42, 'board'])).toEqual({
        watching: ['board'],
        refused: ['nope', 'board:EG-XX', 'board:', 'board:eg-c', '42'],
      });
      expect(await client.watch(['counters', 'board:EG-C', 'board:EG-ALX', 'board:EG-C'])).toEqual({
        watching: ['counters', 'board', 'board:EG-ALX', 'board:EG-C'],
        refused: [],
      });
      expect(await client.unwatch(['board', 'public', 'board:EG-ALX', 'board:EG-C'])).toEqual({ watching: ['counters'], refused: ['public'] });
      expect(await client.watch([])).toEqual({ watching: ['counters'], refused: [] });
      // Not a list of topics at all: nothing joined, and said so.
      expect(await client.watch({ topic: 'board' })).toEqual({ watching: ['counters'], refused: ['{"topic":"board"}'] });
      expect(await client.unwatch(['counters'])).toEqual({ watching: [], refused: [] });
    } finally {
      client.close();
    }
  });

  it('sends board events to board watchers, counters only to counters watchers, nothing public to a socket watching nothing', async () => {
    const { foodId, requestId, total } = await lifecycle(13);
    const last = await counters.next('stats.updated', (e) => e.data.totalMeals === total);
    for (const client of [board, charityOnBoard]) await client.next('food.claimed', (e) => e.data.requestId === requestId);
    await board.next('request.cancelled', (e) => e.data.foodId === foodId);
    // The donor watches nothing public, yet hears of their own item in their private room.
    await donorWatchingNothing.next('request.fulfilled', (e) => e.data.requestId === requestId);
    await charityOnBoard.next('request.fulfilled', (e) => e.data.requestId === requestId);
    await barrier(t.env, all);

    expect(nothing.received).toEqual([]);
    // Board watchers: the board's changes only (the charity also its own fulfilment), never the counters.
    expect(new Set(board.received.map((e) => e.type))).toEqual(new Set(['food.listed', 'food.claimed', 'request.cancelled']));
    expect(charityOnBoard.received.filter((e) => !BOARD_TYPES.includes(e.type)).map((e) => e.type)).toEqual(['request.fulfilled']);
    // Counters watchers: stats.updated only, the last one current.
    expect(new Set(counters.received.map((e) => e.type))).toEqual(new Set(['stats.updated']));
    expect(counters.received.at(-1)).toEqual(last);
    // Private rooms unchanged: the donor has every event about their item (workers may publish them in
    // any order), and no stats. Besides them, their own notifications (a claim, a cancellation: donors are
    // told, docs/NOTIFICATIONS.md), whenever their jobs have run: notification.created, in their room only.
    expect(board.received.concat(counters.received, nothing.received).map((e) => e.type)).not.toContain('notification.created');
    expect(donorWatchingNothing.received.map((e) => e.type).filter((type) => type !== 'notification.created').sort()).toEqual([
      'food.claimed',
      'food.claimed',
      'food.listed',
      'request.cancelled',
      'request.fulfilled',
    ]);
  });

  it("keeps another donor's listing from a signed-in socket that watches nothing", async () => {
    const item = await addFood(t.http, otherDonor);
    await board.next('food.listed', (e) => e.data.foodId === item.id);
    await barrier(t.env, all);
    expect(donorWatchingNothing.received.map((e) => ('foodId' in e.data ? e.data.foodId : null))).not.toContain(item.id);
    expect(nothing.received).toEqual([]);
  });

  it('stops sending a topic once it is unwatched', async () => {
    const leaving = await LiveClient.connect(t.baseUrl, undefined, ['board', 'counters']);
    try {
      expect(await leaving.unwatch(['board', 'counters'])).toEqual({ watching: [], refused: [] });
      const item = await addFood(t.http, otherDonor);
      const { total } = await lifecycle(4);
      await board.next('food.listed', (e) => e.data.foodId === item.id);
      await counters.next('stats.updated', (e) => e.data.totalMeals === total);
      await barrier(t.env, [leaving, board, counters]);
      expect(leaving.received).toEqual([]);
    } finally {
      leaving.close();
    }
  });

  it('coalesces a burst of fulfilments: at most one stats.updated per interval, the last one carrying the final totals', async () => {
    const before = (await t.http.get('/api/request/totalmeals')).body.totalMeals as number;
    // 12 pending claims at once: over 3 verified charities, within the claim limit (LIMITS.activeClaimsMax, 5 each).
    const claimants = await Promise.all(Array.from({ length: 3 }, () => createCharity(t.http)));
    await verifyCharities(t.db, ...claimants);
    const requests = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const item = await addFood(t.http, donor, { quantity: i + 1 });
        return requestPickup(t.http, claimants[i % claimants.length], item.id);
      }),
    );
    const watcher = await LiveClient.connect(t.baseUrl, undefined, ['counters']);
    try {
      const started = performance.now();
      await Promise.all(requests.map((id) => t.http.put(`/updaterequeststatus/${id}`, { status: 'fulfilled' }, { token: donor.token })));
      const total = before + (12 * 13) / 2;
      await watcher.next('stats.updated', (e) => e.data.totalMeals === total, 20_000);
      const elapsed = performance.now() - started;
      // Whatever the coalescer still holds goes out within one interval; none may be older than the final.
      await new Promise((resolve) => setTimeout(resolve, 2 * COUNTERS_INTERVAL_MS));
      await barrier(t.env, [watcher]);
      const totals = watcher.ofType('stats.updated').map((e) => e.data.totalMeals);
      expect(totals.at(-1)).toBe(total);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      // One message per interval at most (the first of a quiet spell goes at once), from the first send to the last.
      expect(totals.length).toBeLessThanOrEqual(Math.floor(elapsed / COUNTERS_INTERVAL_MS) + 2);
    } finally {
      watcher.close();
    }
  });

  it("sends a governorate's board events to board:<governorate> watchers only, and once to a socket watching both boards", async () => {
    const cairoOnly = await LiveClient.connect(t.baseUrl, undefined, ['board:EG-C']);
    const both = await LiveClient.connect(t.baseUrl, undefined, ['board', 'board:EG-C']);
    const alexOnly = await LiveClient.connect(t.baseUrl, undefined, ['board:EG-ALX']);
    const placed = await createDonor(t.http);
    try {
      const cairo = await createPickupPoint(t.http, placed, { governorate: 'EG-C' });
      const alex = await createPickupPoint(t.http, placed, { governorate: 'EG-ALX' });
      const list = (pointId: number) =>
        t.http.post('/api/add', { food_name: 'Rice', quantity: 3, description: 'Boxes', expiration_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), pickup_point_id: pointId }, { token: placed.token });
      const inCairo = (await list(cairo.id)).body;
      const inAlex = (await list(alex.id)).body;
      const editedInCairo = await t.http.request('PATCH', `/api/food/${inCairo.id}`, { body: { quantity: 4 }, token: placed.token });
      expect(editedInCairo.status).toBe(200);
      await t.http.request('PATCH', `/api/food/${inAlex.id}`, { body: { quantity: 4 }, token: placed.token });
      const expiring = (await list(cairo.id)).body;
      await t.db.query(`UPDATE food_items SET safe_until = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
      await t.app.get(FoodService).expireUnsafe();
      expect((await t.http.delete(`/api/food/${inCairo.id}`, { token: placed.token })).status).toBe(200);
      expect((await t.http.delete(`/api/food/${inAlex.id}`, { token: placed.token })).status).toBe(200);

      const cairoIds = [inCairo.id, expiring.id];
      for (const client of [cairoOnly, both]) {
        await client.next('food.withdrawn', (e) => e.data.foodId === inCairo.id);
        await client.next('food.expired', (e) => e.data.foodId === expiring.id);
      }
      await alexOnly.next('food.withdrawn', (e) => e.data.foodId === inAlex.id);
      await board.next('food.withdrawn', (e) => e.data.foodId === inAlex.id);
      await barrier(t.env, [cairoOnly, both, alexOnly]);

      const about = (client: LiveClient) =>
        client.received.map((e) => `${e.type} ${(e.data as { foodId: number }).foodId}`).sort();
      const cairoEvents = [
        `food.listed ${inCairo.id}`,
        `food.updated ${inCairo.id}`,
        `food.listed ${expiring.id}`,
        `food.expired ${expiring.id}`,
        `food.withdrawn ${inCairo.id}`,
      ].sort();
      expect(about(cairoOnly)).toEqual(cairoEvents);
      expect(about(alexOnly)).toEqual([`food.listed ${inAlex.id}`, `food.updated ${inAlex.id}`, `food.withdrawn ${inAlex.id}`].sort());
      // In both rooms, each event once: the Cairo events and the Alexandria ones (from `board`).
      expect(about(both)).toEqual([...cairoEvents, `food.listed ${inAlex.id}`, `food.updated ${inAlex.id}`, `food.withdrawn ${inAlex.id}`].sort());
      expect(new Set(both.received.map((e) => e.id)).size).toBe(both.received.length);
      for (const envelope of cairoOnly.received) {
        const data = envelope.data as { governorate?: string; food?: { governorate: string } };
        expect(data.governorate ?? data.food?.governorate).toBe('EG-C');
      }
      expect(cairoIds.every((id) => cairoOnly.received.some((e) => (e.data as { foodId: number }).foodId === id))).toBe(true);
    } finally {
      for (const client of [cairoOnly, both, alexOnly]) client.close();
    }
  });

  it('refuses an unknown governorate board, and a socket without it hears nothing of it', async () => {
    const client = await LiveClient.connect(t.baseUrl, undefined, []);
    try {
      expect(await client.watch(['board:EG-ZZ', 'board:Cairo'])).toEqual({ watching: [], refused: ['board:EG-ZZ', 'board:Cairo'] });
      await expect(LiveClient.connect(t.baseUrl, undefined, ['board:EG-ZZ'])).rejects.toThrow('Topics refused: board:EG-ZZ');
    } finally {
      client.close();
    }
  });
});

describe('the counters coalescer on every instance', () => {
  let t: TestApp;
  let peer: Instance;
  let redis: Redis;

  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'api' });
    peer = await startPeer(t, { ROLE: 'api' });
    redis = new Redis(t.env.REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await peer.close();
    await t.close();
  });

  const stats = (totalMeals: number, occurredAt: Date): EventEnvelope<'stats.updated'> => ({
    id: randomUUID(),
    type: 'stats.updated',
    occurredAt: occurredAt.toISOString(),
    data: { totalMeals, totalCharities: 1, kg: 0, co2e_kg: 0, water_l: 0 },
  });

  /** Publishes envelopes as the realtime publisher does, in one write to Redis (one burst for the instances). */
  async function publishBurst(envelopes: EventEnvelope<'stats.updated'>[]): Promise<void> {
    const pipeline = redis.pipeline();
    const emitter = new Emitter(pipeline as unknown as Redis, { key: `${t.env.REDIS_PREFIX}socket.io` });
    for (const envelope of envelopes) emitter.serverSideEmit(COUNTERS_FEED, envelope);
    await pipeline.exec();
  }

  it('sends a burst as at most two messages per watcher on each instance (one at once, the newest one interval later); never a stale one last', async () => {
    const watchers = await Promise.all([
      LiveClient.connect(t.baseUrl, undefined, ['counters']),
      LiveClient.connect(peer.baseUrl, undefined, ['counters']),
    ]);
    const bystanders = await Promise.all([LiveClient.connect(t.baseUrl, undefined, ['board']), LiveClient.connect(peer.baseUrl, undefined, [])]);
    try {
      const base = Date.now();
      // Twenty totals, then a late copy of an older one (published out of order by a slow worker).
      const burst = Array.from({ length: 20 }, (_, i) => stats(1000 + i, new Date(base + i)));
      burst.push(stats(1005, new Date(base + 5)));
      await publishBurst(burst);
      for (const watcher of watchers) await watcher.next('stats.updated', (e) => e.data.totalMeals === 1019);
      await new Promise((resolve) => setTimeout(resolve, 2 * COUNTERS_INTERVAL_MS));
      await barrier(t.env, [...watchers, ...bystanders]);
      for (const watcher of watchers) {
        const totals = watcher.ofType('stats.updated').map((e) => e.data.totalMeals);
        expect(totals.length).toBeLessThanOrEqual(2);
        expect(totals.at(-1)).toBe(1019);
        if (totals.length === 2) {
          // The second waited for the interval to pass since the first (less a little for the network).
          const [first, second] = watcher.arrivedAt.slice(-2);
          expect(second - first).toBeGreaterThanOrEqual(COUNTERS_INTERVAL_MS - 50);
        }
      }
      for (const bystander of bystanders) expect(bystander.received).toEqual([]);

      // A stale value on its own, later, is dropped too; a newer one goes out.
      await publishBurst([stats(999, new Date(base - 1000)), stats(2000, new Date(base + 100))]);
      for (const watcher of watchers) await watcher.next('stats.updated', (e) => e.data.totalMeals === 2000);
      await new Promise((resolve) => setTimeout(resolve, 2 * COUNTERS_INTERVAL_MS));
      await barrier(t.env, watchers);
      for (const watcher of watchers) {
        expect(watcher.ofType('stats.updated').map((e) => e.data.totalMeals)).not.toContain(999);
        expect(watcher.received.at(-1)?.data).toEqual({ totalMeals: 2000, totalCharities: 1, kg: 0, co2e_kg: 0, water_l: 0 });
      }
    } finally {
      for (const client of [...watchers, ...bystanders]) client.close();
    }
  });
});
