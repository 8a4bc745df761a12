import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { PLATFORM_TIME_ZONE } from '@food-link/contracts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { cairoDateIn, createDonor, createPickupPoint, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

/** index.html as the web build leaves it (apps/web/index.html), head and all. */
const INDEX_HTML = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Food Link connects Egyptian donors with surplus food to charities that feed people." />
    <title>Food Link</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** What no public page may carry (docs/DOMAIN-RULES.md, "Places": the public sees governorate and area only). */
const SECRETS = {
  address: 'Zqx Sharing Lane 91',
  landmark: 'Opposite the teal kiosk Kd4',
  contact: 'Samira Privatename',
  notes: 'Ring twice Pq2',
  phone: '010 2468 1357',
};
const PHONE_DIGITS = ['1024681357', '24681357'];
const PUBLIC_URL = 'https://foodlink.example';

/** The listing page a shared link opens, /food/{id}: index.html with Open Graph tags, for anyone. */
describe('the public listing page and its preview tags', () => {
  let t: TestApp;
  let donor: TestUser;
  let pointId: number;

  const page = (path: string, language = 'en-GB,en;q=0.9') =>
    t.http.get<string>(path, { headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': language } });
  const meta = (html: string, key: string): string | undefined =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
  const list = async (food_name: string, extra: Record<string, unknown> = {}) => {
    const response = await t.http.post(
      '/api/add',
      { food_name, quantity: 40, description: 'Shared listing', expiration_date: cairoDateIn(2), pickup_point_id: pointId, ...extra },
      { token: donor.token },
    );
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  const expectNoPrivateDetails = (html: string) => {
    for (const secret of [...Object.values(SECRETS), ...PHONE_DIGITS, '+201024681357']) expect(html).not.toContain(secret);
  };

  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'foodlink-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), INDEX_HTML);
    t = await startTestApp({ WEB_DIST_DIR: web, PUBLIC_URL });
    donor = await createDonor(t.http);
    pointId = (
      await createPickupPoint(t.http, donor, {
        governorate: 'EG-GZ',
        area: 'Dokki',
        address_line: SECRETS.address,
        landmark: SECRETS.landmark,
        contact_name: SECRETS.contact,
        contact_phone: SECRETS.phone,
        notes: SECRETS.notes,
      })
    ).id;
  });
  afterAll(() => t.close());

  it('puts the title, area, governorate, collect-by time (Cairo), link and photo into Open Graph tags, and nothing private', async () => {
    const pickupUntil = new Date(Date.now() + 3 * 3600_000);
    pickupUntil.setUTCSeconds(0, 0);
    const id = await list('Koshary boxes', { pickup_from: new Date().toISOString(), pickup_until: pickupUntil.toISOString() });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'box.jpg');
    const uploaded = await fetch(`${t.baseUrl}/api/food/${id}/photos`, { method: 'POST', headers: { authorization: donor.token }, body: form });
    expect(uploaded.status).toBe(201);
    const photoUrl = (await t.http.get(`/api/food/${id}`)).body.photo_urls[0] as string;

    const response = await page(`/food/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('vary')).toContain('Accept-Language');
    const html = response.body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Koshary boxes · Food Link</title>');
    expect(meta(html, 'og:title')).toBe('Koshary boxes · Food Link');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/food/${id}`);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}${photoUrl}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const cairoTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: PLATFORM_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    }).format(pickupUntil);
    expect(meta(html, 'og:description')).toBe(`40 portions · Dokki, Giza · Collect by ${cairoTime} (Cairo time)`);
    // The app's own description gives way to the listing's: one description only.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expectNoPrivateDetails(html);
  });

  it('writes the preview in Arabic for a browser that prefers it', async () => {
    const id = await list('عيش بلدي', { category: 'bakery' });
    const html = (await page(`/food/${id}`, 'ar-EG,ar;q=0.9,en;q=0.5')).body;
    expect(meta(html, 'og:title')).toBe('عيش بلدي · فود لينك');
    expect(meta(html, 'og:locale')).toBe('ar_EG');
    // Arabic-Indic digits, and the end of the expiry day as that day's midnight.
    expect(meta(html, 'og:description')).toMatch(/^٤٠ حصص · Dokki، الجيزة · الاستلام قبل [٠-٩]+ [^ ]+، منتصف الليل \(بتوقيت القاهرة\)$/);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'og:image')).toBeUndefined();
    expectNoPrivateDetails(html);
  });

  it('follows Accept-Language: an ar-EG phone gets the page in Arabic, right to left; English and unknown languages get it in English', async () => {
    const id = await list('Fresh falafel');
    const cases = [
      ['ar-EG', 'ar', 'rtl', 'ar_EG'],
      ['ar-EG,ar;q=0.9,en-US;q=0.8', 'ar', 'rtl', 'ar_EG'],
      ['fr-FR, ar;q=0.5, en;q=0.4', 'ar', 'rtl', 'ar_EG'],
      ['en-US,en;q=0.9,ar;q=0.8', 'en', 'ltr', 'en_GB'],
      ['fr-FR', 'en', 'ltr', 'en_GB'],
      ['*', 'en', 'ltr', 'en_GB'],
    ] as const;
    for (const [header, lang, dir, locale] of cases) {
      const response = await page(`/food/${id}`, header);
      expect({ header, status: response.status }).toEqual({ header, status: 200 });
      expect(response.headers.get('vary')).toContain('Accept-Language');
      const html = response.body;
      // One <html> element, with the reader's language and direction in place of index.html's.
      expect(html.match(/<html\b[^>]*>/g)).toEqual([`<html lang="${lang}" dir="${dir}">`]);
      expect({ header, locale: meta(html, 'og:locale') }).toEqual({ header, locale });
    }
    expect(meta((await page(`/food/${id}`, 'ar-EG')).body, 'og:site_name')).toBe('فود لينك');
  });

  it('answers a missing listing in the reader\'s language too, with Vary: Accept-Language', async () => {
    const response = await page('/food/999999998', 'ar-EG,ar;q=0.9');
    expect(response.status).toBe(404);
    expect(response.headers.get('vary')).toContain('Accept-Language');
    expect(response.body).toContain('<html lang="ar" dir="rtl">');
    expect((await page('/food/999999998', 'en-GB')).body).toContain('<html lang="en" dir="ltr">');
  });

  it('escapes what the donor wrote: a food name cannot inject markup', async () => {
    const hostile = `"><script>alert('x')</script><meta property="og:title" content="forged`;
    const id = await list(`${hostile} $& $1`);
    const html = (await page(`/food/${id}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('content="forged"');
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(meta(html, 'og:title')).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;meta property=&quot;og:title&quot; content=&quot;forged $&amp; $1 · Food Link',
    );
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;');
  });

  it('answers unknown, malformed and withdrawn items with the app and 404, with no food tags', async () => {
    const withdrawn = await list('Withdrawn rice');
    expect((await t.http.delete(`/api/food/${withdrawn}`, { token: donor.token })).status).toBe(200);
    for (const path of [`/food/${withdrawn}`, '/food/999999999', '/food/0', '/food/abc', '/food/99999999999999999999']) {
      const response = await page(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('og:');
      expect(response.body).not.toContain('Withdrawn rice');
      expect(response.body).toContain('<title>Food Link</title>');
    }
  });

  it('says so when the food is no longer available, and leaves API calls and assets alone', async () => {
    const id = await list('Claimed bread');
    await t.db.query(`UPDATE food_items SET status = 'expired' WHERE id = $1`, [id]);
    expect(meta((await page(`/food/${id}`)).body, 'og:description')).toBe('40 portions · Dokki, Giza · No longer available');
    // A preview fetcher asking for anything gets the page too.
    const anything = await t.http.get<string>(`/food/${id}`, { headers: { accept: '*/*' } });
    expect(anything.status).toBe(200);
    expect(meta(anything.body, 'og:title')).toBe('Claimed bread · Food Link');
    // The JSON call of the same item is untouched.
    const api = await t.http.get(`/api/food/${id}`, { headers: { accept: 'text/html' } });
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
