import { ERRORS, LIMITS, mapUrl } from '@food-link/contracts';
import { addFood, cairoDateIn, createCharity, createDonor, loginAs, requestPickup, type TestUser, verifyCharities } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * After the claim and an accountable handover (issue 14, docs/DOMAIN-RULES.md, "The handover"): the pickup code and
 * collect-by time of a claim, the claim limit, cancellations (late or not), the pickup details and who may
 * see them, Donate with the pickup code, the charity's report of what it received, and the donor's no-show.
 */
describe('the handover', () => {
  let t: TestApp;
  let donor: TestUser;
  const operator = { email: 'ops@handover.test', password: 'operator password 2026' };
  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: operator.email, OPERATOR_PASSWORD: operator.password });
    donor = await createDonor(t.http);
  });
  afterAll(() => t.close());

  const MINUTE = 60_000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
  const row = async (requestId: number) =>
    (
      await t.db.query(
        `SELECT status, pickup_code, collect_by, ended_at, late_cancellation, received_quantity, received_weight_kg::float AS received_weight_kg,
                received_comment, received_at
           FROM pickup_requests WHERE id = $1`,
        [requestId],
      )
    )[0];
  const food = async (foodId: number) =>
    (await t.db.query('SELECT status, category, storage, pickup_from, pickup_until, safe_until FROM food_items WHERE id = $1', [foodId]))[0];
  const events = async (type: string, requestOrFood: { requestId?: number; foodId?: number }) => {
    const [key, value] = requestOrFood.requestId !== undefined ? ['requestId', requestOrFood.requestId] : ['foodId', requestOrFood.foodId];
    return t.db.query(`SELECT data, recipients FROM outbox_events WHERE type = $1 AND data->>'${key}' = $2 ORDER BY occurred_at`, [
      type,
      String(value),
    ]);
  };
  /** A pickup point of `owner`'s, written directly (the pickup-points calls are another part's). */
  const pickupPoint = async (owner: TestUser, fields: Partial<{ governorate: string; lat: number | null; lng: number | null }> = {}) => {
    const [point] = await t.db.query(
      `INSERT INTO pickup_points (donor_id, label, governorate, area, address_line, landmark, lat, lng, contact_name, contact_phone, notes)
       VALUES ($1, 'Tahrir branch', $2, 'Downtown', '12 Talaat Harb Street', 'Next to the Al-Nour mosque', $3, $4, 'Mona Adel', '+201001234567', 'Ring twice')
       RETURNING id`,
      [owner.id, fields.governorate ?? 'EG-C', fields.lat === undefined ? 30.0478 : fields.lat, fields.lng === undefined ? 31.2386 : fields.lng],
    );
    return point.id as number;
  };
  /** An item of `owner`'s, with the window, safe time and pickup point set directly where given. */
  const listing = async (
    owner: TestUser,
    details: Partial<{ pickupFrom: Date; pickupUntil: Date; safeUntil: Date; pointId: number }> = {},
  ): Promise<number> => {
    const item = await addFood(t.http, owner);
    await t.db.query(
      `UPDATE food_items SET pickup_from = $2, pickup_until = $3, safe_until = coalesce($4, safe_until), pickup_point_id = $5 WHERE id = $1`,
      [item.id, details.pickupFrom ?? null, details.pickupUntil ?? null, details.safeUntil ?? null, details.pointId ?? null],
    );
    return item.id;
  };
  const claim = (charity: TestUser, foodId: number) => t.http.post('/api/request', { food_id: foodId }, { token: charity.token });

  describe('the claim', () => {
    it('gives the charity a pickup code and keeps when the food must be collected by', async () => {
      const charity = await createCharity(t.http);
      const pointId = await pickupPoint(donor, { governorate: 'EG-ALX' });
      const windowed = await listing(donor, { pickupFrom: at(-MINUTE), pickupUntil: at(60 * MINUTE), pointId });
      const open = await listing(donor);
      const windowedRequest = await requestPickup(t.http, charity, windowed);
      const openRequest = await requestPickup(t.http, charity, open);

      const first = await row(windowedRequest);
      expect(first.pickup_code).toMatch(new RegExp(`^\\d{${LIMITS.pickupCodeDigits}}$`));
      expect(first.collect_by).toEqual((await food(windowed)).pickup_until);
      expect((await row(openRequest)).collect_by).toEqual((await food(open)).safe_until);
      // food.claimed names the item's governorate (to reach `board:EG-ALX`); null without a pickup point.
      expect((await events('food.claimed', { requestId: windowedRequest }))[0]).toEqual({
        data: { foodId: windowed, requestId: windowedRequest, governorate: 'EG-ALX', quantityLeft: 0 },
        recipients: [donor.id, charity.id],
      });
      expect((await events('food.claimed', { requestId: openRequest }))[0].data).toEqual({ foodId: open, requestId: openRequest, governorate: null, quantityLeft: 0 });
    });

    it('draws codes at random', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i += 1) {
        const charity = await createCharity(t.http);
        codes.add((await row(await requestPickup(t.http, charity, await listing(donor)))).pickup_code);
      }
      expect(codes.size).toBeGreaterThan(1);
    });

    it('refuses an item whose safe time has passed though its date has not (409 expired), changing nothing', async () => {
      const charity = await createCharity(t.http);
      const foodId = await listing(donor, { safeUntil: at(-MINUTE) });
      const response = await claim(charity, foodId);
      expect(response).toMatchObject({ status: 409, body: { message: 'This food item has expired' } });
      expect((await food(foodId)).status).toBe('available');
      expect(await t.db.query('SELECT id FROM pickup_requests WHERE food_id = $1', [foodId])).toEqual([]);
    });
  });

  describe('the claim limit', () => {
    const limitMessage = `You already hold ${LIMITS.activeClaimsMax} active claims; collect or cancel one first`;

    it(`refuses a ${LIMITS.activeClaimsMax + 1}th pending claim with 409 and changes nothing; a cancellation frees a slot`, async () => {
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity); // a verified charity's limit; verification.int-spec.ts has the others'
      const requests = [];
      for (let i = 0; i < LIMITS.activeClaimsMax; i += 1) requests.push(await requestPickup(t.http, charity, await listing(donor)));
      const sixth = await listing(donor);
      // The claim's own events: the donor's notifications of the earlier claims (notification.created,
      // docs/NOTIFICATIONS.md "Donors are told") arrive whenever their jobs run.
      const claimEvents = async () => (await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type <> 'notification.created'`))[0].n;
      const eventsBefore = await claimEvents();

      const refused = await claim(charity, sixth);
      expect(refused).toMatchObject({ status: 409, body: { statusCode: 409, error: 'Conflict', message: limitMessage } });
      expect((await food(sixth)).status).toBe('available');
      expect(await t.db.query('SELECT id FROM pickup_requests WHERE food_id = $1', [sixth])).toEqual([]);
      expect(await claimEvents()).toBe(eventsBefore);
      expect((await t.db.query('SELECT active_claims FROM charities WHERE user_id = $1', [charity.id]))[0].active_claims).toBe(5);

      // A fulfilled claim no longer counts either.
      await t.http.put(`/api/updaterequest/${requests[0]}`, { status: 'cancelled' }, { token: charity.token });
      expect((await claim(charity, sixth)).status).toBe(201);
      expect((await claim(charity, await listing(donor))).status).toBe(409);
      const fulfil = await t.http.put(`/updaterequeststatus/${requests[1]}`, { status: 'fulfilled' }, { token: donor.token });
      expect(fulfil.status).toBe(200);
      expect((await claim(charity, await listing(donor))).status).toBe(201);
    });

    it('answers a retry of a refused claim under the same Idempotency-Key with the same 409, and claims once a slot is free', async () => {
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity); // a verified charity's limit; verification.int-spec.ts has the others'
      const held = [];
      for (let i = 0; i < LIMITS.activeClaimsMax; i += 1) held.push(await requestPickup(t.http, charity, await listing(donor)));
      const foodId = await listing(donor);
      const keyed = (key: string) => ({ token: charity.token, headers: { 'idempotency-key': key } });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect(await t.http.post('/api/request', { food_id: foodId }, keyed('limit-1'))).toMatchObject({ status: 409, body: { message: limitMessage } });
      }
      await t.http.put(`/api/updaterequest/${held[0]}`, { status: 'cancelled' }, { token: charity.token });
      expect((await t.http.post('/api/request', { food_id: foodId }, keyed('limit-2'))).status).toBe(201);
    });

    it('tells a charity at its limit what it would have been told of an item not on offer: 404 for none, 409 claimed or expired', async () => {
      const charity = await createCharity(t.http);
      const other = await createCharity(t.http);
      await verifyCharities(t.db, charity); // a verified charity's limit; verification.int-spec.ts has the others'
      for (let i = 0; i < LIMITS.activeClaimsMax; i += 1) await requestPickup(t.http, charity, await listing(donor));
      const taken = await listing(donor);
      await requestPickup(t.http, other, taken);
      const claimedBefore = await t.db.query(`SELECT count(*)::int AS n FROM pickup_requests WHERE charity_id = $1`, [charity.id]);

      expect(await claim(charity, 999_999_999)).toMatchObject({ status: 404 });
      expect(await claim(charity, taken)).toMatchObject({ status: 409, body: { message: ERRORS.foodAlreadyClaimed } });
      expect(await claim(charity, await listing(donor, { safeUntil: at(-MINUTE) }))).toMatchObject({ status: 409, body: { message: ERRORS.foodExpired } });
      expect(await claim(charity, await listing(donor))).toMatchObject({ status: 409, body: { message: limitMessage } });
      expect(await t.db.query(`SELECT count(*)::int AS n FROM pickup_requests WHERE charity_id = $1`, [charity.id])).toEqual(claimedBefore);
    });

    it('never lets simultaneous claims by one charity pass the limit', async () => {
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity); // a verified charity's limit; verification.int-spec.ts has the others'
      const items = [];
      for (let i = 0; i < 10; i += 1) items.push(await listing(donor));
      const responses = await Promise.all(items.map((foodId) => claim(charity, foodId)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(LIMITS.activeClaimsMax);
      expect(responses.filter((response) => response.status === 409).map((response) => response.body.message)).toEqual(
        Array(10 - LIMITS.activeClaimsMax).fill(limitMessage),
      );
      const [{ pending }] = await t.db.query(`SELECT count(*)::int AS pending FROM pickup_requests WHERE charity_id = $1 AND status = 'pending'`, [
        charity.id,
      ]);
      expect(pending).toBe(LIMITS.activeClaimsMax);
      const claimedItems = await t.db.query(`SELECT count(*)::int AS n FROM food_items WHERE id = ANY($1) AND status = 'claimed'`, [items]);
      expect(claimedItems[0].n).toBe(LIMITS.activeClaimsMax);
    });
  });

  describe('cancellation (PUT /api/updaterequest/{id})', () => {
    const cancel = (charity: TestUser, requestId: number) => t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token });

    it('ends the request now; late when less than 2 hours before the window, or after it started, or without a window', async () => {
      const cases = [
        { window: { pickupFrom: at(3 * 60 * MINUTE), pickupUntil: at(4 * 60 * MINUTE) }, late: false },
        { window: { pickupFrom: at(90 * MINUTE), pickupUntil: at(4 * 60 * MINUTE) }, late: true },
        { window: { pickupFrom: at(-10 * MINUTE), pickupUntil: at(60 * MINUTE) }, late: true },
        { window: {}, late: true },
      ];
      for (const { window, late } of cases) {
        // A charity each: claiming and cancelling at once, again and again, pauses a charity's claiming (below).
        const charity = await createCharity(t.http);
        const requestId = await requestPickup(t.http, charity, await listing(donor, window));
        const before = Date.now();
        expect((await cancel(charity, requestId)).status).toBe(200);
        const ended = await row(requestId);
        expect(ended).toMatchObject({ status: 'cancelled', late_cancellation: late });
        expect(ended.ended_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      }
    });

    it('pauses the claiming of a charity that cancels 3 claims within 15 minutes of making them (429, Retry-After), and tells it and operators', async () => {
      const charity = await createCharity(t.http);
      const claim = (foodId: number) => t.http.post('/api/request', { food_id: foodId }, { token: charity.token });
      // A cancellation long after the claim is not quick, and does not count.
      const slow = await requestPickup(t.http, charity, await listing(donor));
      await t.db.query(`UPDATE pickup_requests SET created_at = now() - interval '20 minutes' WHERE id = $1`, [slow]);
      expect((await cancel(charity, slow)).status).toBe(200);
      for (let quick = 1; quick <= 3; quick++) {
        const requestId = await requestPickup(t.http, charity, await listing(donor));
        expect((await cancel(charity, requestId)).status).toBe(200);
        if (quick < 3) expect((await t.db.query(`SELECT claims_paused_until FROM charities WHERE user_id = $1`, [charity.id]))[0].claims_paused_until).toBeNull();
      }
      const refused = await claim(await listing(donor));
      expect(refused).toMatchObject({ status: 429, body: { message: ERRORS.claimsPausedQuickCancels(3, LIMITS.quickCancelMinutes, LIMITS.quickCancelWindowHours) } });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(LIMITS.quickCancelPauseHours * 3600 - 60);
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.quickCancelPauseHours * 3600);
      const paused = await t.db.query(`SELECT data, recipients FROM outbox_events WHERE type = 'charity.claims_paused' AND data->>'charityId' = $1`, [
        String(charity.id),
      ]);
      expect(paused).toEqual([{ data: { charityId: charity.id, until: expect.any(String), quickCancels: 3 }, recipients: [charity.id] }]);
      // Other charities claim as before; the pause ends by itself.
      const other = await createCharity(t.http);
      expect((await t.http.post('/api/request', { food_id: await listing(donor) }, { token: other.token })).status).toBe(201);
      await t.db.query(`UPDATE charities SET claims_paused_until = now() - interval '1 second' WHERE user_id = $1`, [charity.id]);
      expect((await claim(await listing(donor))).status).toBe(201);
    });

    it('puts the item back with its window, or without one once the window is over', async () => {
      const charity = await createCharity(t.http);
      const ahead = { pickupFrom: at(3 * 60 * MINUTE), pickupUntil: at(4 * 60 * MINUTE) };
      const keeps = await listing(donor, ahead);
      await cancel(charity, await requestPickup(t.http, charity, keeps));
      const kept = await food(keeps);
      expect(kept.status).toBe('available');
      expect([kept.pickup_from, kept.pickup_until]).toEqual([ahead.pickupFrom, ahead.pickupUntil]);

      const over = await listing(donor, { pickupFrom: at(-60 * MINUTE), pickupUntil: at(3000) });
      const requestId = await requestPickup(t.http, charity, over);
      await t.db.query(`UPDATE food_items SET pickup_until = now() - interval '1 second' WHERE id = $1`, [over]);
      await cancel(charity, requestId);
      expect(await food(over)).toMatchObject({ status: 'available', pickup_from: null, pickup_until: null });
    });

    it('announces the governorate, and lets an item whose safe time passed meanwhile expire', async () => {
      const charity = await createCharity(t.http);
      const pointId = await pickupPoint(donor, { governorate: 'EG-GZ' });
      const foodId = await listing(donor, { pointId });
      const requestId = await requestPickup(t.http, charity, foodId);
      await t.db.query(`UPDATE food_items SET safe_until = now() - interval '1 minute' WHERE id = $1`, [foodId]);
      expect((await cancel(charity, requestId)).status).toBe(200);
      expect((await food(foodId)).status).toBe('expired');
      expect((await events('request.cancelled', { requestId }))[0].data).toEqual({ foodId, requestId, governorate: 'EG-GZ', quantityLeft: 10 });
      expect((await events('food.expired', { foodId }))[0]).toEqual({ data: { foodId, governorate: 'EG-GZ' }, recipients: [donor.id] });
    });
  });

  describe('Donate with the pickup code (PUT /updaterequeststatus/{id})', () => {
    const donate = (requestId: number, body: Record<string, unknown>) => t.http.put(`/updaterequeststatus/${requestId}`, body, { token: donor.token });

    it('refuses a wrong code with 409 and changes nothing; the right code, or none, fulfils', async () => {
      const charity = await createCharity(t.http);
      const requestId = await requestPickup(t.http, charity, await listing(donor));
      const { pickup_code: code } = await row(requestId);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await donate(requestId, { status: 'fulfilled', pickup_code: wrong })).toMatchObject({
        status: 409,
        body: { message: 'The pickup code does not match this request' },
      });
      expect(await row(requestId)).toMatchObject({ status: 'pending', ended_at: null });
      expect(await events('request.fulfilled', { requestId })).toEqual([]);

      expect(await donate(requestId, { status: 'fulfilled', pickup_code: ` ${code} ` })).toMatchObject({
        status: 200,
        body: { message: 'Donation marked as fulfilled', status: 'fulfilled' },
      });
      expect((await row(requestId)).ended_at).toBeInstanceOf(Date);

      const plain = await requestPickup(t.http, charity, await listing(donor));
      expect((await donate(plain, { status: 'fulfilled' })).status).toBe(200);
    });

    it(`counts wrong codes: after ${LIMITS.pickupCodeTries} the request takes no code (429, even the right one), tells the donor and operators once; Donate without a code still works`, async () => {
      const itsDonor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const requestId = await requestPickup(t.http, charity, await listing(itsDonor));
      const { pickup_code: code } = await row(requestId);
      const wrongCodes = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((guess) => guess !== code);
      const guess = (pickup_code: string) =>
        t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled', pickup_code }, { token: itsDonor.token });

      for (const wrong of wrongCodes.slice(0, LIMITS.pickupCodeTries)) {
        expect(await guess(wrong)).toMatchObject({ status: 409, body: { message: ERRORS.wrongPickupCode } });
      }
      const counted = await t.db.query('SELECT wrong_codes FROM pickup_requests WHERE id = $1', [requestId]);
      expect(counted[0].wrong_codes).toBe(LIMITS.pickupCodeTries);
      // Locked: the right code is refused too (it could be the next guess), and further guesses are not counted.
      for (const attempt of [code, wrongCodes[LIMITS.pickupCodeTries]]) {
        const refused = await guess(attempt);
        expect(refused).toMatchObject({ status: 429, body: { message: ERRORS.pickupCodeLocked(LIMITS.pickupCodeTries) } });
      }
      expect(await row(requestId)).toMatchObject({ status: 'pending', ended_at: null });
      expect((await t.db.query('SELECT wrong_codes FROM pickup_requests WHERE id = $1', [requestId]))[0].wrong_codes).toBe(LIMITS.pickupCodeTries);

      // Told once: the event to the donor's room (operators see every event in their feed), and a notice.
      const locked = await events('request.code_locked', { requestId });
      expect(locked).toHaveLength(1);
      expect(locked[0]).toMatchObject({ data: { requestId, donorId: itsDonor.id, wrongCodes: LIMITS.pickupCodeTries }, recipients: [itsDonor.id] });
      const notices = await waitFor(
        () => t.db.query(`SELECT data FROM notifications WHERE user_id = $1 AND type = 'account.news'`, [itsDonor.id]),
        (found: { data: { message: string } }[]) => found.length > 0,
        'the donor is told of the locked code',
      );
      expect(notices).toHaveLength(1);
      expect(notices[0].data.message).toContain(`${LIMITS.pickupCodeTries} wrong pickup codes`);
      // The charity is not told (nor is anyone else).
      expect((await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'account.news'`, [charity.id])).length).toBe(0);

      // The donor still decides: Donate without a code fulfils.
      expect(await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: itsDonor.token })).toMatchObject({
        status: 200,
        body: { status: 'fulfilled' },
      });
    });

    it('names a malformed code with 400', async () => {
      const charity = await createCharity(t.http);
      const requestId = await requestPickup(t.http, charity, await listing(donor));
      for (const pickup_code of ['12', '1234567', 'abcd', 123456]) {
        const response = await donate(requestId, { status: 'fulfilled', pickup_code });
        expect(response.status).toBe(400);
        expect(response.body.message).toEqual(['pickup_code must be 4 to 6 digits']);
      }
      expect((await row(requestId)).status).toBe('pending');
    });
  });

  describe('pickup details (GET /api/requests/{id}/pickup)', () => {
    it('gives the charity the full point, the window, the safe time and its code; the donor and operators without the code', async () => {
      const charity = await createCharity(t.http);
      const pointId = await pickupPoint(donor);
      const window = { pickupFrom: at(30 * MINUTE), pickupUntil: at(120 * MINUTE) };
      const foodId = await listing(donor, { ...window, pointId });
      const requestId = await requestPickup(t.http, charity, foodId);
      const { pickup_code, } = await row(requestId);
      const item = await food(foodId);

      const expected = {
        request_id: requestId,
        food_id: foodId,
        status: 'pending',
        food_name: 'Koshary',
        category: item.category,
        storage: item.storage,
        pickup_from: item.pickup_from.toISOString(),
        pickup_until: item.pickup_until.toISOString(),
        safe_until: item.safe_until.toISOString(),
        serve_within_minutes: LIMITS.serveWithinMinutes,
        point: {
          label: 'Tahrir branch',
          governorate: 'EG-C',
          area: 'Downtown',
          address_line: '12 Talaat Harb Street',
          landmark: 'Next to the Al-Nour mosque',
          lat: 30.0478,
          lng: 31.2386,
          contact_name: 'Mona Adel',
          contact_phone: '+201001234567',
          notes: 'Ring twice',
          map_url: mapUrl(30.0478, 31.2386),
        },
        donor_name: donor.name,
        charity_name: charity.name,
      };
      const path = `/api/requests/${requestId}/pickup`;
      expect(await t.http.get(path, { token: charity.token })).toMatchObject({ status: 200, body: { ...expected, pickup_code } });
      expect((await t.http.get(path, { token: charity.token })).body).toEqual({ ...expected, pickup_code });
      expect((await t.http.get(path, { token: donor.token })).body).toEqual({ ...expected, pickup_code: null });
      const operatorToken = await loginAs(t.http, operator.email, operator.password);
      expect((await t.http.get(path, { token: operatorToken })).body).toEqual({ ...expected, pickup_code: null });

      // Someone else: 403 without a word of the place; nobody signed in: 401; no such request: 404.
      for (const stranger of [await createCharity(t.http), await createDonor(t.http)]) {
        const refused = await t.http.get(path, { token: stranger.token });
        expect(refused.status).toBe(403);
        expect(JSON.stringify(refused.body)).not.toMatch(/Talaat|Nour|\+20100/);
      }
      expect((await t.http.get(path)).status).toBe(401);
      expect((await t.http.get('/api/requests/99999999/pickup', { token: charity.token })).status).toBe(404);
      expect((await t.http.get('/api/requests/abc/pickup', { token: charity.token })).status).toBe(400);

      // The point stays in the details after the donor deletes it (only hidden from new listings).
      await t.db.query('UPDATE pickup_points SET deleted_at = now() WHERE id = $1', [pointId]);
      expect((await t.http.get(path, { token: charity.token })).body.point).toEqual(expected.point);
    });

    it('gives a null point without a pickup point, and no map link without a position', async () => {
      const charity = await createCharity(t.http);
      const bare = await requestPickup(t.http, charity, await listing(donor));
      const response = await t.http.get(`/api/requests/${bare}/pickup`, { token: charity.token });
      expect(response.body).toMatchObject({ point: null, pickup_from: null, pickup_until: null });
      const unplaced = await pickupPoint(donor, { lat: null, lng: null });
      const requestId = await requestPickup(t.http, charity, await listing(donor, { pointId: unplaced }));
      expect((await t.http.get(`/api/requests/${requestId}/pickup`, { token: charity.token })).body.point).toMatchObject({
        lat: null,
        lng: null,
        map_url: null,
      });
    });
    it('are refused to the charity once its claim ended without a handover (claim, cancel, read: 403); kept after Donate', async () => {
      const pointId = await pickupPoint(donor);
      const path = (requestId: number) => `/api/requests/${requestId}/pickup`;

      const harvester = await createCharity(t.http);
      const cancelled = await requestPickup(t.http, harvester, await listing(donor, { pointId }));
      expect((await t.http.get(path(cancelled), { token: harvester.token })).status).toBe(200);
      await t.http.put(`/api/updaterequest/${cancelled}`, { status: 'cancelled' }, { token: harvester.token });
      const refused = await t.http.get(path(cancelled), { token: harvester.token });
      expect(refused).toMatchObject({ status: 403, body: { message: ERRORS.pickupDetailsForActiveClaims } });
      expect(JSON.stringify(refused.body)).not.toMatch(/Talaat|Nour|\+20100|Mona/);
      // The donor and operators still see their own place.
      expect((await t.http.get(path(cancelled), { token: donor.token })).body.point.address_line).toBe('12 Talaat Harb Street');
      expect((await t.http.get(path(cancelled), { token: await loginAs(t.http, operator.email, operator.password) })).status).toBe(200);

      const noShowCharity = await createCharity(t.http);
      const missed = await requestPickup(t.http, noShowCharity, await listing(donor, { pickupFrom: at(-30 * MINUTE), pickupUntil: at(30 * MINUTE), pointId }));
      expect((await t.http.post(`/api/requests/${missed}/no-show`, {}, { token: donor.token })).status).toBe(201);
      expect((await t.http.get(path(missed), { token: noShowCharity.token })).status).toBe(403);

      const collector = await createCharity(t.http);
      const fulfilled = await requestPickup(t.http, collector, await listing(donor, { pointId }));
      await t.http.put(`/updaterequeststatus/${fulfilled}`, { status: 'fulfilled' }, { token: donor.token });
      expect((await row(fulfilled)).status).toBe('fulfilled');
      expect((await t.http.get(path(fulfilled), { token: collector.token })).body).toMatchObject({ status: 'fulfilled', point: { address_line: '12 Talaat Harb Street' } });
    });
  });

  describe('what the charity received (POST /api/requests/{id}/received)', () => {
    it('is refused before fulfilment (409) and to anyone but the charity (403); stores, replaces and announces the report', async () => {
      const charity = await createCharity(t.http);
      const foodId = await listing(donor);
      const requestId = await requestPickup(t.http, charity, foodId);
      const path = `/api/requests/${requestId}/received`;
      const report = { received_quantity: 8, received_weight_kg: 2.5, comment: 'Two boxes were crushed' };

      expect(await t.http.post(path, report, { token: charity.token })).toMatchObject({
        status: 409,
        body: { message: 'What was received can be reported only once the donation is fulfilled' },
      });
      await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
      expect((await t.http.post(path, report, { token: (await createCharity(t.http)).token })).status).toBe(403);
      expect((await t.http.post(path, report, { token: donor.token })).status).toBe(403);
      expect((await row(requestId)).received_at).toBeNull();

      const first = await t.http.post(path, report, { token: charity.token });
      expect(first).toMatchObject({
        status: 201,
        body: { received_quantity: 8, received_weight_kg: 2.5, comment: 'Two boxes were crushed', received_at: expect.any(String) },
      });
      // A correction replaces the whole report.
      const second = await t.http.post(path, { received_quantity: 10 }, { token: charity.token });
      expect(second.body).toEqual({ received_quantity: 10, received_weight_kg: null, comment: null, received_at: expect.any(String) });
      expect(await row(requestId)).toMatchObject({ received_quantity: 10, received_weight_kg: null, received_comment: null });
      const announced = await events('request.received', { requestId });
      expect(announced).toHaveLength(2);
      expect(announced[0]).toEqual({ data: { foodId, requestId }, recipients: [donor.id, charity.id] });

      // The charity's list carries it.
      const list = await t.http.get(`/api/charity/${charity.id}`, { token: charity.token });
      expect(list.body.find((item: { request_id: number }) => item.request_id === requestId).received).toEqual(second.body);

      // A week after the handover, the report is closed.
      await t.db.query(`UPDATE pickup_requests SET ended_at = now() - interval '8 days' WHERE id = $1`, [requestId]);
      expect(await t.http.post(path, { received_quantity: 1 }, { token: charity.token })).toMatchObject({
        status: 409,
        body: { message: 'What was received can be reported or corrected only within 7 days of the handover' },
      });
      expect((await row(requestId)).received_quantity).toBe(10);
    });

    it('names bad fields with 400, and needs something to report', async () => {
      const charity = await createCharity(t.http);
      const requestId = await requestPickup(t.http, charity, await listing(donor));
      await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
      const path = `/api/requests/${requestId}/received`;
      for (const [body, field] of [
        [{ received_quantity: -1 }, 'received_quantity'],
        [{ received_quantity: 1.5 }, 'received_quantity'],
        [{ received_weight_kg: 0 }, 'received_weight_kg'],
        [{ received_weight_kg: 20_000 }, 'received_weight_kg'],
        [{ comment: 'x'.repeat(LIMITS.commentMaxLength + 1) }, 'comment'],
      ] as const) {
        const response = await t.http.post(path, body, { token: charity.token });
        expect(response.status).toBe(400);
        expect(JSON.stringify(response.body.message)).toContain(field);
      }
      expect((await t.http.post(path, {}, { token: charity.token })).status).toBe(400);
      expect((await row(requestId)).received_at).toBeNull();
    });
  });

  describe("the donor's no-show (POST /api/requests/{id}/no-show)", () => {
    const noShow = (who: TestUser, requestId: number) => t.http.post(`/api/requests/${requestId}/no-show`, {}, { token: who.token });

    it('is refused before the window starts (409) and to anyone but the donor (403)', async () => {
      const charity = await createCharity(t.http);
      const requestId = await requestPickup(t.http, charity, await listing(donor, { pickupFrom: at(30 * MINUTE), pickupUntil: at(90 * MINUTE) }));
      expect(await noShow(donor, requestId)).toMatchObject({
        status: 409,
        body: { message: 'A no-show can be reported only once the pickup window has started' },
      });
      expect((await noShow(await createDonor(t.http), requestId)).status).toBe(403);
      expect((await noShow(charity, requestId)).status).toBe(403);
      expect((await noShow(donor, 99999999)).status).toBe(404);
      expect((await row(requestId)).status).toBe('pending');
    });

    it('ends the request not collected and relists the item from now until its safe time (no window)', async () => {
      const charity = await createCharity(t.http);
      const pointId = await pickupPoint(donor, { governorate: 'EG-SHR' });
      const foodId = await listing(donor, { pickupFrom: at(-30 * MINUTE), pickupUntil: at(30 * MINUTE), pointId });
      const requestId = await requestPickup(t.http, charity, foodId);
      expect(await noShow(donor, requestId)).toMatchObject({
        status: 201,
        body: { message: 'No-show recorded', status: 'not_collected', food_status: 'available' },
      });
      expect(await row(requestId)).toMatchObject({ status: 'not_collected', ended_at: expect.any(Date) });
      const item = await food(foodId);
      expect(item).toMatchObject({ status: 'available', pickup_from: null, pickup_until: null });
      expect((await events('request.not_collected', { requestId }))[0]).toEqual({
        data: { foodId, requestId, relisted: true, governorate: 'EG-SHR', quantityLeft: 10 },
        recipients: [donor.id, charity.id],
      });
      expect((await t.http.get('/api/available')).body.map((f: { id: number }) => f.id)).toContain(foodId);
      expect((await noShow(donor, requestId)).status).toBe(409);
      // Another charity may claim it again.
      expect((await claim(await createCharity(t.http), foodId)).status).toBe(201);
    });

    it('answers a retry under the same Idempotency-Key with the first answer, recording one event', async () => {
      const charity = await createCharity(t.http);
      const requestId = await requestPickup(t.http, charity, await listing(donor));
      const keyed = { token: donor.token, headers: { 'idempotency-key': `no-show-${requestId}` } };
      const first = await t.http.post(`/api/requests/${requestId}/no-show`, {}, keyed);
      const retry = await t.http.post(`/api/requests/${requestId}/no-show`, {}, keyed);
      expect(first.status).toBe(201);
      expect(retry).toMatchObject({ status: 201, body: first.body });
      expect(await events('request.not_collected', { requestId })).toHaveLength(1);
    });

    it('lets the item expire when too little safe time is left, and allows the report at once for a listing without a window', async () => {
      const charity = await createCharity(t.http);
      const foodId = await listing(donor, { safeUntil: at(10 * MINUTE) }); // the shortest window here is 30 minutes
      const requestId = await requestPickup(t.http, charity, foodId);
      expect((await noShow(donor, requestId)).body).toMatchObject({ status: 'not_collected', food_status: 'expired' });
      expect((await food(foodId)).status).toBe('expired');
      expect((await events('request.not_collected', { requestId }))[0].data).toEqual({ foodId, requestId, relisted: false, governorate: null, quantityLeft: 10 });
      expect((await events('food.expired', { foodId }))[0].data).toEqual({ foodId, governorate: null });
    });
  });

  it("lists a charity's requests with where, when and in what unit", async () => {
    const charity = await createCharity(t.http);
    const pointId = await pickupPoint(donor, { governorate: 'EG-DK' });
    const window = { pickupFrom: at(30 * MINUTE), pickupUntil: at(120 * MINUTE) };
    const foodId = await listing(donor, { ...window, pointId });
    const requestId = await requestPickup(t.http, charity, foodId);
    const item = await food(foodId);
    const list = await t.http.get(`/api/charity/${charity.id}`, { token: charity.token });
    expect(list.body).toEqual([
      {
        request_id: requestId,
        requestId,
        food_id: foodId,
        status: 'pending',
        created_at: expect.any(String),
        food_name: 'Koshary',
        quantity: 10,
        claimed_quantity: 10,
        expiration_date: cairoDateIn(2),
        governorate: 'EG-DK',
        area: 'Downtown',
        pickup_from: item.pickup_from.toISOString(),
        pickup_until: item.pickup_until.toISOString(),
        safe_until: item.safe_until.toISOString(),
        unit: 'portion',
        received: null,
        donor_user_id: donor.id,
        name: donor.name,
        email: donor.email,
        // The member who claimed (issue 26): here the charity's own account; nobody is assigned.
        claimed_by: { user_id: charity.id, name: charity.name },
      },
    ]);
    // Nothing of the pickup point beyond governorate and area.
    expect(JSON.stringify(list.body)).not.toMatch(/Talaat|Nour|\+20100/);
  });
});

describe('the handover calls in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['get', '/api/requests/{requestId}/pickup', '200', 'PickupDetails', ['400', '401', '403', '404', '503']],
    // Signed-in writes take an Idempotency-Key: 422 when one is reused for another body.
    ['post', '/api/requests/{requestId}/received', '201', 'ReceivedReport', ['400', '401', '403', '404', '409', '422', '503']],
    ['post', '/api/requests/{requestId}/no-show', '201', 'NoShowResponse', ['400', '401', '403', '404', '409', '422', '503']],
    ['get', '/api/charities/{userId}/reliability', '200', 'Reliability', ['400', '401', '403', '404', '503']],
  ] as const)('%s %s answers %s %s, needs a session and lists its errors', async (method, path, success, schema, errors) => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const operation = doc.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(operation.responses[success].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${schema}` });
    expect(Object.keys(operation.responses).sort()).toEqual([success, ...errors].sort());
    expect(doc.components.schemas[schema]).toBeDefined();
  });

  it('documents the bodies of received and Donate', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const bodyOf = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    expect(bodyOf('/api/requests/{requestId}/received', 'post')).toEqual({ $ref: '#/components/schemas/ReceivedBody' });
    const fulfil = doc.components.schemas[bodyOf('/updaterequeststatus/{requestId}', 'put').$ref.split('/').pop()];
    expect(Object.keys(fulfil.properties)).toEqual(['status', 'pickup_code']);
    expect(fulfil.required).toEqual(['status']);
  });
});
