import { cairoDate, endOfCairoDay, ERRORS, GOVERNORATE_CODES, HOT_DAY_CELSIUS, normalHighC } from '@food-link/contracts';
import { FoodService } from '../src/food/food.service';
import type { AuthUser } from '../src/auth/auth-user';
import { addFood, cairoDateIn, createCharity, createDonor, loginAs, pickupPointBody as pointBody, requestPickup, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Alexandria's monthly normal never reaches 32 °C (its hottest month, August, is about 31 °C). */
const COOL = 'EG-ALX';
const OPERATOR = { email: 'listings-operator@example.eg', password: 'a long operator passphrase' };

/** The donor as its organisation's admin, as the session reads it (FoodService.add acts for the account). */
async function asAdminOf(t: TestApp, donorId: number): Promise<AuthUser> {
  const [member] = await t.db.query(`SELECT organisation_id FROM organisation_members WHERE user_id = $1`, [donorId]);
  return { id: donorId, userType: 'donor', org: { orgId: member.organisation_id, accountId: donorId, kind: 'donor', role: 'admin', pickupPointIds: [] } };
}

describe('richer listings: safe_until, windows, editing and withdrawing', () => {
  let t: TestApp;
  let donor: TestUser;
  let operatorToken: string;
  let points: Record<string, number>;

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
    donor = await createDonor(t.http);
    operatorToken = await loginAs(t.http, OPERATOR.email, OPERATOR.password);
    points = {};
    for (const governorate of [COOL, 'EG-C', 'EG-ASN']) {
      const point = await t.http.post('/api/pickup-points', pointBody({ governorate, label: governorate }), { token: donor.token });
      points[governorate] = point.body.id;
    }
  });
  afterAll(() => t.close());

  const base = { food_name: 'Meal', quantity: 10, description: 'Boxes', expiration_date: cairoDateIn(1) };
  const add = (body: Record<string, unknown>, as: TestUser = donor) => t.http.post('/api/add', { ...base, ...body }, { token: as.token });
  const patch = (id: number, body: unknown, as: TestUser = donor) => t.http.request('PATCH', `/api/food/${id}`, { body, token: as.token });
  const events = async (type: string, foodId: number) =>
    t.db.query(`SELECT data, recipients FROM outbox_events WHERE type = $1 AND (data->>'foodId')::int = $2 ORDER BY occurred_at`, [type, foodId]);

  describe('safe_until per storage', () => {
    it.each([
      ['chilled', 'dairy'],
      ['frozen', 'meat_fish'],
      ['ambient', 'bakery'],
      ['ambient', 'produce'],
      ['ambient', 'other'],
    ])('%s %s: the end of its expiration date in Cairo', async (storage, category) => {
      const response = await add({ storage, category, expiration_date: cairoDateIn(2), pickup_point_id: points[COOL] });
      expect(response.status).toBe(201);
      expect(response.body.safe_until).toBe(endOfCairoDay(cairoDateIn(2)).toISOString());
      expect(response.body).toMatchObject({ storage, category, governorate: COOL });
    });

    it('hot cooked food: 4 hours after it was prepared', async () => {
      const prepared = new Date(Date.now() - 30 * MINUTE);
      const response = await add({ category: 'cooked_meal', storage: 'hot', prepared_at: prepared.toISOString(), pickup_point_id: points['EG-C'] });
      expect(response.status).toBe(201);
      expect(response.body.safe_until).toBe(new Date(prepared.getTime() + 4 * HOUR).toISOString());
      expect(response.body.prepared_at).toBe(prepared.toISOString());
    });

    it('never later than the end of its date, whatever the storage rule, at any hour the test runs', async () => {
      // Listed at given moments (FoodService.add takes the moment of listing): in the morning the 4 hours
      // end first; at 22:00 in Cairo (20:00 UTC in November) the end of the date, midnight, comes first.
      const hotFoodListedAt = async (listedAt: string) => {
        const now = new Date(listedAt);
        const prepared = new Date(now.getTime() - 10 * MINUTE);
        const body = { ...base, expiration_date: cairoDate(now), category: 'cooked_meal', storage: 'hot', prepared_at: prepared, pickup_point_id: points[COOL] } as const;
        return t.app.get(FoodService).add(await asAdminOf(t, donor.id), body, now);
      };
      expect((await hotFoodListedAt('2026-11-24T08:00:00Z')).safe_until).toBe('2026-11-24T11:50:00.000Z');
      expect((await hotFoodListedAt('2026-11-24T20:00:00Z')).safe_until).toBe('2026-11-24T22:00:00.000Z');
    });

    it('cooked food at room temperature: 2 hours after it was prepared in a cool month and governorate', async () => {
      expect(normalHighC(COOL, new Date())).toBeLessThan(HOT_DAY_CELSIUS);
      const prepared = new Date(Date.now() - 20 * MINUTE);
      const response = await add({ category: 'cooked_meal', storage: 'ambient', prepared_at: prepared.toISOString(), pickup_point_id: points[COOL] });
      expect(response.status).toBe(201);
      expect(response.body.safe_until).toBe(new Date(prepared.getTime() + 2 * HOUR).toISOString());
    });

    it('dairy left at room temperature: 2 hours from listing', async () => {
      const before = Date.now();
      const response = await add({ category: 'dairy', storage: 'ambient', pickup_point_id: points[COOL] });
      expect(response.status).toBe(201);
      const safe = Date.parse(response.body.safe_until);
      expect(safe).toBeGreaterThanOrEqual(before + 2 * HOUR);
      expect(safe).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    });

    it("without a pickup point, the hottest governorate's normal decides (errs on the safe side)", async () => {
      const other = await createDonor(t.http);
      const hottest = Math.max(...GOVERNORATE_CODES.map((code) => normalHighC(code, new Date())));
      const prepared = new Date(Date.now() - 5 * MINUTE);
      const response = await add({ category: 'cooked_meal', storage: 'ambient', prepared_at: prepared.toISOString() }, other);
      expect(response.status).toBe(201);
      const hours = hottest >= HOT_DAY_CELSIUS ? 1 : 2;
      expect(response.body.safe_until).toBe(new Date(prepared.getTime() + hours * HOUR).toISOString());
    });

    it("a governorate's hot monthly normal gives 1 hour, a cool one 2, whichever month the test runs in", async () => {
      // Listed on given days (FoodService.add takes the moment of listing), so the season is the test's
      // choice: Aswan's July normal is about 41 °C, its January one about 23 °C, Alexandria's July one 31 °C.
      const listIn = async (governorate: string, listedAt: string) => {
        const now = new Date(listedAt);
        const prepared = new Date(now.getTime() - 5 * MINUTE);
        const body = { ...base, expiration_date: cairoDate(now), category: 'cooked_meal', storage: 'ambient', prepared_at: prepared, pickup_point_id: points[governorate] } as const;
        const item = await t.app.get(FoodService).add(await asAdminOf(t, donor.id), body, now);
        return (Date.parse(item.safe_until) - prepared.getTime()) / HOUR;
      };
      expect(await listIn('EG-ASN', '2026-07-15T09:00:00Z')).toBe(1);
      expect(await listIn('EG-ASN', '2026-01-15T09:00:00Z')).toBe(2);
      expect(await listIn(COOL, '2026-07-15T09:00:00Z')).toBe(2);
    });

    it("an operator's heat override of 32 °C or more gives 1 hour; removing it gives 2 hours again", async () => {
      const prepared = new Date(Date.now() - 5 * MINUTE);
      const override = { governorate: COOL, date: cairoDate(prepared), high_c: 38.5 };
      const put = await t.http.put('/api/ops/heat-overrides', override, { token: operatorToken });
      expect(put).toMatchObject({ status: 200, body: override });
      expect((await t.http.get('/api/ops/heat-overrides', { token: operatorToken })).body).toEqual([override]);
      const cooked = { category: 'cooked_meal', storage: 'ambient', prepared_at: prepared.toISOString(), pickup_point_id: points[COOL] };
      const hot = await add(cooked);
      expect(hot.status).toBe(201);
      expect(hot.body.safe_until).toBe(new Date(prepared.getTime() + HOUR).toISOString());
      // Chilled food does not care.
      const chilled = await add({ category: 'dairy', storage: 'chilled', pickup_point_id: points[COOL] });
      expect(chilled.body.safe_until).toBe(endOfCairoDay(cairoDateIn(1)).toISOString());
      // Another governorate is not affected.
      const cairo = await add({ ...cooked, pickup_point_id: points['EG-C'] });
      const cairoHours = normalHighC('EG-C', prepared) >= HOT_DAY_CELSIUS ? 1 : 2;
      expect(cairo.body.safe_until).toBe(new Date(prepared.getTime() + cairoHours * HOUR).toISOString());

      // A high under 32 °C keeps the 2-hour rule.
      await t.http.put('/api/ops/heat-overrides', { ...override, high_c: 31.9 }, { token: operatorToken });
      expect((await add(cooked)).body.safe_until).toBe(new Date(prepared.getTime() + 2 * HOUR).toISOString());
      await t.http.put('/api/ops/heat-overrides', override, { token: operatorToken });
      const removed = await t.http.delete(`/api/ops/heat-overrides?governorate=${COOL}&date=${override.date}`, { token: operatorToken });
      expect(removed).toMatchObject({ status: 200, body: { message: 'Heat override removed' } });
      expect((await add(cooked)).body.safe_until).toBe(new Date(prepared.getTime() + 2 * HOUR).toISOString());
      expect((await t.http.get('/api/ops/heat-overrides', { token: operatorToken })).body).toEqual([]);
    });

    it('heat overrides: operators only, validated, removable by query or body', async () => {
      const body = { governorate: 'EG-LX', date: '2026-07-14', high_c: 44 };
      expect((await t.http.get('/api/ops/heat-overrides')).status).toBe(401);
      expect((await t.http.put('/api/ops/heat-overrides', body, { token: donor.token })).status).toBe(403);
      expect((await t.http.get('/api/ops/heat-overrides', { token: donor.token })).status).toBe(403);
      for (const [bad, field] of [
        [{ governorate: 'EG-XX' }, 'governorate'],
        [{ date: '2026-02-30' }, 'date'],
        [{ date: '14/07/2026' }, 'date'],
        [{ high_c: 61 }, 'high_c'],
        [{ high_c: '44' }, 'high_c'],
      ] as const) {
        const response = await t.http.put('/api/ops/heat-overrides', { ...body, ...bad }, { token: operatorToken });
        expect({ bad, status: response.status, named: response.body.message.some((line: string) => line.startsWith(`${field} `)) }).toEqual({
          bad,
          status: 400,
          named: true,
        });
      }
      expect((await t.http.put('/api/ops/heat-overrides', body, { token: operatorToken })).status).toBe(200);
      expect((await t.http.put('/api/ops/heat-overrides', { ...body, high_c: 45 }, { token: operatorToken })).body.high_c).toBe(45);
      const missing = await t.http.delete('/api/ops/heat-overrides?governorate=EG-LX', { token: operatorToken });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toEqual(['date must be a date written YYYY-MM-DD']);
      expect((await t.http.request('DELETE', '/api/ops/heat-overrides', { body: { governorate: 'EG-LX', date: body.date }, token: operatorToken })).status).toBe(200);
      const again = await t.http.request('DELETE', '/api/ops/heat-overrides', { body: { governorate: 'EG-LX', date: body.date }, token: operatorToken });
      expect(again).toMatchObject({ status: 404, body: { message: ERRORS.heatOverrideNotFound } });
    });
  });

  describe('the pickup window', () => {
    const hot = () => ({ category: 'cooked_meal', storage: 'hot', prepared_at: at(-30 * MINUTE), pickup_point_id: points['EG-C'] });

    it('is stored and shown as given, when it ends by safe_until and lasts at least 30 minutes', async () => {
      const from = at(10 * MINUTE);
      const until = at(3 * HOUR);
      const response = await add({ ...hot(), pickup_from: from, pickup_until: until });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ pickup_from: from, pickup_until: until });
      const shown = await t.http.get(`/api/food/${response.body.id}`);
      expect(shown.body).toMatchObject({ pickup_from: from, pickup_until: until, safe_until: response.body.safe_until });
    });

    it('must end by safe_until (400 naming pickup_until)', async () => {
      const response = await add({ ...hot(), pickup_from: at(0), pickup_until: at(4 * HOUR) });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([expect.stringMatching(/^pickup_until must not be after safe_until \(/)]);
    });

    it.each([
      [{ pickup_from: at(10 * MINUTE), pickup_until: at(30 * MINUTE) }, 'pickup_until must leave at least 30 minutes'],
      [{ pickup_from: at(2 * HOUR), pickup_until: at(1 * HOUR) }, 'pickup_until must be after pickup_from'],
      [{ pickup_from: at(-2 * HOUR), pickup_until: at(1 * HOUR) }, 'pickup_from must not be in the past'],
      [{ pickup_from: at(-3 * HOUR), pickup_until: at(-2 * HOUR) }, 'pickup_until must be in the future'],
      [{ pickup_from: at(HOUR) }, 'pickup_until is required with pickup_from'],
      [{ pickup_until: at(HOUR) }, 'pickup_from is required with pickup_until'],
    ])('refuses %j: %s', async (window, message) => {
      const response = await add({ ...hot(), ...window });
      expect(response.status).toBe(400);
      expect(response.body.message.some((line: string) => line.startsWith(message))).toBe(true);
    });

    it('without a window, the food must stay safe for 30 minutes more (400 naming expiration_date)', async () => {
      const response = await add({ category: 'cooked_meal', storage: 'ambient', prepared_at: at(-110 * MINUTE), pickup_point_id: points[COOL] });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([expect.stringMatching(/^expiration_date leaves less than 30 minutes before the food stops being safe/)]);
    });
  });

  describe('PATCH /api/food/{id}', () => {
    it('merges the edit, computes safe_until again, and records food.updated with the new public view', async () => {
      const item = (await add({ category: 'cooked_meal', storage: 'ambient', prepared_at: at(-20 * MINUTE), pickup_point_id: points[COOL] })).body;
      const edited = await patch(item.id, { storage: 'hot', quantity: 12, allergens: ['gluten', 'sesame'], weight_kg: 4.256 });
      expect(edited.status).toBe(200);
      expect(edited.body).toEqual({
        ...item,
        storage: 'hot',
        quantity: 12,
        quantity_left: 12,
        allergens: ['gluten', 'sesame'],
        weight_kg: 4.26,
        safe_until: new Date(Date.parse(item.prepared_at) + 4 * HOUR).toISOString(),
      });
      const [updated] = await events('food.updated', item.id);
      const { user_id: _u, pickup_point_id: _p, prepared_at: _a, offer_stage: _s, offer_open_at: _o, offer_partner_ids: _i, ...publicView } = edited.body;
      expect(updated).toEqual({ data: { foodId: item.id, food: publicView }, recipients: [donor.id] });
      expect((await t.http.get(`/api/food/${item.id}`)).body).toEqual(publicView);
    });

    it('moves the item to another of the donor\'s points, clears fields with null, and keeps what it leaves out', async () => {
      const item = (await add({ category: 'bakery', unit: 'tray', weight_kg: 3, pickup_from: at(HOUR), pickup_until: at(3 * HOUR), pickup_point_id: points[COOL] })).body;
      const moved = await patch(item.id, { pickup_point_id: points['EG-ASN'], pickup_from: null, pickup_until: null });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ governorate: 'EG-ASN', pickup_point_id: points['EG-ASN'], pickup_from: null, pickup_until: null, unit: 'tray', weight_kg: 3 });
      const unplaced = await patch(item.id, { pickup_point_id: null });
      expect(unplaced.body).toMatchObject({ governorate: null, area: null, pickup_point_id: null });
      const other = await createDonor(t.http);
      const foreign = await t.http.post('/api/pickup-points', pointBody(), { token: other.token });
      expect(await patch(item.id, { pickup_point_id: foreign.body.id })).toMatchObject({ status: 400, body: { message: [ERRORS.pickupPointNotOwn] } });
    });

    it('applies the rules to the merged listing (400 naming the field)', async () => {
      const bakery = (await add({ category: 'bakery', pickup_point_id: points[COOL] })).body;
      const cases: [Record<string, unknown>, string][] = [
        [{ category: 'cooked_meal' }, 'prepared_at is required for cooked_meal'],
        [{ storage: 'hot' }, 'storage may be hot only for cooked_meal'],
        [{ unit: 'item' }, 'weight_kg is required when the unit is item'],
        [{ pickup_from: at(HOUR) }, 'pickup_until is required with pickup_from'],
        [{ pickup_from: at(HOUR), pickup_until: at(HOUR + 10 * MINUTE) }, 'pickup_until must leave at least 30 minutes'],
        [{ expiration_date: '9999-12-31' }, 'expiration_date must not be more than 365 days ahead'],
        [{ weight_kg: 0 }, 'weight_kg must be more than 0'],
        [{ category: 'pastry' }, 'category must be one of'],
        [{}, 'must change at least one field'],
      ];
      for (const [body, message] of cases) {
        const response = await patch(bakery.id, body);
        expect({ body, status: response.status, named: response.body.message.some((line: string) => line.startsWith(message)) }).toEqual({
          body,
          status: 400,
          named: true,
        });
      }
      expect((await t.http.get(`/api/food/${bakery.id}`)).body).toMatchObject({ category: 'bakery', storage: 'ambient', unit: 'portion' });
      // The window checked against the new safe time: shortened by making it cooked at room temperature.
      const windowed = (await add({ category: 'bakery', pickup_from: at(HOUR), pickup_until: at(5 * HOUR), pickup_point_id: points[COOL] })).body;
      const tooLong = await patch(windowed.id, { category: 'cooked_meal', prepared_at: at(-10 * MINUTE) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toEqual([expect.stringMatching(/^pickup_until must not be after safe_until/)]);
    });

    it('is for the donor of an available item only: 401, 403, 404, 409 once claimed or withdrawn', async () => {
      const item = await addFood(t.http, donor);
      const other = await createDonor(t.http);
      const charity = await createCharity(t.http);
      expect((await t.http.request('PATCH', `/api/food/${item.id}`, { body: { quantity: 2 } })).status).toBe(401);
      expect((await patch(item.id, { quantity: 2 }, charity)).status).toBe(403);
      expect(await patch(item.id, { quantity: 2 }, other)).toMatchObject({ status: 403, body: { message: ERRORS.foodOfAnotherDonor } });
      expect((await patch(2_000_000_000, { quantity: 2 })).status).toBe(404);
      expect((await patch(0, { quantity: 2 })).status).toBe(400);
      await requestPickup(t.http, charity, item.id);
      expect(await patch(item.id, { quantity: 2 })).toMatchObject({ status: 409, body: { message: ERRORS.foodNotEditable('claimed') } });
      const withdrawn = await addFood(t.http, donor);
      await t.http.delete(`/api/food/${withdrawn.id}`, { token: donor.token });
      expect(await patch(withdrawn.id, { quantity: 2 })).toMatchObject({ status: 409, body: { message: ERRORS.foodNotEditable('withdrawn') } });
      const [{ quantity }] = await t.db.query('SELECT quantity FROM food_items WHERE id = $1', [item.id]);
      expect(quantity).toBe(10);
    });
  });

  describe('DELETE /api/food/{id} (withdraw)', () => {
    it('takes an available item off the board and records food.withdrawn with its governorate', async () => {
      const item = (await add({ pickup_point_id: points['EG-C'] })).body;
      expect((await t.http.get('/api/available')).body.map((food: { id: number }) => food.id)).toContain(item.id);
      const response = await t.http.delete(`/api/food/${item.id}`, { token: donor.token });
      expect(response).toMatchObject({ status: 200, body: { message: 'Food item withdrawn' } });
      expect((await t.http.get(`/api/food/${item.id}`)).body.status).toBe('withdrawn');
      expect((await t.http.get('/api/available')).body.map((food: { id: number }) => food.id)).not.toContain(item.id);
      expect(await events('food.withdrawn', item.id)).toEqual([
        { data: { foodId: item.id, requestId: null, governorate: 'EG-C' }, recipients: [donor.id] },
      ]);
      expect(await t.http.delete(`/api/food/${item.id}`, { token: donor.token })).toMatchObject({
        status: 409,
        body: { message: ERRORS.foodNotWithdrawable('withdrawn') },
      });
    });

    it('ends the pending claim of a claimed item (request withdrawn, ended now) and tells its charity', async () => {
      const charity = await createCharity(t.http);
      const item = (await add({ pickup_point_id: points[COOL] })).body;
      const requestId = await requestPickup(t.http, charity, item.id);
      const [{ active_claims: before }] = await t.db.query('SELECT active_claims FROM charities WHERE user_id = $1', [charity.id]);
      const response = await t.http.delete(`/api/food/${item.id}`, { token: donor.token });
      expect(response.status).toBe(200);
      const [request] = await t.db.query(
        `SELECT status::text AS status, ended_at > now() - interval '1 minute' AS ended_now FROM pickup_requests WHERE id = $1`,
        [requestId],
      );
      expect(request).toEqual({ status: 'withdrawn', ended_now: true });
      const [{ active_claims: after }] = await t.db.query('SELECT active_claims FROM charities WHERE user_id = $1', [charity.id]);
      expect(after).toBe(before - 1);
      expect((await t.http.get(`/requeststatus/${requestId}`, { token: charity.token })).body).toEqual({ status: 'withdrawn' });
      expect(await events('food.withdrawn', item.id)).toEqual([
        { data: { foodId: item.id, requestId, requestIds: [requestId], governorate: COOL }, recipients: [donor.id, charity.id] },
      ]);
      // The donor's list shows no claim holding it any more.
      const mine = (await t.http.get(`/api/donor/${donor.id}`, { token: donor.token })).body.find((food: { id: number }) => food.id === item.id);
      expect(mine).toMatchObject({ status: 'withdrawn', request: null });
    });

    it('refuses fulfilled and expired items (409), other donors (403), unknown items (404)', async () => {
      const charity = await createCharity(t.http);
      const other = await createDonor(t.http);
      const fulfilled = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, fulfilled.id);
      await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
      expect(await t.http.delete(`/api/food/${fulfilled.id}`, { token: donor.token })).toMatchObject({
        status: 409,
        body: { message: ERRORS.foodNotWithdrawable('fulfilled') },
      });
      const expired = await addFood(t.http, donor);
      await t.db.query(`UPDATE food_items SET safe_until = now() - interval '1 second' WHERE id = $1`, [expired.id]);
      expect(await t.http.delete(`/api/food/${expired.id}`, { token: donor.token })).toMatchObject({
        status: 409,
        body: { message: ERRORS.foodNotWithdrawable('expired') },
      });
      const mine = await addFood(t.http, donor);
      expect(await t.http.delete(`/api/food/${mine.id}`, { token: other.token })).toMatchObject({ status: 403, body: { message: ERRORS.foodOfAnotherDonor } });
      expect((await t.http.delete(`/api/food/${mine.id}`, { token: charity.token })).status).toBe(403);
      expect((await t.http.delete(`/api/food/${mine.id}`)).status).toBe(401);
      expect((await t.http.delete('/api/food/2000000000', { token: donor.token })).status).toBe(404);
      expect((await t.http.get(`/api/food/${mine.id}`)).body.status).toBe('available');
    });
  });

  describe('expiry by safe time', () => {
    it('reports an item past its safe time as expired at once, and the job marks it with food.expired and its governorate', async () => {
      const item = (await add({ pickup_point_id: points['EG-ASN'] })).body;
      await t.db.query(`UPDATE food_items SET safe_until = now() - interval '1 second' WHERE id = $1`, [item.id]);
      expect((await t.http.get(`/api/food/${item.id}`)).body.status).toBe('expired');
      expect((await t.http.get('/api/available')).body.map((food: { id: number }) => food.id)).not.toContain(item.id);
      expect(await t.app.get(FoodService).expireUnsafe()).toBeGreaterThanOrEqual(1);
      const [{ status }] = await t.db.query('SELECT status::text AS status FROM food_items WHERE id = $1', [item.id]);
      expect(status).toBe('expired');
      expect(await events('food.expired', item.id)).toEqual([{ data: { foodId: item.id, governorate: 'EG-ASN' }, recipients: [donor.id] }]);
    });

    it('the maintenance job runs on its schedule (EXPIRY_CHECK_MS) and expires by safe_until', async () => {
      const fast = await startTestApp({ EXPIRY_CHECK_MS: '1000' });
      try {
        const owner = await createDonor(fast.http);
        const item = await addFood(fast.http, owner);
        const fresh = await addFood(fast.http, owner);
        await fast.db.query(`UPDATE food_items SET safe_until = now() + interval '2 seconds' WHERE id = $1`, [item.id]);
        const deadline = Date.now() + 15_000;
        for (;;) {
          const [row] = await fast.db.query('SELECT status::text AS status FROM food_items WHERE id = $1', [item.id]);
          if (row.status === 'expired') break;
          if (Date.now() > deadline) throw new Error('the expiry job did not expire the item');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const [other] = await fast.db.query('SELECT status::text AS status FROM food_items WHERE id = $1', [fresh.id]);
        expect(other.status).toBe('available');
      } finally {
        await fast.close();
      }
    });
  });

  it("the donor's list shows the claiming charity's reliability (90 days) and what it reported receiving", async () => {
    const owner = await createDonor(t.http);
    const charity = await createCharity(t.http);
    // Its history: two fulfilled, one not collected, one late cancellation (arranged in the database).
    for (const status of ['fulfilled', 'fulfilled', 'not_collected', 'cancelled']) {
      const item = await addFood(t.http, owner);
      const requestId = await requestPickup(t.http, charity, item.id);
      await t.db.query(
        `UPDATE pickup_requests SET status = $2::request_status, ended_at = now(), late_cancellation = ($2 = 'cancelled') WHERE id = $1`,
        [requestId, status],
      );
      if (status === 'fulfilled') {
        await t.db.query(
          `UPDATE pickup_requests SET received_quantity = 9, received_weight_kg = 2.5, received_comment = 'One box short', received_at = now() WHERE id = $1`,
          [requestId],
        );
      }
    }
    const held = await addFood(t.http, owner, { food_name: 'Held' });
    const heldRequest = await requestPickup(t.http, charity, held.id);
    const list = (await t.http.get(`/api/donor/${owner.id}`, { token: owner.token })).body;
    const reliability = { completed: 2, no_shows: 1, late_cancellations: 1, score: 0.57 };
    expect(list.find((item: { id: number }) => item.id === held.id).request).toEqual({
      request_id: heldRequest,
      status: 'pending',
      quantity: 10,
      name: charity.name,
      email: charity.email,
      charity_user_id: charity.id,
      charity_verified: false,
      // The charity's phone, for a pending or fulfilled claim (issue 29): this charity has given none.
      charity_phone: null,
      reliability,
      received: null,
    });
    const fulfilled = list.filter((item: { request: { status: string } | null }) => item.request?.status === 'fulfilled');
    expect(fulfilled).toHaveLength(2);
    for (const item of fulfilled) {
      expect(item.request.received).toEqual({ received_quantity: 9, received_weight_kg: 2.5, comment: 'One box short', received_at: expect.any(String) });
      expect(item.request.reliability).toEqual(reliability);
    }
    // Not collected and cancelled requests hold nothing.
    expect(list.filter((item: { request: unknown }) => item.request === null)).toHaveLength(2);
  });

  it('a spec-only listing still works: portions of other food, ambient, safe until the end of its date', async () => {
    const other = await createDonor(t.http);
    const response = await t.http.post('/api/add', base, { token: other.token });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      ...base,
      status: 'available',
      unit: 'portion',
      category: 'other',
      storage: 'ambient',
      allergens: [],
      weight_kg: null,
      safe_until: endOfCairoDay(base.expiration_date).toISOString(),
    });
  });
});
