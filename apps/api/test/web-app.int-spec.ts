import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MAP_ROUTES } from '@food-link/contracts';
import { startTestApp, type TestApp } from './support/test-app';

/** A GET over node:http, which (unlike fetch) neither asks for nor undoes compression by itself. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const INDEX_HTML = `<!doctype html><title>Food Link</title><div id="root"></div><!-- ${'padding '.repeat(200)}-->`;
const APP_JS = `console.log("app");\n${'export const label = "Koshary, bread and beans for tonight";\n'.repeat(300)}`;

describe('serving the web app from the API origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'foodlink-web-'));
    mkdirSync(join(web, 'assets'));
    // As the web build leaves them: hashed bundles and index.html with .br and .gz copies beside them
    // (apps/web/vite.config.ts), and a small bundle without.
    for (const [file, text] of [
      ['index.html', INDEX_HTML],
      ['assets/app-1a2b.js', APP_JS],
    ]) {
      writeFileSync(join(web, file), text);
      writeFileSync(join(web, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(web, `${file}.gz`), gzipSync(text));
    }
    writeFileSync(join(web, 'assets', 'tiny-9z8y.js'), 'export {};');
    t = await startTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(() => t.close());

  const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml' } };

  it.each(['/', '/Login', '/DonerDashboard', '/FoodDonationApp', '/no/such/page'])('answers the page %s with the app', async (path) => {
    const response = await t.http.get(path, asBrowser);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.http.get('/assets/app-1a2b.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  describe('compressed once at build time', () => {
    it.each([
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ])('answers Accept-Encoding "%s" with %s copy of a hashed bundle, long cached', async (accept, encoding, decode) => {
      const response = await rawGet(`${t.baseUrl}/assets/app-1a2b.js`, { 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.body.length).toBeLessThan(Buffer.byteLength(APP_JS) / 4);
      expect(decode(response.body).toString()).toBe(APP_JS);
    });

    it('sends the file as it is to a client that accepts no encoding, still saying it varies', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const response = await rawGet(`${t.baseUrl}/assets/app-1a2b.js`, headers);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding');
        expect(response.body.toString()).toBe(APP_JS);
      }
    });

    it('sends a file without copies as it is', async () => {
      const response = await rawGet(`${t.baseUrl}/assets/tiny-9z8y.js`, { 'accept-encoding': 'gzip, br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(response.body.toString()).toBe('export {};');
    });

    it.each(['/', '/Login', '/no/such/page'])('compresses index.html for the page %s and never lets it be cached unchecked', async (path) => {
      const response = await rawGet(`${t.baseUrl}${path}`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(brotliDecompressSync(response.body).toString()).toBe(INDEX_HTML);
    });

    it('does not let a copy be asked for by a name that escapes the web root', async () => {
      const response = await rawGet(`${t.baseUrl}/assets/..%2f..%2fetc%2fpasswd`, { 'accept-encoding': 'br' });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-encoding']).toBeUndefined();
    });
  });

  it('keeps API calls and unknown API paths as JSON, even when a browser asks', async () => {
    expect((await t.http.get('/api/available', asBrowser)).body).toEqual(expect.any(Array));
    for (const path of ['/api/nope', '/getrequestid/1', '/assets/missing.js']) {
      const response = await t.http.get(path, asBrowser);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('sends security headers with pages', async () => {
    const response = await t.http.get('/', asBrowser);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("lets pages connect (fetch and websockets) to the app's own origin only", async () => {
    const policy = policyOf(await t.http.get('/', asBrowser));
    // CSP Level 3: 'self' also matches ws: and wss: on the page's own host and port.
    expect(policy['connect-src']).toEqual(["'self'"]);
  });

  it("lets pages show object URLs as images and frames (a verification document), and from elsewhere only the map's tiles", async () => {
    const policy = policyOf(await t.http.get('/', asBrowser));
    // The map's tile server (MAP_TILE_URL, OpenStreetMap's by default) is the one other image origin.
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    // Exactly what Chromium needs to draw a PDF from an object URL in a frame (the e2e charity-verification
    // scenario checks it draws with no violation): no other frame, and no plugin content at all.
    expect(policy['frame-src']).toEqual(['blob:']);
    expect(policy['child-src']).toBeUndefined();
    expect(policy['object-src']).toEqual(["'none'"]);
  });
  it('tells the web app where map tiles come from and what attribution they need (GET /api/map/config, public)', async () => {
    const response = await t.http.get(MAP_ROUTES.config);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
  });
});

function policyOf(response: { headers: Headers }): Record<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}
