import { NOTIFICATION_ROUTES, type NotificationsResponse } from '@food-link/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiAddFood, apiAddPickupPoint, apiSignUp, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { MOBILE, launchBrowser, markWindow, openPage, screenshot, stillSamePage } from './support/browser';
import { listFood, newFood } from './support/flows';
import { newUser } from './support/users';

/** How long a notification may take from the listing's commit to the charity's screen (matching and delivery are jobs). */
const LIVE_MS = 20_000;

/** The rows of the notifications page, newest first. */
const notificationItems = (page: Page): Locator => page.getByTestId('notifications-list').getByRole('article');

/** The bell's accessible name, which carries the unread count. */
const bellName = (page: Page) => page.getByTestId('notification-bell').first().getAttribute('aria-label');

async function unreadOf(session: ApiSession): Promise<NotificationsResponse> {
  const response = await fetch(new URL(NOTIFICATION_ROUTES.list, process.env.E2E_BASE_URL), { headers: { authorization: session.token } });
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationsResponse;
}

/** Page content wider than the window: something a phone would have to scroll sideways for. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Ticks the boxes of the profile form, found by their labels inside their groups. */
async function saveProfile(page: Page, choices: { group: string; box: string }[], save: string, saved: string): Promise<void> {
  const form = page.getByTestId('charity-profile-form');
  await form.waitFor();
  for (const { group, box } of choices) await form.getByRole('group', { name: group }).getByRole('checkbox', { name: box, exact: true }).check();
  await form.getByRole('button', { name: save }).click();
  await page.getByTestId('profile-saved').getByText(saved).waitFor();
}

/**
 * A charity with a matching profile hears of new food while it is not looking at the board: it saves its
 * profile in the charity area, and with only its notifications page open, a donor's listing in its
 * governorate arrives there live and the bell's unread count rises; a charity elsewhere hears nothing.
 * Then the same in Arabic on a phone.
 */
describe('notifications', () => {
  let browser: Browser;
  let donor: ApiSession;
  let donorPage: Page;
  let gizaCharity: ApiSession;
  let aswanCharity: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    // The donor's listings are picked up in Giza: its first pickup point is its default.
    await apiAddPickupPoint(donor.token, {
      label: 'Dokki kitchen',
      governorate: 'EG-GZ',
      area: 'Dokki',
      address_line: '5 Tahrir Street',
      contact_name: 'Mona Adel',
      contact_phone: '01012345678',
    });
    gizaCharity = await apiSignUp(newUser('charity'), 'charity');
    aswanCharity = await apiSignUp(newUser('charity'), 'charity');
    ({ page: donorPage } = await openPage(browser, '/DonerDashboard', { storage: donor.storage }));
    await donorPage.getByRole('heading', { name: 'Your Donations' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('tells a charity without a profile that it is not matched, until it saves one in the charity area', async () => {
    const { page, context } = await openPage(browser, '/FoodDonationApp', { storage: gizaCharity.storage });
    const notice = page.getByTestId('profile-not-saved');
    await notice.getByText(/will not match new food to you or notify you/).waitFor();
    await notice.getByRole('link', { name: 'Save your profile' }).click();
    await page.getByRole('heading', { name: 'Charity profile', level: 1 }).waitFor();
    await expectNoAxeViolations(page, 'charity profile, not saved');

    // Nothing chosen: the form says what is missing, beside the groups, and sends nothing.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('group', { name: 'Governorates you serve' }).getByText('Choose at least one').waitFor();

    await saveProfile(
      page,
      [
        { group: 'Governorates you serve', box: 'Giza' },
        { group: 'Food you take', box: 'Other' },
        { group: 'What you can carry', box: 'Room temperature' },
      ],
      'Save profile',
      'Profile saved. New food that fits it will reach you.',
    );
    expect(await notice.count()).toBe(0);
    await context.close();

    // The charity in Aswan takes the same food, elsewhere (saved over HTTP: the form is not what this is about).
    const response = await fetch(new URL(NOTIFICATION_ROUTES.charityProfile, process.env.E2E_BASE_URL), {
      method: 'PUT',
      headers: { authorization: aswanCharity.token, 'content-type': 'application/json' },
      body: JSON.stringify({ governorates: ['EG-ASN'], categories: ['other'], storage: ['ambient'] }),
    });
    expect(response.status).toBe(200);
  });

  it('brings new matching food to the charity\'s open notifications page live, and the unread count rises', async () => {
    const { page, context } = await openPage(browser, '/notifications', { storage: gizaCharity.storage });
    await page.getByTestId('notifications-empty').waitFor();
    expect(await bellName(page)).toBe('Notifications');
    await expectNoAxeViolations(page, 'notifications, empty');
    await markWindow(page);

    const food = newFood('Koshary boxes', 30);
    const foodId = await listFood(donorPage, food);

    const first = notificationItems(page).first();
    await first.getByText(`New food near you: ${food.name}`).waitFor({ timeout: LIVE_MS });
    expect(await first.getAttribute('data-unread')).toBe('true');
    expect(await first.getByRole('link', { name: 'See the food' }).getAttribute('href')).toBe(`/food/${foodId}`);
    await page.getByTestId('notification-bell').and(page.locator('[aria-label="Notifications, 1 unread"]')).waitFor();
    expect(await page.getByTestId('unread-count').textContent()).toBe('1 unread');
    expect(await stillSamePage(page)).toBe(true);
    await expectNoAxeViolations(page, 'notifications, one unread');
    await screenshot(page, 'notifications-live');

    // The charity in Aswan was not matched.
    expect((await unreadOf(aswanCharity)).items).toEqual([]);

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByTestId('unread-count').getByText('All read').waitFor();
    expect(await bellName(page)).toBe('Notifications');
    expect((await unreadOf(gizaCharity)).unread).toBe(0);
    await context.close();
  });

  it('counts live on the bell of a charity looking at something else (its requests)', async () => {
    const { page, context } = await openPage(browser, '/FoodDonationApp?view=requests', { storage: gizaCharity.storage });
    const bell = page.getByRole('navigation', { name: 'Charity area' }).getByTestId('notification-bell');
    await bell.and(page.locator('[aria-label="Notifications"]')).waitFor();
    const food = newFood('Ful pots', 12);
    await listFood(donorPage, food);
    await bell.and(page.locator('[aria-label="Notifications, 1 unread"]')).waitFor({ timeout: LIVE_MS });
    // The notice says it too, for those who do not look at the bell.
    await page.getByTestId('notices').getByText(`New food near you: ${food.name}`).waitFor();
    await context.close();
  });

  describe('in Arabic, on a phone', () => {
    let arabicCharity: ApiSession;

    beforeAll(async () => {
      arabicCharity = await apiSignUp(newUser('charity'), 'charity');
    });

    it('saves the profile through the Arabic form, laid out for the phone', async () => {
      const { page, context } = await openPage(browser, '/FoodDonationApp?view=profile', {
        viewport: MOBILE,
        storage: { ...arabicCharity.storage, language: 'ar' },
      });
      await page.getByRole('heading', { name: 'ملف الجمعية', level: 1 }).waitFor();
      await page.getByTestId('profile-not-saved').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await overflowsSideways(page)).toBe(false);
      await expectNoAxeViolations(page, 'charity profile, Arabic, phone');
      await screenshot(page, 'charity-profile-ar-phone', { fullPage: false });
      await saveProfile(
        page,
        [
          { group: 'المحافظات التي تخدمها', box: 'الجيزة' },
          { group: 'الطعام الذي تقبله', box: 'أخرى' },
          { group: 'ما يمكنك نقله', box: 'حرارة الغرفة' },
        ],
        'حفظ الملف',
        'تم حفظ الملف. سيصلك الطعام الجديد المناسب له.',
      );
      await context.close();
    });

    it('brings the notification live, in Arabic, with the bell\'s count in Arabic digits', async () => {
      const { page, context } = await openPage(browser, '/notifications', { viewport: MOBILE, storage: { ...arabicCharity.storage, language: 'ar' } });
      await page.getByRole('heading', { name: 'الإشعارات', level: 1 }).waitFor();
      await page.getByTestId('notifications-empty').waitFor();
      const food = newFood('Baladi bread', 50);
      await apiAddFood(donor.token, { food_name: food.name, quantity: food.quantity, description: food.description, expiration_date: food.expirationDate });

      await notificationItems(page).first().getByText(`طعام جديد بالقرب منك: ${food.name}`).waitFor({ timeout: LIVE_MS });
      await page.getByTestId('notification-bell').and(page.locator('[aria-label="الإشعارات، ١ غير مقروءة"]')).waitFor();
      expect(await page.getByTestId('notification-badge').textContent()).toBe('١');
      expect(await overflowsSideways(page)).toBe(false);
      await expectNoAxeViolations(page, 'notifications, Arabic, phone');
      await screenshot(page, 'notifications-ar-phone');

      await page.getByRole('link', { name: 'إعدادات الإشعارات' }).click();
      await page.getByRole('table', { name: 'ما يصلك وعبر أي قناة' }).waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await expectNoAxeViolations(page, 'notification settings, Arabic, phone');
      await screenshot(page, 'notification-settings-ar-phone');
      await page.getByRole('switch', { name: 'طعام جديد مناسب: البريد الإلكتروني' }).uncheck();
      await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
      await page.getByText('تم حفظ إعدادات الإشعارات.').waitFor();
      await context.close();

      const saved = await fetch(new URL(NOTIFICATION_ROUTES.preferences, process.env.E2E_BASE_URL), { headers: { authorization: arabicCharity.token } });
      expect(((await saved.json()) as { choices: { new_food: { email: boolean } } }).choices.new_food.email).toBe(false);
    });
  });
});
