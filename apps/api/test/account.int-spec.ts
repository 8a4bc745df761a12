import { addFood, createCharity, createDonor, loginAs, PASSWORD, requestPickup, type TestUser } from './support/factories';
import { LiveClient } from './support/socket-client';
import { waitFor } from './support/wait';
import { startTestApp, type TestApp } from './support/test-app';

describe('personal data: a user downloads their data and deletes their account', () => {
  let t: TestApp;
  const operator = { email: 'ops@account.test', password: 'operator password 2026' };
  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: operator.email, OPERATOR_PASSWORD: operator.password });
  });
  afterAll(() => t.close());

  const operatorToken = () => loginAs(t.http, operator.email, operator.password);
  const fulfil = (donor: TestUser, requestId: number) =>
    t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
  const deleteOwn = (user: TestUser, password = PASSWORD) => t.http.post('/api/account/delete', { password }, { token: user.token });
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
    });

    const charityExport = (await t.http.get('/api/account/export', { token: charity.token })).body;
    expect(charityExport.charity).toEqual({ charity_id: charity.charityId, created_at: expect.any(String) });
    expect(charityExport.pickup_requests).toEqual([
      expect.objectContaining({ request_id: requestId, food_id: item.id, food_name: 'Exported bread', donor_name: donor.name }),
    ]);
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
    const totalMeals = async () => (await t.http.get('/api/request/totalmeals')).body.totalMeals as number;
    const mealsAtStart = await totalMeals();
    await fulfil(donor, await requestPickup(t.http, charity, given.id));
    const onOffer = await addFood(t.http, donor);
    const claimed = await addFood(t.http, donor);
    const pending = await requestPickup(t.http, charity, claimed.id);
    // A worker counts the fulfilment into the totals after the answer: wait for it before comparing.
    const mealsBefore = await waitFor(totalMeals, (total) => total === mealsAtStart + 30, 'the fulfilment counted in the totals');
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
    expect((await t.http.get('/api/request/totalmeals')).body.totalMeals).toBe(mealsBefore);
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
    const totalCharities = async () => (await t.http.get('/api/request/totalcharities')).body.totalCharities as number;
    const charitiesAtStart = await totalCharities();
    await fulfil(donor, await requestPickup(t.http, charity, given.id));
    const held = await addFood(t.http, donor);
    await requestPickup(t.http, charity, held.id);
    // A worker counts the fulfilment into the totals after the answer: wait for it before comparing.
    const charitiesBefore = await waitFor(totalCharities, (total) => total === charitiesAtStart + 1, 'the fulfilment counted in the totals');

    expect((await deleteOwn(charity)).status).toBe(200);
    expect((await t.http.get(`/api/food/${held.id}`)).body.status).toBe('available');
    expect((await t.http.get('/api/available')).body.map((food: { id: number }) => food.id)).toContain(held.id);
    expect((await t.http.get('/api/request/totalcharities')).body.totalCharities).toBe(charitiesBefore);
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
