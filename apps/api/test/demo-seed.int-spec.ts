import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, ORG_ROUTES, VERIFICATION_ROUTES } from '@food-link/contracts';
import { DEMO_PASSWORD } from '../src/database/demo-seed.service';
import { loginAs } from './support/factories';
import { startPeer, startTestApp, type TestApp } from './support/test-app';

const OPERATOR_EMAIL = 'ops@demo-seed.foodlink.eg';
const OPERATOR_PASSWORD = 'a long operator passphrase';

describe('demo data for npm start', () => {
  let t: TestApp;
  beforeAll(async () => {
    // With an operator account configured, as a developer trying the console would: it is made before the
    // seed runs, and must neither stop the seed nor be left out of the demo verification.
    t = await startTestApp({ SEED_DEMO: 'true', OPERATOR_EMAIL, OPERATOR_PASSWORD });
  });
  afterAll(() => t.close());

  it('seeds donors, charities and items in every state, with working demo logins', async () => {
    const [{ donors, charities }] = await t.db.query(
      `SELECT count(*) FILTER (WHERE user_type = 'donor')::int AS donors,
              count(*) FILTER (WHERE user_type = 'charity')::int AS charities FROM users WHERE NOT member_only`,
    );
    expect({ donors, charities }).toEqual({ donors: 3, charities: 2 });
    const states = await t.db.query(`SELECT DISTINCT status::text AS status FROM food_items ORDER BY 1`);
    expect(states.map((row: { status: string }) => row.status)).toEqual(['available', 'claimed', 'expired', 'withdrawn']);
    const requests = await t.db.query(`SELECT DISTINCT status::text AS status FROM pickup_requests ORDER BY 1`);
    expect(requests.map((row: { status: string }) => row.status)).toEqual(['cancelled', 'fulfilled', 'not_collected', 'pending']);
    // The handover's details: codes on held requests, a late cancellation, received reports, ended times.
    const [handover] = await t.db.query(
      `SELECT bool_and(pickup_code ~ '^[0-9]{6}$') FILTER (WHERE status IN ('pending', 'fulfilled')) AS codes,
              count(*) FILTER (WHERE late_cancellation)::int AS late,
              count(*) FILTER (WHERE received_at IS NOT NULL)::int AS received,
              bool_and((ended_at IS NULL) = (status = 'pending')) AS ended
         FROM pickup_requests`,
    );
    expect(handover).toEqual({ codes: true, late: 1, received: 2, ended: true });
    // Names in both languages.
    const [{ arabic }] = await t.db.query(`SELECT count(*)::int AS arabic FROM food_items WHERE food_name ~ '[\u0600-\u06FF]'`);
    expect(arabic).toBeGreaterThanOrEqual(3);

    const login = await t.http.post('/api/login', { email: 'ahl.masr@demo.foodlink.eg', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data[0]).toMatchObject({ name: 'Ahl Masr Community Kitchen', user_type: 'charity' });
  });

  it('seeds the standing collections: the bakery\'s nightly bread to Ahl Masr (Giza Orphans waiting), Koshary\'s iftar meals in Ramadan', async () => {
    const rows = await t.db.query(
      `SELECT d.email, s.rule, s.ramadan, s.time_window AS window, s.partner_ids, p.donor_id = s.donor_id AS own_point,
              (SELECT array_agg(u.email ORDER BY array_position(s.partner_ids, u.id)) FROM users u WHERE u.id = ANY(s.partner_ids)) AS partners
         FROM schedules s JOIN users d ON d.id = s.donor_id JOIN pickup_points p ON p.id = s.pickup_point_id ORDER BY s.id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'zamalek.bakery@demo.foodlink.eg',
        rule: 'FREQ=DAILY',
        ramadan: 'any',
        window: { from: '21:00', until: '22:30' },
        own_point: true,
        partners: ['ahl.masr@demo.foodlink.eg', 'giza.orphans@demo.foodlink.eg'],
      }),
      expect.objectContaining({
        email: 'koshary.tahrir@demo.foodlink.eg',
        ramadan: 'only',
        window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 },
        own_point: true,
        partners: null,
      }),
    ]);
  });

  it("gives Koshary a branch manager and staff at its Dokki branch, and Ahl Masr a coordinator and two volunteers, one with a pickup", async () => {
    const login = async (email: string) => (await t.http.post('/api/login', { email, password: DEMO_PASSWORD })).body;
    const koshary = await login('koshary.tahrir@demo.foodlink.eg');
    const org = await t.http.get(ORG_ROUTES.org, { token: koshary.token });
    expect(org.body.members.map((member: { name: string; role: string }) => [member.name, member.role])).toEqual([
      ['Koshary El Tahrir', 'admin'],
      ['Karim Fathy', 'staff'],
      ['Mona Adel', 'branch_manager'],
    ]);
    const [dokki] = await t.db.query(`SELECT id FROM pickup_points WHERE label LIKE '%Dokki%'`);
    expect(org.body.members[1].pickup_point_ids).toEqual([dokki.id]);

    const ahlMasr = await login('ahl.masr@demo.foodlink.eg');
    const charity = await t.http.get(ORG_ROUTES.org, { token: ahlMasr.token });
    expect(charity.body.members.map((member: { role: string }) => member.role).sort()).toEqual(['admin', 'coordinator', 'volunteer', 'volunteer']);

    const omar = await login('omar.volunteer@demo.foodlink.eg');
    expect(omar.data[0]).toMatchObject({ name: 'Omar Said', user_type: 'charity' });
    const pickups = await t.http.get(ORG_ROUTES.myPickups, { token: omar.token });
    expect(pickups.body.pickups).toEqual([expect.objectContaining({ food_name: 'Ful medames', status: 'pending', pickup_code: expect.stringMatching(/^[0-9]{6}$/) })]);
    const youssef = await login('youssef.volunteer@demo.foodlink.eg');
    expect((await t.http.get(ORG_ROUTES.myPickups, { token: youssef.token })).body.pickups).toEqual([]);
    const karim = await login('karim.staff@demo.foodlink.eg');
    const items = await t.http.get(`/api/donor/${koshary.data[0].user_id}`, { token: karim.token });
    expect(items.body.length).toBeGreaterThan(0);
    expect(items.body.every((item: { pickup_point_id: number }) => item.pickup_point_id === dokki.id)).toBe(true);
  });

  it('gives each donor pickup points across governorates, and listings of every kind, safe times computed', async () => {
    const points = await t.db.query(
      `SELECT donor_id, count(*)::int AS points, count(*) FILTER (WHERE is_default)::int AS defaults,
              array_agg(DISTINCT governorate ORDER BY governorate) AS governorates
         FROM pickup_points GROUP BY donor_id ORDER BY donor_id`,
    );
    expect(points).toHaveLength(3);
    for (const donor of points) expect(donor).toMatchObject({ points: expect.any(Number), defaults: 1 });
    expect(points.every((donor: { points: number }) => donor.points >= 1 && donor.points <= 2)).toBe(true);
    const governorates = new Set(points.flatMap((donor: { governorates: string[] }) => donor.governorates));
    expect([...governorates].sort()).toEqual(['EG-ALX', 'EG-AST', 'EG-C', 'EG-GZ', 'EG-LX']);
    // Labels and areas in both languages.
    const [{ bilingual }] = await t.db.query(
      `SELECT bool_and(label ~ '[\u0600-\u06FF]' AND label ~ '[A-Za-z]' AND area ~ '[\u0600-\u06FF]' AND area ~ '[A-Za-z]') AS bilingual FROM pickup_points`,
    );
    expect(bilingual).toBe(true);

    const kinds = await t.db.query(
      `SELECT array_agg(DISTINCT category::text) AS categories, array_agg(DISTINCT storage::text) AS storages,
              array_agg(DISTINCT unit::text) AS units,
              count(*) FILTER (WHERE pickup_from IS NOT NULL)::int AS windows,
              count(*) FILTER (WHERE weight_kg IS NOT NULL)::int AS weights,
              count(*) FILTER (WHERE cardinality(allergens) > 0)::int AS with_allergens,
              count(*) FILTER (WHERE pickup_point_id IS NULL)::int AS unplaced
         FROM food_items`,
    );
    expect(kinds[0].categories.length).toBeGreaterThanOrEqual(6);
    expect([...kinds[0].storages].sort()).toEqual(['ambient', 'chilled', 'frozen', 'hot']);
    expect([...kinds[0].units].sort()).toEqual(['item', 'kg', 'portion', 'tray']);
    expect(kinds[0]).toMatchObject({ unplaced: 0 });
    expect(kinds[0].windows).toBeGreaterThan(3);
    expect(kinds[0].weights).toBeGreaterThan(3);
    expect(kinds[0].with_allergens).toBeGreaterThan(3);

    // The board shows the available ones, all safe, with their place but never the address.
    const board = await t.http.get('/api/available');
    expect(board.status).toBe(200);
    expect(board.body.length).toBeGreaterThanOrEqual(5);
    for (const item of board.body) {
      expect(Date.parse(item.safe_until)).toBeGreaterThan(Date.now());
      expect(item.governorate).toMatch(/^EG-/);
      if (item.pickup_until) expect(Date.parse(item.pickup_until)).toBeLessThanOrEqual(Date.parse(item.safe_until));
      expect(JSON.stringify(item)).not.toMatch(/Talaat Harb|mosque|\+20/);
    }
    const cairo = await t.http.get('/api/available?governorate=EG-C');
    expect(cairo.body.length).toBeGreaterThan(0);
    expect(cairo.body.every((item: { governorate: string }) => item.governorate === 'EG-C')).toBe(true);
  });

  it('counts the seeded donations in the impact totals', async () => {
    // The fulfilled donations, with what the charity reported replacing the estimate (docs/IMPACT.md):
    // Ta'meya sandwiches, 58 of 60 portions received (58 × 0.42 = 24.36 kg); grilled fish meals, 35
    // portions of 14 kg; tuna sandwiches, 45 portions weighed at 8.5 kg on arrival.
    expect((await t.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 138 });
    expect((await t.http.get('/api/impact/totals')).body).toEqual({ totalMeals: 138, totalCharities: 2, kg: 46.86, co2e_kg: 117.15, water_l: 8903.4 });
    expect((await t.http.get('/api/request/totalcharities')).body).toEqual({ totalCharities: 2 });
  });

  it('sends both charities\' registrations through verification: one verified by the operator, one waiting for review', async () => {
    const ahlMasr = await loginAs(t.http, 'ahl.masr@demo.foodlink.eg', DEMO_PASSWORD);
    const giza = await loginAs(t.http, 'giza.orphans@demo.foodlink.eg', DEMO_PASSWORD);
    expect((await t.http.get(VERIFICATION_ROUTES.charity, { token: ahlMasr })).body).toMatchObject({
      status: 'verified',
      claim_limit: 5,
      submitted_at: expect.any(String),
      decided_at: expect.any(String),
    });
    expect((await t.http.get(VERIFICATION_ROUTES.charity, { token: giza })).body).toMatchObject({ status: 'pending', claim_limit: 2, decided_at: null });

    // The operator's queue has the waiting one, with a document; the trail names the operator.
    const operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    const pending = await t.http.get(`${VERIFICATION_ROUTES.ops}?status=pending`, { token: operator });
    expect(pending.body).toEqual([
      expect.objectContaining({ name: 'Giza Orphans Care', moss_number: '1375/2019', document_type: 'application/pdf', document_url: expect.any(String) }),
    ]);
    const verified = await t.http.get(`${VERIFICATION_ROUTES.ops}?status=verified`, { token: operator });
    expect(verified.body).toEqual([expect.objectContaining({ name: 'Ahl Masr Community Kitchen', moss_number: '4821/2016' })]);
    const [{ id: operatorId }] = await t.db.query(`SELECT id FROM users WHERE user_type = 'operator'`);
    const trail = await t.http.get(apiPath(VERIFICATION_ROUTES.opsAudit, { userId: verified.body[0].user_id }), { token: operator });
    expect(trail.body).toEqual([
      expect.objectContaining({ action: 'verify', actor_id: operatorId, status_before: 'pending', status_after: 'verified' }),
      expect.objectContaining({ action: 'submit', actor_id: verified.body[0].user_id, status_before: 'unverified', status_after: 'pending' }),
    ]);

    // Each document is a real PDF that renders, saying it is demo data.
    const dir = mkdtempSync(join(tmpdir(), 'foodlink-demo-certificate-'));
    try {
      for (const [token, expected] of [
        [ahlMasr, ['Ahl Masr Community Kitchen', '4821/2016']],
        [giza, ['Giza Orphans Care', '1375/2019']],
      ] as const) {
        const document = await fetch(`${t.baseUrl}${VERIFICATION_ROUTES.charityDocument}`, { headers: { authorization: `Bearer ${token}` } });
        expect(document.headers.get('content-type')).toBe('application/pdf');
        const file = join(dir, 'certificate.pdf');
        writeFileSync(file, Buffer.from(await document.arrayBuffer()));
        execFileSync('pdftoppm', ['-png', '-r', '20', '-singlefile', file, join(dir, 'certificate')]);
        const text = execFileSync('pdftotext', [file, '-']).toString('utf8');
        for (const line of ['DEMO DATA: NOT A REAL CERTIFICATE', ...expected]) expect(text).toContain(line);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a database that already has donors or charities alone', async () => {
    const again = await startPeer(t, { SEED_DEMO: 'true' });
    await again.close();
    const counts = await t.db.query(`SELECT user_type::text AS type, count(*)::int AS count FROM users WHERE NOT member_only GROUP BY 1 ORDER BY 1`);
    expect(counts).toEqual([
      { type: 'charity', count: 2 },
      { type: 'donor', count: 3 },
      { type: 'operator', count: 1 },
    ]);
    const [{ audit }] = await t.db.query(`SELECT count(*)::int AS audit FROM verification_audit`);
    expect(audit).toBe(3);
  });
});
