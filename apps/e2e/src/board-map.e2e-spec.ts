import { GOVERNORATE_POSITIONS } from '@food-link/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAddFood, apiAddPickupPoint, apiSignUp, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { MOBILE, launchBrowser, openPage, screenshot } from './support/browser';
import { newFood } from './support/flows';
import { newUser } from './support/users';

/*
 * The board's map on a phone (docs/DOMAIN-RULES.md, "Places on the map"): tiles from the run's own tile
 * server (MAP_TILE_URL, set by the global setup), markers clustered at the governorate's public position
 * and never at the pickup point's own, a tapped marker showing its cards, in both languages, and not one
 * request to OpenStreetMap.
 */
describe("the board's map on a phone", () => {
  let browser: Browser;
  let charity: ApiSession;
  const contexts: BrowserContext[] = [];
  const names = [newFood('Kharga dates', 6).name, newFood('Kharga lentil soup', 9).name];
  // The pickup point's own position: private, a few kilometres from Kharga's, New Valley's public position
  // (a governorate no other scenario of the run lists food in: they share one board).
  const privatePosition = { lat: 25.4391, lng: 30.5467 };
  const kharga = GOVERNORATE_POSITIONS['EG-WAD'];

  beforeAll(async () => {
    browser = await launchBrowser();
    const donor = await apiSignUp(newUser('donor'), 'donor');
    charity = await apiSignUp(newUser('charity'), 'charity');
    const point = await apiAddPickupPoint(donor.token, {
      label: 'Kharga kitchen',
      governorate: 'EG-WAD',
      area: 'El Kharga',
      address_line: '4 Gamal Abdel Nasser Street',
      contact_name: 'Mona Adel',
      contact_phone: '01012345678',
      ...privatePosition,
    });
    for (const name of names) {
      const food = newFood(name, 6);
      await apiAddFood(donor.token, { food_name: name, quantity: food.quantity, description: food.description, expiration_date: food.expirationDate, pickup_point_id: point });
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function openMap(language: 'en' | 'ar'): Promise<{ page: Page; requested: string[] }> {
    const requested: string[] = [];
    const { page, context } = await openPage(browser, '/FoodDonationApp', {
      viewport: MOBILE,
      // New Valley only: the run's other scenarios list food elsewhere on the same board.
      storage: { language, ...charity.storage, boardFilters: JSON.stringify({ governorate: 'EG-WAD' }) },
      prepare: (ctx) => Promise.resolve(ctx.on('request', (request) => requested.push(request.url()))),
    });
    contexts.push(context);
    await page.getByTestId('board-view-map').click();
    await page.getByTestId('board-map-canvas').waitFor();
    return { page, requested };
  }

  for (const language of ['en', 'ar'] as const) {
    it(`shows the food clustered at the governorate, and a tapped marker's cards (${language})`, async () => {
      const { page, requested } = await openMap(language);
      const cluster = page.getByTestId('map-cluster');
      await cluster.waitFor();
      // Two listings, one public position: one cluster of two, at New Valley's position, not the pickup point's.
      expect(await page.locator('[data-testid="map-cluster"], [data-testid="map-marker"]').count()).toBe(1);
      expect(await cluster.getAttribute('data-count')).toBe('2');
      expect(await cluster.getAttribute('data-position')).toBe(`${kharga.lat},${kharga.lng}`);
      expect(await page.content()).not.toContain(String(privatePosition.lat));
      expect(await cluster.getAttribute('aria-label')).toBe(language === 'en' ? '2 listings around here' : 'إعلانان قريبان من هنا');
      // The tiles came from the run's tile server and drew.
      await page.locator('img.leaflet-tile-loaded').first().waitFor();
      expect(requested.some((url) => url.startsWith(`${process.env.E2E_TILE_URL}/`))).toBe(true);
      await page.getByText('© OpenStreetMap contributors (test tiles)').waitFor();

      // The map with its marker, for the README: from the view switch down.
      await page.getByTestId('board-view-toggle').evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await screenshot(page, `${language}-phone-charity-map`, { fullPage: false });

      await cluster.click();
      const chosen = page.getByTestId('map-chosen');
      for (const name of names) await chosen.getByRole('article', { name }).waitFor();
      await expectNoAxeViolations(page, `board map (${language})`);
      expect(requested.filter((url) => new URL(url).hostname.endsWith('openstreetmap.org'))).toEqual([]);
    });
  }
});

/*
 * The pickup point's pin picker on a phone: search an area in the app's own list, tap the map to drop
 * the pin, drag it, and the form holds the position; axe finds nothing, in both languages.
 */
describe("the pickup point's pin picker on a phone", () => {
  let browser: Browser;
  let donor: ApiSession;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  /** The position the form shows, as numbers. */
  async function formPosition(page: Page): Promise<[number, number] | null> {
    const text = (await page.getByTestId('point-position').textContent()) ?? '';
    const digits = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/٫/g, '.');
    const match = /(\d+\.\d+)\D+(\d+\.\d+)/.exec(digits);
    return match ? [Number(match[1]), Number(match[2])] : null;
  }

  for (const language of ['en', 'ar'] as const) {
    it(`drops the pin where the map is tapped near a searched city, and moves it with a drag (${language})`, async () => {
      const requested: string[] = [];
      const { page, context } = await openPage(browser, '/DonerDashboard', {
        viewport: MOBILE,
        storage: { language, ...donor.storage },
        prepare: (ctx) => Promise.resolve(ctx.on('request', (request) => requested.push(request.url()))),
      });
      contexts.push(context);
      await page.getByTestId('point-add').click();
      const map = page.getByTestId('pin-map');
      await map.locator('img.leaflet-tile-loaded').first().waitFor();
      await page.getByTestId('pin-search').fill(language === 'en' ? 'Mansoura' : 'المنصورة');
      await page.getByTestId('pin-results').getByRole('button').first().click();

      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const pin = page.getByTestId('pickup-pin');
      await pin.waitFor();
      let dropped: [number, number] | null = null;
      for (let tries = 0; tries < 50 && !dropped; tries++) {
        dropped = await formPosition(page);
        if (!dropped) await page.waitForTimeout(100);
      }
      // Mansoura's centre, within the few metres a tap is off by at zoom 13.
      expect(Math.abs(dropped![0] - 31.04)).toBeLessThan(0.01);
      expect(Math.abs(dropped![1] - 31.38)).toBeLessThan(0.01);

      // Drag the pin 60 px to the right (east): the longitude grows, the latitude stays.
      const pinBox = (await pin.boundingBox())!;
      const from = { x: pinBox.x + pinBox.width / 2, y: pinBox.y + pinBox.height - 4 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let step = 1; step <= 6; step++) await page.mouse.move(from.x + step * 10, from.y);
      await page.mouse.up();
      let dragged = dropped;
      for (let tries = 0; tries < 50 && dragged?.[1] === dropped![1]; tries++) {
        await page.waitForTimeout(100);
        dragged = await formPosition(page);
      }
      expect(dragged![1]).toBeGreaterThan(dropped![1] + 0.005);
      expect(Math.abs(dragged![0] - dropped![0])).toBeLessThan(0.002);

      await expectNoAxeViolations(page, `pin picker (${language})`);
      expect(requested.filter((url) => new URL(url).hostname.endsWith('openstreetmap.org'))).toEqual([]);
    });
  }
});
