import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { apiAddFood, apiCountedImpact, apiFulfil, apiRequestPickup, apiSignUp, type ApiSession } from './support/api';
import { MOBILE, launchBrowser, openPage, screenshot } from './support/browser';
import { daysFromToday, foodCard } from './support/flows';
import { newUser } from './support/users';

type Language = 'en' | 'ar';

/** What each screen must show before it is photographed, in each language. */
const TEXTS = {
  en: {
    hero: 'Good food should feed people, not bins',
    signUpDonor: 'Donor Sign Up',
    signUpCharity: 'Charity Sign Up',
    login: 'Login',
    notFound: 'Page Not Found',
    donorDashboard: 'Donor Dashboard',
    donate: 'Donate',
    completed: 'Donation completed successfully!',
    board: 'Available Food Donations',
    pickup: 'Request a Food Pickup',
    requests: 'Your Food Pickup Requests',
    requestsButton: 'Your Requests',
    donorImpact: 'Your impact',
    publicImpact: 'Our impact across Egypt',
    digits: /^[\d,]+$/,
  },
  ar: {
    hero: 'الطعام الجيد مكانه موائد الناس، لا صناديق القمامة',
    signUpDonor: 'تسجيل متبرع جديد',
    signUpCharity: 'تسجيل جمعية خيرية',
    login: 'تسجيل الدخول',
    notFound: 'الصفحة غير موجودة',
    donorDashboard: 'لوحة المتبرع',
    donate: 'تبرّع',
    completed: 'تمت عملية التبرع بنجاح!',
    board: 'التبرعات الغذائية المتاحة',
    pickup: 'طلب استلام طعام',
    requests: 'طلبات الاستلام الخاصة بك',
    requestsButton: 'طلباتك',
    donorImpact: 'أثرك',
    publicImpact: 'أثرنا في أنحاء مصر',
    digits: /^[٠-٩][٠-٩٬]*$/,
  },
} as const;

const MENU = [
  { food_name: 'Baladi bread', quantity: 120, description: 'Fresh loaves from the morning bake', days: 1 },
  { food_name: 'Lentil soup', quantity: 50, description: 'Shorbet ads in sealed containers', days: 4 },
  { food_name: 'Grilled fish meals', quantity: 35, description: 'Grilled fish with rice and salad, chilled', days: 2 },
  { food_name: "Ta'meya sandwiches", quantity: 60, description: 'Falafel in baladi bread with salad', days: 1 },
];

/**
 * Every main screen, photographed and checked with axe (WCAG 2.1 A and AA: no violations) in English and in Arabic (test-results/e2e/<lang>-<screen>.png), each
 * once it shows what it is for. The scene is set over HTTP: a donor with four items, one of them claimed
 * and one donated to a charity.
 */
describe('screenshots of the main screens', () => {
  let browser: Browser;
  let donor: ApiSession;
  let charity: ApiSession;
  const ids: number[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    charity = await apiSignUp(newUser('charity'), 'charity');
    for (const { days, ...food } of MENU) ids.push(await apiAddFood(donor.token, { ...food, expiration_date: daysFromToday(days) }));
    await apiRequestPickup(charity.token, ids[2]);
    await apiFulfil(donor.token, await apiRequestPickup(charity.token, ids[3]));
    await apiCountedImpact(donor.token);
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each(['en', 'ar'] as Language[])('in %s', (language) => {
    const text = TEXTS[language];
    const open = (path: string, session?: ApiSession, viewport?: { width: number; height: number }) =>
      openPage(browser, path, { storage: { language, ...session?.storage }, viewport });
    const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1, exact: true }).waitFor();

    it('landing, sign-up, login and 404', async () => {
      const { page, context } = await open('/');
      await heading(page, text.hero);
      // The live totals, not the static numbers.
      await page.locator('#about dd').first().filter({ hasText: text.digits }).waitFor();
      await screenshot(page, `${language}-landing`);
      await expectNoAxeViolations(page, `${language}-landing`);
      for (const [path, title, name] of [
        ['/SignUpDonor', text.signUpDonor, 'sign-up-donor'],
        ['/SignUpCharity', text.signUpCharity, 'sign-up-charity'],
        ['/Login', text.login, 'login'],
        ['/no-such-page', text.notFound, '404'],
      ]) {
        await page.goto(path);
        await heading(page, title);
        await screenshot(page, `${language}-${name}`);
        await expectNoAxeViolations(page, `${language}-${name}`);
      }
      await context.close();
    });

    it('donor dashboard with an available, a claimed and a donated item', async () => {
      const { page, context } = await open('/DonerDashboard', donor);
      await heading(page, text.donorDashboard);
      await foodCard(page, ids[0]).waitFor();
      await foodCard(page, ids[2]).getByRole('button', { name: text.donate }).waitFor();
      await foodCard(page, ids[3]).getByText(text.completed, { exact: true }).waitFor();
      await screenshot(page, `${language}-donor-dashboard`);
      await expectNoAxeViolations(page, `${language}-donor-dashboard`);

      // Donating cannot be undone: the dialog that asks first, checked too.
      await foodCard(page, ids[2]).getByRole('button', { name: text.donate }).click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, `${language}-donate-confirm`, { fullPage: false });
      await expectNoAxeViolations(page, `${language}-donate-confirm`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await context.close();
    });

    it('charity board, pickup view and requests', async () => {
      const { page, context } = await open('/FoodDonationApp', charity);
      await heading(page, text.board);
      await foodCard(page, ids[1]).waitFor();
      await screenshot(page, `${language}-charity-board`);
      await expectNoAxeViolations(page, `${language}-charity-board`);

      await foodCard(page, ids[1]).getByRole('button', { name: MENU[1].food_name }).click();
      await heading(page, text.pickup);
      await page.getByText(MENU[1].description, { exact: true }).waitFor();
      await screenshot(page, `${language}-pickup`);
      await expectNoAxeViolations(page, `${language}-pickup`);

      await page.getByRole('button', { name: text.requestsButton }).click();
      await heading(page, text.requests);
      await page.locator('article[data-request-id]').nth(1).waitFor();
      await screenshot(page, `${language}-charity-requests`);
      await expectNoAxeViolations(page, `${language}-charity-requests`);
      await context.close();
    });

    it('on a phone: landing page, donor dashboard and charity requests', async () => {
      const landing = await open('/', undefined, MOBILE);
      await heading(landing.page, text.hero);
      await screenshot(landing.page, `${language}-phone-landing`);
      await expectNoAxeViolations(landing.page, `${language}-phone-landing`);
      await landing.context.close();

      const dashboard = await open('/DonerDashboard', donor, MOBILE);
      await heading(dashboard.page, text.donorDashboard);
      await foodCard(dashboard.page, ids[3]).getByText(text.completed, { exact: true }).waitFor();
      await screenshot(dashboard.page, `${language}-phone-donor-dashboard`);
      await expectNoAxeViolations(dashboard.page, `${language}-phone-donor-dashboard`);
      await dashboard.context.close();

      const requests = await open('/FoodDonationApp?view=requests', charity, MOBILE);
      await heading(requests.page, text.requests);
      await requests.page.locator('article[data-request-id]').nth(1).waitFor();
      await screenshot(requests.page, `${language}-phone-charity-requests`);
      await expectNoAxeViolations(requests.page, `${language}-phone-charity-requests`);
      await requests.context.close();
    });

    it('on a phone: the donor impact page and the public impact page', async () => {
      const mine = await open('/DonerDashboard/impact', donor, MOBILE);
      await heading(mine.page, text.donorImpact);
      await mine.page.getByRole('img').first().waitFor();
      await screenshot(mine.page, `${language}-phone-donor-impact`);
      await expectNoAxeViolations(mine.page, `${language}-phone-donor-impact`);
      await mine.context.close();

      const everyone = await open('/impact', undefined, MOBILE);
      await heading(everyone.page, text.publicImpact);
      await everyone.page.getByRole('img').first().waitFor();
      await screenshot(everyone.page, `${language}-phone-public-impact`);
      await expectNoAxeViolations(everyone.page, `${language}-phone-public-impact`);
      await everyone.context.close();
    });
  });
});
