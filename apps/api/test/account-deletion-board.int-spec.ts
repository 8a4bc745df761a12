import { barrier } from './support/barrier';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, PASSWORD, requestPickup, type TestUser } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Deleting an account ends its claims through the claims owner's cancellation (HandoverService), as a
 * charity's own cancellation does (issue 25): the events carry the item's governorate, so a board that
 * watches one governorate hears them, and the item goes back on offer the way a release puts it back.
 */
describe('account deletion: the boards of a governorate hear it', () => {
  let t: TestApp;
  let giza: LiveClient;
  let cairo: LiveClient;

  beforeAll(async () => {
    t = await startTestApp();
    giza = await LiveClient.connect(t.baseUrl, undefined, ['board:EG-GZ']);
    cairo = await LiveClient.connect(t.baseUrl, undefined, ['board:EG-C']);
  });
  afterAll(async () => {
    giza.close();
    cairo.close();
    await t.close();
  });

  const deleteOwn = (user: TestUser) => t.http.post('/api/account/delete', { password: PASSWORD }, { token: user.token });

  /** A listing picked up in Giza. */
  async function gizaListing(donor: TestUser): Promise<number> {
    const point = await createPickupPoint(t.http, donor, { governorate: 'EG-GZ', area: 'Dokki' });
    const body = { food_name: 'Ful sandwiches', quantity: 20, description: 'Wrapped, still warm', expiration_date: cairoDateIn(2), pickup_point_id: point.id };
    const response = await t.http.post('/api/add', body, { token: donor.token });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  const board = async (governorate: string) =>
    ((await t.http.get(`/api/available?governorate=${governorate}`)).body as { id: number }[]).map((item) => item.id);

  it("sends request.cancelled to a socket watching board:EG-GZ when a charity with a pending claim on a Giza listing deletes its account, and the listing is back on that board", async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const foodId = await gizaListing(donor);
    const requestId = await requestPickup(t.http, charity, foodId);
    await giza.next('food.claimed', (e) => e.data.foodId === foodId);
    expect(await board('EG-GZ')).not.toContain(foodId);

    expect((await deleteOwn(charity)).status).toBe(200);

    const cancelled = await giza.next('request.cancelled', (e) => e.data.foodId === foodId);
    expect(cancelled.data).toEqual({ foodId, requestId, governorate: 'EG-GZ', quantityLeft: 20 });
    expect(await board('EG-GZ')).toContain(foodId);
    expect((await t.http.get(`/api/food/${foodId}`)).body).toMatchObject({ status: 'available', governorate: 'EG-GZ' });
    const [request] = await t.db.query(`SELECT status, ended_at FROM pickup_requests WHERE id = $1`, [requestId]);
    expect(request).toMatchObject({ status: 'cancelled', ended_at: expect.any(Date) });
    // Another governorate's board heard nothing of it.
    await barrier(t.env, [giza, cairo]);
    expect(cairo.received.filter((e) => (e.data as { foodId?: number }).foodId === foodId)).toEqual([]);
  });

  it('resets a pickup window that is over, as a release does, when the deleted charity held the claim', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const foodId = await gizaListing(donor);
    await requestPickup(t.http, charity, foodId);
    // Its window ended while the charity held the claim (handover.int-spec.ts sets windows the same way).
    await t.db.query(`UPDATE food_items SET pickup_from = now() - interval '1 hour', pickup_until = now() - interval '1 second' WHERE id = $1`, [foodId]);

    expect((await deleteOwn(charity)).status).toBe(200);

    const [item] = await t.db.query(`SELECT status, pickup_from, pickup_until FROM food_items WHERE id = $1`, [foodId]);
    expect(item).toEqual({ status: 'available', pickup_from: null, pickup_until: null });
    expect(await board('EG-GZ')).toContain(foodId);
  });

  it('sends food.expired to a socket watching board:EG-GZ when a donor with a Giza listing deletes its account', async () => {
    const donor = await createDonor(t.http);
    const foodId = await gizaListing(donor);
    await giza.next('food.listed', (e) => e.data.foodId === foodId);

    expect((await deleteOwn(donor)).status).toBe(200);

    const expired = await giza.next('food.expired', (e) => e.data.foodId === foodId);
    expect(expired.data).toEqual({ foodId, governorate: 'EG-GZ' });
    expect(await board('EG-GZ')).not.toContain(foodId);
  });
});
