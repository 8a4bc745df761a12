import { addFood, cairoDateIn, createCharity, createDonor, loginAs, requestPickup, verifyCharities, type TestUser } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';

describe('pickup requests: claim, track, cancel, fulfil, and the impact totals', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  const operator = { email: 'ops@requests.test', password: 'operator password 2026' };
  beforeAll(async () => {
    // One charity claims and cancels at once across these tests, as no real charity would: the pause after
    // quick cancellations is off here (tested in handover.int-spec.ts).
    t = await startTestApp({ OPERATOR_EMAIL: operator.email, OPERATOR_PASSWORD: operator.password, QUICK_CANCELS_MAX: '0' });
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
    // It holds several claims at once across these tests: a verified charity's limit (docs/VERIFICATION.md).
    await verifyCharities(t.db, charity);
  });
  afterAll(() => t.close());
  const operatorToken = () => loginAs(t.http, operator.email, operator.password);

  const foodStatus = async (foodId: number) => (await t.http.get(`/api/food/${foodId}`)).body.status;
  const requestStatus = async (requestId: number, viewer: TestUser) =>
    (await t.http.get(`/requeststatus/${requestId}`, { token: viewer.token })).body.status;

  describe('POST /api/request', () => {
    it('claims an available item for the charity', async () => {
      const item = await addFood(t.http, donor);
      const response = await t.http.post('/api/request', { food_id: item.id }, { token: charity.token, bareToken: true });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        message: 'Pickup request submitted successfully',
        request_id: expect.any(Number),
        status: 'pending',
      });
      expect(await foodStatus(item.id)).toBe('claimed');
    });

    it('refuses an item already claimed with 409, and an unknown one with 404', async () => {
      const item = await addFood(t.http, donor);
      await requestPickup(t.http, charity, item.id);
      const rival = await createCharity(t.http);
      expect((await t.http.post('/api/request', { food_id: item.id }, { token: rival.token })).status).toBe(409);
      expect((await t.http.post('/api/request', { food_id: item.id }, { token: charity.token })).status).toBe(409);
      expect((await t.http.post('/api/request', { food_id: 99999999 }, { token: charity.token })).status).toBe(404);
    });

    it('refuses food past its date in Cairo, or past its safe time, marked or not, with 409', async () => {
      const cases = [
        { date: cairoDateIn(-1), status: 'available', safeFor: '-1 day' },
        { date: cairoDateIn(-1), status: 'expired', safeFor: '-1 day' },
        // Its date is ahead but its safe time (cooked food, say) has passed.
        { date: cairoDateIn(1), status: 'available', safeFor: '-1 second' },
        // A stale row whose safe time is ahead but whose date has passed: the date still rules it out.
        { date: cairoDateIn(-1), status: 'available', safeFor: '1 hour' },
      ];
      for (const { date, status, safeFor } of cases) {
        const [row] = await t.db.query(
          `INSERT INTO food_items (donor_id, food_name, quantity, description, expiration_date, status, safe_until)
           VALUES ($1, 'Old', 1, 'Old food', $2, $3, now() + $4::interval) RETURNING id`,
          [donor.id, date, status, safeFor],
        );
        const response = await t.http.post('/api/request', { food_id: row.id }, { token: charity.token });
        expect(response.status).toBe(409);
        expect(response.body.message).toBe('This food item has expired');
        const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM pickup_requests WHERE food_id = $1', [row.id]);
        expect(count).toBe(0);
      }
    });

    it('names a bad food_id with 400', async () => {
      for (const food_id of [undefined, 0, 'abc', 1.5]) {
        const response = await t.http.post('/api/request', { food_id }, { token: charity.token });
        expect(response.status).toBe(400);
        expect(response.body.message).toContain('food_id must be a positive integer');
      }
    });
  });

  describe('what the donor and the charity see of a claim', () => {
    it('gives the donor the claiming charity, and both parties the request id and status', async () => {
      const item = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, item.id);

      expect(await t.http.get(`/charityinfo/food/${item.id}`, { token: donor.token })).toMatchObject({
        status: 200,
        body: [{ name: charity.name, email: charity.email }],
      });
      for (const viewer of [donor, charity]) {
        expect(await t.http.get(`/getrequestid/${item.id}`, { token: viewer.token })).toMatchObject({
          status: 200,
          body: { requestId },
        });
        expect(await requestStatus(requestId, viewer)).toBe('pending');
      }
    });

    it('answers 404 when an item has no current request', async () => {
      const item = await addFood(t.http, donor);
      expect((await t.http.get(`/charityinfo/food/${item.id}`, { token: donor.token })).status).toBe(404);
      expect((await t.http.get(`/getrequestid/${item.id}`, { token: donor.token })).status).toBe(404);
      expect((await t.http.get('/requeststatus/99999999', { token: donor.token })).status).toBe(404);
    });

    it("lists the charity's requests newest first with food and donor details", async () => {
      const own = await createCharity(t.http);
      const older = await addFood(t.http, donor, { food_name: 'Older', quantity: 4 });
      const newer = await addFood(t.http, donor, { food_name: 'Newer', quantity: 9 });
      const olderRequest = await requestPickup(t.http, own, older.id);
      const newerRequest = await requestPickup(t.http, own, newer.id);

      const response = await t.http.get(`/api/charity/${own.id}`, { token: own.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        expect.objectContaining({ request_id: newerRequest, requestId: newerRequest, food_id: newer.id, status: 'pending', food_name: 'Newer', quantity: 9, name: donor.name, email: donor.email, donor_user_id: donor.id }),
        expect.objectContaining({ request_id: olderRequest, food_id: older.id, food_name: 'Older' }),
      ]);
    });

    it('gives a charity with a request the donor\'s name and e-mail', async () => {
      const item = await addFood(t.http, donor);
      const own = await createCharity(t.http);
      await requestPickup(t.http, own, item.id);
      expect(await t.http.get(`/api/donorinfo/${donor.id}`, { token: own.token })).toMatchObject({
        status: 200,
        body: { name: donor.name, email: donor.email },
      });
      expect(await t.http.get(`/api/donorinfo/${donor.id}`, { token: donor.token })).toMatchObject({ status: 200 });
    });

    it("withholds the donor's e-mail from a charity whose requests for the donor's food are all cancelled", async () => {
      const ownDonor = await createDonor(t.http);
      const item = await addFood(t.http, ownDonor);
      const own = await createCharity(t.http);
      const requestId = await requestPickup(t.http, own, item.id);
      await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: own.token });

      expect(await t.http.get(`/api/donorinfo/${ownDonor.id}`, { token: own.token })).toMatchObject({
        status: 200,
        body: { name: ownDonor.name, email: null },
      });
      const list = await t.http.get(`/api/charity/${own.id}`, { token: own.token });
      expect(list.body).toEqual([expect.objectContaining({ request_id: requestId, name: ownDonor.name, email: null })]);
      // Operators still see it; so does the charity again once it holds a live request.
      const operator = await t.http.get(`/api/charity/${own.id}`, { token: await operatorToken() });
      expect(operator.body[0].email).toBe(ownDonor.email);
      const again = await requestPickup(t.http, own, item.id);
      expect((await t.http.get(`/api/donorinfo/${ownDonor.id}`, { token: own.token })).body.email).toBe(ownDonor.email);
      const both = await t.http.get(`/api/charity/${own.id}`, { token: own.token });
      expect(both.body.map((row: { request_id: number; email: string | null }) => [row.request_id, row.email])).toEqual([
        [again, ownDonor.email],
        [requestId, ownDonor.email],
      ]);
    });
  });

  describe('PUT /api/updaterequest/{requestId} (cancel)', () => {
    it('cancels a pending request and puts the item back on the board', async () => {
      const item = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, item.id);
      const response = await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token });
      expect(response).toMatchObject({ status: 200, body: { message: 'Request cancelled successfully' } });
      expect(await requestStatus(requestId, charity)).toBe('cancelled');
      expect(await foodStatus(item.id)).toBe('available');
      const board = (await t.http.get('/api/available')).body.map((food: { id: number }) => food.id);
      expect(board).toContain(item.id);
      // The item can be claimed again, by anyone.
      await expect(requestPickup(t.http, await createCharity(t.http), item.id)).resolves.toEqual(expect.any(Number));
    });

    it('refuses to cancel twice, or after fulfilment, with 409', async () => {
      const item = await addFood(t.http, donor);
      const cancelled = await requestPickup(t.http, charity, item.id);
      await t.http.put(`/api/updaterequest/${cancelled}`, { status: 'cancelled' }, { token: charity.token });
      expect((await t.http.put(`/api/updaterequest/${cancelled}`, { status: 'cancelled' }, { token: charity.token })).status).toBe(409);

      const other = await addFood(t.http, donor);
      const fulfilled = await requestPickup(t.http, charity, other.id);
      await t.http.put(`/updaterequeststatus/${fulfilled}`, { status: 'fulfilled' }, { token: donor.token });
      expect((await t.http.put(`/api/updaterequest/${fulfilled}`, { status: 'cancelled' }, { token: charity.token })).status).toBe(409);
      expect(await foodStatus(other.id)).toBe('claimed');
    });

    it('accepts only status "cancelled" (400) and only on a real request (404)', async () => {
      const item = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, item.id);
      for (const status of ['fulfilled', 'pending', undefined]) {
        const response = await t.http.put(`/api/updaterequest/${requestId}`, { status }, { token: charity.token });
        expect(response.status).toBe(400);
        expect(response.body.message).toEqual(['status must be "cancelled"']);
      }
      expect(await requestStatus(requestId, charity)).toBe('pending');
      expect((await t.http.put('/api/updaterequest/99999999', { status: 'cancelled' }, { token: charity.token })).status).toBe(404);
    });

    it('lets a request on food whose safe time passed meanwhile expire instead of returning to the board', async () => {
      const item = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, item.id);
      await t.db.query(`UPDATE food_items SET safe_until = now() - interval '1 second' WHERE id = $1`, [item.id]);
      await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token });
      expect(await foodStatus(item.id)).toBe('expired');
    });
  });

  describe('PUT /updaterequeststatus/{requestId} (fulfil) and the impact totals', () => {
    it('marks the donation fulfilled, once, and counts it in the totals', async () => {
      const t2 = await startTestApp();
      try {
        const giver = await createDonor(t2.http);
        const [first, second] = [await createCharity(t2.http), await createCharity(t2.http)];
        const landingPage = await LiveClient.connect(t2.baseUrl);
        expect((await t2.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 0 });
        expect((await t2.http.get('/api/request/totalcharities')).body).toEqual({ totalCharities: 0 });

        const fulfil = async (requester: TestUser, quantity: number) => {
          const item = await addFood(t2.http, giver, { quantity });
          const requestId = await requestPickup(t2.http, requester, item.id);
          const response = await t2.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: giver.token });
          expect(response).toMatchObject({ status: 200, body: { message: 'Donation marked as fulfilled', status: 'fulfilled' } });
          return requestId;
        };
        const done = await fulfil(first, 30);
        await fulfil(first, 12);
        await fulfil(second, 8);
        // A pending claim counts for nothing yet.
        await requestPickup(t2.http, second, (await addFood(t2.http, giver, { quantity: 500 })).id);

        // The totals are a projection the workers keep; wait until it announces the third donation.
        await landingPage.next('stats.updated', (e) => e.data.totalMeals === 50);
        landingPage.close();
        expect((await t2.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 50 });
        expect((await t2.http.get('/api/request/totalcharities')).body).toEqual({ totalCharities: 2 });

        const again = await t2.http.put(`/updaterequeststatus/${done}`, { status: 'fulfilled' }, { token: giver.token });
        expect(again.status).toBe(409);
        expect((await t2.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 50 });
      } finally {
        await t2.close();
      }
    });

    it('refuses to fulfil a cancelled request (409) or with another status (400)', async () => {
      const item = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, item.id);
      const wrong = await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'cancelled' }, { token: donor.token });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toEqual(['status must be "fulfilled"']);
      await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token });
      expect((await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token })).status).toBe(409);
      expect(await requestStatus(requestId, donor)).toBe('cancelled');
    });
  });
});
