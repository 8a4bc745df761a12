import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from './support/test-app';

describe('serving the web app from the API origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'foodlink-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Food Link</title><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app-1a2b.js'), 'console.log("app")');
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
});
