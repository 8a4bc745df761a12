import { ERRORS, LIMITS } from '@food-link/contracts';
import { addFood, cairoDateIn, createCharity, createDonor, pickupPointBody, requestPickup, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

const pointBody = pickupPointBody;

describe('pickup points: GET/POST /api/pickup-points, PATCH/DELETE /api/pickup-points/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const create = (donor: TestUser, overrides: Record<string, unknown> = {}) =>
    t.http.post('/api/pickup-points', pointBody(overrides), { token: donor.token });
  const patch = (donor: TestUser, id: number, body: unknown) => t.http.request('PATCH', `/api/pickup-points/${id}`, { body, token: donor.token });
  const remove = (donor: TestUser, id: number) => t.http.delete(`/api/pickup-points/${id}`, { token: donor.token });
  const list = async (donor: TestUser) => (await t.http.get('/api/pickup-points', { token: donor.token })).body;
  const defaults = async (donor: TestUser) =>
    (await list(donor)).filter((point: { is_default: boolean }) => point.is_default).map((point: { id: number }) => point.id);

  it('creates a point, stores the phone as E.164, and makes the first one the default', async () => {
    const donor = await createDonor(t.http);
    const created = await create(donor, { contact_phone: '+20 (10) 1234-5678' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      label: 'Tahrir branch',
      governorate: 'EG-C',
      area: 'Downtown',
      address_line: '12 Talaat Harb Street',
      landmark: 'Next to the Al-Nour mosque',
      lat: 30.0478,
      lng: 31.2386,
      contact_name: 'Mona Adel',
      contact_phone: '+201012345678',
      notes: 'Ring twice',
      is_default: true,
      active_listings: 0,
    });
    const [stored] = await t.db.query('SELECT contact_phone FROM pickup_points WHERE id = $1', [created.body.id]);
    expect(stored.contact_phone).toBe('+201012345678');
    // Arabic digits and the 0020 prefix are read too; optional fields may be left out.
    const second = await create(donor, { contact_phone: '٠١٥٥٥٥٥٥٥٥٥', landmark: undefined, lat: undefined, lng: undefined, notes: undefined });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ contact_phone: '+201555555555', landmark: null, lat: null, lng: null, notes: null, is_default: false });
    expect(await list(donor)).toEqual([created.body, second.body]);
  });

  it('moves the default with is_default, on create and on edit, keeping exactly one', async () => {
    const donor = await createDonor(t.http);
    const first = (await create(donor)).body;
    const second = (await create(donor, { label: 'Giza', governorate: 'EG-GZ', is_default: true })).body;
    expect(second.is_default).toBe(true);
    expect(await defaults(donor)).toEqual([second.id]);
    const edited = await patch(donor, first.id, { is_default: true });
    expect(edited.status).toBe(200);
    expect(edited.body.is_default).toBe(true);
    expect(await defaults(donor)).toEqual([first.id]);
    // The default stays until another point takes it.
    const refused = await patch(donor, first.id, { is_default: false });
    expect(refused).toMatchObject({ status: 409, body: { message: ERRORS.pickupPointDefaultStays } });
    expect((await patch(donor, second.id, { is_default: false })).status).toBe(200);
    expect(await defaults(donor)).toEqual([first.id]);
  });

  it('edits fields, clears optional ones with null, and refuses half a position', async () => {
    const donor = await createDonor(t.http);
    const point = (await create(donor)).body;
    const edited = await patch(donor, point.id, { area: 'Garden City', contact_phone: '01123456789', landmark: null, lat: null, lng: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...point, area: 'Garden City', contact_phone: '+201123456789', landmark: null, lat: null, lng: null });
    const half = await patch(donor, point.id, { lat: 30.1 });
    expect(half.status).toBe(400);
    expect(half.body.message).toEqual(['lng is required with lat']);
    const nothing = await patch(donor, point.id, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toEqual(['must change at least one field']);
  });

  it.each([
    [{ governorate: 'EG-XX' }, 'governorate must be one of'],
    [{ contact_phone: '0221234567' }, 'contact_phone must be an Egyptian mobile number'],
    [{ contact_phone: '+44 7700 900123' }, 'contact_phone must be an Egyptian mobile number'],
    [{ lat: 48.85, lng: 2.35 }, 'lat must be a latitude inside Egypt'],
    [{ lat: 30.05, lng: 2.35 }, 'lng must be a longitude inside Egypt'],
    [{ lat: 30.05, lng: undefined }, 'lng is required with lat'],
    [{ lat: undefined, lng: 31.2 }, 'lat is required with lng'],
    [{ label: '' }, 'label should not be empty'],
    [{ address_line: 'x'.repeat(LIMITS.addressMaxLength + 1) }, 'address_line must be shorter than or equal to'],
    [{ is_default: 'yes' }, 'is_default must be true or false'],
  ])('refuses %j with a 400 naming the field', async (override, message) => {
    const donor = await createDonor(t.http);
    const response = await create(donor, override);
    expect(response.status).toBe(400);
    expect(response.body.message.some((line: string) => line.startsWith(message))).toBe(true);
    expect(await list(donor)).toEqual([]);
  });

  it("is for donors only, each their own: 401, 403 for a charity or another donor's point, 404 for none or deleted", async () => {
    const donor = await createDonor(t.http);
    const other = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const point = (await create(donor)).body;
    expect((await t.http.get('/api/pickup-points')).status).toBe(401);
    expect((await t.http.get('/api/pickup-points', { token: charity.token })).status).toBe(403);
    expect((await t.http.post('/api/pickup-points', pointBody(), { token: charity.token })).status).toBe(403);
    expect(await patch(other, point.id, { label: 'Mine now' })).toMatchObject({ status: 403, body: { message: ERRORS.pickupPointOfAnotherDonor } });
    expect(await remove(other, point.id)).toMatchObject({ status: 403, body: { message: ERRORS.pickupPointOfAnotherDonor } });
    expect(await list(other)).toEqual([]);
    expect(await patch(donor, 2_000_000_000, { label: 'x' })).toMatchObject({ status: 404, body: { message: ERRORS.pickupPointNotFound } });
    expect((await remove(donor, 0)).status).toBe(400);
    expect((await remove(donor, point.id)).status).toBe(200);
    expect(await patch(donor, point.id, { label: 'Back' })).toMatchObject({ status: 404, body: { message: ERRORS.pickupPointNotFound } });
    expect((await remove(donor, point.id)).status).toBe(404);
    expect((await remove(other, point.id)).status).toBe(404);
  });

  it('deletes softly; deleting the default hands it to the oldest remaining point', async () => {
    const donor = await createDonor(t.http);
    const first = (await create(donor, { label: 'First' })).body;
    const second = (await create(donor, { label: 'Second' })).body;
    const third = (await create(donor, { label: 'Third' })).body;
    expect(await remove(donor, first.id)).toMatchObject({ status: 200, body: { message: 'Pickup point deleted' } });
    expect(await defaults(donor)).toEqual([second.id]);
    expect((await list(donor)).map((point: { id: number }) => point.id)).toEqual([second.id, third.id]);
    const [row] = await t.db.query('SELECT deleted_at IS NOT NULL AS deleted, label FROM pickup_points WHERE id = $1', [first.id]);
    expect(row).toEqual({ deleted: true, label: 'First' });
    expect((await remove(donor, third.id)).status).toBe(200);
    expect(await defaults(donor)).toEqual([second.id]);
    expect((await remove(donor, second.id)).status).toBe(200);
    expect(await list(donor)).toEqual([]);
    // Starting again: the next point is the default.
    expect((await create(donor)).body.is_default).toBe(true);
  });

  it('refuses to delete a point an available or claimed listing uses (409), and allows it once they end', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const point = (await create(donor)).body;
    const available = await addFood(t.http, donor, { food_name: 'Rice' });
    expect(available.pickup_point_id).toBe(point.id);
    const claimed = await addFood(t.http, donor, { food_name: 'Beans' });
    const requestId = await requestPickup(t.http, charity, claimed.id);
    expect((await list(donor))[0].active_listings).toBe(2);
    expect(await remove(donor, point.id)).toMatchObject({ status: 409, body: { message: ERRORS.pickupPointInUse } });
    // Still editable.
    expect((await patch(donor, point.id, { notes: 'Side door' })).status).toBe(200);

    expect((await t.http.delete(`/api/food/${available.id}`, { token: donor.token })).status).toBe(200);
    expect((await list(donor))[0].active_listings).toBe(1);
    expect((await remove(donor, point.id)).status).toBe(409);
    expect((await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token })).status).toBe(200);
    expect((await list(donor))[0].active_listings).toBe(0);
    expect((await remove(donor, point.id)).status).toBe(200);
    // The listings keep their place.
    const [row] = await t.db.query('SELECT pickup_point_id FROM food_items WHERE id = $1', [claimed.id]);
    expect(row.pickup_point_id).toBe(point.id);
  });

  it(`keeps at most ${LIMITS.pickupPointsPerDonor} points per donor (409), even when created at once`, async () => {
    const donor = await createDonor(t.http);
    const answers = await Promise.all(Array.from({ length: LIMITS.pickupPointsPerDonor + 5 }, (_, i) => create(donor, { label: `Point ${i}` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(LIMITS.pickupPointsPerDonor);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { message: ERRORS.pickupPointLimit(LIMITS.pickupPointsPerDonor) } });
    expect(await defaults(donor)).toHaveLength(1);
  });

  it('a listing takes the default point, a named one of the donor, or none; never a deleted or foreign one', async () => {
    const donor = await createDonor(t.http);
    const other = await createDonor(t.http);
    const none = await addFood(t.http, donor);
    expect(none).toMatchObject({ pickup_point_id: null, governorate: null, area: null });
    const home = (await create(donor, { governorate: 'EG-ALX', area: 'Anfushi' })).body;
    const away = (await create(donor, { governorate: 'EG-LX', area: 'Karnak' })).body;
    expect(await addFood(t.http, donor)).toMatchObject({ pickup_point_id: home.id, governorate: 'EG-ALX', area: 'Anfushi' });
    const named = await t.http.post(
      '/api/add',
      { food_name: 'Dates', quantity: 4, description: 'Boxes', expiration_date: cairoDateIn(2), pickup_point_id: away.id },
      { token: donor.token },
    );
    expect(named.body).toMatchObject({ pickup_point_id: away.id, governorate: 'EG-LX', area: 'Karnak' });
    const explicitNone = await t.http.post(
      '/api/add',
      { food_name: 'Dates', quantity: 4, description: 'Boxes', expiration_date: cairoDateIn(2), pickup_point_id: null },
      { token: donor.token },
    );
    expect(explicitNone.body).toMatchObject({ pickup_point_id: null, governorate: null });
    const foreign = (await create(other)).body;
    expect((await remove(donor, away.id)).status).toBe(409);
    const spare = (await create(donor, { label: 'Spare' })).body;
    expect((await remove(donor, spare.id)).status).toBe(200);
    for (const id of [foreign.id, spare.id, 2_000_000_000]) {
      const response = await t.http.post(
        '/api/add',
        { food_name: 'Dates', quantity: 4, description: 'Boxes', expiration_date: cairoDateIn(2), pickup_point_id: id },
        { token: donor.token },
      );
      expect(response).toMatchObject({ status: 400, body: { message: [ERRORS.pickupPointNotOwn] } });
    }
  });
});
