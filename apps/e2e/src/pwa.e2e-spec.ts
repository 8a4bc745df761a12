import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiSignUp } from './support/api';
import { launchBrowser, openPage } from './support/browser';
import { newUser } from './support/users';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/*
 * The installable app: the manifest the page links to, its icons, and the service worker that shows
 * Web Push notifications. Delivery itself (encrypted, VAPID-signed, decrypted by the browser's keys) is
 * the API's integration test (apps/api/test/push.int-spec.ts): headless Chromium here has no push
 * service to subscribe at.
 */
describe('the installable web app (PWA)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  const open = async (path: string, storage?: Record<string, string>): Promise<Page> => {
    const { context, page } = await openPage(browser, path, { storage });
    contexts.push(context);
    return page;
  };

  it('links a manifest Chromium can read, with the theme colour, and its icons load at their stated sizes', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#15803d');

    // What Chromium itself fetched and parsed, and whether it would offer to install the app.
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(parsed.url).toBe(new URL('/manifest.webmanifest', page.url()).href);
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toContain('"display": "standalone"');
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // Playwright's contexts are off the record, where Chromium never installs; nothing else stands in the way.
    expect(installability.installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    const answer = await page.request.get(href as string);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = (await answer.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ short_name: 'Food Link', start_url: '/', display: 'standalone', theme_color: '#15803d' });
    expect(manifest.name).toContain('فود لينك');

    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect({ src: icon.src, status: image.status(), type: image.headers()['content-type'] }).toEqual({ src: icon.src, status: 200, type: icon.type });
      if (icon.type === 'image/png') expect(pngSize(await image.body())).toBe(icon.sizes);
    }
  });

  it('serves the service worker at /sw.js, always revalidated', async () => {
    const page = await open('/');
    const answer = await page.request.get('/sw.js');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('javascript');
    expect(answer.headers()['cache-control']).toBe('no-cache');
    expect(await answer.text()).toContain("addEventListener('push'");
  });

  it("registers the service worker at scope '/' and it activates, once a signed-in user's account section shows", async () => {
    const session = await apiSignUp(newUser('donor'), 'donor');
    const page = await open('/DonerDashboard', session.storage);
    await page.getByRole('switch', { name: 'Notifications on this device' }).waitFor();
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const active = registration.active as ServiceWorker;
      if (active.state !== 'activated') await new Promise((resolve) => active.addEventListener('statechange', resolve, { once: true }));
      return { scope: registration.scope, script: active.scriptURL, state: active.state };
    });
    const origin = new URL(page.url()).origin;
    expect(worker).toEqual({ scope: `${origin}/`, script: `${origin}/sw.js`, state: 'activated' });
    // The switch is usable (not "this browser cannot"), and off until the user turns it on.
    await expect(page.getByRole('switch', { name: 'Notifications on this device' }).getAttribute('aria-checked')).resolves.toBe('false');
  });
});
