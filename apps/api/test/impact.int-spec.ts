import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPACT_ROUTES } from '@food-link/contracts';
import { StatsService } from '../src/stats/stats.service';
import { createCharity, createDonor, createPickupPoint, cairoDateIn, requestPickup, verifyCharities, type TestUser } from './support/factories';
import { startTestApp, startWorker, type Listening, type TestApp } from './support/test-app';
import { ApiProcess } from './support/api-process';
import { freePort } from './support/redis-server';
import { waitFor } from './support/wait';

/**
 * Impact (docs/DOMAIN-RULES.md, "Units and impact"; docs/IMPACT.md): figures from mixed units, worked out by hand with 0.42 kg per meal,
 * 2.5 kg CO2e per kg and 190 L per kg; the charity's report replacing the estimate; per donor, charity,
 * governorate and month; the projection equal to its rebuild after a burst of concurrent work; who may
 * read what; the donor's and the charity's monthly acknowledgments as CSV and PDF.
 */
describe('impact', () => {
  let t: TestApp;
  let stats: StatsService;
  let donorA: TestUser;
  let donorB: TestUser;
  let charityX: TestUser;
  let charityY: TestUser;
  let pointA: number;
  let pointB: number;
  const month = () => cairoDateIn(0).slice(0, 7);

  const list = async (donor: TestUser, listing: Record<string, unknown>) => {
    const response = await t.http.post(
      '/api/add',
      { food_name: 'Koshary', quantity: 10, description: 'Fresh food', expiration_date: cairoDateIn(2), ...listing },
      { token: donor.token },
    );
    if (response.status !== 201) throw new Error(`add food failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  };
  const fulfil = async (donor: TestUser, requestId: number) => {
    const response = await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
    if (response.status !== 200) throw new Error(`fulfil failed: ${JSON.stringify(response.body)}`);
  };
  const donate = async (donor: TestUser, charity: TestUser, listing: Record<string, unknown>) => {
    const requestId = await requestPickup(t.http, charity, await list(donor, listing));
    await fulfil(donor, requestId);
    return requestId;
  };
  const processedEvents = async () => (await t.db.query(`SELECT count(*)::int AS n FROM processed_events`))[0].n as number;
  const totals = () => t.http.get('/api/impact/totals').then((response) => response.body);

  beforeAll(async () => {
    t = await startTestApp();
    stats = t.app.get(StatsService);
    donorA = await createDonor(t.http, { name: 'Koshary El Tahrir' });
    donorB = await createDonor(t.http, { name: 'Alexandria Bakery' });
    charityX = await createCharity(t.http, { name: 'Ahl Masr Foundation' });
    charityY = await createCharity(t.http, { name: 'Resala Giza' });
    pointA = (await createPickupPoint(t.http, donorA, { label: 'Tahrir branch', governorate: 'EG-C' })).id;
    pointB = (await createPickupPoint(t.http, donorB, { label: 'Raml station', governorate: 'EG-ALX', lat: 31.2, lng: 29.9 })).id;
  });
  afterAll(() => t.close());

  let loavesRequest: number;

  it('computes kg, meals, CO2e and water from mixed units, overall and per donor, charity, governorate and month', async () => {
    const before = await processedEvents();
    await donate(donorA, charityX, { food_name: 'Koshary boxes', unit: 'portion', quantity: 30, pickup_point_id: pointA }); // 12.6 kg, 30 meals
    loavesRequest = await donate(donorA, charityX, { food_name: 'Baladi bread', unit: 'item', quantity: 120, weight_kg: 12, pickup_point_id: pointA }); // 12 kg, 28.571 meals
    await donate(donorA, charityY, { food_name: 'Rice', unit: 'kg', quantity: 21, pickup_point_id: pointA }); // 21 kg, 50 meals
    await donate(donorB, charityY, { food_name: 'Feteer trays', unit: 'tray', quantity: 4, weight_kg: 10, pickup_point_id: pointB }); // 10 kg, 23.81 meals
    await waitFor(processedEvents, (n) => n === before + 4, 'the four fulfilments applied');

    // 120 loaves count as 28 meals by weight, not 120: 30 + 28.571 + 50 + 23.81 = 132.381.
    expect(await totals()).toEqual({ totalMeals: 132, totalCharities: 2, kg: 55.6, co2e_kg: 139, water_l: 10564 });
    expect((await t.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 132 });

    const a = await t.http.get('/api/impact/donor', { token: donorA.token });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      kg: 45.6,
      meals: 108.571,
      co2e_kg: 114,
      water_l: 8664,
      months: [{ month: month(), kg: 45.6, meals: 108.571, co2e_kg: 114, water_l: 8664 }],
      pickup_points: [{ pickup_point_id: pointA, label: 'Tahrir branch', kg: 45.6, meals: 108.571, co2e_kg: 114, water_l: 8664 }],
      charities: [
        { charity_user_id: charityX.id, name: 'Ahl Masr Foundation', kg: 24.6, meals: 58.571 },
        { charity_user_id: charityY.id, name: 'Resala Giza', kg: 21, meals: 50 },
      ],
    });
    const y = await t.http.get('/api/impact/charity', { token: charityY.token });
    expect(y.body).toEqual({
      kg: 31,
      meals: 73.81,
      co2e_kg: 77.5,
      water_l: 5890,
      months: [{ month: month(), kg: 31, meals: 73.81, co2e_kg: 77.5, water_l: 5890 }],
      donors: [
        { donor_user_id: donorA.id, name: 'Koshary El Tahrir', kg: 21, meals: 50 },
        { donor_user_id: donorB.id, name: 'Alexandria Bakery', kg: 10, meals: 23.81 },
      ],
    });
    const open = await t.http.get('/api/impact/public');
    expect(open.body.governorates).toEqual([
      { governorate: 'EG-ALX', kg: 10, meals: 23.81, co2e_kg: 25, water_l: 1900 },
      { governorate: 'EG-C', kg: 45.6, meals: 108.571, co2e_kg: 114, water_l: 8664 },
    ]);
    expect(open.body.rows).toEqual([
      { governorate: 'EG-ALX', month: month(), kg: 10, meals: 23.81, co2e_kg: 25, water_l: 1900 },
      { governorate: 'EG-C', month: month(), kg: 45.6, meals: 108.571, co2e_kg: 114, water_l: 8664 },
    ]);
    expect(open.body.factors.map((factor: { name: string; value: number }) => [factor.name, factor.value])).toEqual([
      ['co2e_per_kg', 2.5],
      ['kg_per_meal', 0.42],
      ['water_l_per_kg', 190],
    ]);
    // Nobody is named in public.
    expect(JSON.stringify(open.body)).not.toMatch(/Koshary El Tahrir|Ahl Masr|Resala|Alexandria Bakery|Tahrir branch/);
    expect(await stats.check()).toMatchObject({ consistent: true, differingRollups: [] });
  });

  it("lets the charity's report replace the estimate, applying only the difference, once per event", async () => {
    const before = await processedEvents();
    // 100 of the 120 loaves arrived: 12 × 100/120 = 10 kg, 23.81 meals (2 kg and 4.761 meals fewer).
    expect((await t.http.post(`/api/requests/${loavesRequest}/received`, { received_quantity: 100 }, { token: charityX.token })).status).toBe(201);
    await waitFor(processedEvents, (n) => n === before + 1, 'the report applied');
    expect(await totals()).toEqual({ totalMeals: 127, totalCharities: 2, kg: 53.6, co2e_kg: 134, water_l: 10184 });
    // A corrected report replaces the last: weighed at 11.5 kg.
    expect((await t.http.post(`/api/requests/${loavesRequest}/received`, { received_weight_kg: 11.5 }, { token: charityX.token })).status).toBe(201);
    await waitFor(processedEvents, (n) => n === before + 2, 'the correction applied');
    // 11.5 ÷ 0.42 = 27.381 meals; 55.6 − 12 + 11.5 = 55.1 kg.
    expect(await totals()).toEqual({ totalMeals: 131, totalCharities: 2, kg: 55.1, co2e_kg: 137.75, water_l: 10469 });
    const x = await t.http.get('/api/impact/charity', { token: charityX.token });
    expect(x.body).toMatchObject({ kg: 24.1, meals: 57.381 });

    // Delivered again, the same event changes nothing.
    const [event] = await t.db.query(`SELECT event_id FROM processed_events ORDER BY processed_at DESC LIMIT 1`);
    expect(await stats.applyDonation(event.event_id, loavesRequest)).toBe(false);
    expect(await totals()).toMatchObject({ kg: 55.1 });
    expect(await stats.check()).toMatchObject({ consistent: true });
  });

  it('keeps each donation on the factors valid on its fulfilment date (Cairo); a new version applies from its date', async () => {
    // The Rice donation moves to an earlier date; a later version of the CO2e factor starts after it.
    const [rice] = await t.db.query(`SELECT r.id FROM pickup_requests r JOIN food_items f ON f.id = r.food_id WHERE f.food_name = 'Rice'`);
    await t.db.query(`UPDATE pickup_requests SET ended_at = '2025-06-15T10:00:00+03:00' WHERE id = $1`, [rice.id]);
    await t.db.query(
      `INSERT INTO impact_factors (name, valid_from, value, source, source_url) VALUES ('co2e_per_kg', '2025-07-01', 3, 'A later study (test)', 'https://example.org/later')`,
    );
    const result = await stats.check();
    expect(result.consistent).toBe(false);
    expect(result.differingRollups).toEqual(expect.arrayContaining([`month:2025-06`, `month:${month()}`, `donor:${donorA.id}`]));
    await stats.rebuild();
    // Rice (21 kg, June 2025) keeps 2.5; the rest (34.1 kg) use 3: 52.5 + 102.3 = 154.8.
    expect(await totals()).toMatchObject({ kg: 55.1, co2e_kg: 154.8 });
    const a = await t.http.get('/api/impact/donor', { token: donorA.token });
    expect(a.body.months).toEqual([
      { month: '2025-06', kg: 21, meals: 50, co2e_kg: 52.5, water_l: 3990 },
      { month: month(), kg: 24.1, meals: 57.381, co2e_kg: 72.3, water_l: 4579 },
    ]);
    expect(await stats.check()).toMatchObject({ consistent: true });
    // Back to one version for the tests below.
    await t.db.query(`DELETE FROM impact_factors WHERE valid_from = '2025-07-01'`);
    await t.db.query(`UPDATE pickup_requests SET ended_at = now() WHERE id = $1`, [rice.id]);
    await stats.rebuild();
    expect(await totals()).toMatchObject({ kg: 55.1, co2e_kg: 137.75 });
  });

  it('answers each side only its own: 401 without a session, 403 for the other role', async () => {
    expect((await t.http.get('/api/impact/donor')).status).toBe(401);
    expect((await t.http.get('/api/impact/donor', { token: charityX.token })).status).toBe(403);
    expect((await t.http.get('/api/impact/charity', { token: donorA.token })).status).toBe(403);
    expect((await t.http.get(`/api/impact/donor/report?month=${month()}&format=csv`, { token: charityX.token })).status).toBe(403);
    const b = await t.http.get('/api/impact/donor', { token: donorB.token });
    expect(b.body).toMatchObject({ kg: 10, charities: [{ name: 'Resala Giza', kg: 10, meals: 23.81 }] });
    const fresh = await createCharity(t.http);
    expect((await t.http.get('/api/impact/charity', { token: fresh.token })).body).toEqual({ kg: 0, meals: 0, co2e_kg: 0, water_l: 0, months: [], donors: [] });
  });

  describe('monthly acknowledgment', () => {
    const download = async (query: string, user: TestUser, headers: Record<string, string> = {}, route: string = IMPACT_ROUTES.donorReport) => {
      const response = await fetch(`${t.baseUrl}${route}?${query}`, { headers: { authorization: `Bearer ${user.token}`, ...headers } });
      return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'impact-report-'));
      // A name a spreadsheet would run as a formula, and one in Arabic.
      await donate(donorB, charityX, { food_name: '=HYPERLINK("http://evil.test","x")', unit: 'kg', quantity: 42, pickup_point_id: pointB });
      await donate(donorB, charityX, { food_name: 'عيش بلدي', unit: 'item', quantity: 50, weight_kg: 5, pickup_point_id: pointB });
      await waitFor(() => t.http.get('/api/impact/donor', { token: donorB.token }).then((r) => r.body.kg), (kg) => kg === 57, 'the two donations applied');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('names month and format when they are wrong (400)', async () => {
      const bad = await t.http.get('/api/impact/donor/report?month=2026-13&format=csv', { token: donorB.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual(['month must be a month written YYYY-MM']);
      const format = await t.http.get(`/api/impact/donor/report?month=${month()}&format=xls`, { token: donorB.token });
      expect(format.status).toBe(400);
      expect(format.body.message).toEqual(['format must be one of: csv, pdf']);
      expect((await t.http.get(`/api/impact/donor/report?format=csv`, { token: donorB.token })).body.message).toEqual([expect.stringMatching(/^month /)]);
    });

    it('names the month (400) for a month before the first impact factor, in CSV and PDF, for donors and charities', async () => {
      for (const [party, user] of [['donor', donorB], ['charity', charityX]] as const) {
        for (const query of ['month=2019-12&format=csv', 'month=1999-01&format=pdf&lang=ar', 'month=0000-01&format=csv']) {
          const refused = await t.http.get(`/api/impact/${party}/report?${query}`, { token: user.token });
          expect({ query, status: refused.status, message: refused.body.message }).toEqual({
            query,
            status: 400,
            message: ['month must not be before 2020-01 (no impact factor applies earlier)'],
          });
        }
      }
      // The first month with factors is served, empty.
      expect((await t.http.get('/api/impact/donor/report?month=2020-01&format=csv', { token: donorB.token })).status).toBe(200);
    });

    it('is written by the built API started from another working directory (fonts found from the module)', async () => {
      const elsewhere = mkdtempSync(path.join(tmpdir(), 'foodlink-elsewhere-'));
      const built = await ApiProcess.start({ ...t.env, ROLE: 'api' }, await freePort(), elsewhere);
      try {
        for (const lang of ['en', 'ar']) {
          const pdf = await built.http.get(`/api/impact/donor/report?month=${month()}&format=pdf&lang=${lang}`, { token: donorB.token });
          expect({ lang, status: pdf.status, type: pdf.headers.get('content-type') }).toEqual({ lang, status: 200, type: 'application/pdf' });
        }
      } finally {
        await built.kill('SIGTERM');
        rmSync(elsewhere, { recursive: true, force: true });
      }
      // A process of its own starts (migrations checked, fonts loaded) before two PDFs are drawn.
    }, 90_000);

    it('is a CSV (RFC 4180, UTF-8 with BOM) with one row per donation, totals, factors and sources, safe from formulas', async () => {
      const csv = await download(`month=${month()}&format=csv&lang=en`, donorB);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="food-link-acknowledgment-${month()}-en.csv"`);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = csv.bytes.toString('utf8').slice(1);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('Food Link: monthly acknowledgment of donations');
      expect(lines[1]).toBe('Donor,Alexandria Bakery');
      expect(lines[4]).toBe('Date,Food,Charity,Charity MoSS number,kg,Meals,kg CO2e avoided');
      const today = cairoDateIn(0);
      // Feteer 10 kg; 42 kg: 100 meals, 105 CO2e; 50 loaves of 5 kg: 11.905 meals, 12.5 CO2e.
      expect(lines.slice(5, 8)).toEqual([
        `${today},Feteer trays,Resala Giza,,10,23.81,25`,
        `${today},"'=HYPERLINK(""http://evil.test"",""x"")",Ahl Masr Foundation,,42,100,105`,
        `${today},عيش بلدي,Ahl Masr Foundation,,5,11.905,12.5`,
      ]);
      expect(lines[8]).toBe('Totals,,,,57,135.715,142.5');
      expect(text).toContain('kg per meal,0.42,2020-01-01,"WRAP (Courtauld 2025 redistribution working group, 2018): 420 g of food is one meal; OLIO and FoodCloud use the same",https://');
      expect(text).toContain('https://www.fao.org/4/i3347e/i3347e.pdf');
      expect(text).toContain('This is a record of donations, not tax advice.');
      expect(text.endsWith('\r\n')).toBe(true);

      // Arabic from Accept-Language.
      const arabic = (await download(`month=${month()}&format=csv`, donorB, { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' })).bytes.toString('utf8');
      expect(arabic).toContain('التاريخ,الطعام,الجمعية,رقم قيد الجمعية بوزارة التضامن');
      expect(arabic).toContain('هذا سجل للتبرعات وليس استشارة ضريبية.');
      // Another donor's donations are not in it.
      expect((await download(`month=${month()}&format=csv`, donorA)).bytes.toString('utf8')).not.toContain('Feteer');
    });

    /**
     * Arabic as pdftotext prints it: each Arabic piece carries its letters as ActualText (logical order),
     * which poppler writes out in display order, reversed, inside RLE … PDF marks.
     */
    const displayed = (arabic: string) => [...arabic].reverse().join('');
    const pdfText = (bytes: Buffer, name: string) => {
      const file = path.join(dir, `${name}.pdf`);
      writeFileSync(file, bytes);
      // Renders: one PNG per page.
      execFileSync('pdftoppm', ['-png', '-r', '40', file, path.join(dir, name)]);
      const png = readFileSync(path.join(dir, `${name}-1.png`));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(statSync(path.join(dir, `${name}-1.png`)).size).toBeGreaterThan(1000);
      // Shaped Arabic may come out as presentation forms: NFKC folds them back.
      return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8').normalize('NFKC');
    };

    it('is a PDF that renders, with the rows, totals, factors and "not tax advice", in English', async () => {
      const pdf = await download(`month=${month()}&format=pdf&lang=en`, donorB);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf.bytes, 'en');
      for (const expected of ['Food Link: monthly acknowledgment of donations', 'Alexandria Bakery', 'Feteer trays', 'Resala Giza', 'Totals', '136', '142.5', 'kg per meal: 0.42', 'This is a record of donations, not tax advice.']) {
        expect(text).toContain(expected);
      }
      expect(text).toContain(displayed('عيش بلدي'));
    });

    it('is a PDF in Arabic, right to left, whose extracted text is the Arabic expected', async () => {
      const pdf = await download(`month=${month()}&format=pdf&lang=ar`, donorB);
      const text = pdfText(pdf.bytes, 'ar');
      for (const expected of ['إقرار شهري بالتبرعات', 'المتبرع', 'الإجمالي', 'المعاملات المستخدمة', 'هذا سجل للتبرعات وليس استشارة ضريبية', 'عيش بلدي', 'لم يتم التحقق بعد']) {
        expect(text).toContain(displayed(expected));
      }
      // Whole meals in the PDF (135.715 in the CSV); the month by its name.
      for (const expected of ['Feteer trays', 'Resala Giza', '136', '142.5', 'https://www.fao.org/4/i3347e/i3347e.pdf']) expect(text).toContain(expected);
      expect(text).not.toContain('135.715');
      // Right to left: the first column (the date) is at the right of its row, the kg at the left.
      const feteer = text.split('\n').find((row) => row.includes('Feteer trays')) as string;
      expect(feteer.indexOf(cairoDateIn(0))).toBeGreaterThan(feteer.indexOf('Feteer trays'));
      expect(feteer.indexOf('Feteer trays')).toBeGreaterThan(feteer.indexOf('Resala Giza'));
      expect(feteer.trim().startsWith('25')).toBe(true);
    });

    describe("the charity's, of what it received", () => {
      const received = (query: string, user: TestUser, headers: Record<string, string> = {}) => download(query, user, headers, IMPACT_ROUTES.charityReport);
      const csvLines = async (query: string, user: TestUser) => (await received(query, user)).bytes.toString('utf8').slice(1).split('\r\n');

      it('is for charities only (401, 403 for donors) and names month and format when they are wrong (400)', async () => {
        expect((await t.http.get(`${IMPACT_ROUTES.charityReport}?month=${month()}&format=csv`)).status).toBe(401);
        const donor = await t.http.get(`${IMPACT_ROUTES.charityReport}?month=${month()}&format=csv`, { token: donorA.token });
        expect(donor.status).toBe(403);
        expect(donor.body.message).toBe('Only charity accounts may do this');
        const bad = await t.http.get(`${IMPACT_ROUTES.charityReport}?month=2026-1&format=csv`, { token: charityX.token });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toEqual(['month must be a month written YYYY-MM']);
        const format = await t.http.get(`${IMPACT_ROUTES.charityReport}?month=${month()}&format=docx`, { token: charityX.token });
        expect(format.body.message).toEqual(['format must be one of: csv, pdf']);
        // A charity that received nothing gets its empty month, without a MoSS number it has not had verified.
        const fresh = await createCharity(t.http, { name: 'Nour Kitchen' });
        const empty = await csvLines(`month=${month()}&format=csv&lang=en`, fresh);
        expect(empty.slice(0, 8)).toEqual([
          'Food Link: monthly acknowledgment of food received',
          'Charity,Nour Kitchen',
          `Month,${month()}`,
          '',
          'Date,Food,Donor,kg,Meals,kg CO2e avoided',
          'No donations received this month.',
          'Totals,,,0,0,0',
          '',
        ]);
      });

      it("is a CSV of the charity's own donations, the received weight replacing the estimate, with its verified MoSS number", async () => {
        await verifyCharities(t.db, charityX);
        const csv = await received(`month=${month()}&format=csv&lang=en`, charityX);
        expect(csv.status).toBe(200);
        expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="food-link-received-${month()}-en.csv"`);
        expect(csv.headers.get('cache-control')).toBe('private, no-store');
        expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = csv.bytes.toString('utf8').slice(1);
        const today = cairoDateIn(0);
        // 30 portions: 12.6 kg, 30 meals, 31.5 CO2e. 120 loaves estimated at 12 kg, reported received as
        // 11.5 kg: 27.381 meals, 28.75 CO2e. 42 kg: 100 meals, 105. 50 loaves of 5 kg: 11.905 meals, 12.5.
        expect(text.split('\r\n').slice(0, 11)).toEqual([
          'Food Link: monthly acknowledgment of food received',
          'Charity,Ahl Masr Foundation',
          `Month,${month()}`,
          `Charity MoSS number,1/${charityX.id}`,
          '',
          'Date,Food,Donor,kg,Meals,kg CO2e avoided',
          `${today},Koshary boxes,Koshary El Tahrir,12.6,30,31.5`,
          `${today},Baladi bread,Koshary El Tahrir,11.5,27.381,28.75`,
          `${today},"'=HYPERLINK(""http://evil.test"",""x"")",Alexandria Bakery,42,100,105`,
          `${today},عيش بلدي,Alexandria Bakery,5,11.905,12.5`,
          // 12.6 + 11.5 + 42 + 5; 30 + 27.381 + 100 + 11.905; 31.5 + 28.75 + 105 + 12.5.
          'Totals,,,71.1,169.286,177.75',
        ]);
        expect(text).toContain('kg per meal,0.42,2020-01-01,"WRAP (Courtauld 2025');
        expect(text).toContain('kg CO2e per kg of food,2.5,2020-01-01,"FAO (2013), Food wastage footprint');
        expect(text).toContain('This is a record of donations, not tax advice.');
        // Another charity's donations are not in it, nor any donor's contact details.
        expect(text).not.toMatch(/Rice|Feteer|Resala Giza|Tahrir branch|010 1234 5678/);
        expect(text).not.toContain(donorA.email);

        // The other charity sees only its own, and has no MoSS number line until verified.
        expect((await csvLines(`month=${month()}&format=csv&lang=en`, charityY)).slice(1, 9)).toEqual([
          'Charity,Resala Giza',
          `Month,${month()}`,
          '',
          'Date,Food,Donor,kg,Meals,kg CO2e avoided',
          `${today},Rice,Koshary El Tahrir,21,50,52.5`,
          `${today},Feteer trays,Alexandria Bakery,10,23.81,25`,
          'Totals,,,31,73.81,77.5',
          '',
        ]);
        // In Arabic.
        const arabic = (await received(`month=${month()}&format=csv`, charityX, { 'accept-language': 'ar' })).bytes.toString('utf8');
        expect(arabic).toContain('الجمعية,Ahl Masr Foundation');
        expect(arabic).toContain('التاريخ,الطعام,المتبرع,كجم,وجبات');
        expect(arabic).toContain('هذا سجل للتبرعات وليس استشارة ضريبية.');
      });

      it('is a PDF with the same renderer, in English', async () => {
        const pdf = await received(`month=${month()}&format=pdf&lang=en`, charityX);
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
        expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="food-link-received-${month()}-en.pdf"`);
        const text = pdfText(pdf.bytes, 'charity-en');
        for (const expected of [
          'Food Link: monthly acknowledgment of food received',
          'Charity: Ahl Masr Foundation',
          `Charity MoSS number: 1/${charityX.id}`,
          'Koshary El Tahrir',
          'Baladi bread',
          'Alexandria Bakery',
          '71.1',
          '169',
          '177.75',
          'kg per meal: 0.42',
          'This is a record of donations, not tax advice.',
        ]) {
          expect(text).toContain(expected);
        }
        expect(text).toContain(displayed('عيش بلدي'));
        expect(text).not.toMatch(/Feteer|Resala Giza/);
      });

      it('is a PDF in Arabic, right to left', async () => {
        const text = pdfText((await received(`month=${month()}&format=pdf&lang=ar`, charityX)).bytes, 'charity-ar');
        for (const expected of ['إقرار شهري بالطعام', 'الجمعية', 'المتبرع', 'الإجمالي', 'المعاملات المستخدمة', 'هذا سجل للتبرعات وليس استشارة ضريبية', 'عيش بلدي']) {
          expect(text).toContain(displayed(expected));
        }
        for (const expected of ['Ahl Masr Foundation', `1/${charityX.id}`, 'Baladi bread', '71.1', '169', '177.75']) expect(text).toContain(expected);
        expect(text).not.toContain('169.286');
        // The date at the right of its row, then the food, then the donor; the CO2e at the left.
        const bread = text.split('\n').find((row) => row.includes('Baladi bread')) as string;
        expect(bread.indexOf(cairoDateIn(0))).toBeGreaterThan(bread.indexOf('Baladi bread'));
        expect(bread.indexOf('Baladi bread')).toBeGreaterThan(bread.indexOf('Koshary El Tahrir'));
        expect(bread.trim().startsWith('28.75')).toBe(true);
      });
    });
  });

  describe('after a burst of concurrent claims, fulfilments and reports', () => {
    let worker: Listening;
    beforeAll(async () => {
      worker = await startWorker(t);
    });
    afterAll(() => worker.close());

    it('keeps a projection equal to the one rebuilt from the tables', async () => {
      const donors = [donorA, donorB];
      const charities = [charityX, charityY, await createCharity(t.http), await createCharity(t.http)];
      const units = [
        { unit: 'portion', quantity: 17 },
        { unit: 'kg', quantity: 9 },
        { unit: 'item', quantity: 40, weight_kg: 6.3 },
        { unit: 'tray', quantity: 3, weight_kg: 7.25 },
        { unit: 'portion', quantity: 11, weight_kg: 3.3 },
      ];
      const items = await Promise.all(
        Array.from({ length: 20 }, (_, i) => list(donors[i % 2], { ...units[i % units.length], food_name: `Chaos ${i}`, pickup_point_id: i % 2 ? pointB : pointA })),
      );
      const before = await processedEvents();
      // Every charity tries for every item at once; one claim per item wins (within the claim limits).
      const claims = await Promise.all(
        items.flatMap((foodId) =>
          charities.map((charity) => t.http.post('/api/request', { food_id: foodId }, { token: charity.token }).then((r) => ({ foodId, charity, r }))),
        ),
      );
      const won = claims.filter((claim) => claim.r.status === 201);
      expect(won.length).toBeGreaterThan(0);
      await Promise.all(won.map((claim) => fulfil(donors[items.indexOf(claim.foodId) % 2], claim.r.body.request_id)));
      // Reports, some twice, in parallel with each other.
      const reports = won.flatMap((claim, i) =>
        i % 3 === 2 ? [] : [{ requestId: claim.r.body.request_id as number, charity: claim.charity, body: i % 2 ? { received_weight_kg: 1 + i } : { received_quantity: 1 + (i % 3) } }],
      );
      const twice = [...reports, ...reports.filter((_, i) => i % 2 === 0).map((report) => ({ ...report, body: { received_quantity: 0 } }))];
      await Promise.all(twice.map((report) => t.http.post(`/api/requests/${report.requestId}/received`, report.body, { token: report.charity.token })));
      await waitFor(processedEvents, (n) => n === before + won.length + twice.length, 'every event applied', 30_000);

      const live = await t.db.query(`SELECT * FROM impact_donations ORDER BY request_id`);
      const liveRollups = await t.db.query(`SELECT * FROM impact_rollups WHERE kg <> 0 OR meals <> 0 ORDER BY dimension, key`);
      const check = await stats.check();
      expect(check).toMatchObject({ consistent: true, differingRollups: [] });
      await stats.rebuild();
      expect(await t.db.query(`SELECT * FROM impact_donations ORDER BY request_id`)).toEqual(live);
      expect(await t.db.query(`SELECT * FROM impact_rollups WHERE kg <> 0 OR meals <> 0 ORDER BY dimension, key`)).toEqual(liveRollups);
    });
  });
});
