import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { apiPath, EXPORT_DOCUMENT_NOTE, VERIFICATION_ROUTES } from '@food-link/contracts';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, loginAs, PASSWORD, requestPickup, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Deletion erases, and the export hands over, all of a user's personal data (Egypt's Personal Data
 * Protection Law 151/2020; issue 31 item 7): a donor's pickup points (address, position, contact, phone,
 * notes), which claiming charities then no longer see; a charity's verification (registration number,
 * address, phone, and the document file in storage).
 */
describe('account deletion erases pickup points and verification; the export includes them', () => {
  let t: TestApp;
  const OPERATOR = { email: 'ops@erasure.test', password: 'operator password 2026' };
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const REGISTRATION = { moss_number: '4321/2018', address: '7 Qasr El Nil St, Downtown, Cairo', contact_phone: '01001234567' };
  const POINT = { address_line: '9 Secret Garden Street', landmark: 'Blue door by the bakery', contact_name: 'Hoda Fathy', contact_phone: '011 2345 6789', notes: 'Flat 4' };

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
  });
  afterAll(() => t.close());

  const deleteOwn = (user: TestUser) => t.http.post('/api/account/delete', { password: PASSWORD }, { token: user.token });
  const exportOf = async (user: TestUser) => (await t.http.get('/api/account/export', { token: user.token })).body;
  const submitVerification = async (charity: TestUser) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(REGISTRATION)) form.append(name, value);
    form.append('document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'registration.pdf');
    const response = await fetch(`${t.baseUrl}${VERIFICATION_ROUTES.charity}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${charity.token}` } });
    expect(response.status).toBe(201);
  };

  it("erases a deleted donor's pickup points (governorate and area stay); a charity that collected no longer sees the address", async () => {
    const donor = await createDonor(t.http);
    const point = await createPickupPoint(t.http, donor, { governorate: 'EG-GZ', area: 'Dokki', ...POINT });
    const listed = await t.http.post(
      '/api/add',
      { food_name: 'Koshary', quantity: 10, description: 'Fresh koshary boxes', expiration_date: cairoDateIn(2), pickup_point_id: point.id },
      { token: donor.token },
    );
    expect(listed.status).toBe(201);
    const item = listed.body;
    const charity = await createCharity(t.http);
    const requestId = await requestPickup(t.http, charity, item.id);
    expect((await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token })).status).toBe(200);
    const before = await t.http.get(`/api/requests/${requestId}/pickup`, { token: charity.token });
    expect(before.body.point).toMatchObject({ address_line: POINT.address_line, contact_phone: '+201123456789' });

    // The export names the point in full.
    expect((await exportOf(donor)).pickup_points).toEqual([
      {
        id: point.id,
        label: 'Tahrir branch',
        governorate: 'EG-GZ',
        area: 'Dokki',
        ...POINT,
        contact_phone: '+201123456789',
        lat: 30.0478,
        lng: 31.2386,
        is_default: true,
        created_at: expect.any(String),
        deleted_at: null,
      },
    ]);

    expect((await deleteOwn(donor)).status).toBe(200);
    const [row] = await t.db.query(
      `SELECT governorate, area, address_line, landmark, lat, lng, contact_name, contact_phone, notes, erased_at FROM pickup_points WHERE id = $1`,
      [point.id],
    );
    expect(row).toEqual({
      governorate: 'EG-GZ',
      area: 'Dokki',
      address_line: null,
      landmark: null,
      lat: null,
      lng: null,
      contact_name: null,
      contact_phone: null,
      notes: null,
      erased_at: expect.any(Date),
    });
    const after = await t.http.get(`/api/requests/${requestId}/pickup`, { token: charity.token });
    expect(after).toMatchObject({ status: 200, body: { request_id: requestId, point: null } });
    for (const secret of [POINT.address_line, POINT.landmark, POINT.contact_name, '+201123456789', POINT.notes]) expect(JSON.stringify(after.body)).not.toContain(secret);
  });

  it("erases a deleted charity's registration number, address, phone and document (the file is gone from storage)", async () => {
    const charity = await createCharity(t.http);
    await submitVerification(charity);
    const [{ document_key: key }] = await t.db.query(`SELECT document_key FROM charities WHERE user_id = $1`, [charity.id]);
    const file = join(t.env.DATA_DIR, 'documents', key);
    expect(existsSync(file)).toBe(true);

    // The export hands over the submission, and the document's metadata with a note, not its bytes.
    const exported = (await exportOf(charity)).verification;
    expect(exported).toEqual({
      status: 'pending',
      moss_number: REGISTRATION.moss_number,
      address: REGISTRATION.address,
      contact_phone: '+201001234567',
      submitted_at: expect.any(String),
      decided_at: null,
      reason: null,
      claiming_suspended_until: null,
      document: { type: 'application/pdf', note: EXPORT_DOCUMENT_NOTE },
      audit: [{ action: 'submit', reason: null, status_before: 'unverified', status_after: 'pending', created_at: expect.any(String) }],
    });
    expect(JSON.stringify(exported)).not.toContain(key);
    expect((await exportOf(await createDonor(t.http))).verification).toBeNull();

    expect((await deleteOwn(charity)).status).toBe(200);
    const [row] = await t.db.query(
      `SELECT moss_number, address, contact_phone, document_key, document_type, verification_erased_at FROM charities WHERE user_id = $1`,
      [charity.id],
    );
    expect(row).toEqual({ moss_number: null, address: null, contact_phone: null, document_key: null, document_type: null, verification_erased_at: expect.any(Date) });
    expect(existsSync(file)).toBe(false);
    const operator = await loginAs(t.http, OPERATOR.email, OPERATOR.password);
    expect((await t.http.get(apiPath(VERIFICATION_ROUTES.opsDocument, { userId: charity.id }), { token: operator })).status).toBe(404);
  });
});
