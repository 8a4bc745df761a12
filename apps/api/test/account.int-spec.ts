import { NOTIFICATION_ROUTES, PARTNER_ROUTES, PUSH_ROUTES } from '@food-link/contracts';
import { addFood, cairoDateIn, createCharity, createDonor, createPickupPoint, loginAs, PASSWORD, requestPickup, type TestUser, verifyCharities } from './support/factories';
import { PushReceiver } from './support/push-receiver';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

describe('personal data: a user downloads their data and deletes their account', () => {
  let t: TestApp;
  const operator = { email: 'ops@account.test', password: 'operator password 2026' };
  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: operator.email, OPERATOR_PASSWORD: operator.password, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
  });
  afterAll(() => t.close());

  const operatorToken = () => loginAs(t.http, operator.email, operator.password);
  const fulfil = (donor: TestUser, requestId: number) =>
    t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
  const deleteOwn = (user: TestUser, password = PASSWORD) => t.http.post('/api/account/delete', { password }, { token: user.token });
  /** The impact totals once the projection has caught up with every fulfilment (it is updated by a job). */
  const settledTotals = async () => {
    const [truth] = await t.db.query(
      `SELECT coalesce(sum(f.quantity), 0)::int AS meals, count(DISTINCT r.charity_id)::int AS charities
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id WHERE r.status = 'fulfilled'`,
    );
    const read = async () => ({
      meals: (await t.http.get('/api/request/totalmeals')).body.totalMeals,
      charities: (await t.http.get('/api/request/totalcharities')).body.totalCharities,
    });
    return waitFor(read, (totals) => totals.meals === truth.meals && totals.charities === truth.charities, 'the impact totals');
  };
  const userRow = async (id: number) =>
    (await t.db.query(`SELECT name, email, deleted_at FROM users WHERE id = $1`, [id]))[0] as { name: string; email: string; deleted_at: Date | null };

  it("exports a donor's account and donations, with who asked for each, as a JSON download", async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const item = await addFood(t.http, donor, { food_name: 'Exported bread' });
    const requestId = await requestPickup(t.http, charity, item.id);

    const response = await t.http.get('/api/account/export', { token: donor.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="foodlink-data-${donor.id}.json"`);
    expect(response.body).toEqual({
      exported_at: expect.any(String),
      account: { user_id: donor.id, name: donor.name, email: donor.email, user_type: 'donor', created_at: expect.any(String) },
      charity: null,
      donations: [
        expect.objectContaining({
          food_id: item.id,
          food_name: 'Exported bread',
          status: 'claimed',
          requests: [{ request_id: requestId, status: 'pending', created_at: expect.any(String), charity_name: charity.name }],
        }),
      ],
      pickup_requests: [],
      charity_profile: null,
      notification_preferences: { language: 'en', choices: expect.objectContaining({ new_food: { in_app: true, push: true, email: true, phone: true } }) },
      notifications: [],
      push_subscriptions: [],
      partners: [],
      partner_of: [],
      pickup_points: [],
      verification: null,
      volunteer_profile: null,
      trip_orders: [],
    });

    const charityExport = (await t.http.get('/api/account/export', { token: charity.token })).body;
    expect(charityExport.charity).toEqual({ charity_id: charity.charityId, created_at: expect.any(String) });
    expect(charityExport.pickup_requests).toEqual([
      expect.objectContaining({ request_id: requestId, food_id: item.id, food_name: 'Exported bread', donor_name: donor.name }),
    ]);
  });

  it("exports and deletes what notifications keep: a charity's profile (with its phone), choices, notifications, push subscriptions and partner lists", async () => {
    const donor = await createDonor(t.http);
    await createPickupPoint(t.http, donor, { governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 });
    const charity = await createCharity(t.http);
    const otherCharity = await createCharity(t.http);
    await verifyCharities(t.db, charity, otherCharity); // only verified charities may be named partners
    const profile = { governorates: ['EG-GZ'], categories: ['bakery'], storage: ['ambient'], phone: '010 1234 5678' };
    expect((await t.http.put(NOTIFICATION_ROUTES.charityProfile, profile, { token: charity.token })).status).toBe(200);
    const preferences = (await t.http.get(NOTIFICATION_ROUTES.preferences, { token: charity.token })).body;
    const chosen = { language: 'ar', choices: { ...preferences.choices, account: { in_app: true, push: false, email: false, phone: false } } };
    expect((await t.http.put(NOTIFICATION_ROUTES.preferences, chosen, { token: charity.token })).status).toBe(200);
    // A browser subscription (never sent to here, so any loopback address does).
    const browser = (await PushReceiver.start().then(async (receiver) => (await receiver.close(), receiver))).browser('/export-me');
    expect((await t.http.post(PUSH_ROUTES.subscriptions, browser.subscription(), { token: charity.token })).status).toBe(201);
    expect((await t.http.put(PARTNER_ROUTES.donorPartners, { charity_ids: [charity.id, otherCharity.id] }, { token: donor.token })).status).toBe(200);
    // Listed while the charity is a partner: it is offered first (food.offered), in-app.
    const listed = await t.http.post(
      '/api/add',
      { food_name: 'Baladi bread', quantity: 20, description: 'Fresh', expiration_date: cairoDateIn(1), category: 'bakery', storage: 'ambient' },
      { token: donor.token },
    );
    expect(listed.status).toBe(201);
    const notified = await waitFor(
      async () => (await t.http.get(NOTIFICATION_ROUTES.list, { token: charity.token })).body.items,
      (items: unknown[]) => items.length === 1,
      'the notification',
    );

    const exported = (await t.http.get('/api/account/export', { token: charity.token })).body;
    expect(exported.charity_profile).toEqual({
      saved: true,
      ...profile,
      phone: '+201012345678',
      base_lat: null,
      base_lng: null,
      radius_km: null,
      quiet_hours: null,
      chilled_capacity_kg: null,
      frozen_capacity_kg: null,
      receiving_hours: null,
      full_today: false,
    });
    expect(exported.notification_preferences).toEqual(chosen);
    expect(exported.notifications).toEqual(notified);
    expect(exported.notifications[0]).toMatchObject({ type: 'food.offered', data: { foodId: listed.body.id, foodName: 'Baladi bread' } });
    expect(exported.push_subscriptions).toEqual([{ endpoint: browser.endpoint, created_at: expect.any(String), last_success_at: null }]);
    expect(exported.partner_of).toEqual([{ donor_name: donor.name, created_at: expect.any(String) }]);
    expect(JSON.stringify(exported)).not.toContain(browser.subscription().keys.auth);
    const donorExport = (await t.http.get('/api/account/export', { token: donor.token })).body;
    expect(donorExport.partners).toEqual([
      { charity_name: charity.name, position: 0, created_at: expect.any(String) },
      { charity_name: otherCharity.name, position: 1, created_at: expect.any(String) },
    ]);

    expect((await deleteOwn(charity)).status).toBe(200);
    const left = async (table: string, column = 'user_id') => (await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [charity.id]))[0].n;
    expect({
      charity_profiles: await left('charity_profiles'),
      notification_preferences: await left('notification_preferences'),
      notifications: await left('notifications'),
      push_subscriptions: await left('push_subscriptions'),
      donor_partners: await left('donor_partners', 'charity_id'),
    }).toEqual({ charity_profiles: 0, notification_preferences: 0, notifications: 0, push_subscriptions: 0, donor_partners: 0 });
    expect((await t.http.get(PARTNER_ROUTES.donorPartners, { token: donor.token })).body.charities.map((c: { user_id: number }) => c.user_id)).toEqual([otherCharity.id]);

    // A deleted donor's own partner list goes too.
    expect((await deleteOwn(donor)).status).toBe(200);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM donor_partners WHERE donor_id = $1`, [donor.id]))[0].n).toBe(0);
  });

  it('refuses to delete with a wrong password (403) and leaves the account working', async () => {
    const donor = await createDonor(t.http);
    const refused = await deleteOwn(donor, 'not the password');
    expect(refused).toMatchObject({ status: 403, body: { message: 'The password is not correct' } });
    expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(200);
    expect((await deleteOwn(donor, '')).status).toBe(400);
  });

  it("deletes a donor: sessions end, the name and e-mail are gone, food leaves the board, past donations still count", async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const given = await addFood(t.http, donor, { quantity: 30 });
    await fulfil(donor, await requestPickup(t.http, charity, given.id));
    const onOffer = await addFood(t.http, donor);
    const claimed = await addFood(t.http, donor);
    const pending = await requestPickup(t.http, charity, claimed.id);
    const totalsBefore = await settledTotals();
    const socket = await LiveClient.connect(t.baseUrl, donor.token);
    const disconnected = new Promise((resolve) => socket.socket.once('disconnect', resolve));

    expect(await deleteOwn(donor)).toMatchObject({ status: 200, body: { message: 'Your account has been deleted' } });

    // Every session ends: calls, sign-in and sockets.
    expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(401);
    expect((await t.http.post('/api/add', { food_name: 'x', quantity: 1, description: 'x', expiration_date: given.expiration_date }, { token: donor.token })).status).toBe(401);
    expect((await t.http.post('/api/login', { email: donor.email, password: PASSWORD })).status).toBe(401);
    await disconnected;
    socket.close();
    // Name and e-mail are gone; the e-mail can sign up again.
    const row = await userRow(donor.id);
    expect(row).toEqual({ name: `Deleted donor ${donor.id}`, email: `deleted-${donor.id}@deleted.invalid`, deleted_at: expect.any(Date) });
    expect(await t.db.query(`SELECT id FROM users WHERE email = $1 OR name = $2`, [donor.email, donor.name])).toEqual([]);
    expect((await t.http.post('/api/registerdonor', { name: donor.name, email: donor.email, password: PASSWORD })).status).toBe(201);
    // Under way: the available item is off the board, the pending request cancelled; the charity sees the anonymised donor.
    const board = (await t.http.get('/api/available')).body.map((food: { id: number }) => food.id);
    expect(board).not.toContain(onOffer.id);
    expect(board).not.toContain(claimed.id);
    const requests = (await t.http.get(`/api/charity/${charity.id}`, { token: charity.token })).body;
    expect(requests.find((request: { request_id: number }) => request.request_id === pending)).toMatchObject({
      status: 'cancelled',
      name: `Deleted donor ${donor.id}`,
    });
    // The past donation still counts.
    expect(await settledTotals()).toEqual(totalsBefore);
    const [{ fulfilled }] = await t.db.query(
      `SELECT count(*)::int AS fulfilled FROM pickup_requests r JOIN food_items f ON f.id = r.food_id WHERE f.donor_id = $1 AND r.status = 'fulfilled'`,
      [donor.id],
    );
    expect(fulfilled).toBe(1);
  });

  it("deletes a charity: its pending claims go back on the board and its past pickups keep counting", async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const given = await addFood(t.http, donor, { quantity: 12 });
    await fulfil(donor, await requestPickup(t.http, charity, given.id));
    const held = await addFood(t.http, donor);
    await requestPickup(t.http, charity, held.id);
    const totalsBefore = await settledTotals();

    expect((await deleteOwn(charity)).status).toBe(200);
    expect((await t.http.get(`/api/food/${held.id}`)).body.status).toBe('available');
    expect((await t.http.get('/api/available')).body.map((food: { id: number }) => food.id)).toContain(held.id);
    expect(await settledTotals()).toEqual(totalsBefore);
    const donorItems = (await t.http.get(`/api/donor/${donor.id}`, { token: donor.token })).body;
    expect(donorItems.find((item: { id: number }) => item.id === given.id).request).toMatchObject({
      status: 'fulfilled',
      name: `Deleted charity ${charity.id}`,
      email: `deleted-${charity.id}@deleted.invalid`,
    });
    expect((await t.http.get(`/api/charityid/${encodeURIComponent(charity.name)}`)).status).toBe(404);
  });

  it('lets an operator export and delete an account on request, and no one else', async () => {
    const donor = await createDonor(t.http);
    const other = await createDonor(t.http);
    const token = await operatorToken();
    expect((await t.http.get(`/api/ops/users/${donor.id}/export`, { token: other.token })).status).toBe(403);
    expect((await t.http.delete(`/api/ops/users/${donor.id}`, { token: other.token })).status).toBe(403);

    const exported = await t.http.get(`/api/ops/users/${donor.id}/export`, { token });
    expect(exported).toMatchObject({ status: 200, body: { account: { user_id: donor.id, email: donor.email } } });
    expect((await t.http.delete(`/api/ops/users/${donor.id}`, { token })).status).toBe(204);
    expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(401);
    expect((await t.http.delete(`/api/ops/users/${donor.id}`, { token })).status).toBe(404);
    expect((await t.http.get(`/api/ops/users/${donor.id}/export`, { token })).status).toBe(404);

    const me = (await t.http.get('/api/auth/me', { token })).body;
    expect((await t.http.delete(`/api/ops/users/${me.user_id}`, { token })).status).toBe(409);
    expect((await t.http.post('/api/account/delete', { password: operator.password }, { token })).status).toBe(409);
  });
});
