import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiAddFood, apiRequestPickup, apiSignUp, type ApiSession } from './support/api';
import { MOBILE, launchBrowser, openPage } from './support/browser';
import { field, foodCard, newFood } from './support/flows';
import { newUser } from './support/users';

const documentDirection = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

/** An address that starts with a mobile number, as many in Egypt do (the bidi algorithm's hard case). */
const mobileEmail = () => `010${String(randomInt(1e8)).padStart(8, '0')}@e2e.eg`;

/**
 * True when the e-mail address in `element` is laid out as written, `name@domain` (not `domain@name`).
 * The address may be split over several text nodes (it offers line breaks at "@" and dots).
 */
const emailReadsLeftToRight = (element: Locator) =>
  element.evaluate((root) => {
    const chars: { node: Text; index: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < (node.textContent ?? '').length; index += 1) chars.push({ node: node as Text, index });
    }
    const at = chars.findIndex(({ node, index }) => node.textContent?.[index] === '@');
    if (at < 1 || at === chars.length - 1) return false;
    const left = (position: number) => {
      const range = document.createRange();
      range.setStart(chars[position].node, chars[position].index);
      range.setEnd(chars[position].node, chars[position].index + 1);
      return range.getBoundingClientRect().left;
    };
    return left(at - 1) < left(at) && left(at) < left(at + 1);
  });

/** Arabic (right to left, remembered), the 404 page, the section previews and the mobile menu. */
describe('Arabic and routes', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('in Arabic', () => {
    let page: Page;
    let donor: ApiSession;
    let charity: ApiSession;
    const donorUser = { ...newUser('donor'), email: mobileEmail() };
    const charityUser = { ...newUser('charity'), email: mobileEmail() };
    let foodId: number;

    beforeAll(async () => {
      ({ page } = await openPage(browser, '/'));
      donor = await apiSignUp(donorUser, 'donor');
      charity = await apiSignUp(charityUser, 'charity');
      const food = newFood('Feteer meshaltet', 12);
      foodId = await apiAddFood(donor.token, {
        food_name: food.name,
        quantity: food.quantity,
        description: food.description,
        expiration_date: food.expirationDate,
      });
      await apiRequestPickup(charity.token, foodId);
    });

    it('switches the landing page to Arabic, right to left, and remembers it after a reload', async () => {
      await page.getByRole('heading', { name: 'Good food should feed people, not bins' }).waitFor();
      expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });

      await page.getByRole('button', { name: 'العربية' }).click();
      await page.getByRole('heading', { name: 'الطعام الجيد مكانه موائد الناس، لا صناديق القمامة' }).waitFor();
      expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
      await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'رسالتنا' }).waitFor();
      // The meals counter reads in Arabic-Indic digits, static (٢١+) or live.
      await page.locator('#about dd').first().filter({ hasText: /^[٠-٩][٠-٩٬]*\+?$/ }).waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'الطعام الجيد مكانه موائد الناس، لا صناديق القمامة' }).waitFor();
      expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
      // The switch now offers English, in its own script.
      await page.getByRole('button', { name: 'English' }).waitFor();
    });

    it('renders the donor dashboard right to left, the claiming charity’s email still reading left to right', async () => {
      const { page: dashboard, context } = await openPage(browser, '/DonerDashboard', { storage: { language: 'ar', ...donor.storage } });
      await dashboard.getByRole('heading', { name: 'لوحة المتبرع', level: 1 }).waitFor();
      const card = foodCard(dashboard, foodId);
      await card.getByRole('button', { name: 'تبرّع' }).waitFor();
      expect(await documentDirection(dashboard)).toEqual({ dir: 'rtl', lang: 'ar' });
      // The quantity says its unit (portions, when the listing gave none).
      expect(await field(card, 'الكمية').textContent()).toBe('١٢ حصص');
      expect(await field(card, 'الحالة').textContent()).toBe('محجوز');
      await field(card, 'البريد الإلكتروني للجمعية').filter({ hasText: charityUser.email }).waitFor();
      expect(await emailReadsLeftToRight(field(card, 'البريد الإلكتروني للجمعية'))).toBe(true);
      await context.close();
    });

    it('renders the charity area right to left, the donor’s email still reading left to right', async () => {
      const { page: area, context } = await openPage(browser, '/FoodDonationApp', { storage: { language: 'ar', ...charity.storage } });
      await area.getByRole('heading', { name: 'التبرعات الغذائية المتاحة', level: 1 }).waitFor();
      const nav = area.getByRole('navigation', { name: 'منطقة الجمعية' });
      await nav.getByRole('button', { name: 'طلباتك' }).click();
      await area.getByRole('heading', { name: 'طلبات الاستلام الخاصة بك', level: 1 }).waitFor();
      const request = area.locator('article[data-request-id]');
      await field(request, 'الحالة').filter({ hasText: 'قيد الانتظار' }).waitFor();
      expect(await documentDirection(area)).toEqual({ dir: 'rtl', lang: 'ar' });
      await field(request, 'البريد الإلكتروني للمتبرع').filter({ hasText: donorUser.email }).waitFor();
      expect(await emailReadsLeftToRight(field(request, 'البريد الإلكتروني للمتبرع'))).toBe(true);
      // The nav starts on the right: the charity's name sits to the right of its buttons.
      const nameBox = await nav.getByText(charityUser.name, { exact: true }).boundingBox();
      const buttonBox = await nav.getByRole('button', { name: 'طلباتك' }).boundingBox();
      expect(nameBox && buttonBox && nameBox.x > buttonBox.x).toBe(true);
      await context.close();
    });

    it('reads the 404 page in Arabic, the language chosen on the landing page carrying over', async () => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'الصفحة غير موجودة', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  describe('routes', () => {
    let page: Page;

    beforeAll(async () => {
      ({ page } = await openPage(browser, '/no-such-page'));
    });

    it('shows Page Not Found for an unknown address', async () => {
      await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
      expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });
      await page.goto('/DonerDashboard/extra');
      await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    });

    it.each([
      ['/HeroSection', 'Good food should feed people, not bins'],
      ['/AboutUs', 'Our Mission'],
      ['/HowItWorks', 'How It Works'],
      ['/Testimonials', 'Testimonials'],
      ['/CallToAction', 'About Food Waste'],
    ])('renders the section preview %s on its own', async (path, heading) => {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading', { name: heading, exact: true }).waitFor();
      // A preview holds that one section: no top bar, no other section, no footer.
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      expect(await page.locator('main > section').count()).toBe(1);
    });

    it('renders the top bar alone at /navbar, and the whole landing page at /LandingPage', async () => {
      await page.goto('/navbar');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'How It Works' }).waitFor();
      expect(await page.getByRole('main').count()).toBe(0);
      await page.goto('/LandingPage');
      await page.getByRole('heading', { name: 'Good food should feed people, not bins' }).waitFor();
      expect(await page.locator('main > section').count()).toBe(5);
      await page.getByRole('contentinfo').waitFor();
    });
  });

  describe('on a phone', () => {
    it('hides the menu behind the hamburger, which opens it', async () => {
      const { page, context } = await openPage(browser, '/', { viewport: MOBILE });
      const menu = page.getByRole('navigation', { name: 'Main navigation' });
      const hamburger = page.getByRole('button', { name: 'Open menu' });
      await hamburger.waitFor();
      expect(await menu.isVisible()).toBe(false);
      expect(await hamburger.getAttribute('aria-expanded')).toBe('false');

      await hamburger.click();
      await menu.getByRole('link', { name: 'Our Mission' }).waitFor();
      expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
      await menu.getByRole('link', { name: 'Login' }).waitFor();

      // Following a section link closes the menu and goes to that section.
      await menu.getByRole('link', { name: 'Our Mission' }).click();
      await menu.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => url.hash === '#about');
      await context.close();
    });
  });
});
