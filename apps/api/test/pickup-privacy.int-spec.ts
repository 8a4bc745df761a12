import { barrier } from './support/barrier';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, requestPickup } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * docs/DOMAIN-RULES.md, "Places": the public sees a pickup point's governorate and area only. A full run (a point, listings,
 * the board with and without filters, a claim, an edit, withdrawals) is recorded as the public sees it:
 * every public answer and every event a socket watching `board` and `board:EG-C` receives. None may
 * carry the point's address, landmark, position, contact or phone.
 */
const SECRETS = {
  address: 'Zqx Privacy Lane 77',
  landmark: 'Behind the purple kiosk Vb9',
  contact: 'Ghalia Privacyperson',
  notes: 'Knock on window Qw7',
  lat: 30.051173,
  lng: 31.241197,
  phone: '010 9876 5432',
};
/** The phone's digits, however they might be written: local, national or E.164. */
const PHONE_DIGITS = ['1098765432', '98765432', '+20109876'];

describe('no pickup point detail reaches the public', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a full run: every public answer and board event is free of the address, landmark, position, contact and phone', async () => {
    const publicAnswers: string[] = [];
    const seen = async (path: string) => {
      const response = await t.http.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      publicAnswers.push(JSON.stringify(response.body));
      return response.body;
    };
    const watcher = await LiveClient.connect(t.baseUrl, undefined, ['board', 'board:EG-C']);
    const cairoOnly = await LiveClient.connect(t.baseUrl, undefined, ['board:EG-C']);
    try {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const point = await createPickupPoint(t.http, donor, {
        governorate: 'EG-C',
        area: 'Garden City',
        address_line: SECRETS.address,
        landmark: SECRETS.landmark,
        contact_name: SECRETS.contact,
        contact_phone: SECRETS.phone,
        notes: SECRETS.notes,
        lat: SECRETS.lat,
        lng: SECRETS.lng,
      });
      // The donor's own view has them (so the test would see them if they leaked).
      const own = JSON.stringify((await t.http.get('/api/pickup-points', { token: donor.token })).body);
      for (const secret of [SECRETS.address, SECRETS.landmark, SECRETS.contact, '+201098765432']) expect(own).toContain(secret);

      const list = async (food_name: string, extra: Record<string, unknown> = {}) => {
        const response = await t.http.post(
          '/api/add',
          { food_name, quantity: 6, description: 'Privacy run', expiration_date: cairoDateIn(2), pickup_point_id: point.id, ...extra },
          { token: donor.token },
        );
        expect(response.status).toBe(201);
        publicAnswers.push(JSON.stringify(response.body));
        return response.body.id as number;
      };
      const claimed = await list('Claimed meals', { category: 'cooked_meal', storage: 'hot', prepared_at: new Date(Date.now() - 600_000).toISOString() });
      const edited = await list('Edited bread', { category: 'bakery' });
      const withdrawn = await list('Withdrawn fruit', { category: 'produce', unit: 'kg' });
      const withdrawnClaimed = await list('Withdrawn after a claim');

      for (const query of [
        '',
        '?governorate=EG-C',
        '?category=bakery',
        '?storage=hot',
        '?window=now',
        '?window=today',
        `?near=${SECRETS.lat},${SECRETS.lng}`,
        `?near=30.0444,31.2357&governorate=EG-C&limit=10`,
      ]) {
        const items = await seen(`/api/available${query}`);
        expect(items.some((item: { id: number }) => [claimed, edited, withdrawn].includes(item.id)) || query.includes('category') || query.includes('storage')).toBe(true);
      }
      for (const id of [claimed, edited, withdrawn]) {
        const item = await seen(`/api/food/${id}`);
        expect(item).toMatchObject({ governorate: 'EG-C', area: 'Garden City' });
      }

      const requestId = await requestPickup(t.http, charity, claimed);
      await requestPickup(t.http, charity, withdrawnClaimed);
      const patch = await t.http.request('PATCH', `/api/food/${edited}`, { body: { quantity: 9, description: 'Edited' }, token: donor.token });
      expect(patch.status).toBe(200);
      publicAnswers.push(JSON.stringify(patch.body));
      expect((await t.http.delete(`/api/food/${withdrawn}`, { token: donor.token })).status).toBe(200);
      expect((await t.http.delete(`/api/food/${withdrawnClaimed}`, { token: donor.token })).status).toBe(200);
      for (const id of [claimed, edited, withdrawn, withdrawnClaimed]) await seen(`/api/food/${id}`);
      await seen('/api/available');
      await seen(`/api/available?near=${SECRETS.lat},${SECRETS.lng}&governorate=EG-C`);

      // Every kind of board event arrived, on both sockets, before looking at them.
      // (food.claimed reaches board:EG-C once the claim's event carries its governorate; `board` has it anyway.)
      await watcher.next('food.claimed', (e) => e.data.requestId === requestId);
      for (const client of [watcher, cairoOnly]) {
        await client.next('food.listed', (e) => e.data.foodId === withdrawnClaimed);
        await client.next('food.updated', (e) => e.data.foodId === edited);
        await client.next('food.withdrawn', (e) => e.data.foodId === withdrawn);
        await client.next('food.withdrawn', (e) => e.data.foodId === withdrawnClaimed);
      }
      await barrier(t.env, [watcher, cairoOnly]);
      const events = [...watcher.received, ...cairoOnly.received].map((envelope) => JSON.stringify(envelope));
      expect(events.length).toBeGreaterThanOrEqual(2 * 7);

      const everything = [...publicAnswers, ...events];
      const leaks: string[] = [];
      for (const text of everything) {
        for (const secret of [SECRETS.address, SECRETS.landmark, SECRETS.contact, SECRETS.notes, String(SECRETS.lat), String(SECRETS.lng), ...PHONE_DIGITS]) {
          if (text.includes(secret)) leaks.push(`${secret} in ${text.slice(0, 200)}`);
        }
        // No field named like the point's private ones either.
        for (const field of ['address_line', 'landmark', 'contact_phone', 'contact_name', '"lat"', '"lng"', '"notes"']) {
          if (text.includes(field)) leaks.push(`${field} in ${text.slice(0, 200)}`);
        }
      }
      expect(leaks).toEqual([]);
    } finally {
      watcher.close();
      cairoOnly.close();
    }
  });
});
