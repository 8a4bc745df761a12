import type { Browser, Locator, Page } from 'playwright-core';
import { apiAddFood, apiOperatorSession, apiSignUp, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { MOBILE, launchBrowser, openPage, screenshot } from './support/browser';
import { daysFromToday } from './support/flows';
import { newUser } from './support/users';

/**
 * Screens on a 390 × 844 phone as its fonts draw them (`.ci/run` installs Debian's Noto fonts, Arabic
 * and emoji included): nothing wider than the phone, nothing to tap smaller than 44 px, no axe violation.
 */
describe('on a phone', () => {
  let browser: Browser;

  const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  const heightOf = async (target: Locator) => (await target.boundingBox())?.height ?? 0;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('lays the Arabic operator console out within the phone, its section bar and search included', async () => {
    const operator = await apiOperatorSession();
    const { page, context } = await openPage(browser, '/ops', { viewport: MOBILE, storage: { ...operator.storage, language: 'ar' } });
    try {
      await page.getByRole('heading', { name: 'لوحة المشغّل', level: 1 }).waitFor();
      await page.getByTestId('ops-queue-row').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const bar = page.getByRole('navigation', { name: 'أقسام اللوحة' });
      await bar.getByRole('link', { name: 'البحث والإشراف' }).click();
      await page.getByRole('search', { name: 'ابحث عن إعلان أو حساب' }).waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectNoAxeViolations(page, 'operator console, Arabic, phone');
      await screenshot(page, 'ops-ar-phone', { fullPage: false });
    } finally {
      await context.close();
    }
  });

  it('gives the donor a 44 px Share on WhatsApp and the device switch 44 px too', async () => {
    const donor: ApiSession = await apiSignUp(newUser('donor'), 'donor');
    const name = `Phone ful ${Date.now().toString(36)}`;
    await apiAddFood(donor.token, { food_name: name, quantity: 12, description: 'Pots of ful for tonight', expiration_date: daysFromToday(2) });
    const { page, context } = await openPage(browser, '/DonerDashboard', { viewport: MOBILE, storage: donor.storage });
    try {
      const share = page.getByRole('link', { name: `Share on WhatsApp: ${name}` });
      await share.waitFor();
      expect(await heightOf(share)).toBeGreaterThanOrEqual(44);

      const device = page.getByRole('switch', { name: 'Notifications on this device' });
      await device.waitFor();
      expect(await heightOf(device)).toBeGreaterThanOrEqual(44);
      expect(await overflowsSideways(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
