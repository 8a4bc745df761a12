import { HandoverService } from '../src/handover/handover.service';
import { PASSWORD, addFood, createCharity, createDonor, listableDay, type TestUser } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/** Partial claims (issue 28; docs/DOMAIN-RULES.md, "Partial claims"). */
describe('partial claims', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const claim = (charity: TestUser, foodId: number, quantity?: number) =>
    t.http.post('/api/request', quantity === undefined ? { food_id: foodId } : { food_id: foodId, quantity }, { token: charity.token });
  const claimed = async (charity: TestUser, foodId: number, quantity?: number): Promise<number> => {
    const response = await claim(charity, foodId, quantity);
    expect(response.status).toBe(201);
    return response.body.request_id;
  };
  const item = async (foodId: number) => (await t.http.get(`/api/food/${foodId}`)).body as { status: string; quantity: number; quantity_left: number };
  const listing = async (donor: TestUser, quantity = 30) => addFood(t.http, donor, { quantity, expiration_date: listableDay() });
  const onBoard = async (foodId: number) =>
    ((await t.http.get('/api/available?limit=500')).body as { id: number; quantity_left: number }[]).find((food) => food.id === foodId);
  const requestQuantities = async (foodId: number) =>
    t.db.query<{ charity_id: number; quantity: number; status: string }[]>(
      `SELECT charity_id, quantity, status::text FROM pickup_requests WHERE food_id = $1 ORDER BY id`,
      [foodId],
    );

  it('10 charities claiming 5 each of 30 at once: exactly 6 succeed, the rest get 409 "Only 0 of 30 left"', async () => {
    const donor = await createDonor(t.http);
    const charities = await Promise.all(Array.from({ length: 10 }, () => createCharity(t.http)));
    const food = await listing(donor, 30);

    const responses = await Promise.all(charities.map((charity) => claim(charity, food.id, 5)));

    expect(responses.filter((response) => response.status === 201)).toHaveLength(6);
    const refused = responses.filter((response) => response.status !== 201);
    expect(refused.map((response) => [response.status, response.body.message])).toEqual(Array.from({ length: 4 }, () => [409, 'Only 0 of 30 left']));
    const rows = await requestQuantities(food.id);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.quantity === 5 && row.status === 'pending')).toBe(true);
    expect(await item(food.id)).toMatchObject({ status: 'claimed', quantity: 30, quantity_left: 0 });
  });

  it('races of uneven parts never take more than there is, and each refusal says what was left', async () => {
    const donor = await createDonor(t.http);
    const charities = await Promise.all(Array.from({ length: 8 }, () => createCharity(t.http)));
    const food = await listing(donor, 20);
    const asks = [7, 6, 5, 4, 3, 2, 2, 1];

    const responses = await Promise.all(charities.map((charity, index) => claim(charity, food.id, asks[index])));

    const granted = responses.reduce((sum, response, index) => sum + (response.status === 201 ? asks[index] : 0), 0);
    const { quantity_left } = await item(food.id);
    expect(granted + quantity_left).toBe(20);
    const rows = await requestQuantities(food.id);
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(granted);
    for (const [index, response] of responses.entries()) {
      if (response.status === 201) continue;
      expect(response.status).toBe(409);
      const left = Number(/^Only (\d+) of 20 left$/.exec(response.body.message)?.[1]);
      // Less was left than it asked for when its turn came.
      expect(left).toBeLessThan(asks[index]);
    }
  });

  it('keeps the listing on the board with what is left; a claim without a quantity takes all that is left', async () => {
    const donor = await createDonor(t.http);
    const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
    const food = await listing(donor, 30);
    expect(food.quantity_left).toBe(30);

    await claimed(first, food.id, 12);
    expect(await item(food.id)).toMatchObject({ status: 'available', quantity_left: 18 });
    expect(await onBoard(food.id)).toMatchObject({ quantity_left: 18 });

    await claimed(second, food.id);
    expect(await item(food.id)).toMatchObject({ status: 'claimed', quantity_left: 0 });
    expect(await onBoard(food.id)).toBeUndefined();
    expect((await requestQuantities(food.id)).map((row) => row.quantity)).toEqual([12, 18]);
  });

  it('refuses more than is left (409 naming what is left) and a bad quantity (400 naming quantity), changing nothing', async () => {
    const donor = await createDonor(t.http);
    const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
    const food = await listing(donor, 30);
    await claimed(first, food.id, 10);

    expect(await claim(second, food.id, 21)).toMatchObject({ status: 409, body: { message: 'Only 20 of 30 left' } });
    for (const quantity of [0, -3, 2.5, '5', null, 100_001]) {
      const response = await claim(second, food.id, quantity as number);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body.message)).toContain('quantity');
    }
    expect(await item(food.id)).toMatchObject({ status: 'available', quantity_left: 20 });
    expect(await requestQuantities(food.id)).toHaveLength(1);
  });

  it('holds one pending claim per charity per listing (409), and a new one after it is cancelled', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const food = await listing(donor, 30);
    const requestId = await claimed(charity, food.id, 5);

    expect(await claim(charity, food.id, 5)).toMatchObject({
      status: 409,
      body: { message: 'You already hold a claim on this food item; cancel it to claim a different quantity' },
    });
    expect(await item(food.id)).toMatchObject({ quantity_left: 25 });

    expect((await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token })).status).toBe(200);
    await claimed(charity, food.id, 8);
    expect(await item(food.id)).toMatchObject({ quantity_left: 22 });
  });

  describe('give-back paths: the claim\'s quantity returns and the board hears it', () => {
    let board: LiveClient;
    beforeAll(async () => {
      board = await LiveClient.connect(t.baseUrl, undefined, ['board']);
    });
    afterAll(() => board.close());

    it('a cancellation gives its quantity back; the board hears request.cancelled with what is left', async () => {
      const donor = await createDonor(t.http);
      const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
      const food = await listing(donor, 30);
      const firstRequest = await claimed(first, food.id, 20);
      const claimEvent = await board.next('food.claimed', (event) => event.data.requestId === firstRequest);
      expect(claimEvent.data).toMatchObject({ foodId: food.id, quantityLeft: 10 });
      await claimed(second, food.id, 10);
      expect(await item(food.id)).toMatchObject({ status: 'claimed', quantity_left: 0 });

      expect((await t.http.put(`/api/updaterequest/${firstRequest}`, { status: 'cancelled' }, { token: first.token })).status).toBe(200);

      const event = await board.next('request.cancelled', (e) => e.data.requestId === firstRequest);
      expect(event.data).toMatchObject({ foodId: food.id, quantityLeft: 20 });
      expect(await item(food.id)).toMatchObject({ status: 'available', quantity_left: 20 });
      expect(await onBoard(food.id)).toMatchObject({ quantity_left: 20 });
    });

    it("a donor's no-show report gives the claim's quantity back; the other claim stays pending", async () => {
      const donor = await createDonor(t.http);
      const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
      const food = await listing(donor, 30);
      const firstRequest = await claimed(first, food.id, 12);
      const secondRequest = await claimed(second, food.id, 18);

      expect((await t.http.post(`/api/requests/${firstRequest}/no-show`, {}, { token: donor.token })).status).toBe(201);

      const event = await board.next('request.not_collected', (e) => e.data.requestId === firstRequest);
      expect(event.data).toMatchObject({ foodId: food.id, relisted: true, quantityLeft: 12 });
      expect(await item(food.id)).toMatchObject({ status: 'available', quantity_left: 12 });
      expect((await t.http.get(`/requeststatus/${secondRequest}`, { token: second.token })).body).toEqual({ status: 'pending' });
    });

    it('the not-collected job gives the quantity back as the no-show report does', async () => {
      const donor = await createDonor(t.http);
      const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
      const food = await listing(donor, 30);
      const firstRequest = await claimed(first, food.id, 10);
      await claimed(second, food.id, 5);
      // Its collect-by time (and the grace period) long past: the job's next run ends it.
      await t.db.query(`UPDATE pickup_requests SET collect_by = now() - interval '2 hours' WHERE id = $1`, [firstRequest]);
      expect(await t.app.get(HandoverService, { strict: false }).runNotCollected(firstRequest)).toMatchObject({ outcome: 'not_collected', foodStatus: 'available' });

      const event = await board.next('request.not_collected', (e) => e.data.requestId === firstRequest);
      expect(event.data).toMatchObject({ quantityLeft: 25 });
      expect(await item(food.id)).toMatchObject({ status: 'available', quantity_left: 25 });
    });

    it("a charity's account deletion cancels its claim and gives the quantity back", async () => {
      const donor = await createDonor(t.http);
      const [leaving, staying] = [await createCharity(t.http), await createCharity(t.http)];
      const food = await listing(donor, 30);
      const leavingRequest = await claimed(leaving, food.id, 30 - 4);
      await claimed(staying, food.id, 4);

      expect((await t.http.post('/api/account/delete', { password: PASSWORD }, { token: leaving.token })).status).toBe(200);

      const event = await board.next('request.cancelled', (e) => e.data.requestId === leavingRequest);
      expect(event.data).toMatchObject({ quantityLeft: 26 });
      expect(await item(food.id)).toMatchObject({ status: 'available', quantity_left: 26 });
    });

    it("the donor's withdrawal ends every pending claim, and each charity hears it", async () => {
      const donor = await createDonor(t.http);
      const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
      const food = await listing(donor, 30);
      const firstRequest = await claimed(first, food.id, 10);
      const secondRequest = await claimed(second, food.id, 20);
      const [firstSocket, secondSocket] = await Promise.all([LiveClient.connect(t.baseUrl, first.token, []), LiveClient.connect(t.baseUrl, second.token, [])]);
      try {
        expect((await t.http.delete(`/api/food/${food.id}`, { token: donor.token })).status).toBe(200);

        for (const socket of [firstSocket, secondSocket]) {
          const event = await socket.next('food.withdrawn', (e) => e.data.foodId === food.id);
          expect(event.data).toMatchObject({ requestId: firstRequest, requestIds: [firstRequest, secondRequest] });
        }
        expect((await requestQuantities(food.id)).map((row) => row.status)).toEqual(['withdrawn', 'withdrawn']);
      } finally {
        firstSocket.close();
        secondSocket.close();
      }
    });
  });

  it('the spec calls: charityinfo lists every claiming charity (earliest active first), getrequestid the earliest active request', async () => {
    const donor = await createDonor(t.http);
    const [first, second, stranger] = [await createCharity(t.http), await createCharity(t.http), await createCharity(t.http)];
    const food = await listing(donor, 30);
    const firstRequest = await claimed(first, food.id, 10);
    const secondRequest = await claimed(second, food.id, 15);

    expect((await t.http.get(`/charityinfo/food/${food.id}`, { token: donor.token })).body).toEqual([
      { name: first.name, email: first.email },
      { name: second.name, email: second.email },
    ]);
    expect((await t.http.get(`/getrequestid/${food.id}`, { token: donor.token })).body).toEqual({ requestId: firstRequest });
    // A claiming charity is answered its own request; one without a claim of it, as before, 403.
    expect((await t.http.get(`/getrequestid/${food.id}`, { token: second.token })).body).toEqual({ requestId: secondRequest });
    expect((await t.http.get(`/getrequestid/${food.id}`, { token: stranger.token })).status).toBe(403);
    expect((await t.http.get(`/charityinfo/food/${food.id}`, { token: first.token })).status).toBe(403);

    // The earliest one handed over: the pending one comes first now (Donate can still act on it).
    expect((await t.http.put(`/updaterequeststatus/${firstRequest}`, { status: 'fulfilled' }, { token: donor.token })).status).toBe(200);
    expect((await t.http.get(`/getrequestid/${food.id}`, { token: donor.token })).body).toEqual({ requestId: secondRequest });
    expect((await t.http.get(`/charityinfo/food/${food.id}`, { token: donor.token })).body.map((c: { name: string }) => c.name)).toEqual([
      second.name,
      first.name,
    ]);
    // Once it is cancelled, only the handed-over claim is active.
    expect((await t.http.put(`/api/updaterequest/${secondRequest}`, { status: 'cancelled' }, { token: second.token })).status).toBe(200);
    expect((await t.http.get(`/getrequestid/${food.id}`, { token: donor.token })).body).toEqual({ requestId: firstRequest });
    expect((await t.http.get(`/charityinfo/food/${food.id}`, { token: donor.token })).body).toEqual([{ name: first.name, email: first.email }]);
  });

  it("the donor's card lists each claim with its quantity and state; the charity's list shows its claimed quantity", async () => {
    const donor = await createDonor(t.http);
    const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
    const food = await listing(donor, 30);
    const firstRequest = await claimed(first, food.id, 10);
    const secondRequest = await claimed(second, food.id, 15);
    expect((await t.http.put(`/api/updaterequest/${firstRequest}`, { status: 'cancelled' }, { token: first.token })).status).toBe(200);

    const cards = (await t.http.get(`/api/donor/${donor.id}`, { token: donor.token })).body;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ quantity: 30, quantity_left: 15, status: 'available', request: { request_id: secondRequest, quantity: 15, status: 'pending' } });
    expect(cards[0].claims).toEqual([
      expect.objectContaining({ request_id: firstRequest, charity_user_id: first.id, name: first.name, quantity: 10, status: 'cancelled', received_quantity: null }),
      expect.objectContaining({ request_id: secondRequest, charity_user_id: second.id, name: second.name, quantity: 15, status: 'pending', received_quantity: null }),
    ]);
    const mine = (await t.http.get(`/api/charity/${second.id}`, { token: second.token })).body;
    expect(mine[0]).toMatchObject({ request_id: secondRequest, quantity: 30, claimed_quantity: 15 });
  });

  it('each claim has its own handover (code, Donate, received report); impact counts what each handed over', async () => {
    const donor = await createDonor(t.http);
    const [first, second] = [await createCharity(t.http), await createCharity(t.http)];
    const food = await listing(donor, 30);
    const firstRequest = await claimed(first, food.id, 20);
    const secondRequest = await claimed(second, food.id, 10);
    const code = async (charity: TestUser, requestId: number) =>
      (await t.http.get(`/api/requests/${requestId}/pickup`, { token: charity.token })).body.pickup_code as string;
    const [firstCode, secondCode] = [await code(first, firstRequest), await code(second, secondRequest)];
    expect(firstCode).toMatch(/^\d{6}$/);

    // One claim's code does not open the other.
    if (firstCode !== secondCode) {
      const wrong = await t.http.put(`/updaterequeststatus/${secondRequest}`, { status: 'fulfilled', pickup_code: firstCode }, { token: donor.token });
      expect(wrong.status).toBe(409);
    }
    for (const [requestId, pickupCode] of [
      [firstRequest, firstCode],
      [secondRequest, secondCode],
    ] as const) {
      const done = await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled', pickup_code: pickupCode }, { token: donor.token });
      expect(done.status).toBe(200);
    }
    expect(
      (await t.http.post(`/api/requests/${firstRequest}/received`, { received_quantity: 18 }, { token: first.token })).status,
    ).toBe(201);
    // The other charity cannot report on this claim.
    expect((await t.http.post(`/api/requests/${firstRequest}/received`, { received_quantity: 18 }, { token: second.token })).status).toBe(403);

    const meals = await waitFor(
      () =>
        t.db.query<{ request_id: number; meals: number }[]>(
          `SELECT request_id, meals::float8 AS meals FROM impact_donations WHERE request_id = ANY($1) ORDER BY request_id`,
          [[firstRequest, secondRequest]],
        ),
      (rows) => rows.length === 2 && rows[0].meals === 18,
      'both donations in the impact, the first with its report',
    );
    expect(meals).toEqual([
      { request_id: firstRequest, meals: 18 },
      { request_id: secondRequest, meals: 10 },
    ]);
    const cards = (await t.http.get(`/api/donor/${donor.id}`, { token: donor.token })).body;
    expect(cards[0].claims.map((c: { status: string; received_quantity: number | null }) => [c.status, c.received_quantity])).toEqual([
      ['fulfilled', 18],
      ['fulfilled', null],
    ]);
  });

  it('an edit keeps what is claimed: the quantity cannot go down to it, and what is left moves with it', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const food = await listing(donor, 30);
    await claimed(charity, food.id, 12);

    const tooSmall = await t.http.patch(`/api/food/${food.id}`, { quantity: 12 }, { token: donor.token });
    expect(tooSmall).toMatchObject({ status: 409, body: { message: 'quantity must be more than the 12 already claimed' } });
    const edited = await t.http.patch(`/api/food/${food.id}`, { quantity: 40 }, { token: donor.token });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ quantity: 40, quantity_left: 28 });
  });

  it('authorization is unchanged: only charities claim, signed in', async () => {
    const donor = await createDonor(t.http);
    const food = await listing(donor, 30);
    expect((await t.http.post('/api/request', { food_id: food.id, quantity: 5 })).status).toBe(401);
    expect((await claim(donor, food.id, 5)).status).toBe(403);
    expect(await item(food.id)).toMatchObject({ quantity_left: 30 });
  });
});
