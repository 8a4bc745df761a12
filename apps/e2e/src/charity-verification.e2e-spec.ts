import { API_ROUTES } from '@food-link/contracts';
import type { Browser, Frame, Page } from 'playwright-core';
import { apiAddFood, apiSignUp, apiSubmitVerification, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, markWindow, MOBILE, openPage, screenshot, stillSamePage, WAIT_MS } from './support/browser';
import { smallPdf } from './support/documents';
import { foodCard, newFood, signUp } from './support/flows';
import { smallPng } from './support/photos';
import { newUser } from './support/users';

/**
 * Charity verification (docs/VERIFICATION.md), through the screens: a new charity sends its MoSS
 * registration with a document, may hold two claims while unverified (Submit Request is off for the
 * third, with the reason, and the server refuses it), an operator approves it in the console with the document in view, the charity's
 * screen turns verified live, and the third claim then goes through. A charity that sent a PDF has it
 * drawn inline in the console by Chromium's own viewer, with no Content Security Policy violation on
 * either side. Then the status panel in Arabic on a phone, checked with axe.
 */
describe('charity verification', () => {
  let browser: Browser;
  let charityPage: Page;
  let opsPage: Page;
  let donor: ApiSession;
  const charity = newUser('charity');
  let charityUserId: number;
  const foods: { id: number; name: string }[] = [];
  /** A second charity, waiting for review with a PDF document (sent over HTTP). */
  const pdfCharity = newUser('charity');
  let pdfCharityUserId: number;
  /** Every CSP violation Chromium reports on either page (it logs each one as a console error). */
  const cspViolations: string[] = [];
  const watchCsp = (page: Page) =>
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });

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
    const pdfSession = await apiSignUp(pdfCharity, 'charity');
    pdfCharityUserId = Number(pdfSession.storage.userId);
    await apiSubmitVerification(
      pdfSession.token,
      { moss_number: '1375/2019', address: '9 Faisal Street, Talbia, Giza', contact_phone: '01101000202' },
      { name: 'moss-certificate.pdf', type: 'application/pdf', data: smallPdf('MoSS registration certificate') },
    );
    ({ page: charityPage } = await openPage(browser, '/'));
    ({ page: opsPage } = await openPage(browser, '/'));
    watchCsp(charityPage);
    watchCsp(opsPage);
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

    // What it sent, fetched with its session and drawn (the PNG, re-encoded as WebP at its size).
    await charityPage.getByRole('button', { name: 'View the document you sent' }).click();
    const sent = charityPage.getByRole('img', { name: 'The document you sent' });
    await sent.waitFor();
    await charityPage.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 120, await sent.elementHandle());
    await charityPage.getByRole('button', { name: 'Hide the document' }).click();
    expect(cspViolations).toEqual([]);
  });

  it('takes two claims while unverified, then turns Submit Request off for the third and says why before any press', async () => {
    await claimFromBoard(foods[0]);
    await charityPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
    await claimFromBoard(foods[1]);
    await charityPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
    await charityPage.getByRole('navigation', { name: 'Charity area' }).getByRole('button', { name: 'Available Food List' }).click();
    await foodCard(charityPage, foods[2].id).getByRole('button', { name: foods[2].name }).click();
    const reason = 'Your charity already holds 2 active requests, its limit: collect or cancel one first to request more.';
    await charityPage.getByTestId('claim-allowance').filter({ hasText: reason }).waitFor();
    const submit = charityPage.getByRole('button', { name: 'Submit Request' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('aria-describedby')).toBe(await charityPage.getByTestId('claim-allowance').getAttribute('id'));
    // The server refuses it too, in its own words.
    const refused = await fetch(new URL(API_ROUTES.requestPickup, baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: (await charityPage.evaluate(() => localStorage.getItem('token'))) ?? '' },
      body: JSON.stringify({ food_id: foods[2].id }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('You already hold 2 active claims; collect or cancel one first');
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

  it("draws a charity's PDF inline in the console with Chromium's viewer, with no CSP violation", async () => {
    const queue = opsPage.getByRole('region', { name: 'Charities to verify' });
    await queue.getByLabel('Show').selectOption('pending');
    const card = queue.locator(`[data-testid="verification-item"][data-user-id="${pdfCharityUserId}"]`);
    const frame = card.locator(`iframe[title="Document of ${pdfCharity.name}"]`);
    await frame.waitFor();
    const documentFrame = (await (await frame.elementHandle())?.contentFrame()) as Frame;
    // Chromium opens the PDF in the blob: document with its viewer (an extension frame inside it); the
    // viewer knows the page count only once it has parsed the document. A blocked frame would be an error
    // page instead (chrome-error://), with a "Framing ... violates the following Content Security Policy
    // directive" console error.
    const viewer = await pdfViewerIn(opsPage, documentFrame);
    expect(documentFrame.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    await viewer.locator('#pagelength').filter({ hasText: /^1$/ }).waitFor();
    await frame.scrollIntoViewIfNeeded();
    await screenshot(opsPage, 'ops-verification-pdf', { fullPage: false });
    // The fallback link opens the same object URL in a tab of its own, drawn by the same viewer.
    const [tab] = await Promise.all([opsPage.context().waitForEvent('page'), card.getByRole('link', { name: 'Open the document in a new tab' }).click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(documentFrame.url());
    await (await pdfViewerIn(tab, tab.mainFrame())).locator('#pagelength').filter({ hasText: /^1$/ }).waitFor();
    await tab.close();
    expect(cspViolations).toEqual([]);
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

/** Chromium's PDF viewer (chrome-extension://…/index.html), once it is a child frame of `parent`. */
async function pdfViewerIn(page: Page, parent: Frame): Promise<Frame> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const viewer = page.frames().find((frame) => frame.parentFrame() === parent && frame.url().startsWith('chrome-extension://'));
    if (viewer) return viewer;
    if (Date.now() > deadline) throw new Error(`No PDF viewer in ${parent.url()}: ${page.frames().map((frame) => frame.url()).join(', ')}`);
    await page.waitForEvent('frameattached', { timeout: deadline - Date.now() }).catch(() => undefined);
  }
}
