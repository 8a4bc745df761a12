import { endOfCairoDay } from '@food-link/contracts';
import { addFood, cairoDateIn, createCharity, listableDay, createDonor, requestPickup, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

describe('food: listing, the donor list, the available board and details', () => {
  let t: TestApp;
  let donor: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    donor = await createDonor(t.http);
  });
  afterAll(() => t.close());

  /** An item whose date passed without the expiry job having marked it yet. */
  async function pastDateItem(owner: TestUser, status: 'available' | 'expired' = 'available'): Promise<number> {
    const [row] = await t.db.query(
      `INSERT INTO food_items (donor_id, food_name, quantity, description, expiration_date, status, safe_until)
       VALUES ($1, 'Old bread', 5, 'Yesterday''s bake', $2, $3, $4) RETURNING id`,
      [owner.id, cairoDateIn(-1), status, endOfCairoDay(cairoDateIn(-1))],
    );
    return row.id;
  }

  describe('POST /api/add', () => {
    it('lists food for the donor and returns the new item', async () => {
      // Today, or tomorrow in Cairo's last half hour (a listing stays safe for 30 minutes at least).
      const day = listableDay();
      const response = await t.http.post(
        '/api/add',
        { food_name: '  Mahshi  ', quantity: 12, description: 'Stuffed vine leaves', expiration_date: day },
        { token: donor.token, bareToken: true },
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        food_id: response.body.id,
        food_name: 'Mahshi',
        quantity: 12,
        quantity_left: 12,
        description: 'Stuffed vine leaves',
        expiration_date: day,
        status: 'available',
        user_id: donor.id,
        // Without the new fields: no pickup point (the donor has none), portions of `other` food kept
        // ambient, safe until the end of its date in Cairo.
        governorate: null,
        area: null,
        pickup_point_id: null,
        pickup_from: null,
        pickup_until: null,
        safe_until: endOfCairoDay(day).toISOString(),
        category: 'other',
        storage: 'ambient',
        prepared_at: null,
        unit: 'portion',
        weight_kg: null,
        allergens: [],
        // A donor without partner charities: on the open board at once (the offer cascade).
        offer_stage: 'open',
        offer_open_at: null,
        offer_partner_ids: [],
        photo_urls: [],
        thumbnail_urls: [],
      });
    });

    it.each([
      [{ quantity: 0 }, 'quantity must be a positive number'],
      [{ quantity: -3 }, 'quantity must be a positive number'],
      [{ quantity: 1.5 }, 'quantity must be a whole number of portions'],
      [{ quantity: '7' }, 'quantity must be a whole number of portions'],
      [{ quantity: 100001 }, 'quantity must not exceed 100000'],
      [{ food_name: '' }, 'food_name should not be empty'],
      [{ description: '   ' }, 'description should not be empty'],
      [{ expiration_date: '2026-02-30' }, 'expiration_date must be a date written YYYY-MM-DD'],
      [{ expiration_date: '22/11/2026' }, 'expiration_date must be a date written YYYY-MM-DD'],
      [{ expiration_date: cairoDateIn(-1) }, 'expiration_date must not be in the past'],
    ])('refuses %j with 400: %s', async (override, message) => {
      const body = { food_name: 'Rice', quantity: 3, description: 'Boxes', expiration_date: cairoDateIn(1), ...override };
      const response = await t.http.post('/api/add', body, { token: donor.token });
      expect(response.status).toBe(400);
      expect(response.body.message.some((line: string) => line.startsWith(message))).toBe(true);
    });

    it('names every missing field at once', async () => {
      const response = await t.http.post('/api/add', {}, { token: donor.token });
      expect(response.status).toBe(400);
      for (const field of ['food_name', 'quantity', 'description', 'expiration_date']) {
        expect(response.body.message.some((line: string) => line.startsWith(field))).toBe(true);
      }
    });

    it('needs a donor: 401 without a token, 403 for a charity', async () => {
      const charity = await createCharity(t.http);
      const body = { food_name: 'Rice', quantity: 3, description: 'Boxes', expiration_date: cairoDateIn(1) };
      expect((await t.http.post('/api/add', body)).status).toBe(401);
      expect((await t.http.post('/api/add', body, { token: charity.token })).status).toBe(403);
    });
  });

  describe('GET /api/donor/{userId}', () => {
    it("lists the donor's items newest first, with the claiming charity and request for claimed ones", async () => {
      const owner = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const first = await addFood(t.http, owner, { food_name: 'First' });
      const second = await addFood(t.http, owner, { food_name: 'Second' });
      const requestId = await requestPickup(t.http, charity, first.id);

      const response = await t.http.get(`/api/donor/${owner.id}`, { token: owner.token });
      expect(response.status).toBe(200);
      expect(response.body.map((item: { food_name: string }) => item.food_name)).toEqual(['Second', 'First']);
      const { request: _none, claims: secondClaims, created_at: _created, photo_count: secondPhotos, hidden_reason: _hidden, listed_by: listedBy, ...secondView } = response.body[0];
      expect(secondClaims).toEqual([]);
      expect(secondView).toEqual(second);
      expect(response.body[0]).toMatchObject({ request: null, photo_count: 0, created_at: expect.any(String), hidden_reason: null });
      // The member who listed it (issue 26): the donor's own account here.
      expect(listedBy).toEqual({ user_id: owner.id, name: owner.name });
      expect(secondPhotos).toBe(0);
      expect(response.body[1]).toMatchObject({
        id: first.id,
        food_id: first.id,
        status: 'claimed',
        photo_count: 0,
        request: {
          request_id: requestId,
          status: 'pending',
          name: charity.name,
          email: charity.email,
          charity_user_id: charity.id,
          reliability: { completed: 0, no_shows: 0, late_cancellations: 0, score: null },
          received: null,
        },
      });
      expect(Object.keys(response.body[1].request).sort()).toEqual(
        ['charity_phone', 'charity_user_id', 'charity_verified', 'email', 'name', 'quantity', 'received', 'reliability', 'request_id', 'status'].sort(),
      );
    });

    it('shows an unmarked past-date item as expired', async () => {
      const owner = await createDonor(t.http);
      const id = await pastDateItem(owner);
      const response = await t.http.get(`/api/donor/${owner.id}`, { token: owner.token });
      expect(response.body).toEqual([expect.objectContaining({ id, status: 'expired' })]);
    });
  });

  describe('GET /api/available', () => {
    it('lists only available, unexpired items, soonest expiry first, without owner details', async () => {
      const owner = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const later = await addFood(t.http, owner, { expiration_date: cairoDateIn(5) });
      const today = await addFood(t.http, owner, { expiration_date: listableDay() });
      const claimed = await addFood(t.http, owner, { expiration_date: cairoDateIn(1) });
      await requestPickup(t.http, charity, claimed.id);
      const pastAvailable = await pastDateItem(owner, 'available');
      const markedExpired = await pastDateItem(owner, 'expired');

      const response = await t.http.get('/api/available');
      expect(response.status).toBe(200);
      const ids = response.body.map((item: { id: number }) => item.id);
      expect(ids).toEqual(expect.arrayContaining([later.id, today.id]));
      expect(ids.indexOf(today.id)).toBeLessThan(ids.indexOf(later.id));
      for (const hidden of [claimed.id, pastAvailable, markedExpired]) expect(ids).not.toContain(hidden);
      for (const item of response.body) {
        expect(Object.keys(item).sort()).toEqual(
          [
            'description',
            'expiration_date',
            'food_id',
            'food_name',
            'id',
            'quantity',
            'quantity_left',
            'status',
            'governorate',
            'area',
            'pickup_from',
            'pickup_until',
            'safe_until',
            'category',
            'storage',
            'unit',
            'weight_kg',
            'allergens',
            'photo_urls',
            'thumbnail_urls',
          ].sort(),
        );
        expect(item.status).toBe('available');
      }
    });

    it('pages with limit and offset, and names a bad one', async () => {
      const all = (await t.http.get('/api/available')).body;
      expect(all.length).toBeGreaterThan(2);
      const page = await t.http.get('/api/available?limit=2&offset=1');
      expect(page.body).toEqual(all.slice(1, 3));
      for (const query of ['limit=0', 'limit=abc', 'limit=100000', 'offset=-1']) {
        const response = await t.http.get(`/api/available?${query}`);
        expect(response.status).toBe(400);
        expect(response.body.message[0]).toMatch(/^(limit|offset) /);
      }
    });
  });

  describe('GET /api/food/{id} and GET /api/userID/{foodId}', () => {
    it('shows the public view of an item to anyone', async () => {
      const item = await addFood(t.http, donor, { food_name: 'Molokhia' });
      const response = await t.http.get(`/api/food/${item.id}`);
      expect(response.status).toBe(200);
      const { user_id: _owner, pickup_point_id: _point, prepared_at: _prepared, offer_stage: _s, offer_open_at: _o, offer_partner_ids: _i, ...publicView } = item;
      expect(response.body).toEqual(publicView);
    });

    it("gives a signed-in user the item's donor id", async () => {
      const item = await addFood(t.http, donor);
      const charity = await createCharity(t.http);
      const response = await t.http.get(`/api/userID/${item.id}`, { token: charity.token });
      expect(response).toMatchObject({ status: 200, body: { user_id: donor.id } });
      expect((await t.http.get(`/api/userID/${item.id}`)).status).toBe(401);
    });

    it('answers 404 for an unknown item and 400 for a malformed id', async () => {
      expect((await t.http.get('/api/food/99999999')).status).toBe(404);
      expect((await t.http.get('/api/userID/99999999', { token: donor.token })).status).toBe(404);
      const malformed = await t.http.get('/api/food/abc');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toEqual(['id must be a positive integer']);
    });
  });
});
