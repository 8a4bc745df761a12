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
  const names = [newFood('Aswan dates', 6).name, newFood('Aswan lentil soup', 9).name];
  // The pickup point's own position: private, a few kilometres from Aswan's public position.
  const privatePosition = { lat: 24.0123, lng: 32.8765 };
  const aswan = GOVERNORATE_POSITIONS['EG-ASN'];

  beforeAll(async () => {
    browser = await launchBrowser();
    const donor = await apiSignUp(newUser('donor'), 'donor');
    charity = await apiSignUp(newUser('charity'), 'charity');
    const point = await apiAddPickupPoint(donor.token, {
      label: 'Corniche kitchen',
      governorate: 'EG-ASN',
      area: 'Corniche',
      address_line: '4 Corniche El Nil',
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
      // Aswan only: the run's other scenarios list food elsewhere on the same board.
      storage: { language, ...charity.storage, boardFilters: JSON.stringify({ governorate: 'EG-ASN' }) },
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
      // Two listings, one public position: one cluster of two, at Aswan's position, not the pickup point's.
      expect(await page.locator('[data-testid="map-cluster"], [data-testid="map-marker"]').count()).toBe(1);
      expect(await cluster.getAttribute('data-count')).toBe('2');
      expect(await cluster.getAttribute('data-position')).toBe(`${aswan.lat},${aswan.lng}`);
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
