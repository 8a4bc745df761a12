import { MAX_PARTNERS, NOTIFICATION_ROUTES, OFFER_JOBS, PARTNER_ROUTES, QUEUES, type AddedFoodItem, type NotificationsResponse } from '@food-link/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { addCookedMeal, addFood, createCharity, createDonor, createPickupPoint, loginAs, requestPickup, type TestUser, verifyCharities } from './support/factories';
import type { HttpClient } from './support/http-client';
import { LiveClient } from './support/socket-client';
import { startTestApp, startWorker, type Listening, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * The offer cascade (docs/DOMAIN-RULES.md): a donor's partner charities are offered its new listings
 * alone first; then a delayed job on the `offers` queue puts each on the open board. The tests shorten
 * the partners stage through configuration (minutes, fractions allowed).
 */
const SECOND = 1000;
const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';

function offersQueue(app: TestApp): { queue: Queue; close: () => Promise<void> } {
  const connection = new Redis(`${app.env.REDIS_URL}`, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.offers, { connection, prefix: `${app.env.REDIS_PREFIX}bull` });
  return { queue, close: async () => (await queue.close(), void (await connection.quit())) };
}

const jobId = (foodId: number) => `${OFFER_JOBS.openToBoard}-${foodId}`;

/** Waits until the item's open-stage job is in `state` (its job scheduled, with `'scheduled'`). */
async function jobReaches(offers: { queue: Queue }, foodId: number, state: 'scheduled' | 'delayed' | 'completed', timeoutMs = 15 * SECOND) {
  const read = async () => {
    const job = await offers.queue.getJob(jobId(foodId));
    return job ? (state === 'scheduled' ? 'scheduled' : await job.getState()) : undefined;
  };
  await waitFor(read, (found) => found === state, `the job ${state}`, timeoutMs);
  return offers.queue.getJob(jobId(foodId));
}

async function namePartners(http: HttpClient, donor: TestUser, partners: TestUser[]): Promise<void> {
  const saved = await http.put(PARTNER_ROUTES.donorPartners, { charity_ids: partners.map((p) => p.id) }, { token: donor.token });
  expect(saved.status).toBe(200);
}

/** The `food.listed` events recorded for an item: with partners (the partners stage) and without (the open board). */
async function listedEvents(t: TestApp, foodId: number): Promise<{ partners: number[] | null; recipients: number[]; occurred_at: Date }[]> {
  const rows = await t.db.query(
    `SELECT data->'partners' AS partners, recipients, occurred_at FROM outbox_events
      WHERE type = 'food.listed' AND data->>'foodId' = $1 ORDER BY occurred_at`,
    [String(foodId)],
  );
  return rows;
}

const boardIds = async (http: HttpClient, token?: string, query = '') =>
  ((await http.get(`/api/available${query}`, token ? { token } : {})).body as { id: number }[]).map((item) => item.id);

describe('the offer cascade', () => {
  describe('partners, gating and the stages in one process (ROLE=all)', () => {
    let t: TestApp;
    let offers: ReturnType<typeof offersQueue>;
    let donor: TestUser;
    let partner: TestUser;
    let otherPartner: TestUser;
    let stranger: TestUser;
    let otherDonor: TestUser;
    let operator: string;

    beforeAll(async () => {
      // Cooked food: 6 s to the partners alone; everything else: 10 minutes (longer than any test here).
      t = await startTestApp({ OFFER_COOKED_MINUTES: '0.1', OFFER_OTHER_MINUTES: '10', OPERATOR_EMAIL, OPERATOR_PASSWORD });
      offers = offersQueue(t);
      donor = await createDonor(t.http);
      otherDonor = await createDonor(t.http);
      partner = await createCharity(t.http, { name: `Ahl Masr ${Date.now()}` });
      otherPartner = await createCharity(t.http);
      stranger = await createCharity(t.http);
      // Only verified charities may be partners (DOMAIN-RULES.md, "Trust").
      await verifyCharities(t.db, partner, otherPartner, stranger);
      operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
      await namePartners(t.http, donor, [partner, otherPartner]);
    });
    afterAll(async () => {
      await offers.close();
      await t.close();
    });

    describe('naming partners', () => {
      it('saves and answers the list in the order given, with no private data', async () => {
        const listed = await t.http.get(PARTNER_ROUTES.donorPartners, { token: donor.token });
        expect(listed.status).toBe(200);
        expect(listed.body).toEqual({
          charities: [
            { user_id: partner.id, charity_id: partner.charityId, name: partner.name },
            { user_id: otherPartner.id, charity_id: otherPartner.charityId, name: otherPartner.name },
          ],
        });
        const fresh = await createDonor(t.http);
        expect((await t.http.get(PARTNER_ROUTES.donorPartners, { token: fresh.token })).body).toEqual({ charities: [] });
      });

      it('refuses bad lists with a 400 naming charity_ids, and changes nothing', async () => {
        const fresh = await createDonor(t.http);
        const tooMany = Array.from({ length: MAX_PARTNERS + 1 }, (_, i) => i + 1);
        const cases: [unknown, string][] = [
          [{}, 'charity_ids'],
          [{ charity_ids: 'all' }, 'charity_ids must be a list'],
          [{ charity_ids: [partner.id, partner.id] }, 'charity_ids must not repeat a charity'],
          [{ charity_ids: tooMany }, `charity_ids must not list more than ${MAX_PARTNERS}`],
          [{ charity_ids: [0] }, 'charity_ids.0 must be a positive integer'],
          [{ charity_ids: [partner.id, otherDonor.id] }, `charity_ids must each be a charity's account (not: ${otherDonor.id})`],
          [{ charity_ids: [2_000_000_000] }, "charity_ids must each be a charity's account (not: 2000000000)"],
        ];
        for (const [body, message] of cases) {
          const refused = await t.http.put(PARTNER_ROUTES.donorPartners, body, { token: fresh.token });
          expect(refused.status).toBe(400);
          expect((refused.body.message as string[]).some((line) => line.startsWith(message))).toBe(true);
        }
        expect((await t.http.get(PARTNER_ROUTES.donorPartners, { token: fresh.token })).body).toEqual({ charities: [] });
      });

      it('refuses a deleted charity, and leaves one deleted later out of the list', async () => {
        const fresh = await createDonor(t.http);
        const leaving = await createCharity(t.http);
        await verifyCharities(t.db, leaving);
        await namePartners(t.http, fresh, [leaving, partner]);
        const deleted = await t.http.post('/api/account/delete', { password: leaving.password }, { token: leaving.token });
        expect(deleted.status).toBe(200);
        expect((await t.http.get(PARTNER_ROUTES.donorPartners, { token: fresh.token })).body.charities.map((c: { user_id: number }) => c.user_id)).toEqual([
          partner.id,
        ]);
        const refused = await t.http.put(PARTNER_ROUTES.donorPartners, { charity_ids: [leaving.id] }, { token: fresh.token });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toEqual([`charity_ids must each be a charity's account (not: ${leaving.id})`]);
      });

      it('is for donors only, signed in', async () => {
        expect((await t.http.get(PARTNER_ROUTES.donorPartners)).status).toBe(401);
        expect((await t.http.put(PARTNER_ROUTES.donorPartners, { charity_ids: [] })).status).toBe(401);
        expect((await t.http.get(PARTNER_ROUTES.charities)).status).toBe(401);
        for (const token of [partner.token, operator]) {
          expect((await t.http.get(PARTNER_ROUTES.donorPartners, { token })).status).toBe(403);
          expect((await t.http.put(PARTNER_ROUTES.donorPartners, { charity_ids: [] }, { token })).status).toBe(403);
          expect((await t.http.get(PARTNER_ROUTES.charities, { token })).status).toBe(403);
        }
      });

      it('finds charities by part of their name, any case, a page at a time, without e-mail', async () => {
        const part = partner.name.slice(0, 12).toUpperCase();
        const found = await t.http.get(`${PARTNER_ROUTES.charities}?search=${encodeURIComponent(part)}`, { token: donor.token });
        expect(found.status).toBe(200);
        expect(found.body.items).toContainEqual({ user_id: partner.id, charity_id: partner.charityId, name: partner.name });
        expect(found.body.items.every((item: Record<string, unknown>) => Object.keys(item).sort().join() === 'charity_id,name,user_id')).toBe(true);
        expect(JSON.stringify(found.body)).not.toContain('@');

        const all = await t.http.get(`${PARTNER_ROUTES.charities}?limit=2`, { token: donor.token });
        expect(all.body.items).toHaveLength(2);
        expect(all.body.total).toBeGreaterThanOrEqual(3);
        const second = await t.http.get(`${PARTNER_ROUTES.charities}?limit=2&offset=2`, { token: donor.token });
        expect(second.body.items[0]?.user_id).not.toBe(all.body.items[0].user_id);
        // Wildcards are searched as written.
        expect((await t.http.get(`${PARTNER_ROUTES.charities}?search=%25`, { token: donor.token })).body).toEqual({ items: [], total: 0 });

        const refused = await t.http.get(`${PARTNER_ROUTES.charities}?limit=51`, { token: donor.token });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toEqual(['limit must not be greater than 50']);
      });
    });

    describe('while an item is offered to the partners alone', () => {
      let item: AddedFoodItem;
      beforeAll(async () => {
        item = await addFood(t.http, donor);
      });

      it('tells the donor the stage, the partners and when the open board comes', async () => {
        expect(item.offer_stage).toBe('partners');
        expect(item.offer_partner_ids).toEqual([partner.id, otherPartner.id]);
        const openAt = Date.parse(item.offer_open_at as string);
        expect(Math.abs(openAt - (Date.now() + 10 * 60 * SECOND))).toBeLessThan(30 * SECOND);
        const mine = await t.http.get(`/api/donor/${donor.id}`, { token: donor.token });
        expect(mine.body.find((food: { id: number }) => food.id === item.id)).toMatchObject({ offer_stage: 'partners', offer_open_at: item.offer_open_at });
      });

      it('is on the partners\' boards only', async () => {
        expect(await boardIds(t.http)).not.toContain(item.id);
        expect(await boardIds(t.http, stranger.token)).not.toContain(item.id);
        expect(await boardIds(t.http, otherDonor.token)).not.toContain(item.id);
        expect(await boardIds(t.http, partner.token)).toContain(item.id);
        expect(await boardIds(t.http, otherPartner.token)).toContain(item.id);
        // Filtered boards too.
        expect(await boardIds(t.http, undefined, '?category=other&window=now')).not.toContain(item.id);
        expect(await boardIds(t.http, partner.token, '?category=other&window=now')).toContain(item.id);
        // A forged token is anonymous here, not a 401.
        const forged = await t.http.get('/api/available', { token: 'not-a-token' });
        expect(forged.status).toBe(200);
        expect(forged.body.map((food: { id: number }) => food.id)).not.toContain(item.id);
      });

      it('does not exist for anyone but its donor, its partners and operators', async () => {
        const path = `/api/food/${item.id}`;
        expect((await t.http.get(path)).status).toBe(404);
        expect((await t.http.get(path, { token: stranger.token })).status).toBe(404);
        expect((await t.http.get(path, { token: otherDonor.token })).body.message).toBe('Food item not found');
        for (const token of [partner.token, donor.token, operator]) {
          const seen = await t.http.get(path, { token });
          expect(seen.status).toBe(200);
          expect(seen.body.id).toBe(item.id);
          expect(seen.body).not.toHaveProperty('offer_partner_ids');
        }
        expect((await t.http.get(`/api/userID/${item.id}`, { token: stranger.token })).status).toBe(404);
        expect((await t.http.get(`/api/userID/${item.id}`, { token: partner.token })).body).toEqual({ user_id: donor.id });
        expect((await t.http.get(`/getrequestid/${item.id}`, { token: stranger.token })).status).toBe(404);
        expect((await t.http.get(`/charityinfo/food/${item.id}`, { token: stranger.token })).status).toBe(404);
      });

      it("refuses a stranger's claim with 404 and nothing changed", async () => {
        const refused = await t.http.post('/api/request', { food_id: item.id }, { token: stranger.token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Food item not found');
        const [row] = await t.db.query('SELECT status, offer_stage FROM food_items WHERE id = $1', [item.id]);
        expect(row).toEqual({ status: 'available', offer_stage: 'partners' });
      });

      it('keeps an edit off the public topics', async () => {
        const board = await LiveClient.connect(t.baseUrl, undefined, ['board', 'board:EG-C']);
        const partnerSocket = await LiveClient.connect(t.baseUrl, partner.token, []);
        try {
          const edited = await t.http.request('PATCH', `/api/food/${item.id}`, { body: { quantity: 12 }, token: donor.token });
          expect(edited.status).toBe(200);
          const heard = await partnerSocket.next('food.updated', (event) => event.data.foodId === item.id);
          expect(heard.data.partners).toEqual([partner.id, otherPartner.id]);
          // A public event after it: once the board has that one, it would have had the edit.
          const open = await addFood(t.http, otherDonor);
          await board.next('food.listed', (event) => event.data.foodId === open.id);
          expect(board.received.filter((event) => (event.data as { foodId?: number }).foodId === item.id)).toEqual([]);
        } finally {
          board.close();
          partnerSocket.close();
        }
      });
    });

    it('sends food.listed to the partners and the donor only, then to the board at the open time, once', async () => {
      const board = await LiveClient.connect(t.baseUrl, undefined, ['board']);
      const strangerOnBoard = await LiveClient.connect(t.baseUrl, stranger.token, ['board']);
      const partnerSocket = await LiveClient.connect(t.baseUrl, partner.token, []);
      const otherPartnerSocket = await LiveClient.connect(t.baseUrl, otherPartner.token, []);
      try {
        const meal = await addCookedMeal(t.http, donor);
        expect(meal.offer_stage).toBe('partners');
        const openAt = Date.parse(meal.offer_open_at as string);
        expect(Math.abs(openAt - (Date.now() + 6 * SECOND))).toBeLessThan(3 * SECOND);

        for (const socket of [partnerSocket, otherPartnerSocket]) {
          const offered = await socket.next('food.listed', (event) => event.data.foodId === meal.id);
          expect(offered.data.partners).toEqual([partner.id, otherPartner.id]);
        }
        expect(board.ofType('food.listed').filter((event) => event.data.foodId === meal.id)).toEqual([]);
        expect(strangerOnBoard.ofType('food.listed').filter((event) => event.data.foodId === meal.id)).toEqual([]);

        const opened = await board.next('food.listed', (event) => event.data.foodId === meal.id, 15 * SECOND);
        const heardAt = Date.now();
        expect(Math.abs(heardAt - openAt)).toBeLessThanOrEqual(2 * SECOND);
        expect(opened.data.partners).toBeUndefined();
        await strangerOnBoard.next('food.listed', (event) => event.data.foodId === meal.id);
        expect(await boardIds(t.http)).toContain(meal.id);
        expect((await t.http.get(`/api/food/${meal.id}`)).status).toBe(200);

        await jobReaches(offers, meal.id, 'completed');
        // Running it again changes nothing.
        const events = await listedEvents(t, meal.id);
        expect(events.map((event) => event.partners)).toEqual([[partner.id, otherPartner.id], null]);
        expect(events.map((event) => event.recipients)).toEqual([[donor.id, partner.id, otherPartner.id], [donor.id]]);
        expect(board.ofType('food.listed').filter((event) => event.data.foodId === meal.id)).toHaveLength(1);
        const mine = await t.http.get(`/api/donor/${donor.id}`, { token: donor.token });
        expect(mine.body.find((food: { id: number }) => food.id === meal.id).offer_stage).toBe('open');
      } finally {
        for (const socket of [board, strangerOnBoard, partnerSocket, otherPartnerSocket]) socket.close();
      }
    });

    it('notifies the partners (food.offered) when offered, and at the open stage the matching charities (food.matched) but not the partners again', async () => {
      // A donor in Giza; one partner's profile matches its food, the other partner saved none; a stranger's matches.
      const gizaDonor = await createDonor(t.http);
      await createPickupPoint(t.http, gizaDonor, { governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 });
      const [matchingPartner, plainPartner, matchingStranger] = [await createCharity(t.http), await createCharity(t.http), await createCharity(t.http)];
      for (const charity of [matchingPartner, matchingStranger]) {
        const profile = { governorates: ['EG-GZ'], categories: ['cooked_meal'], storage: ['hot'] };
        expect((await t.http.put(NOTIFICATION_ROUTES.charityProfile, profile, { token: charity.token })).status).toBe(200);
      }
      await verifyCharities(t.db, matchingPartner, plainPartner); // only verified charities may be named partners
      await namePartners(t.http, gizaDonor, [matchingPartner, plainPartner]);
      const notified = async (user: TestUser, foodId: number) =>
        (await t.http.get<NotificationsResponse>(NOTIFICATION_ROUTES.list, { token: user.token })).body.items
          .filter((item) => item.data.foodId === foodId)
          .map((item) => item.type);

      const partnerSocket = await LiveClient.connect(t.baseUrl, plainPartner.token, []);
      try {
        const meal = await addCookedMeal(t.http, gizaDonor);
        expect(meal.offer_stage).toBe('partners');
        const live = await partnerSocket.next('notification.created', (event) => event.data.notification.data.foodId === meal.id);
        expect(live.data.notification).toMatchObject({ type: 'food.offered', data: { foodId: meal.id, foodName: 'Molokhia with rice' } });
        await waitFor(() => notified(matchingPartner, meal.id), (types) => types.length === 1, 'the other partner offered it');
        expect(await notified(matchingPartner, meal.id)).toEqual(['food.offered']);
        expect(await notified(matchingStranger, meal.id)).toEqual([]);

        await jobReaches(offers, meal.id, 'completed');
        await waitFor(() => notified(matchingStranger, meal.id), (types) => types.length === 1, 'the stranger told at the open stage');
        expect(await notified(matchingStranger, meal.id)).toEqual(['food.matched']);
        // The match job of the open stage has run (the stranger heard): the partners heard nothing more.
        expect(await notified(matchingPartner, meal.id)).toEqual(['food.offered']);
        expect(await notified(plainPartner, meal.id)).toEqual(['food.offered']);
      } finally {
        partnerSocket.close();
      }
    });

    it("a partner's claim ends the cascade: no later food.listed, and a cancelled claim puts it on the open board", async () => {
      const meal = await addCookedMeal(t.http, donor);
      // Once its job is scheduled (the worker handled food.listed), so the job's later run is seen to do nothing.
      await jobReaches(offers, meal.id, 'scheduled');
      const requestId = await requestPickup(t.http, partner, meal.id);
      const [row] = await t.db.query('SELECT status, offer_stage FROM food_items WHERE id = $1', [meal.id]);
      expect(row).toEqual({ status: 'claimed', offer_stage: 'open' });

      await jobReaches(offers, meal.id, 'completed');
      expect((await listedEvents(t, meal.id)).map((event) => event.partners)).toEqual([[partner.id, otherPartner.id]]);

      const cancelled = await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: partner.token });
      expect(cancelled.status).toBe(200);
      expect(await boardIds(t.http)).toContain(meal.id);
      expect((await t.http.get(`/api/food/${meal.id}`, { token: stranger.token })).status).toBe(200);
      const [event] = await t.db.query(`SELECT data FROM outbox_events WHERE type = 'request.cancelled' AND data->>'requestId' = $1`, [String(requestId)]);
      expect(event.data).toEqual({ foodId: meal.id, requestId, governorate: null, quantityLeft: 20 });
    });

    it('does nothing at the open time for an item withdrawn during the partners stage, and tells only its partners', async () => {
      const board = await LiveClient.connect(t.baseUrl, undefined, ['board']);
      const partnerSocket = await LiveClient.connect(t.baseUrl, partner.token, []);
      try {
        const meal = await addCookedMeal(t.http, donor);
        await jobReaches(offers, meal.id, 'scheduled');
        expect((await t.http.delete(`/api/food/${meal.id}`, { token: donor.token })).status).toBe(200);
        const withdrawn = await partnerSocket.next('food.withdrawn', (event) => event.data.foodId === meal.id);
        expect(withdrawn.data.partners).toEqual([partner.id, otherPartner.id]);

        await jobReaches(offers, meal.id, 'completed');
        expect((await listedEvents(t, meal.id)).map((event) => event.partners)).toEqual([[partner.id, otherPartner.id]]);
        const [row] = await t.db.query('SELECT status, offer_stage FROM food_items WHERE id = $1', [meal.id]);
        expect(row).toEqual({ status: 'withdrawn', offer_stage: 'partners' });
        expect((await t.http.get(`/api/food/${meal.id}`)).status).toBe(404);
        // A public event after it: the board would have had the withdrawal by then.
        const open = await addFood(t.http, otherDonor);
        await board.next('food.listed', (event) => event.data.foodId === open.id);
        expect(board.received.filter((event) => (event.data as { foodId?: number }).foodId === meal.id)).toEqual([]);
      } finally {
        board.close();
        partnerSocket.close();
      }
    });

    it('puts a listing of a donor without partners on the open board at once, with no job', async () => {
      const open = await addFood(t.http, otherDonor);
      expect(open.offer_stage).toBe('open');
      expect(open.offer_open_at).toBeNull();
      expect(await boardIds(t.http)).toContain(open.id);
      expect((await listedEvents(t, open.id)).map((event) => [event.partners, event.recipients])).toEqual([[null, [otherDonor.id]]]);
      expect(await offers.queue.getJob(jobId(open.id))).toBeUndefined();
    });
  });

  describe('across worker restarts', () => {
    let t: TestApp;
    let worker: Listening | undefined;
    let offers: ReturnType<typeof offersQueue>;
    let donor: TestUser;
    let partner: TestUser;
    beforeAll(async () => {
      // The API alone; workers come and go. Every listing here is offered to partners for 12 s.
      t = await startTestApp({ ROLE: 'api', OFFER_OTHER_MINUTES: '0.2', OFFER_COOKED_MINUTES: '0.2' });
      offers = offersQueue(t);
      donor = await createDonor(t.http);
      partner = await createCharity(t.http);
      await verifyCharities(t.db, partner);
      await namePartners(t.http, donor, [partner]);
    });
    afterEach(async () => {
      await worker?.close();
      worker = undefined;
    });
    afterAll(async () => {
      await offers.close();
      await t.close();
    });

    it('opens the stage once and on time though the worker that scheduled it stopped and another started', async () => {
      const board = await LiveClient.connect(t.baseUrl, undefined, ['board']);
      try {
        worker = await startWorker(t);
        const item = await addFood(t.http, donor);
        const openAt = Date.parse(item.offer_open_at as string);
        const job = await jobReaches(offers, item.id, 'scheduled');
        expect(await job?.getState()).toBe('delayed');
        expect(job?.data).toEqual({ foodId: item.id });

        await worker.close();
        worker = undefined;
        // The same id again (a food.listed handled twice) adds nothing.
        await offers.queue.add(OFFER_JOBS.openToBoard, { foodId: item.id }, { jobId: jobId(item.id), delay: 0 });
        expect(await offers.queue.getJobCounts('delayed', 'waiting', 'active')).toEqual({ delayed: 1, waiting: 0, active: 0 });

        // A new worker, before the open time: its start adds the job again (a no-op), and it runs once, on time.
        worker = await startWorker(t);
        const opened = await board.next('food.listed', (event) => event.data.foodId === item.id, 20 * SECOND);
        expect(Math.abs(Date.now() - openAt)).toBeLessThanOrEqual(2 * SECOND);
        expect(opened.data.partners).toBeUndefined();
        await jobReaches(offers, item.id, 'completed');
        expect((await listedEvents(t, item.id)).map((event) => event.partners)).toEqual([[partner.id], null]);
        expect(board.ofType('food.listed').filter((event) => event.data.foodId === item.id)).toHaveLength(1);
      } finally {
        board.close();
      }
    });

    it("schedules the open stage again at a worker's start when Redis lost the job, and an early run waits", async () => {
      const board = await LiveClient.connect(t.baseUrl, undefined, ['board']);
      try {
        worker = await startWorker(t);
        const item = await addFood(t.http, donor);
        const openAt = Date.parse(item.offer_open_at as string);
        const job = await jobReaches(offers, item.id, 'scheduled');
        // Run it now, before it is due: it changes nothing and goes back to wait.
        await job?.promote();
        await jobReaches(offers, item.id, 'delayed');
        expect((await t.db.query('SELECT offer_stage FROM food_items WHERE id = $1', [item.id]))[0].offer_stage).toBe('partners');

        await worker.close();
        worker = undefined;
        await (await offers.queue.getJob(jobId(item.id)))?.remove();
        expect(await offers.queue.getJob(jobId(item.id))).toBeUndefined();

        worker = await startWorker(t);
        await jobReaches(offers, item.id, 'scheduled');
        await board.next('food.listed', (event) => event.data.foodId === item.id, 20 * SECOND);
        expect(Math.abs(Date.now() - openAt)).toBeLessThanOrEqual(2 * SECOND);
        expect((await listedEvents(t, item.id)).map((event) => event.partners)).toEqual([[partner.id], null]);
      } finally {
        board.close();
      }
    });
  });
});
