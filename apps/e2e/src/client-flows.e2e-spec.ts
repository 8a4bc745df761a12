import type { Browser, Locator } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { apiAddFood, apiRequestPickup, apiSignUp, type ApiSession } from './support/api';
import { MOBILE, launchBrowser, openPage, screenshot } from './support/browser';
import { daysFromToday, foodCard, newFood } from './support/flows';
import { newUser } from './support/users';

type Language = 'en' | 'ar';

const TEXTS = {
  en: {
    board: 'Available Food Donations',
    logOut: 'Log Out',
    switchTo: 'العربية',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Main navigation',
    privacy: 'Privacy',
    privacyRights: 'You can download your data and delete your account from your dashboard.',
    brand: 'Food Link',
  },
  ar: {
    board: 'التبرعات الغذائية المتاحة',
    logOut: 'تسجيل الخروج',
    switchTo: 'English',
    openMenu: 'فتح القائمة',
    closeMenu: 'إغلاق القائمة',
    menu: 'التنقل الرئيسي',
    privacy: 'الخصوصية',
    privacyRights: 'يمكنك تنزيل بياناتك وحذف حسابك من لوحتك.',
    brand: 'فود لينك',
  },
} as const;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
};

const food = (name: string, quantity: number) => {
  const item = newFood(name, quantity);
  return { food_name: item.name, quantity, description: item.description, expiration_date: daysFromToday(2) };
};

/**
 * The flows around the live core, as people meet them: the way back to a dashboard, a pickup claimed
 * under a charity's eyes, notices on a phone, the phone layout in both languages and the pages a
 * visitor looks for before trusting the service.
 */
describe('client flows', () => {
  let browser: Browser;
  let donor: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('leads a signed-in donor from the landing page to the dashboard, and the dashboard back home', async () => {
    const { page, context } = await openPage(browser, '/', { storage: donor.storage });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My dashboard' }).click();
    await page.getByRole('heading', { name: 'Donor Dashboard', level: 1 }).waitFor();
    await page.waitForFunction((title) => document.title === title, 'Donor Dashboard · Food Link');
    await page.getByRole('link', { name: 'Food Link', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction((title) => document.title === title, 'Surplus food shared across Egypt · Food Link');
    await context.close();
  });

  it('asks a signed-out visitor of the charity area to log in, instead of offering Log Out and a Submit Request that fails', async () => {
    const foodId = await apiAddFood(donor.token, food('Mahshi trays', 6));
    const { page, context } = await openPage(browser, '/FoodDonationApp');
    await page.getByRole('heading', { name: 'Available Food Donations', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Log Out' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Charity area' }).getByRole('link', { name: 'Log In' }).waitFor();
    await foodCard(page, foodId).getByRole('button').click();
    await page.getByText('Log in with your charity account to request this pickup.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Request' }).count()).toBe(0);
    await context.close();
  });

  it('turns Submit Request off the moment another charity claims the food, and offers the board', async () => {
    const watcher = await apiSignUp(newUser('charity'), 'charity');
    const claimer = await apiSignUp(newUser('charity'), 'charity');
    const { page, context } = await openPage(browser, '/FoodDonationApp', { storage: watcher.storage });
    await page.getByRole('heading', { name: 'Available Food Donations', level: 1 }).waitFor();
    // Listed after the board opened, the food arrives live: the tab's live connection is up.
    const foodId = await apiAddFood(donor.token, food('Roz bel laban cups', 20));
    await foodCard(page, foodId).getByRole('button').click();
    await page.getByRole('heading', { name: 'Request a Food Pickup', level: 1 }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit Request' });
    expect(await submit.isEnabled()).toBe(true);

    await apiRequestPickup(claimer.token, foodId);
    await page.getByText('This food was just claimed by another charity.', { exact: true }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'See the other available food' }).click();
    await page.getByRole('heading', { name: 'Available Food Donations', level: 1 }).waitFor();
    await foodCard(page, foodId).waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows one notice at a time on a phone, naming the item, clear of the last card at the end of the page', async () => {
    const charity = await apiSignUp(newUser('charity'), 'charity');
    // Two claimers: an unverified charity may hold two claims at a time (docs/VERIFICATION.md).
    const claimers = [await apiSignUp(newUser('charity'), 'charity'), await apiSignUp(newUser('charity'), 'charity')];
    const { page, context } = await openPage(browser, '/FoodDonationApp', { viewport: MOBILE, storage: charity.storage });
    await page.getByRole('heading', { name: 'Available Food Donations', level: 1 }).waitFor();
    // Listed after the board opened, each food arrives live.
    const ids: number[] = [];
    const names: string[] = [];
    for (const name of ['Falafel wraps', 'Basbousa slices', 'Molokhia pots']) {
      const item = food(name, 5);
      names.push(item.food_name);
      ids.push(await apiAddFood(donor.token, item));
    }
    for (const id of ids) await foodCard(page, id).waitFor();
    for (const [index, id] of ids.entries()) {
      await apiRequestPickup(claimers[Math.min(index, 1)].token, id);
      await foodCard(page, id).waitFor({ state: 'detached' });
    }
    const visible = page.getByTestId('notice').filter({ visible: true });
    await visible.filter({ hasText: `${names[2]} was just claimed` }).waitFor();
    expect(await visible.count()).toBe(1);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const cards = page.locator('article[data-food-id]');
    if ((await cards.count()) > 0) {
      const last = await box(cards.last());
      const notice = await box(visible);
      expect(notice.y).toBeGreaterThanOrEqual(last.y + last.height);
    }
    await context.close();
  });

  describe.each(['en', 'ar'] as Language[])('on a phone, in %s', (language) => {
    const text = TEXTS[language];

    it('keeps Log Out on the charity header’s first row, whatever the name’s length, with a 44 px language switch', async () => {
      const charity = await apiSignUp({ ...newUser('charity'), name: `The Very Long Named Charity Association of Greater Cairo ${Date.now()}` }, 'charity');
      const { page, context } = await openPage(browser, '/FoodDonationApp', { viewport: MOBILE, storage: { language, ...charity.storage } });
      await page.getByRole('heading', { name: text.board, level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: language === 'en' ? 'Charity area' : 'منطقة الجمعية' });
      const logOut = await box(nav.getByRole('button', { name: text.logOut }));
      const switchBox = await box(nav.getByRole('button', { name: text.switchTo }));
      const home = await box(nav.getByRole('link', { name: text.brand, exact: true }));
      expect(Math.abs(logOut.y + logOut.height / 2 - (switchBox.y + switchBox.height / 2))).toBeLessThan(4);
      expect(Math.abs(logOut.y + logOut.height / 2 - (home.y + home.height / 2))).toBeLessThan(24);
      expect(switchBox.height).toBeGreaterThanOrEqual(44);
      expect(switchBox.width).toBeGreaterThanOrEqual(44);
      expect(logOut.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `${language}-phone-charity-board`);
      await expectNoAxeViolations(page, `${language}-phone-charity-board`);
      await context.close();
    });

    it('closes the mobile menu after a language switch; its panel is opaque', async () => {
      const { page, context } = await openPage(browser, '/', { viewport: MOBILE, storage: { language } });
      await page.getByRole('button', { name: text.openMenu }).click();
      const menu = page.getByRole('navigation', { name: text.menu });
      await menu.waitFor();
      const background = await page.getByRole('banner').evaluate((header) => getComputedStyle(header).backgroundColor);
      expect(background).toBe('rgb(255, 255, 255)');
      const languageSwitch = menu.getByRole('button', { name: text.switchTo });
      expect((await box(languageSwitch)).height).toBeGreaterThanOrEqual(44);
      await languageSwitch.click();
      await menu.waitFor({ state: 'hidden' });
      const other = TEXTS[language === 'en' ? 'ar' : 'en'];
      expect(await page.getByRole('button', { name: other.openMenu }).getAttribute('aria-expanded')).toBe('false');
      await context.close();
    });

    it('links the landing page to the privacy page, which has its own title and tells users about their data', async () => {
      const { page, context } = await openPage(browser, '/', { viewport: MOBILE, storage: { language } });
      await page.getByRole('contentinfo').getByRole('link', { name: text.privacy, exact: true }).click();
      await page.getByRole('heading', { name: text.privacy, level: 1 }).waitFor();
      await page.getByText(text.privacyRights).waitFor();
      await page.waitForFunction((title) => document.title === title, `${text.privacy} · ${text.brand}`);
      await screenshot(page, `${language}-phone-privacy`);
      await expectNoAxeViolations(page, `${language}-phone-privacy`);
      await context.close();
    });
  });
});
