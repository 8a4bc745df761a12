import { apiPath, ERRORS, LIMITS, NO_SHOW_SUSPENSION, VERIFICATION_ROUTES } from '@food-link/contracts';
import PDFKit from 'pdfkit';
import sharp from 'sharp';
import { addFood, createCharity, createDonor, loginAs, requestPickup, verifyCharities, type TestUser } from './support/factories';
import type { HttpResult } from './support/http-client';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * Charity verification (docs/VERIFICATION.md) against real PostgreSQL and Redis, through the real upload
 * path: the state machine with every role, document checks and privacy, claim limits by status, the
 * automatic suspension after no-shows, the audit trail, the live announcement and partner eligibility.
 */
const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

interface Upload {
  fields?: Record<string, string>;
  document?: { data: Buffer; name?: string; type?: string };
}

const FIELDS = { moss_number: '1234/2019', address: '12 Tahrir St, Dokki, Giza', contact_phone: '01001234567' };

describe('charity verification', () => {
  let t: TestApp;
  let operator: string;
  let donor: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL, OPERATOR_PASSWORD, EXPIRY_CHECK_MS: '1000' });
    operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    donor = await createDonor(t.http);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function submit(token: string | null, upload: Upload = {}): Promise<HttpResult> {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields ?? FIELDS)) form.append(name, value);
    const document = upload.document ?? { data: PDF };
    form.append('document', new Blob([new Uint8Array(document.data)], { type: document.type ?? 'application/pdf' }), document.name ?? 'registration.pdf');
    const response = await fetch(`${t.baseUrl}${VERIFICATION_ROUTES.charity}`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: response.headers };
  }
  const view = (charity: TestUser) => t.http.get(VERIFICATION_ROUTES.charity, { token: charity.token });
  const decide = (token: string, charityId: number, body: unknown) =>
    t.http.post(apiPath(VERIFICATION_ROUTES.opsDecide, { userId: charityId }), body, { token });
  const queue = (status = 'pending') => t.http.get(`${VERIFICATION_ROUTES.ops}?status=${status}`, { token: operator });
  const audit = async (charityId: number) =>
    t.db.query(`SELECT actor_id, action, subject_id, reason, status_before, status_after FROM verification_audit WHERE subject_id = $1 ORDER BY id`, [charityId]);
  const claim = (charity: TestUser, foodId: number) => t.http.post('/api/request', { food_id: foodId }, { token: charity.token });

  describe('the state machine', () => {
    it('starts unverified; the charity submits (pending), only an operator verifies; every decision is audited', async () => {
      const charity = await createCharity(t.http);
      expect((await view(charity)).body).toEqual({
        status: 'unverified',
        reason: null,
        submitted_at: null,
        decided_at: null,
        claiming_suspended_until: null,
        claim_limit: LIMITS.unverifiedClaimsMax,
      });

      // Extra fields cannot set the status.
      const submitted = await submit(charity.token, { fields: { ...FIELDS, status: 'verified', verified: 'true', verification_status: 'verified' } });
      expect(submitted.status).toBe(201);
      expect(submitted.body).toMatchObject({ status: 'pending', submitted_at: expect.any(String), decided_at: null });
      // Nobody but an operator decides: the charity itself, another charity, a donor, no session.
      for (const token of [charity.token, (await createCharity(t.http)).token, donor.token]) {
        expect((await decide(token, charity.id, { decision: 'verify' })).status).toBe(403);
      }
      expect((await t.http.post(apiPath(VERIFICATION_ROUTES.opsDecide, { userId: charity.id }), { decision: 'verify' })).status).toBe(401);
      expect((await t.http.get(VERIFICATION_ROUTES.ops, { token: charity.token })).status).toBe(403);
      // Nor any field of the charity's other calls.
      await t.http.put('/api/charity/profile', { verification_status: 'verified', status: 'verified', categories: [] }, { token: charity.token });
      expect((await submit(charity.token)).status).toBe(409); // pending: nothing to resubmit
      expect((await view(charity)).body.status).toBe('pending');

      const verified = await decide(operator, charity.id, { decision: 'verify', status: 'rejected' });
      expect(verified).toMatchObject({ status: 201, body: { status: 'verified', claim_limit: LIMITS.activeClaimsMax, decided_at: expect.any(String) } });
      expect((await submit(charity.token)).status).toBe(409);
      expect(await decide(operator, charity.id, { decision: 'suspend' })).toMatchObject({ status: 400, body: { message: ['reason is required to suspend'] } });
      expect((await decide(operator, charity.id, { decision: 'suspend', reason: 'Reported reselling' })).body).toMatchObject({ status: 'suspended', reason: 'Reported reselling', claim_limit: 0 });
      expect((await decide(operator, charity.id, { decision: 'verify' })).status).toBe(409);
      expect((await decide(operator, charity.id, { decision: 'reinstate' })).body).toMatchObject({ status: 'verified', claim_limit: LIMITS.activeClaimsMax });
      expect((await decide(operator, charity.id, { decision: 'reinstate' })).status).toBe(409);

      const operatorId = (await t.db.query(`SELECT id FROM users WHERE user_type = 'operator'`))[0].id;
      expect(await audit(charity.id)).toEqual([
        { actor_id: charity.id, action: 'submit', subject_id: charity.id, reason: null, status_before: 'unverified', status_after: 'pending' },
        { actor_id: operatorId, action: 'verify', subject_id: charity.id, reason: null, status_before: 'pending', status_after: 'verified' },
        { actor_id: operatorId, action: 'suspend', subject_id: charity.id, reason: 'Reported reselling', status_before: 'verified', status_after: 'suspended' },
        { actor_id: operatorId, action: 'reinstate', subject_id: charity.id, reason: null, status_before: 'suspended', status_after: 'verified' },
      ]);
      const trail = await t.http.get(apiPath(VERIFICATION_ROUTES.opsAudit, { userId: charity.id }), { token: operator });
      expect(trail.body.map((entry: { action: string }) => entry.action)).toEqual(['reinstate', 'suspend', 'verify', 'submit']);
    });

    it('rejects with a reason; the charity corrects and resubmits; unknown decisions and charities are refused', async () => {
      const charity = await createCharity(t.http);
      expect((await decide(operator, charity.id, { decision: 'verify' })).status).toBe(409); // unverified: nothing to decide
      expect((await decide(operator, charity.id, { decision: 'suspend', reason: 'x' })).status).toBe(409);
      await submit(charity.token);
      expect(await decide(operator, charity.id, { decision: 'reject' })).toMatchObject({ status: 400, body: { message: ['reason is required to reject'] } });
      expect((await decide(operator, charity.id, { decision: 'approve' })).status).toBe(400);
      expect((await decide(operator, 99999999, { decision: 'verify' })).status).toBe(404);
      expect((await decide(operator, donor.id, { decision: 'verify' })).status).toBe(404);
      expect((await decide(operator, charity.id, { decision: 'reject', reason: 'The number does not match the document' })).body).toMatchObject({
        status: 'rejected',
        reason: 'The number does not match the document',
      });
      expect((await view(charity)).body).toMatchObject({ status: 'rejected', reason: 'The number does not match the document', claim_limit: LIMITS.unverifiedClaimsMax });
      expect((await submit(charity.token, { fields: { ...FIELDS, moss_number: '4321/2019' } })).body).toMatchObject({ status: 'pending' });
      expect((await t.db.query(`SELECT moss_number FROM charities WHERE user_id = $1`, [charity.id]))[0].moss_number).toBe('4321/2019');
    });
  });

  describe('the document', () => {
    it('is checked by content: a .pdf that is not a PDF is refused; an image is accepted and re-encoded; too big is 413', async () => {
      const charity = await createCharity(t.http);
      const fake = await submit(charity.token, { document: { data: Buffer.from('MZ this is an executable, not a PDF'), name: 'registration.pdf' } });
      expect(fake).toMatchObject({ status: 400, body: { message: [ERRORS.documentNotAccepted] } });
      const truncated = await submit(charity.token, { document: { data: PDF.subarray(0, 20) } });
      expect(truncated.status).toBe(400);
      const badFields = await submit(charity.token, { fields: { moss_number: 'abc', address: '', contact_phone: '123' } });
      expect(badFields.status).toBe(400);
      expect(badFields.body.message).toEqual(
        expect.arrayContaining([expect.stringMatching(/^moss_number/), expect.stringMatching(/^address/), expect.stringMatching(/^contact_phone/)]),
      );
      const huge = await submit(charity.token, { document: { data: Buffer.concat([PDF, Buffer.alloc(LIMITS.documentMaxBytes)]) } });
      expect(huge).toMatchObject({ status: 413, body: { message: ERRORS.documentTooLarge(LIMITS.documentMaxBytes / 1024 / 1024) } });
      expect((await view(charity)).body.status).toBe('unverified');

      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer();
      expect((await submit(charity.token, { document: { data: png, name: 'scan.png', type: 'image/png' } })).body.status).toBe('pending');
      const own = await fetch(`${t.baseUrl}${VERIFICATION_ROUTES.charityDocument}`, { headers: { authorization: `Bearer ${charity.token}` } });
      expect(own.status).toBe(200);
      expect(own.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).format).toBe('webp');
    });

    it('keeps PDFs only when they parse and carry no active content or HTML (400, nothing stored), and a real PDF as sent', async () => {
      const charity = await createCharity(t.http);
      const plainPdf = (catalogExtra: string, objects: string[] = [], comment = '') =>
        Buffer.from(
          `%PDF-1.4\n${comment}1 0 obj << /Type /Catalog /Pages 2 0 R ${catalogExtra} >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n` +
            objects.map((object, at) => `${at + 3} 0 obj ${object} endobj\n`).join('') +
            'trailer << /Root 1 0 R >>\n%%EOF\n',
          'latin1',
        );
      const refused: [string, Buffer, string][] = [
        ['JavaScript on opening', plainPdf('/OpenAction 3 0 R', ['<< /S /JavaScript /JS (app.alert(document.cookie)) >>']), ERRORS.documentActiveContent],
        ['an escaped /JavaScript', plainPdf('/OpenAction 3 0 R', ['<< /S /#4a#61vaScript /#4a#53 (app.alert(1)) >>']), ERRORS.documentActiveContent],
        ['a launch action', plainPdf('/AA << /O 3 0 R >>', ['<< /S /Launch /F (cmd.exe) >>']), ERRORS.documentActiveContent],
        ['an embedded file', plainPdf('/Names << /EmbeddedFiles 3 0 R >>', ['<< /Names [(x.exe) 4 0 R] >>']), ERRORS.documentActiveContent],
        ['an XFA form', plainPdf('/AcroForm << /Fields [] /XFA 3 0 R >>', ['<< /Length 0 >> stream\n\nendstream']), ERRORS.documentActiveContent],
        ['an HTML polyglot', plainPdf('', [], '%<html><body><script>fetch("/api/account")</script></body></html>\n'), ERRORS.documentActiveContent],
        ['HTML before the header', Buffer.concat([Buffer.from('<html><script>alert(1)</script>\n'), plainPdf('')]), ERRORS.documentNotAccepted],
        ['a header and no PDF', Buffer.from('%PDF-1.7\n<html> not a PDF at all\n%%EOF\n'), ERRORS.documentNotAccepted],
      ];
      for (const [what, data, message] of refused) {
        const answer = await submit(charity.token, { document: { data } });
        expect({ what, status: answer.status, message: answer.body.message }).toEqual({ what, status: 400, message: [message] });
      }
      expect((await view(charity)).body.status).toBe('unverified');
      expect((await t.db.query(`SELECT document_key FROM charities WHERE user_id = $1`, [charity.id]))[0].document_key).toBeNull();

      const pdfkit = await new Promise<Buffer>((resolve) => {
        const document = new PDFKit();
        const chunks: Buffer[] = [];
        document.on('data', (chunk: Buffer) => chunks.push(chunk));
        document.on('end', () => resolve(Buffer.concat(chunks)));
        document.text('Ministry of Social Solidarity, registration 1234/2019');
        document.end();
      });
      expect((await submit(charity.token, { document: { data: pdfkit } })).body.status).toBe('pending');
      const own = await fetch(`${t.baseUrl}${VERIFICATION_ROUTES.charityDocument}`, { headers: { authorization: `Bearer ${charity.token}` } });
      expect(Buffer.from(await own.arrayBuffer()).equals(pdfkit)).toBe(true);
    });

    it('is a download (Content-Disposition: attachment) when opened by its address, PDF or image, for the charity and operators', async () => {
      const charity = await createCharity(t.http);
      await submit(charity.token);
      const get = (path: string, token: string) => fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      for (const response of [await get(VERIFICATION_ROUTES.charityDocument, charity.token), await get(apiPath(VERIFICATION_ROUTES.opsDocument, { userId: charity.id }), operator)]) {
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      }
      const rejected = await decide(operator, charity.id, { decision: 'reject', reason: 'Please send a clearer scan' });
      expect(rejected.body.status).toBe('rejected');
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } }).png().toBuffer();
      await submit(charity.token, { document: { data: png, name: 'scan.png', type: 'image/png' } });
      const image = await get(VERIFICATION_ROUTES.charityDocument, charity.token);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('content-disposition')).toBe('attachment; filename="document.webp"');
    });

    it('refuses an Idempotency-Key reused with another document (422), and replays it for the same one', async () => {
      const charity = await createCharity(t.http);
      const keyed = async (data: Buffer, name: string) => {
        const form = new FormData();
        for (const [field, value] of Object.entries(FIELDS)) form.append(field, value);
        form.append('document', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), name);
        const response = await fetch(`${t.baseUrl}${VERIFICATION_ROUTES.charity}`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${charity.token}`, 'idempotency-key': `verification-${charity.id}` },
        });
        return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: (await response.json()) as Record<string, unknown> };
      };
      const first = await keyed(PDF, 'registration.pdf');
      expect(first.status).toBe(201);
      const other = Buffer.from(PDF.toString('latin1').replace('/Type /Catalog', '/Type /Catalog /Lang (ar-EG)'), 'latin1');
      const reused = await keyed(other, 'registration.pdf');
      expect({ status: reused.status, message: reused.body.message }).toEqual({ status: 422, message: ERRORS.idempotencyKeyReused });
      const stored = await fetch(`${t.baseUrl}${VERIFICATION_ROUTES.charityDocument}`, { headers: { authorization: `Bearer ${charity.token}` } });
      expect(Buffer.from(await stored.arrayBuffer()).equals(PDF)).toBe(true);
      const retry = await keyed(PDF, 'renamed.pdf');
      expect({ status: retry.status, replayed: retry.replayed, body: retry.body }).toEqual({ status: 201, replayed: 'true', body: first.body });
    });

    it('is served to operators and the charity itself only', async () => {
      const charity = await createCharity(t.http);
      await submit(charity.token);
      const [item] = (await queue()).body.filter((entry: { user_id: number }) => entry.user_id === charity.id);
      expect(item.document_url).toBe(`/api/ops/verifications/${charity.id}/document`);
      const get = (path: string, token?: string) => fetch(`${t.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      const asOperator = await get(item.document_url, operator);
      expect(asOperator.status).toBe(200);
      expect(asOperator.headers.get('content-type')).toBe('application/pdf');
      expect(asOperator.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await asOperator.arrayBuffer()).equals(PDF)).toBe(true);
      expect((await get(VERIFICATION_ROUTES.charityDocument, charity.token)).status).toBe(200);
      expect((await get(item.document_url)).status).toBe(401);
      expect((await get(item.document_url, donor.token)).status).toBe(403);
      expect((await get(item.document_url, (await createCharity(t.http)).token)).status).toBe(403);
      // Another charity's own-document call answers for its own (none), never this one.
      expect((await get(VERIFICATION_ROUTES.charityDocument, (await createCharity(t.http)).token)).status).toBe(404);
      // The public photo URL does not serve documents.
      const key = (await t.db.query(`SELECT document_key FROM charities WHERE user_id = $1`, [charity.id]))[0].document_key;
      expect((await get(`/api/photos/${key}`)).status).toBe(404);
    });
  });

  describe('the operators\' queue', () => {
    it('lists all pending charities oldest first with their submission and reliability', async () => {
      const first = await createCharity(t.http);
      const second = await createCharity(t.http);
      await submit(second.token);
      await submit(first.token);
      await t.db.query(`UPDATE charities SET submitted_at = now() - interval '2 days' WHERE user_id = $1`, [first.id]);
      const items = (await queue()).body as { user_id: number; submitted_at: string }[];
      expect(items.every((item, i) => i === 0 || items[i - 1].submitted_at <= item.submitted_at)).toBe(true);
      const ids = items.map((item) => item.user_id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(items.find((item) => item.user_id === first.id)).toMatchObject({
        name: first.name,
        status: 'pending',
        moss_number: '1234/2019',
        address: FIELDS.address,
        contact_phone: '+201001234567',
        document_type: 'application/pdf',
        reliability: { completed: 0, no_shows: 0, late_cancellations: 0, score: null },
      });
      expect((await t.http.get(`${VERIFICATION_ROUTES.ops}?status=nonsense`, { token: operator })).status).toBe(400);
    });
  });

  describe('claim limits by status', () => {
    it(`lets an unverified charity hold ${LIMITS.unverifiedClaimsMax} claims and a verified one ${LIMITS.activeClaimsMax}`, async () => {
      const charity = await createCharity(t.http);
      const foods = await Promise.all(Array.from({ length: LIMITS.activeClaimsMax + 1 }, () => addFood(t.http, donor)));
      for (let i = 0; i < LIMITS.unverifiedClaimsMax; i += 1) expect((await claim(charity, foods[i].id)).status).toBe(201);
      expect(await claim(charity, foods[LIMITS.unverifiedClaimsMax].id)).toMatchObject({
        status: 409,
        body: { message: ERRORS.claimLimitReached(LIMITS.unverifiedClaimsMax) },
      });
      await submit(charity.token);
      expect((await claim(charity, foods[LIMITS.unverifiedClaimsMax].id)).status).toBe(409); // pending: still 2
      await decide(operator, charity.id, { decision: 'verify' });
      for (let i = LIMITS.unverifiedClaimsMax; i < LIMITS.activeClaimsMax; i += 1) expect((await claim(charity, foods[i].id)).status).toBe(201);
      expect(await claim(charity, foods[LIMITS.activeClaimsMax].id)).toMatchObject({ status: 409, body: { message: ERRORS.claimLimitReached(LIMITS.activeClaimsMax) } });
    });

    it('refuses every claim of a suspended charity (403), the item staying available', async () => {
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity);
      await decide(operator, charity.id, { decision: 'suspend', reason: 'Reported reselling' });
      const food = await addFood(t.http, donor);
      expect(await claim(charity, food.id)).toMatchObject({ status: 403, body: { message: ERRORS.claimingSuspended(null) } });
      expect((await t.db.query(`SELECT status FROM food_items WHERE id = $1`, [food.id]))[0].status).toBe('available');
    });
  });

  describe('automatic suspension after no-shows', () => {
    it(`suspends claiming for ${NO_SHOW_SUSPENSION.suspendDays} days at the ${NO_SHOW_SUSPENSION.noShows}rd no-show in ${NO_SHOW_SUSPENSION.withinDays} days; an operator's reinstate lifts it`, async () => {
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity);
      const live = await LiveClient.connect(t.baseUrl, charity.token, []);
      try {
        // Each no-show counted: reported after the collect-by time, each by another donor (one donor's count once).
        const noShow = async () => {
          const reporter = await createDonor(t.http);
          const food = await addFood(t.http, reporter);
          const requestId = await requestPickup(t.http, charity, food.id);
          await t.db.query(`UPDATE pickup_requests SET collect_by = now() - interval '1 minute' WHERE id = $1`, [requestId]);
          const reported = await t.http.post(`/api/requests/${requestId}/no-show`, {}, { token: reporter.token });
          expect(reported.status).toBe(201);
        };
        await noShow();
        await noShow();
        expect((await view(charity)).body).toMatchObject({ claiming_suspended_until: null, claim_limit: LIMITS.activeClaimsMax });
        await noShow();
        const after = (await view(charity)).body;
        expect(after).toMatchObject({ status: 'verified', claim_limit: 0 });
        const until = Date.parse(after.claiming_suspended_until);
        expect(Math.abs(until - Date.now() - NO_SHOW_SUSPENSION.suspendDays * 86_400_000)).toBeLessThan(60_000);
        expect((await audit(charity.id)).at(-1)).toEqual({
          actor_id: null,
          action: 'auto_suspend',
          subject_id: charity.id,
          reason: '3 no-shows in 30 days',
          status_before: 'verified',
          status_after: 'verified',
        });
        const event = await live.next('charity.verification', (e) => e.data.action === 'auto_suspend');
        expect(event.data).toMatchObject({ charityId: charity.id, verification: { claim_limit: 0 } });
        const food = await addFood(t.http, donor);
        expect(await claim(charity, food.id)).toMatchObject({ status: 403, body: { message: ERRORS.claimingSuspended(after.claiming_suspended_until) } });
        // The operators see it among the suspended, with its no-shows.
        const suspended = (await queue('suspended')).body.find((item: { user_id: number }) => item.user_id === charity.id);
        expect(suspended).toMatchObject({ status: 'verified', reliability: { no_shows: 3 }, claiming_suspended_until: after.claiming_suspended_until });

        expect((await decide(operator, charity.id, { decision: 'reinstate' })).body).toMatchObject({ status: 'verified', claiming_suspended_until: null, claim_limit: 5 });
        expect((await claim(charity, food.id)).status).toBe(201);
        // The old no-shows do not suspend it again at the next one.
        await noShow();
        expect((await view(charity)).body.claiming_suspended_until).toBeNull();
      } finally {
        live.close();
      }
    });

    it('ends by itself after its days (the maintenance job gives the limit back)', async () => {
      const charity = await createCharity(t.http);
      await t.db.query(`UPDATE charities SET claiming_suspended_until = now() - interval '1 second', claim_limit = 0 WHERE user_id = $1`, [charity.id]);
      await waitFor(() => view(charity), (result) => result.body.claim_limit === LIMITS.unverifiedClaimsMax, 'the suspension to be lifted', 20_000);
      expect((await view(charity)).body.claiming_suspended_until).toBeNull();
    }, 30_000);
  });

  describe('announcements', () => {
    it('tells the charity of a decision live and in its notifications', async () => {
      const charity = await createCharity(t.http);
      await submit(charity.token);
      const live = await LiveClient.connect(t.baseUrl, charity.token, []);
      const other = await LiveClient.connect(t.baseUrl, (await createCharity(t.http)).token, []);
      try {
        await decide(operator, charity.id, { decision: 'reject', reason: 'Unreadable scan' });
        const event = await live.next('charity.verification');
        expect(event.data).toEqual({
          charityId: charity.id,
          action: 'reject',
          verification: expect.objectContaining({ status: 'rejected', reason: 'Unreadable scan' }),
        });
        const inbox = await waitFor(
          () => t.http.get('/api/notifications', { token: charity.token }),
          (result) => result.body.items?.some((n: { type: string }) => n.type === 'account.news'),
          'the account.news notification',
        );
        const news = inbox.body.items.find((n: { type: string }) => n.type === 'account.news');
        expect(news.data.message).toContain('Unreadable scan');
        expect(other.ofType('charity.verification')).toHaveLength(0);
      } finally {
        live.close();
        other.close();
      }
    });
  });

  describe('partners', () => {
    it('only verified charities may be named as partners or found in the search', async () => {
      const unverified = await createCharity(t.http);
      const verified = await createCharity(t.http);
      await verifyCharities(t.db, verified);
      const put = (ids: number[]) => t.http.put('/api/donor/partners', { charity_ids: ids }, { token: donor.token });
      expect((await put([unverified.id])).status).toBe(400);
      expect((await put([verified.id])).status).toBe(200);
      const search = await t.http.get(`/api/charities?search=${encodeURIComponent(verified.name)}`, { token: donor.token });
      expect(search.body.items.map((c: { user_id: number }) => c.user_id)).toEqual([verified.id]);
      const none = await t.http.get(`/api/charities?search=${encodeURIComponent(unverified.name)}`, { token: donor.token });
      expect(none.body.items).toEqual([]);
      // Suspended: drops out of the donor's list.
      await decide(operator, verified.id, { decision: 'suspend', reason: 'Reported reselling' });
      expect((await t.http.get('/api/donor/partners', { token: donor.token })).body.charities).toEqual([]);
    });
  });
});
