import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { apiAddFood, apiSignUp, type ApiSession } from './support/api';
import { MOBILE, WAIT_MS, baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { daysFromToday, foodCard, foodCardNamed, newFood } from './support/flows';
import { smallJpeg } from './support/photos';
import { newUser } from './support/users';

type Language = 'en' | 'ar';

const TEXTS = {
  en: {
    board: 'Available Food Donations',
    request: 'Request',
    pickup: 'Request a Food Pickup',
    notices: 'Notices about your charity',
    saveProfile: 'Save your profile',
    addFood: 'Add Food',
    form: 'Add New Food Donation',
    add: 'Add Donation',
  },
  ar: {
    board: 'التبرعات الغذائية المتاحة',
    request: 'اطلب',
    pickup: 'طلب استلام طعام',
    notices: 'تنبيهات عن جمعيتكم',
    saveProfile: 'احفظ ملفك',
    addFood: 'إضافة طعام',
    form: 'إضافة تبرع غذائي جديد',
    add: 'إضافة التبرع',
  },
} as const;

/**
 * The board and the add-food form on a 390×844 phone, in both languages (issue 30, item 8): a charity
 * with notices to read still sees the first food without scrolling, each card has a Request button, the
 * donor sees the photos chosen before sending, and after Add Donation the new card is in sight.
 */
describe('the board and the add-food form on a phone', () => {
  let browser: Browser;
  let donor: ApiSession;
  const listed: number[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    for (const name of ['Lentil soup', 'Baladi bread']) {
      const item = newFood(name, 12);
      listed.push(await apiAddFood(donor.token, { food_name: item.name, quantity: 12, description: item.description, expiration_date: daysFromToday(2) }));
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each(['en', 'ar'] as Language[])('in %s', (language) => {
    const text = TEXTS[language];

    it("shows the first food above the fold under a new charity's folded notices, with a Request button that opens the pickup view", async () => {
      // A new charity: no profile saved and not verified, so both notices are there for it.
      const charity = await apiSignUp(newUser('charity'), 'charity');
      const { page, context } = await openPage(browser, '/FoodDonationApp', { viewport: MOBILE, storage: { language, ...charity.storage } });
      await page.getByRole('heading', { name: text.board, level: 1 }).waitFor();
      await page.getByTestId('profile-not-saved').waitFor({ state: 'attached' });
      await page.getByTestId('verification-notice').waitFor({ state: 'attached' });
      await foodCard(page, listed[1]).waitFor();

      await screenshot(page, `${language}-phone-board-notices-folded`, { fullPage: false });
      const first = page.locator('article[data-food-id]').first();
      const title = await first.getByRole('heading', { level: 2 }).boundingBox();
      if (!title) throw new Error('the first card has no title box');
      // The first food's name is on the first screen, without scrolling (unfolded, the notices push it below).
      expect({ language, titleOnFirstScreen: title.y >= 0 && title.y + title.height <= MOBILE.height }).toEqual({ language, titleOnFirstScreen: true });
      // Hidden from screen readers (the title is the card's button for them), so found as a pointer finds it.
      const request = first.locator('button').filter({ hasText: new RegExp(`^${text.request}$`) });
      const button = await request.boundingBox();
      expect(button?.height).toBeGreaterThanOrEqual(44);
      expect(button?.width).toBeGreaterThanOrEqual(44);
      await expectNoAxeViolations(page, `${language}-phone-board-notices-folded`);

      // The notices are one tap away.
      await page.getByText(text.notices, { exact: true }).click();
      await page.getByTestId('profile-not-saved').getByRole('link', { name: text.saveProfile }).waitFor();
      // Open, they are what would have pushed the first food off the first screen.
      const pushed = await first.getByRole('heading', { level: 2 }).boundingBox();
      expect({ language, pushedBelowTheFold: (pushed?.y ?? 0) > MOBILE.height }).toEqual({ language, pushedBelowTheFold: true });
      await expectNoAxeViolations(page, `${language}-phone-board-notices-open`);

      await request.click();
      await page.getByRole('heading', { name: text.pickup, level: 1 }).waitFor();
      await context.close();
    });

    it('shows a thumbnail of each chosen photo, and goes to the new card after Add Donation', async () => {
      const owner = await apiSignUp(newUser('donor'), 'donor');
      const { page, context } = await openPage(browser, '/DonerDashboard', { viewport: MOBILE, storage: { language, ...owner.storage } });
      await page.getByRole('button', { name: text.addFood, exact: true }).click();
      const form = page.getByRole('form', { name: text.form });
      const item = newFood(language === 'en' ? 'Fino rolls' : 'عيش فينو', 30);
      await form.locator('[name="food_name"]').fill(item.name);
      await form.locator('[name="quantity"]').fill('30');
      await form.locator('[name="description"]').fill(item.description);
      await form.locator('[name="expiration_date"]').fill(item.expirationDate);
      const jpeg = await smallJpeg();
      await form.getByTestId('food-photos').setInputFiles([
        { name: 'rolls.jpg', mimeType: 'image/jpeg', buffer: jpeg },
        { name: 'tray.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      ]);
      const thumbnails = form.getByTestId('chosen-photo').locator('img');
      // Drawn from the files themselves: both loaded, at the picture's own size.
      await page.waitForFunction(
        () => {
          const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="chosen-photo"] img')];
          return images.length === 2 && images.every((image) => image.complete && image.naturalWidth === 96 && image.src.startsWith('blob:'));
        },
        undefined,
        { timeout: WAIT_MS },
      );
      const thumbnail = await thumbnails.first().boundingBox();
      expect(thumbnail?.width).toBeGreaterThanOrEqual(48);
      await expectNoAxeViolations(page, `${language}-phone-add-food-thumbnails`);

      await form.getByRole('button', { name: text.add }).click();
      const card = foodCardNamed(page, item.name);
      await card.waitFor();
      // The form stays above; the new card below it is brought into sight.
      await page.waitForFunction(
        (name) => {
          const found = [...document.querySelectorAll('article[data-food-id]')].find((article) => article.querySelector('h3')?.textContent === name);
          const box = found?.getBoundingClientRect();
          return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
        },
        item.name,
        { timeout: WAIT_MS },
      );
      await screenshot(page, `${language}-phone-new-card-in-sight`, { fullPage: false });
      await context.close();
    });
  });

  /** Resource timing of one load on a slow phone's network (150 ms round trips, 1.6 Mbps down), as `npm run bench -- web` throttles it. */
  async function slowLoad(path: string, storage: Record<string, string>, ready: (page: Page) => Promise<unknown>) {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, reducedMotion: 'reduce' });
    context.setDefaultTimeout(60_000);
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 });
    await page.goto(path);
    await ready(page);
    const requests = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd })),
    );
    await context.close();
    const find = (pattern: RegExp) => {
      const found = requests.find((request) => pattern.test(request.path));
      if (!found) throw new Error(`no request for ${pattern} in ${requests.map((request) => request.path).join(', ')}`);
      return found;
    };
    return find;
  }

  // Issue 30, "Speed on a phone": the screen's code downloads while the app's entry (what every path loads
  // first) is still arriving, instead of once it has arrived and run; the dashboard's GET /api/org, which
  // its list waits for, is asked with the list as the app starts, not after the page's code.
  it("fetches a signed-in screen's code and data beside the app's entry on a slow network", async () => {
    const charity = await apiSignUp(newUser('charity'), 'charity');
    const board = await slowLoad('/FoodDonationApp', charity.storage, (page) => foodCard(page, listed[0]).waitFor());
    const entry = board(/^\/assets\/index-[^/]+\.js$/);
    const boardCode = board(/^\/assets\/charity-area-page-[^/]+\.js$/);
    expect({ boardCodeAskedBeforeTheEntryArrived: boardCode.start < entry.end }).toEqual({ boardCodeAskedBeforeTheEntryArrived: true });

    const owner = await apiSignUp(newUser('donor'), 'donor');
    // Both answers arrived (a resource's timing is listed once its response has ended), whichever came first.
    const dashboard = await slowLoad('/DonerDashboard', owner.storage, (page) =>
      page.waitForFunction(() => {
        const paths = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => new URL(entry.name).pathname);
        return paths.some((path) => /^\/api\/org$/.test(path)) && paths.some((path) => /^\/api\/donor\/\d+$/.test(path));
      }),
    );
    const dashboardCode = dashboard(/^\/assets\/donor-dashboard-page-[^/]+\.js$/);
    expect({ dashboardCodeAskedBeforeTheEntryArrived: dashboardCode.start < dashboard(/^\/assets\/index-[^/]+\.js$/).end }).toEqual({
      dashboardCodeAskedBeforeTheEntryArrived: true,
    });
    const list = dashboard(/^\/api\/donor\/\d+$/);
    const org = dashboard(/^\/api\/org$/);
    expect({ orgAskedWithTheList: org.start < list.end }).toEqual({ orgAskedWithTheList: true });
  });

  it('opens a shared listing in Arabic, right to left, on an ar-EG phone that chose no language', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, locale: 'ar-EG', reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await page.goto(`/food/${listed[0]}`);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The app itself opened in Arabic (it sets <html lang dir> to its own language): its menu speaks Arabic.
    await page.getByRole('button', { name: 'فتح القائمة' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await expectNoAxeViolations(page, 'ar-EG-phone-shared-listing');
    await context.close();
  });
});
