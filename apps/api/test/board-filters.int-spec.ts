import { distanceKm } from '@food-link/contracts';
import { cairoDateIn, createDonor, createPickupPoint, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Tahrir Square, Cairo: where the charity stands. */
const HERE = { lat: 30.0444, lng: 31.2357 };

describe('GET /api/available: the board a charity needs (filters, near, window)', () => {
  let t: TestApp;
  let donor: TestUser;
  const ids: Record<string, number> = {};
  const positions: Record<string, { lat: number; lng: number } | null> = {};

  beforeAll(async () => {
    t = await startTestApp();
    donor = await createDonor(t.http);
    // Another donor's earlier listing without a place, to sit among the results.
    const placeless = await createDonor(t.http);
    const places = {
      downtown: await createPickupPoint(t.http, donor, { governorate: 'EG-C', area: 'Downtown', lat: 30.0478, lng: 31.2386 }),
      zamalek: await createPickupPoint(t.http, donor, { governorate: 'EG-C', area: 'Zamalek', lat: 30.0609, lng: 31.2197 }),
      giza: await createPickupPoint(t.http, donor, { governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 }),
      alex: await createPickupPoint(t.http, donor, { governorate: 'EG-ALX', area: 'Anfushi', lat: 31.2027, lng: 29.8825 }),
      unmapped: await createPickupPoint(t.http, donor, { governorate: 'EG-C', area: 'Shubra', lat: null, lng: null }),
    };
    positions.downtown = { lat: 30.0478, lng: 31.2386 };
    positions.zamalek = { lat: 30.0609, lng: 31.2197 };
    positions.giza = { lat: 30.0385, lng: 31.2109 };
    positions.alex = { lat: 31.2027, lng: 29.8825 };
    positions.unmapped = null;
    const list = async (name: string, as: TestUser, body: Record<string, unknown>) => {
      const response = await t.http.post(
        '/api/add',
        { food_name: name, quantity: 5, description: 'For the board test', expiration_date: cairoDateIn(3), ...body },
        { token: as.token },
      );
      if (response.status !== 201) throw new Error(`${name}: ${JSON.stringify(response.body)}`);
      ids[name] = response.body.id;
    };
    await list('koshary', donor, {
      pickup_point_id: places.downtown.id,
      category: 'cooked_meal',
      storage: 'hot',
      prepared_at: at(-HOUR / 2),
      pickup_from: at(-5 * 60_000),
      pickup_until: at(2 * HOUR),
      expiration_date: cairoDateIn(1),
    });
    await list('bread', donor, { pickup_point_id: places.zamalek.id, category: 'bakery', unit: 'item', weight_kg: 4, expiration_date: cairoDateIn(2) });
    await list('yogurt', donor, { pickup_point_id: places.giza.id, category: 'dairy', storage: 'chilled', pickup_from: at(30 * HOUR), pickup_until: at(32 * HOUR) });
    await list('fish', donor, { pickup_point_id: places.alex.id, category: 'meat_fish', storage: 'frozen', expiration_date: cairoDateIn(1) });
    await list('dates', donor, { pickup_point_id: places.unmapped.id, category: 'produce', unit: 'kg' });
    await list('water', placeless, { category: 'beverages' });
  });
  afterAll(() => t.close());

  const board = async (query = '') => {
    const response = await t.http.get(`/api/available${query ? `?${query}` : ''}`);
    expect(response.status).toBe(200);
    return response.body as { id: number; governorate: string | null; distance_km?: number | null; category: string; storage: string }[];
  };
  const names = (items: { id: number }[]) => items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));

  it('keeps the default order (expiration date, then id) and leaves out distance_km', async () => {
    const all = await board();
    expect(names(all)).toEqual(['koshary', 'fish', 'bread', 'yogurt', 'dates', 'water']);
    for (const item of all) expect(item).not.toHaveProperty('distance_km');
  });

  it('filters by governorate, category and storage, together and with paging', async () => {
    expect(names(await board('governorate=EG-C'))).toEqual(['koshary', 'bread', 'dates']);
    expect(names(await board('governorate=EG-GZ'))).toEqual(['yogurt']);
    expect(names(await board('governorate=EG-LX'))).toEqual([]);
    expect(names(await board('category=dairy'))).toEqual(['yogurt']);
    expect(names(await board('storage=ambient'))).toEqual(['bread', 'dates', 'water']);
    expect(names(await board('storage=frozen&category=meat_fish'))).toEqual(['fish']);
    expect(names(await board('governorate=EG-C&storage=ambient'))).toEqual(['bread', 'dates']);
    expect(names(await board('governorate=EG-C&limit=1&offset=1'))).toEqual(['bread']);
    for (const item of await board('governorate=EG-C')) expect(item.governorate).toBe('EG-C');
  });

  it('near=lat,lng adds distance_km (haversine) and sorts nearest first, items without a position last', async () => {
    const near = await board(`near=${HERE.lat},${HERE.lng}`);
    const mapped = ['koshary', 'bread', 'yogurt', 'fish'];
    const placeOf: Record<string, string> = { koshary: 'downtown', bread: 'zamalek', yogurt: 'giza', fish: 'alex' };
    const expected = mapped
      .map((name) => ({ name, km: distanceKm(HERE, positions[placeOf[name]] as { lat: number; lng: number }) }))
      .sort((a, b) => a.km - b.km);
    expect(names(near)).toEqual([...expected.map((entry) => entry.name), 'dates', 'water']);
    for (const { name, km } of expected) {
      const item = near.find((entry) => entry.id === ids[name]);
      expect(item?.distance_km).toBeCloseTo(km, 1);
    }
    expect(near.find((entry) => entry.id === ids.dates)?.distance_km).toBeNull();
    expect(near.find((entry) => entry.id === ids.water)?.distance_km).toBeNull();
    // Alexandria is about 180 km from Tahrir.
    expect(near.find((entry) => entry.id === ids.fish)?.distance_km).toBeGreaterThan(150);
    // With a filter, and from elsewhere.
    expect(names(await board(`near=31.2,29.9&governorate=EG-C`))).toEqual(['bread', 'koshary', 'dates']);
    expect(names(await board('near=31.2,29.9'))[0]).toBe('fish');
  });

  it('window=now: collectible now; window=today: the window opens before midnight in Cairo', async () => {
    // yogurt's window opens in 30 hours; everything else has no window or one open now.
    expect(names(await board('window=now'))).toEqual(['koshary', 'fish', 'bread', 'dates', 'water']);
    expect(names(await board('window=today'))).toEqual(['koshary', 'fish', 'bread', 'dates', 'water']);
    expect(names(await board('window=today&category=dairy'))).toEqual([]);
  });

  it('a filtered board is as fresh as the plain one: a change shows on the next request', async () => {
    expect(names(await board('governorate=EG-GZ'))).toEqual(['yogurt']);
    const moved = await t.http.request('PATCH', `/api/food/${ids.bread}`, { body: { category: 'produce' }, token: donor.token });
    expect(moved.status).toBe(200);
    expect(names(await board('category=produce'))).toEqual(['bread', 'dates']);
    expect((await t.http.delete(`/api/food/${ids.yogurt}`, { token: donor.token })).status).toBe(200);
    expect(names(await board('governorate=EG-GZ'))).toEqual([]);
    expect(names(await board(`near=${HERE.lat},${HERE.lng}&governorate=EG-GZ`))).toEqual([]);
  });
});

describe('the board in time: an item leaves when its safe time passes, with no change in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A one-minute window lets a listing be safe for only a couple of minutes; the expiry job is kept
    // away, so nothing writes while the item runs out.
    t = await startTestApp({ MIN_PICKUP_WINDOW_MINUTES: '1', EXPIRY_CHECK_MS: '3600000' });
  });
  afterAll(() => t.close());

  it(
    'is gone from the plain and the filtered board by its safe_until, though nothing was written',
    async () => {
      const donor = await createDonor(t.http);
      await createPickupPoint(t.http, donor, { governorate: 'EG-C' });
      // Hot food prepared 3 h 58 min ago: safe for about two more minutes.
      const response = await t.http.post(
        '/api/add',
        { food_name: 'Last call', quantity: 2, description: 'Hot meals', expiration_date: cairoDateIn(1), category: 'cooked_meal', storage: 'hot', prepared_at: at(-4 * HOUR + 130_000) },
        { token: donor.token },
      );
      expect(response.status).toBe(201);
      const safeUntil = Date.parse(response.body.safe_until);
      const onBoard = async (query: string) =>
        ((await t.http.get(`/api/available${query}`)).body as { id: number }[]).some((item) => item.id === response.body.id);
      expect(await onBoard('')).toBe(true);
      expect(await onBoard('?governorate=EG-C')).toBe(true);
      const [{ count: before }] = await t.db.query('SELECT count(*)::int AS count FROM outbox_events');
      for (;;) {
        const plain = await onBoard('');
        const filtered = await onBoard('?governorate=EG-C');
        // Never shown after its safe time (the cache reads as of the next minute: up to a minute early).
        if (Date.now() >= safeUntil) {
          expect({ plain, filtered }).toEqual({ plain: false, filtered: false });
          break;
        }
        if (!plain && !filtered) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(Date.now()).toBeGreaterThanOrEqual(safeUntil - 61_000);
      expect(await onBoard('')).toBe(false);
      const [{ count: after }] = await t.db.query('SELECT count(*)::int AS count FROM outbox_events');
      expect(after).toBe(before);
      const [{ status }] = await t.db.query('SELECT status::text AS status FROM food_items WHERE id = $1', [response.body.id]);
      expect(status).toBe('available');
    },
    240_000,
  );
});
