import type { Browser, Page } from 'playwright-core';
import { apiAddFood, apiSignUp, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, markWindow, MOBILE, openPage, stillSamePage } from './support/browser';
import { foodCard, newFood, signUp } from './support/flows';
import { smallPng } from './support/photos';
import { newUser } from './support/users';

/**
 * Charity verification (docs/VERIFICATION.md), through the screens: a new charity sends its MoSS
 * registration with a document, may hold two claims while unverified (the third is refused with the
 * server's words), an operator approves it in the console with the document in view, the charity's
 * screen turns verified live, and the third claim then goes through. Then the status panel in Arabic on
 * a phone, checked with axe.
 */
describe('charity verification', () => {
  let browser: Browser;
  let charityPage: Page;
  let opsPage: Page;
  let donor: ApiSession;
  const charity = newUser('charity');
  let charityUserId: number;
  const foods: { id: number; name: string }[] = [];

  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: the global setup did not start the stack`);
    return value;
  };
  const statusName = (page: Page) => page.getByTestId('verification-status-name');

  /** Opens the food's pickup view from the board (no reload) and presses Submit Request. */
  const claimFromBoard = async (food: { id: number; name: string }) => {
    await charityPage.getByRole('navigation', { name: 'Charity area' }).getByRole('button', { name: 'Available Food List' }).click();
    await foodCard(charityPage, food.id).getByRole('button', { name: food.name }).click();
    await charityPage.getByRole('button', { name: 'Submit Request' }).click();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    for (const name of ['Molokhia', 'Fatta', 'Basbousa']) {
      const food = newFood(name, 10);
      const id = await apiAddFood(donor.token, {
        food_name: food.name,
        quantity: food.quantity,
        description: food.description,
        expiration_date: food.expirationDate,
      });
      foods.push({ id, name: food.name });
    }
    ({ page: charityPage } = await openPage(browser, '/'));
    ({ page: opsPage } = await openPage(browser, '/'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets a new charity send its registration and document, and says what waiting for review means', async () => {
    await signUp(charityPage, charity, 'charity');
    charityUserId = Number(await charityPage.evaluate(() => localStorage.getItem('userId')));
    // The board says the charity is not verified, and how many claims it may hold.
    await charityPage.getByTestId('verification-notice').getByText(/you may hold 2 claims at a time/).waitFor();
    await charityPage.getByRole('navigation', { name: 'Charity area' }).getByRole('button', { name: 'Verification' }).click();
    await charityPage.getByRole('heading', { name: 'Charity verification', level: 1 }).waitFor();
    expect(await statusName(charityPage).textContent()).toBe('Not verified');

    const form = charityPage.getByTestId('verification-form');
    await form.getByLabel('MoSS registration number').fill('4821/2020');
    await form.getByLabel('Registered address').fill('7 Qasr El Nil St, Downtown, Cairo');
    await form.getByLabel('Contact phone').fill('0101 234 5678');
    await form.getByLabel('Registration document').setInputFiles({ name: 'moss-certificate.png', mimeType: 'image/png', buffer: await smallPng() });
    await form.getByRole('button', { name: 'Send for review' }).click();

    await charityPage.getByText('Sent. An operator will review it.', { exact: true }).waitFor();
    expect(await statusName(charityPage).textContent()).toBe('Waiting for review');
    expect(await charityPage.getByTestId('verification-status').textContent()).toContain('you may hold 2 claims at a time');
    expect(await form.count()).toBe(0);
  });

  it('takes two claims while unverified and refuses the third with the limit', async () => {
    await claimFromBoard(foods[0]);
    await charityPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
    await claimFromBoard(foods[1]);
    await charityPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
    await claimFromBoard(foods[2]);
    await charityPage.getByText('Error submitting pickup request.', { exact: true }).waitFor();
    expect(await charityPage.getByTestId('pickup-reason').textContent()).toBe('You already hold 2 active claims; collect or cancel one first');
  });

  it("lets an operator approve it in the console, the document in view, and the charity's screen turns verified live", async () => {
    await charityPage.getByRole('navigation', { name: 'Charity area' }).getByRole('button', { name: 'Verification' }).click();
    expect(await statusName(charityPage).textContent()).toBe('Waiting for review');
    await markWindow(charityPage);

    await opsPage.goto('/Login');
    await opsPage.getByLabel('Email', { exact: true }).fill(env('E2E_OPERATOR_EMAIL'));
    await opsPage.getByLabel('Password', { exact: true }).fill(env('E2E_OPERATOR_PASSWORD'));
    await opsPage.getByRole('button', { name: 'Login', exact: true }).click();
    await opsPage.waitForURL('**/ops');
    const queue = opsPage.getByRole('region', { name: 'Charities to verify' });
    const card = queue.locator(`[data-testid="verification-item"][data-user-id="${charityUserId}"]`);
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe(charity.name);
    expect(await card.textContent()).toContain('4821/2020');
    expect(await card.getByRole('link', { name: '+201012345678' }).getAttribute('href')).toBe('tel:+201012345678');
    // The document, fetched with the operator's session, is really drawn (the page's CSP allows blob: images).
    const document = card.getByRole('img', { name: `Document of ${charity.name}` });
    await document.waitFor();
    await opsPage.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 120, await document.elementHandle());

    await card.getByRole('button', { name: 'Approve' }).click();
    await queue.getByText(`${charity.name} is verified.`, { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });

    // Live, in the charity's browser: no reload.
    await statusName(charityPage).filter({ hasText: /^Verified$/ }).waitFor();
    expect(await charityPage.getByTestId('verification-status').textContent()).toContain('you may hold 5 claims at a time');
    expect(await stillSamePage(charityPage)).toBe(true);

    // The audit trail says who did what.
    await queue.getByLabel('Show').selectOption('verified');
    const verified = queue.locator(`[data-testid="verification-item"][data-user-id="${charityUserId}"]`);
    await verified.getByRole('button', { name: 'Show history' }).click();
    const entries = verified.getByTestId('audit-entry');
    await entries.nth(1).waitFor();
    expect(await entries.nth(0).textContent()).toMatch(/^Approved · .* · Operator \d+Waiting for review → Verified$/);
    expect(await entries.nth(1).textContent()).toMatch(/^Sent · .* · The charityNot verified → Waiting for review$/);
  });

  it('then takes the third claim', async () => {
    await claimFromBoard(foods[2]);
    await charityPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
    expect(await stillSamePage(charityPage)).toBe(true);
  });

  it('shows the status panel in Arabic on a phone, right to left, with no axe violations', async () => {
    const storage = await charityPage.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    const { page, context } = await openPage(browser, '/FoodDonationApp?view=verification', { viewport: MOBILE, storage: { ...storage, language: 'ar' } });
    await page.getByRole('heading', { name: 'توثيق الجمعية', level: 1 }).waitFor();
    await statusName(page).filter({ hasText: /^موثّقة$/ }).waitFor();
    expect(await page.getByTestId('verification-status').textContent()).toContain('الحد الأقصى لطلباتك النشطة في الوقت نفسه: ٥');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, 'ar-charity-verification-phone');
    await context.close();
  });
});
