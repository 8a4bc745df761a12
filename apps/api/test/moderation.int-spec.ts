import { API_ROUTES, apiPath, ERRORS, EXTRA_ROUTES, MODERATION_ROUTES, NOTIFICATION_JOBS, NOTIFICATION_ROUTES, PARTNER_ROUTES, QUEUES, VERIFICATION_ROUTES } from '@food-link/contracts';
import type { Job } from 'bullmq';
import { addCookedMeal, addFood, cairoDateIn, createCharity, createDonor, createPickupPoint, loginAs, requestPickup, verifyCharities, type TestUser } from './support/factories';
import { openQueue } from './support/queue';
import { SmtpSink } from './support/smtp-sink';
import { LiveClient, refusal } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * Moderation and the donor's verified-only option (docs/VERIFICATION.md, "Moderation") against real
 * PostgreSQL and Redis: only operators act, every action is audited, reversible and announced (socket and
 * notification row); a hidden or withheld listing is gone from the board, its page and claims for everyone
 * but its donor and operators; a suspended account is refused with the reason. A suspension cancels the
 * pending claims it concerns (both ways) as a cancellation does, and a listing put back is not announced
 * again to charities already told of it: notification rows, e-mail through a real SMTP server this test
 * runs, and the `notifications` queue in Redis.
 */
const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';
const GIZA = { governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 };
const SECOND = 1000;

describe('moderation', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let notifications: ReturnType<typeof openQueue>;
  let offers: ReturnType<typeof openQueue>;
  let operator: string;
  let operatorId: number;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    // Cooked food's partners stage lasts 3 s here; nothing else in this file names partners.
    t = await startTestApp({ OPERATOR_EMAIL, OPERATOR_PASSWORD, SMTP_URL: smtp.url, NOTIFY_NEW_FOOD_PER_HOUR: '100', OFFER_COOKED_MINUTES: '0.05' });
    notifications = openQueue(t, QUEUES.notifications);
    offers = openQueue(t, QUEUES.offers);
    operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    operatorId = (await t.http.get('/api/auth/me', { token: operator })).body.user_id;
  });

  afterAll(async () => {
    await notifications?.close();
    await offers?.close();
    await t?.close();
    await smtp?.stop();
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

    it("sends the donor's news in parts too (action, reason, listing), for each reader's app to word in its own language", async () => {
      const donor = await createDonor(t.http);
      const item = await addFood(t.http, donor);
      expect((await hide(item.id, operator, 'Wrong photo')).status).toBe(201);
      const news = await accountNews(donor, 'Wrong photo');
      const data = news.body.items.find((n: { type: string }) => n.type === 'account.news').data;
      expect(data).toEqual({ message: expect.stringContaining(`(#${item.id}): Wrong photo`), action: 'hide', reason: 'Wrong photo', foodId: item.id });
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

    it('searches accounts and listings by part of a name, an e-mail or a phone number, for operators only', async () => {
      const tag = `Sfinx${Date.now().toString(36)}`;
      const donor = await createDonor(t.http, { name: `${tag} Bakery` });
      const charity = await createCharity(t.http, { name: `${tag} Aid` });
      await createPickupPoint(t.http, donor, { contact_phone: '+201098765432' });
      const bread = await addFood(t.http, donor, { food_name: `${tag} baladi bread` });
      const search = (q: string, token: string | null = operator) => t.http.get(`${MODERATION_ROUTES.search}?q=${encodeURIComponent(q)}`, token ? { token } : {});

      const byName = await search(tag.toLowerCase());
      expect(byName.status).toBe(200);
      expect(byName.body.accounts.map((a: { user_id: number }) => a.user_id).sort()).toEqual([donor.id, charity.id].sort());
      expect(byName.body.accounts.find((a: { user_id: number }) => a.user_id === donor.id)).toEqual({
        user_id: donor.id,
        name: `${tag} Bakery`,
        user_type: 'donor',
        suspended: false,
        email: donor.email,
        phone: '+201098765432',
      });
      expect(byName.body.listings).toEqual([
        { food_id: bread.id, food_name: `${tag} baladi bread`, status: 'available', hidden: false, donor_user_id: donor.id, donor_name: `${tag} Bakery` },
      ]);
      // The phone as people write it; the e-mail in any case.
      const byPhone = await search('0109 876 5432');
      expect(byPhone.body.accounts.map((a: { user_id: number }) => a.user_id)).toContain(donor.id);
      expect(byPhone.body.listings.map((l: { food_id: number }) => l.food_id)).toContain(bread.id);
      expect((await search(charity.email.toUpperCase())).body.accounts.map((a: { user_id: number }) => a.user_id)).toEqual([charity.id]);
      // A wildcard is a letter, not everything.
      expect((await search('%%')).body).toEqual({ accounts: [], listings: [] });
      const tooShort = await search('a');
      expect(tooShort.status).toBe(400);
      expect(tooShort.body.message).toEqual(['q must be longer than or equal to 2 characters']);
      expect((await search(tag, donor.token)).status).toBe(403);
      expect((await search(tag, null)).status).toBe(401);
    });
  });

  /** A donor with a pickup point in Giza (its listings are matched there). */
  const gizaDonor = async () => {
    const donor = await createDonor(t.http);
    await createPickupPoint(t.http, donor, GIZA);
    return donor;
  };
  /** A charity whose saved profile matches Giza bread (or `fields`). */
  const matchingCharity = async (fields: Record<string, unknown> = {}) => {
    const charity = await createCharity(t.http);
    const body = { governorates: ['EG-GZ'], categories: ['bakery'], storage: ['ambient'], ...fields };
    expect((await t.http.put(NOTIFICATION_ROUTES.charityProfile, body, { token: charity.token })).status).toBe(200);
    return charity;
  };
  const listBread = async (donor: TestUser, foodName: string): Promise<number> => {
    const body = { food_name: foodName, quantity: 20, description: 'Fresh baladi bread', expiration_date: cairoDateIn(1), category: 'bakery', storage: 'ambient' };
    const response = await t.http.post('/api/add', body, { token: donor.token });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  /** The keys of the user's `food.matched` (or `type`) notifications about one listing, oldest first. */
  const toldOf = async (userId: number, foodId: number, type = 'food.matched'): Promise<string[]> =>
    (await t.db.query(`SELECT key FROM notifications WHERE user_id = $1 AND food_id = $2 AND type = $3 ORDER BY created_at, key`, [userId, foodId, type])).map(
      (row: { key: string }) => row.key,
    );
  const mailsAbout = (user: TestUser, foodName: string) => smtp.to(user.email).filter((mail) => mail.subject.includes(foodName));
  /** The finished `match` jobs whose data `holds`; waits until there is one. */
  const matchJobs = (holds: (data: Record<string, unknown>) => boolean) =>
    waitFor(
      async () => (await notifications.queue.getJobs(['completed', 'failed'])).filter((job: Job) => job.name === NOTIFICATION_JOBS.match && holds(job.data)),
      (jobs) => jobs.length > 0,
      'the match job',
    );
  /** No notification job waiting or running (delayed reminders and retries aside). */
  const settled = () =>
    waitFor(() => notifications.queue.getJobCounts('waiting', 'active', 'prioritized'), (c) => c.waiting + c.active + c.prioritized === 0, 'the notifications queue to settle');
  const requestRows = (ids: number[]) =>
    t.db.query(`SELECT id, status, late_cancellation, cancel_cause FROM pickup_requests WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
  const activeClaims = async (charity: TestUser) =>
    (await t.db.query(`SELECT active_claims FROM charities WHERE user_id = $1`, [charity.id]))[0].active_claims as number;
  const foodRow = async (foodId: number) =>
    (await t.db.query(`SELECT status::text, withheld, offer_stage::text, deferred_match FROM food_items WHERE id = $1`, [foodId]))[0];

  describe('a suspension and the pending claims it concerns', () => {
    it("cancels a suspended charity's pending claims as a cancellation does: slots freed, food back on the board and matched, the donor told", async () => {
      const donor = await gizaDonor();
      const charity = await createCharity(t.http);
      const first = await listBread(donor, 'Suspended-claim loaves');
      const second = await listBread(donor, 'Suspended-claim rolls');
      const requests = [await requestPickup(t.http, charity, first), await requestPickup(t.http, charity, second)];
      expect(await activeClaims(charity)).toBe(2);
      // Saved after the listings: only their return to the board can reach it.
      const other = await matchingCharity();
      const donorLive = await LiveClient.connect(t.baseUrl, donor.token, []);
      const board = await LiveClient.connect(t.baseUrl, undefined, ['board']);
      try {
        expect((await suspend(charity.id, operator, 'Reselling donated food')).status).toBe(201);
        for (const [requestId, foodId] of [
          [requests[0], first],
          [requests[1], second],
        ]) {
          const event = await donorLive.next('request.cancelled', (e) => e.data.requestId === requestId);
          // The board's event says nothing about anyone's account; the request keeps the cause.
          expect(event.data).toEqual({ foodId, requestId, governorate: 'EG-GZ', quantityLeft: 20 });
          await board.next('request.cancelled', (e) => e.data.requestId === requestId);
        }
      } finally {
        donorLive.close();
        board.close();
      }
      // Cancelled, not counted against the charity as late; its slots are free; the food is on the board.
      expect(await requestRows(requests)).toEqual(requests.map((id) => ({ id, status: 'cancelled', late_cancellation: false, cancel_cause: 'charity_suspended' })));
      expect(await activeClaims(charity)).toBe(0);
      expect(await boardIds()).toEqual(expect.arrayContaining([first, second]));

      // The donor, in the app (live through notification.created) and by e-mail, with the reason in words.
      const news = await waitFor(
        () => t.http.get('/api/notifications', { token: donor.token }),
        (r) => r.body.items?.filter((n: { type: string }) => n.type === 'account.news').length === 2,
        'two account.news notifications for the donor',
      );
      const messages = news.body.items.map((n: { data: { message: string } }) => n.data.message).join('\n');
      expect(messages).toContain(`"Suspended-claim loaves" (#${first}) was cancelled because the charity's account was suspended by an operator`);
      expect(messages).toContain(`(#${second})`);
      expect(messages).not.toContain('Reselling donated food');
      // By e-mail: the two cancellations as account news (not as the charity's own cancellation, which it did
      // not make), beside the two claims the donor was told of when they were made (docs/NOTIFICATIONS.md).
      const newsMails = await waitFor(
        async () => smtp.to(donor.email).filter((m) => m.subject === 'News about your Food Link account'),
        (list) => list.length === 2,
        'two account news e-mails to the donor',
      );
      expect(newsMails.map((m) => m.text).join('\n')).toContain("the charity's account was suspended by an operator");
      expect(smtp.to(donor.email).filter((m) => m.subject.startsWith('Claimed: '))).toHaveLength(2);
      expect(smtp.to(donor.email).filter((m) => m.subject !== 'News about your Food Link account' && !m.subject.startsWith('Claimed: '))).toEqual([]);

      // Matched again as after any cancellation: a charity that fits hears of both.
      for (const foodId of [first, second]) await waitFor(() => toldOf(other.id, foodId), (keys) => keys.length === 1, `other told of ${foodId}`);
      // The suspended charity hears of its suspension only.
      const charityNews = () => t.db.query(`SELECT type, data FROM notifications WHERE user_id = $1`, [charity.id]);
      await waitFor(charityNews, (rows) => rows.length > 0, "the charity's notification");
      await settled();
      const [only, ...more] = await charityNews();
      expect(more).toEqual([]);
      expect(only.data.message).toContain('Your account is suspended by an operator: Reselling donated food');

      // Reinstating brings no claim back; the food is anyone's.
      expect((await reinstate(charity.id)).status).toBe(201);
      expect((await requestRows(requests)).map((row: { status: string }) => row.status)).toEqual(['cancelled', 'cancelled']);
      expect((await claim(other, first)).status).toBe(201);
    }, 60 * SECOND);

    it("cancels the claims on a suspended donor's listings and tells each charity not to travel; withheld until reinstated, then matched only where owed", async () => {
      const donor = await gizaDonor();
      const watcher = await matchingCharity();
      const claimed = await listBread(donor, 'Withheld-donor bread');
      const open = await listBread(donor, 'Withheld-donor buns');
      for (const foodId of [claimed, open]) await waitFor(() => toldOf(watcher.id, foodId), (keys) => keys.length === 1, `watcher told of ${foodId}`);
      const charity = await createCharity(t.http);
      const requestId = await requestPickup(t.http, charity, claimed);
      const charityLive = await LiveClient.connect(t.baseUrl, charity.token, []);
      try {
        expect((await suspend(donor.id, operator, 'Fake listings')).status).toBe(201);
        const event = await charityLive.next('request.cancelled', (e) => e.data.requestId === requestId);
        expect(event.data).toEqual({ foodId: claimed, requestId, governorate: 'EG-GZ', quantityLeft: 20 });
      } finally {
        charityLive.close();
      }
      expect(await requestRows([requestId])).toEqual([{ id: requestId, status: 'cancelled', late_cancellation: false, cancel_cause: 'donor_suspended' }]);
      expect(await activeClaims(charity)).toBe(0);
      // Both listings withheld: on offer again, but for nobody until the donor is reinstated.
      expect(await foodRow(claimed)).toMatchObject({ status: 'available', withheld: true });
      expect(await foodRow(open)).toMatchObject({ status: 'available', withheld: true });
      expect(await boardIds()).not.toEqual(expect.arrayContaining([claimed]));
      expect(await boardIds()).not.toContain(open);
      expect((await claim(charity, claimed)).status).toBe(404);

      // The charity is told why, in the app and by e-mail; the donor's reason stays the donor's.
      const news = await accountNews(charity, "the donor's account was suspended by an operator");
      const message = news.body.items.find((n: { type: string }) => n.type === 'account.news').data.message as string;
      expect(message).toContain(`"Withheld-donor bread" (#${claimed})`);
      expect(message).toContain('do not go to collect it');
      expect(message).not.toContain('Fake listings');
      expect((await smtp.waitFor(charity.email)).text).toContain('do not go to collect it');

      // The cancellation's matching tells nobody of food nobody may see: it is owed for later.
      await matchJobs((data) => data.endedRequestId === requestId);
      expect((await foodRow(claimed)).deferred_match).toMatchObject({ foodId: claimed, endedRequestId: requestId });
      expect(await toldOf(watcher.id, claimed)).toHaveLength(1);

      // Reinstated: both back on the board; the watcher hears that the claimed one is on offer again (it
      // was not told since its claim ended), not of the other one a second time. The claim stays cancelled.
      expect((await reinstate(donor.id)).status).toBe(201);
      expect(await boardIds()).toEqual(expect.arrayContaining([claimed, open]));
      await matchJobs((data) => data.restored === true && data.foodId === claimed);
      await matchJobs((data) => data.restored === true && data.foodId === open);
      await waitFor(() => toldOf(watcher.id, claimed), (keys) => keys.length === 2, 'the watcher told of the claimed bread again');
      await settled();
      expect(await toldOf(watcher.id, open)).toHaveLength(1);
      expect(mailsAbout(watcher, 'Withheld-donor buns')).toHaveLength(1);
      expect((await foodRow(claimed)).deferred_match).toBeNull();
      expect(await requestRows([requestId])).toEqual([{ id: requestId, status: 'cancelled', late_cancellation: false, cancel_cause: 'donor_suspended' }]);
    }, 60 * SECOND);

    it('a claim racing the suspension either commits first and is cancelled with the others, or waits and is refused', async () => {
      const donor = await createDonor(t.http);
      const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]);

      // A claim in flight holds the charity's row (its slot, counted by the trigger) when the operator suspends.
      const early = await createCharity(t.http);
      const first = await addFood(t.http, donor);
      const inFlight = t.db.createQueryRunner();
      await inFlight.connect();
      await inFlight.startTransaction();
      await inFlight.query(`UPDATE food_items SET status = 'claimed' WHERE id = $1`, [first.id]);
      const [{ id: racedId }] = await inFlight.query(
        `INSERT INTO pickup_requests (food_id, charity_id, pickup_code, collect_by) VALUES ($1, $2, '123456', now() + interval '1 hour') RETURNING id`,
        [first.id, early.id],
      );
      const suspending = suspend(early.id);
      expect(await settled(suspending)).toBe(false); // waiting for the charity's row
      await inFlight.commitTransaction();
      await inFlight.release();
      expect((await suspending).status).toBe(201);
      expect(await requestRows([racedId])).toEqual([{ id: racedId, status: 'cancelled', late_cancellation: false, cancel_cause: 'charity_suspended' }]);

      // The suspension holds the charity's row (flag set, not yet committed) when a claim arrives on a still valid session.
      const late = await createCharity(t.http);
      const second = await addFood(t.http, donor);
      const suspension = t.db.createQueryRunner();
      await suspension.connect();
      await suspension.startTransaction();
      await suspension.query(`UPDATE charities SET account_suspended = true WHERE user_id = $1`, [late.id]);
      const claiming = claim(late, second.id);
      expect(await settled(claiming)).toBe(false); // the trigger waits for the row
      await suspension.commitTransaction();
      await suspension.release();
      expect(await claiming).toMatchObject({ status: 403, body: { message: ERRORS.accountSuspended(null) } });
      const rows = await t.db.query(`SELECT count(*)::int AS n FROM pickup_requests WHERE charity_id = $1`, [late.id]);
      expect(rows[0].n).toBe(0);
      expect(await boardIds()).toContain(second.id);
    });

    it("keeps the claims of a charity whose verification (not its account) is suspended: it still signs in and collects", async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity);
      const item = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, item.id);
      const decided = await t.http.post(apiPath(VERIFICATION_ROUTES.opsDecide, { userId: charity.id }), { decision: 'suspend', reason: 'Documents expired' }, { token: operator });
      expect(decided.body).toMatchObject({ status: 'suspended', claim_limit: 0 });
      expect(await requestRows([requestId])).toEqual([{ id: requestId, status: 'pending', late_cancellation: false, cancel_cause: null }]);
      expect((await t.http.get(apiPath(EXTRA_ROUTES.pickupDetails, { requestId }), { token: charity.token })).status).toBe(200);
      const handedOver = await t.http.put(apiPath(API_ROUTES.fulfilRequest, { requestId }), { status: 'fulfilled' }, { token: donor.token });
      expect(handedOver).toMatchObject({ status: 200, body: { status: 'fulfilled' } });
    });
  });

  describe('a listing put back is not announced again', () => {
    it('an unhidden listing is back on the board without telling charities told of it before again', async () => {
      const donor = await gizaDonor();
      const watcher = await matchingCharity();
      const foodId = await listBread(donor, 'Once-told bread');
      await waitFor(() => toldOf(watcher.id, foodId), (keys) => keys.length === 1, 'the watcher told once');
      await waitFor(async () => mailsAbout(watcher, 'Once-told bread'), (mails) => mails.length === 1, 'its e-mail');
      expect((await hide(foodId)).status).toBe(201);
      expect((await unhide(foodId)).status).toBe(201);
      expect(await boardIds()).toContain(foodId);
      await matchJobs((data) => data.restored === true && data.foodId === foodId);
      await settled();
      expect(await toldOf(watcher.id, foodId)).toHaveLength(1);
      expect(mailsAbout(watcher, 'Once-told bread')).toHaveLength(1);
    }, 60 * SECOND);

    it('a listing hidden before its matching ran is told once, when it is put back, and never again', async () => {
      const donor = await gizaDonor();
      const watcher = await matchingCharity();
      let foodId = 0;
      // The queue's workers take nothing while it is paused: the match job waits until the listing is hidden.
      await notifications.queue.pause();
      try {
        foodId = await listBread(donor, 'Hidden-early bread');
        await waitFor(
          async () => (await notifications.queue.getJobs(['waiting'])).some((job: Job) => job.name === NOTIFICATION_JOBS.match && job.data.foodId === foodId),
          Boolean,
          'the match job, waiting',
        );
        expect((await hide(foodId)).status).toBe(201);
      } finally {
        await notifications.queue.resume();
      }
      const [first] = await matchJobs((data) => data.foodId === foodId && !data.restored);
      expect(await toldOf(watcher.id, foodId)).toEqual([]);
      expect((await foodRow(foodId)).deferred_match).toMatchObject({ eventId: first.data.eventId, foodId });

      expect((await unhide(foodId)).status).toBe(201);
      await waitFor(() => toldOf(watcher.id, foodId), (keys) => keys.length === 1, 'the watcher told when it is back');
      expect(await toldOf(watcher.id, foodId)).toEqual([`food-matched-${first.data.eventId}`]);
      await waitFor(async () => mailsAbout(watcher, 'Hidden-early bread'), (mails) => mails.length === 1, 'its e-mail');

      // Hidden and put back again: owed nothing more.
      expect((await hide(foodId)).status).toBe(201);
      expect((await unhide(foodId)).status).toBe(201);
      await waitFor(async () => (await matchJobs((data) => data.restored === true && data.foodId === foodId)).length, (n) => n === 2, 'the second restoration');
      await settled();
      expect(await toldOf(watcher.id, foodId)).toHaveLength(1);
      expect(mailsAbout(watcher, 'Hidden-early bread')).toHaveLength(1);
    }, 60 * SECOND);

    it('a listing whose partners stage ended while hidden opens to the board when put back, and matching charities are told then', async () => {
      const donor = await gizaDonor();
      const partner = await matchingCharity({ categories: ['cooked_meal'], storage: ['hot'] });
      await verifyCharities(t.db, partner);
      expect((await t.http.put(PARTNER_ROUTES.donorPartners, { charity_ids: [partner.id] }, { token: donor.token })).status).toBe(200);
      const watcher = await matchingCharity({ categories: ['cooked_meal'], storage: ['hot'] });
      const foodId = (await addCookedMeal(t.http, donor, 'Partners-first molokhia')).id;
      await waitFor(() => toldOf(partner.id, foodId, 'food.offered'), (keys) => keys.length === 1, 'the partner offered it');
      expect((await hide(foodId)).status).toBe(201);
      // Its partners stage ends (3 s) while it is hidden: it stays there, and nobody hears of it.
      await waitFor(async () => (await offers.queue.getJob(`open-to-board-${foodId}`))?.getState(), (state) => state === 'completed', 'the open stage job');
      expect(await foodRow(foodId)).toMatchObject({ status: 'available', offer_stage: 'partners', withheld: true });
      expect(await t.db.query(`SELECT 1 FROM outbox_events WHERE type = 'food.listed' AND data->>'foodId' = $1 AND NOT data ? 'partners'`, [String(foodId)])).toEqual([]);

      expect((await unhide(foodId)).status).toBe(201);
      expect(await foodRow(foodId)).toMatchObject({ offer_stage: 'open', withheld: false });
      expect(await boardIds()).toContain(foodId);
      await waitFor(() => toldOf(watcher.id, foodId), (keys) => keys.length === 1, 'the watcher told at the open stage');
      await settled();
      expect(await toldOf(partner.id, foodId, 'food.offered')).toHaveLength(1);
      expect(await toldOf(partner.id, foodId)).toEqual([]);
    }, 60 * SECOND);
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
