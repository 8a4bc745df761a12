import { apiPath, ERRORS, MODERATION_ROUTES } from '@food-link/contracts';
import { addFood, createCharity, createDonor, loginAs, verifyCharities, type TestUser } from './support/factories';
import { LiveClient, refusal } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * Moderation and the donor's verified-only option (docs/VERIFICATION.md, "Moderation") against real
 * PostgreSQL and Redis: only operators act, every action is audited, reversible and announced (socket and
 * notification row); a hidden or withheld listing is gone from the board, its page and claims for everyone
 * but its donor and operators; a suspended account is refused with the reason.
 */
const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';

describe('moderation', () => {
  let t: TestApp;
  let operator: string;
  let operatorId: number;

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL, OPERATOR_PASSWORD });
    operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    operatorId = (await t.http.get('/api/auth/me', { token: operator })).body.user_id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (route: string, id: number, token: string | null, body: unknown = {}) =>
    t.http.post(apiPath(route, { id }), body, token ? { token } : {});
  const hide = (id: number, token: string | null = operator, reason: unknown = 'Photo shows something else') =>
    post(MODERATION_ROUTES.hideFood, id, token, reason === null ? {} : { reason });
  const unhide = (id: number, token: string | null = operator) => post(MODERATION_ROUTES.unhideFood, id, token);
  const suspend = (id: number, token: string | null = operator, reason: unknown = 'Reselling donated food') =>
    post(MODERATION_ROUTES.suspendUser, id, token, reason === null ? {} : { reason });
  const reinstate = (id: number, token: string | null = operator) => post(MODERATION_ROUTES.reinstateUser, id, token);
  const boardIds = async (token?: string) =>
    ((await t.http.get('/api/available?limit=100', token ? { token } : {})).body as { id: number }[]).map((item) => item.id);
  const claim = (charity: TestUser, foodId: number) => t.http.post('/api/request', { food_id: foodId }, { token: charity.token });
  const auditOf = (subjectId: number) =>
    t.db.query(`SELECT actor_id, action, subject_id, food_id, reason FROM verification_audit WHERE subject_id = $1 ORDER BY id`, [subjectId]);
  const accountNews = (user: TestUser, text: string) =>
    waitFor(
      () => t.http.get('/api/notifications', { token: user.token }),
      (result) => result.body.items?.some((n: { type: string; data: { message: string } }) => n.type === 'account.news' && n.data.message.includes(text)),
      `account.news containing ${text}`,
    );

  describe('hiding a listing', () => {
    it('only operators hide and unhide; 400 naming reason, 404 unknown ids, 409 for no-op transitions', async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const item = await addFood(t.http, donor);
      for (const token of [null, donor.token, charity.token]) {
        expect((await hide(item.id, token)).status).toBe(token ? 403 : 401);
        expect((await unhide(item.id, token)).status).toBe(token ? 403 : 401);
      }
      const missing = await hide(item.id, operator, null);
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body.message)).toContain('reason');
      expect((await hide(item.id, operator, '   ')).status).toBe(400);
      expect((await hide(999_999)).status).toBe(404);
      expect((await unhide(999_999)).status).toBe(404);
      expect((await unhide(item.id)).body).toMatchObject({ statusCode: 409, message: ERRORS.foodNotHidden });
      expect((await hide(item.id)).body).toEqual({ food_id: item.id, hidden: true, hidden_reason: 'Photo shows something else' });
      expect((await hide(item.id)).body).toMatchObject({ statusCode: 409, message: ERRORS.foodAlreadyHidden });
      expect((await unhide(item.id)).body).toEqual({ food_id: item.id, hidden: false, hidden_reason: null });
      expect(await auditOf(donor.id)).toEqual([
        { actor_id: operatorId, action: 'hide', subject_id: donor.id, food_id: item.id, reason: 'Photo shows something else' },
        { actor_id: operatorId, action: 'unhide', subject_id: donor.id, food_id: item.id, reason: null },
      ]);
    });

    it('a hidden listing leaves the board, its page and claims for others; its donor sees why; unhiding restores it', async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const otherDonor = await createDonor(t.http);
      const item = await addFood(t.http, donor);
      expect(await boardIds()).toContain(item.id);
      const live = await LiveClient.connect(t.baseUrl, donor.token, []);
      try {
        expect((await hide(item.id, operator, 'Looks like resale stock')).status).toBe(201);
        expect(await boardIds()).not.toContain(item.id);
        expect(await boardIds(charity.token)).not.toContain(item.id);
        expect((await t.http.get(`/api/food/${item.id}`)).status).toBe(404);
        expect((await t.http.get(`/api/food/${item.id}`, { token: charity.token })).status).toBe(404);
        expect((await t.http.get(`/api/food/${item.id}`, { token: otherDonor.token })).status).toBe(404);
        expect((await t.http.get(`/api/food/${item.id}`, { token: donor.token })).status).toBe(200);
        expect((await t.http.get(`/api/food/${item.id}`, { token: operator })).status).toBe(200);
        expect((await claim(charity, item.id)).status).toBe(404);
        const mine = await t.http.get(`/api/donor/${donor.id}`, { token: donor.token });
        expect(mine.body.find((row: { id: number }) => row.id === item.id)).toMatchObject({ status: 'available', hidden_reason: 'Looks like resale stock' });

        const event = await live.next('account.moderation');
        expect(event.data).toEqual({ userId: donor.id, action: 'hide', reason: 'Looks like resale stock', foodId: item.id });
        await accountNews(donor, 'Looks like resale stock');

        expect((await unhide(item.id)).status).toBe(201);
        expect(await boardIds()).toContain(item.id);
        const again = await t.http.get(`/api/donor/${donor.id}`, { token: donor.token });
        expect(again.body.find((row: { id: number }) => row.id === item.id).hidden_reason).toBeNull();
        expect((await claim(charity, item.id)).status).toBe(201);
      } finally {
        live.close();
      }
    });

    it('hides available listings only: a claimed one is 409', async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const item = await addFood(t.http, donor);
      expect((await claim(charity, item.id)).status).toBe(201);
      expect((await hide(item.id)).body).toMatchObject({ statusCode: 409, message: ERRORS.foodNotHideable('claimed') });
    });
  });

  describe('suspending an account', () => {
    it('only operators suspend and reinstate; never an operator; 400, 404 and 409 as for listings', async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      for (const token of [null, donor.token, charity.token]) {
        expect((await suspend(donor.id, token)).status).toBe(token ? 403 : 401);
        expect((await reinstate(donor.id, token)).status).toBe(token ? 403 : 401);
      }
      const missing = await suspend(donor.id, operator, null);
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body.message)).toContain('reason');
      expect((await suspend(999_999)).status).toBe(404);
      expect((await reinstate(999_999)).status).toBe(404);
      expect((await suspend(operatorId)).body).toMatchObject({ statusCode: 409, message: ERRORS.operatorsNotSuspendable });
      expect((await reinstate(charity.id)).body).toMatchObject({ statusCode: 409, message: ERRORS.accountNotSuspended });
      expect((await suspend(charity.id)).body).toMatchObject({ user_id: charity.id, suspended: true, suspension_reason: 'Reselling donated food' });
      expect((await suspend(charity.id)).body).toMatchObject({ statusCode: 409, message: ERRORS.accountAlreadySuspended });
      expect((await reinstate(charity.id)).body).toEqual({ user_id: charity.id, suspended: false, suspension_reason: null, suspended_at: null });
      expect(await auditOf(charity.id)).toEqual([
        { actor_id: operatorId, action: 'suspend_account', subject_id: charity.id, food_id: null, reason: 'Reselling donated food' },
        { actor_id: operatorId, action: 'reinstate_account', subject_id: charity.id, food_id: null, reason: null },
      ]);
      // The operators' trail shows both, newest first.
      const trail = await t.http.get(MODERATION_ROUTES.audit, { token: operator });
      expect(trail.status).toBe(200);
      expect(trail.body.filter((line: { subject_id: number }) => line.subject_id === charity.id).map((line: { action: string }) => line.action)).toEqual([
        'reinstate_account',
        'suspend_account',
      ]);
      expect((await t.http.get(MODERATION_ROUTES.audit, { token: charity.token })).status).toBe(403);
    });

    it("refuses a suspended donor's sign-in and session with the reason; its listings leave the board until reinstated", async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const item = await addFood(t.http, donor);
      const live = await LiveClient.connect(t.baseUrl, donor.token, []);
      try {
        expect((await suspend(donor.id, operator, 'Fake listings')).status).toBe(201);
        const event = await live.next('account.moderation');
        expect(event.data).toEqual({ userId: donor.id, action: 'suspend_account', reason: 'Fake listings', foodId: null });
      } finally {
        live.close();
      }
      const session = await t.http.get('/api/auth/me', { token: donor.token });
      expect(session).toMatchObject({ status: 403, body: { message: ERRORS.accountSuspended('Fake listings') } });
      const login = await t.http.post('/api/login', { email: donor.email, password: donor.password });
      expect(login).toMatchObject({ status: 403, body: { message: ERRORS.accountSuspended('Fake listings') } });
      expect(await refusal(t.baseUrl, donor.token)).not.toBeNull();
      expect(await boardIds()).not.toContain(item.id);
      expect((await t.http.get(`/api/food/${item.id}`, { token: charity.token })).status).toBe(404);
      expect((await claim(charity, item.id)).status).toBe(404);
      // Its sessions are refused, so the notification row is read from the database.
      const rows = await waitFor(
        () => t.db.query(`SELECT data FROM notifications WHERE user_id = $1 AND type = 'account.news'`, [donor.id]),
        (found: { data: { message: string } }[]) => found.length > 0,
        'the account.news notification row',
      );
      expect(rows[0].data.message).toContain('Fake listings');

      expect((await reinstate(donor.id)).status).toBe(201);
      expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(200);
      expect((await t.http.post('/api/login', { email: donor.email, password: donor.password })).status).toBe(200);
      expect(await boardIds()).toContain(item.id);
      expect((await claim(charity, item.id)).status).toBe(201);
    });

    it("refuses a suspended charity's claims and sign-in", async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const item = await addFood(t.http, donor);
      expect((await suspend(charity.id)).status).toBe(201);
      expect((await claim(charity, item.id)).status).toBe(403);
      expect((await t.http.post('/api/login', { email: charity.email, password: charity.password })).status).toBe(403);
      expect((await reinstate(charity.id)).status).toBe(201);
      expect((await claim(charity, item.id)).status).toBe(201);
    });

    it('finds an account by e-mail for operators only', async () => {
      const donor = await createDonor(t.http);
      const found = await t.http.get(`${MODERATION_ROUTES.userLookup}?email=${encodeURIComponent(donor.email.toUpperCase())}`, { token: operator });
      expect(found.body).toEqual({ user_id: donor.id, name: donor.name, user_type: 'donor', suspended: false });
      expect((await t.http.get(`${MODERATION_ROUTES.userLookup}?email=nobody@example.eg`, { token: operator })).status).toBe(404);
      expect((await t.http.get(`${MODERATION_ROUTES.userLookup}?email=${donor.email}`, { token: donor.token })).status).toBe(403);
    });
  });

  describe("the donor's verified-only option", () => {
    it('is the donor\'s own; when on, only verified charities claim its listings (409 for others)', async () => {
      const donor = await createDonor(t.http);
      const unverified = await createCharity(t.http);
      const verified = await createCharity(t.http);
      await verifyCharities(t.db, verified);
      expect((await t.http.get(MODERATION_ROUTES.donorSettings, { token: donor.token })).body).toEqual({ verified_only: false });
      expect((await t.http.get(MODERATION_ROUTES.donorSettings, { token: unverified.token })).status).toBe(403);
      const bad = await t.http.request('PUT', MODERATION_ROUTES.donorSettings, { body: { verified_only: 'yes' }, token: donor.token });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.message)).toContain('verified_only');
      const first = await addFood(t.http, donor);
      const second = await addFood(t.http, donor);
      const saved = await t.http.request('PUT', MODERATION_ROUTES.donorSettings, { body: { verified_only: true }, token: donor.token });
      expect(saved).toMatchObject({ status: 200, body: { verified_only: true } });
      expect((await claim(unverified, first.id)).body).toMatchObject({ statusCode: 409, message: ERRORS.verifiedCharitiesOnly });
      expect((await claim(verified, first.id)).status).toBe(201);
      await t.http.request('PUT', MODERATION_ROUTES.donorSettings, { body: { verified_only: false }, token: donor.token });
      expect((await claim(unverified, second.id)).status).toBe(201);
    });
  });
});
