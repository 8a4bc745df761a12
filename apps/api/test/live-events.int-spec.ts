import { endOfCairoDay, type AnyEventEnvelope } from '@food-link/contracts';
import { StatsService } from '../src/stats/stats.service';
import { barrier } from './support/barrier';
import { addFood, cairoDateIn, createCharity, createDonor, requestPickup, type TestUser } from './support/factories';
import { LiveClient, refusal } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every envelope has the contract's shape: { id, type, occurredAt, data }. */
function expectEnvelope(event: AnyEventEnvelope, type: string): void {
  expect(Object.keys(event).sort()).toEqual(['data', 'id', 'occurredAt', 'type']);
  expect(event.type).toBe(type);
  expect(event.id).toMatch(UUID);
  expect(new Date(event.occurredAt).toISOString()).toBe(event.occurredAt);
}

describe('live events: each action reaches exactly its rooms, as the contract describes', () => {
  let t: TestApp;
  let donorA: TestUser, donorB: TestUser, charityA: TestUser, charityB: TestUser;
  let anonymous: LiveClient, asDonorA: LiveClient, asDonorB: LiveClient, asCharityA: LiveClient, asCharityB: LiveClient;
  let everyone: LiveClient[];

  beforeAll(async () => {
    t = await startTestApp({ EXPIRY_CHECK_MS: '1000' });
    [donorA, donorB, charityA, charityB] = await Promise.all([
      createDonor(t.http),
      createDonor(t.http),
      createCharity(t.http),
      createCharity(t.http),
    ]);
    anonymous = await LiveClient.connect(t.baseUrl);
    asDonorA = await LiveClient.connect(t.baseUrl, donorA.token);
    asDonorB = await LiveClient.connect(t.baseUrl, `Bearer ${donorB.token}`);
    asCharityA = await LiveClient.connect(t.baseUrl, charityA.token);
    asCharityB = await LiveClient.connect(t.baseUrl, charityB.token);
    everyone = [anonymous, asDonorA, asDonorB, asCharityA, asCharityB];
  });
  afterAll(async () => {
    for (const client of everyone) client.close();
    await t.close();
  });

  it('food.listed reaches everyone with the public item view', async () => {
    const item = await addFood(t.http, donorA, { food_name: 'Hawawshi' });
    const { body: publicView } = await t.http.get(`/api/food/${item.id}`);
    const events = await Promise.all(everyone.map((client) => client.next('food.listed', (e) => e.data.foodId === item.id)));
    for (const event of events) {
      expectEnvelope(event, 'food.listed');
      expect(event.data).toEqual({ foodId: item.id, food: publicView });
    }
    // One event, one id, whoever receives it.
    expect(new Set(events.map((event) => event.id)).size).toBe(1);
  });

  it('food.claimed and request.cancelled reach everyone, with ids and no personal data', async () => {
    const item = await addFood(t.http, donorA);
    const requestId = await requestPickup(t.http, charityA, item.id);
    for (const client of everyone) {
      const claimed = await client.next('food.claimed', (e) => e.data.foodId === item.id);
      expectEnvelope(claimed, 'food.claimed');
      expect(claimed.data).toEqual({ foodId: item.id, requestId, governorate: null, quantityLeft: 0 });
    }
    await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charityA.token });
    for (const client of everyone) {
      const cancelled = await client.next('request.cancelled', (e) => e.data.requestId === requestId);
      expectEnvelope(cancelled, 'request.cancelled');
      expect(cancelled.data).toEqual({ foodId: item.id, requestId, governorate: null, quantityLeft: 10 });
    }
  });

  it('request.not_collected reaches everyone (the item is back on the board); request.received only the donor and the charity', async () => {
    const item = await addFood(t.http, donorA);
    const requestId = await requestPickup(t.http, charityA, item.id);
    expect((await t.http.post(`/api/requests/${requestId}/no-show`, {}, { token: donorA.token })).status).toBe(201);
    for (const client of everyone) {
      const event = await client.next('request.not_collected', (e) => e.data.requestId === requestId);
      expectEnvelope(event, 'request.not_collected');
      expect(event.data).toEqual({ foodId: item.id, requestId, relisted: true, governorate: null, quantityLeft: 10 });
    }

    const given = await addFood(t.http, donorA);
    const fulfilledId = await requestPickup(t.http, charityA, given.id);
    await t.http.put(`/updaterequeststatus/${fulfilledId}`, { status: 'fulfilled' }, { token: donorA.token });
    expect((await t.http.post(`/api/requests/${fulfilledId}/received`, { received_quantity: 9 }, { token: charityA.token })).status).toBe(201);
    for (const party of [asDonorA, asCharityA]) {
      const event = await party.next('request.received', (e) => e.data.requestId === fulfilledId);
      expectEnvelope(event, 'request.received');
      expect(event.data).toEqual({ foodId: given.id, requestId: fulfilledId });
    }
    await barrier(t.env, everyone);
    for (const outsider of [anonymous, asDonorB, asCharityB]) expect(outsider.ofType('request.received')).toEqual([]);
  });

  it('request.fulfilled reaches only the donor and the charity; stats.updated reaches everyone', async () => {
    const item = await addFood(t.http, donorA, { quantity: 17 });
    const requestId = await requestPickup(t.http, charityA, item.id);
    const before = (await t.http.get('/api/request/totalmeals')).body.totalMeals;
    await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donorA.token });

    for (const party of [asDonorA, asCharityA]) {
      const fulfilled = await party.next('request.fulfilled', (e) => e.data.requestId === requestId);
      expectEnvelope(fulfilled, 'request.fulfilled');
      expect(fulfilled.data).toEqual({ foodId: item.id, requestId });
    }
    for (const client of everyone) {
      const stats = await client.next('stats.updated', (e) => e.data.totalMeals === before + 17);
      expectEnvelope(stats, 'stats.updated');
      expect(stats.data).toEqual({ totalMeals: before + 17, totalCharities: expect.any(Number), kg: expect.any(Number), co2e_kg: expect.any(Number), water_l: expect.any(Number) });
    }
    await barrier(t.env, everyone);
    for (const outsider of [anonymous, asDonorB, asCharityB]) {
      expect(outsider.ofType('request.fulfilled')).toEqual([]);
    }
    expect((await t.http.get('/api/request/totalmeals')).body.totalMeals).toBe(before + 17);
  });

  it('food.expired reaches everyone when the expiry job marks food past its safe time', async () => {
    const [row] = await t.db.query(
      `INSERT INTO food_items (donor_id, food_name, quantity, description, expiration_date, safe_until)
       VALUES ($1, 'Yesterday''s bread', 8, 'Baladi', $2, $3) RETURNING id`,
      [donorA.id, cairoDateIn(-1), endOfCairoDay(cairoDateIn(-1))],
    );
    for (const client of everyone) {
      const expired = await client.next('food.expired', (e) => e.data.foodId === row.id);
      expectEnvelope(expired, 'food.expired');
      expect(expired.data).toEqual({ foodId: row.id, governorate: null });
    }
    expect((await t.http.get(`/api/food/${row.id}`)).body.status).toBe('expired');
    const [{ status }] = await t.db.query('SELECT status FROM food_items WHERE id = $1', [row.id]);
    expect(status).toBe('expired');
  });

  it("a donor never receives another donor's private events", async () => {
    const item = await addFood(t.http, donorB);
    const requestId = await requestPickup(t.http, charityB, item.id);
    await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donorB.token });
    const fulfilled = await asDonorB.next('request.fulfilled', (e) => e.data.requestId === requestId);
    await asCharityB.next('request.fulfilled', (e) => e.data.requestId === requestId);
    await barrier(t.env, everyone);
    for (const outsider of [asDonorA, asCharityA, anonymous]) {
      expect(outsider.received.map((event) => event.id)).not.toContain(fulfilled.id);
    }
  });

  it('records no event for a write that failed', async () => {
    const [{ count: before }] = await t.db.query('SELECT count(*)::int AS count FROM outbox_events');
    const item = await addFood(t.http, donorA);
    await requestPickup(t.http, charityA, item.id);
    const [{ count: afterSuccess }] = await t.db.query('SELECT count(*)::int AS count FROM outbox_events');
    expect(afterSuccess).toBe(before + 2);
    const refused = await t.http.post('/api/request', { food_id: item.id }, { token: charityB.token });
    expect(refused.status).toBe(409);
    const [{ count: afterRefusal }] = await t.db.query('SELECT count(*)::int AS count FROM outbox_events');
    expect(afterRefusal).toBe(afterSuccess);
  });
});

describe('socket authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('accepts the session token bare or with Bearer, and anonymous sockets', async () => {
    const donor = await createDonor(t.http);
    for (const token of [donor.token, `Bearer ${donor.token}`, undefined]) {
      const client = await LiveClient.connect(t.baseUrl, token);
      expect(client.socket.connected).toBe(true);
      client.close();
    }
  });

  it('refuses forged, expired and malformed tokens', async () => {
    const donor = await createDonor(t.http);
    const [header, payload] = donor.token.split('.');
    const { JwtService } = await import('@nestjs/jwt');
    const expired = await t.app.get(JwtService).signAsync({ sub: String(donor.id), typ: 'donor' }, { expiresIn: -10 });
    for (const token of [`${header}.${payload}.${'A'.repeat(43)}`, expired, 'not-a-token', 'Bearer ']) {
      expect(await refusal(t.baseUrl, token)).toMatch(/unauthorized/);
    }
  });
});

describe('the impact projection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('can be checked against the tables and rebuilt, announcing the corrected totals', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const landingPage = await LiveClient.connect(t.baseUrl);
    const item = await addFood(t.http, donor, { quantity: 6 });
    const requestId = await requestPickup(t.http, charity, item.id);
    await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
    await landingPage.next('stats.updated', (e) => e.data.totalMeals === 6);

    const stats = t.app.get(StatsService);
    expect(await stats.check()).toMatchObject({ consistent: true });

    await t.db.query('UPDATE impact_stats SET total_meals = 999, total_charities = 0');
    expect(await stats.check()).toEqual({
      // 6 portions: 6 × 0.42 = 2.52 kg; × 2.5 = 6.3 kg CO2e; × 190 = 478.8 L.
      projection: { totalMeals: 999, totalCharities: 0, kg: 2.52, co2e_kg: 6.3, water_l: 478.8 },
      fromTables: { totalMeals: 6, totalCharities: 1, kg: 2.52, co2e_kg: 6.3, water_l: 478.8 },
      consistent: false,
      differingRollups: [],
    });
    await stats.rebuild();
    await landingPage.until(() => landingPage.ofType('stats.updated').length === 2, () => 'the rebuild was not announced');
    expect(landingPage.ofType('stats.updated')[1].data).toEqual({ totalMeals: 6, totalCharities: 1, kg: 2.52, co2e_kg: 6.3, water_l: 478.8 });
    expect((await t.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 6 });
    expect(await stats.check()).toMatchObject({ consistent: true });
    landingPage.close();
  });
});
