import { ERRORS } from '@food-link/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiAddFood, apiHideFood, apiOperatorLogin, apiSignUp, apiVerifyCharity, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, markWindow, MOBILE, openPage, stillSamePage } from './support/browser';
import { field, foodCard, logIn, logInAsOperator, newFood } from './support/flows';
import { smallPng } from './support/photos';
import { newUser } from './support/users';

/**
 * Moderation through the screens (docs/VERIFICATION.md, "Moderation" and "Screens"): an operator hides a
 * donor's listing from the console with a reason (the donor's card says so live, a charity's board loses
 * it live) and puts it back; suspends a charity's account (its open page is signed out live and Login
 * shows the reason; its login is refused with it) and reinstates it; the donor accepts claims from verified charities only (an
 * unverified charity's claim is refused with the server's words, a verified one's goes through). Then
 * the donor's dashboard in Arabic on a phone, with the hidden line and the switch, checked with axe.
 */
describe('moderation', () => {
  let browser: Browser;
  let opsPage: Page;
  let donorPage: Page;
  let charityPage: Page;
  let donor: ApiSession;
  let operatorToken: string;
  let verified: ApiSession;
  const donorUser = newUser('donor');
  const charityUser = newUser('charity');
  let charityUserId: number;
  let food: { id: number; name: string };
  const hideReason = 'The photo shows a different dish';
  const suspendReason = 'Reselling donated food';

  const moderation = () => opsPage.getByRole('region', { name: 'Moderation' });
  const listingForm = () => moderation().getByRole('group', { name: 'A listing' });
  const accountForm = () => moderation().getByRole('group', { name: 'An account' });
  const latestAudit = () => moderation().getByTestId('moderation-audit-entry').first();

  /** Waits for the operator's outcome line to read `text`. */
  const outcome = (form: Locator, text: string) => form.getByRole('status').filter({ hasText: new RegExp(`^${text.replace(/\./g, '\\.')}$`) }).waitFor();

  /** Opens the food's pickup view from the board (no reload) and presses Submit Request. */
  const claimFromBoard = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Charity area' }).getByRole('button', { name: 'Available Food List' }).click();
    await foodCard(page, food.id).getByRole('button', { name: food.name }).click();
    await page.getByRole('button', { name: 'Submit Request' }).click();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    let charity: ApiSession;
    [donor, charity, verified, operatorToken] = await Promise.all([
      apiSignUp(donorUser, 'donor'),
      apiSignUp(charityUser, 'charity'),
      apiSignUp(newUser('charity'), 'charity'),
      apiOperatorLogin(),
    ]);
    charityUserId = Number(charity.storage.userId);
    await apiVerifyCharity(verified, operatorToken, await smallPng());
    const listed = newFood('Mahshi', 15);
    food = {
      name: listed.name,
      id: await apiAddFood(donor.token, { food_name: listed.name, quantity: listed.quantity, description: listed.description, expiration_date: listed.expirationDate }),
    };
    [{ page: opsPage }, { page: donorPage }, { page: charityPage }] = await Promise.all([
      openPage(browser, '/'),
      openPage(browser, '/DonerDashboard', { storage: donor.storage }),
      openPage(browser, '/FoodDonationApp', { storage: charity.storage }),
    ]);
    await logInAsOperator(opsPage);
    await Promise.all([foodCard(donorPage, food.id).waitFor(), foodCard(charityPage, food.id).waitFor()]);
    await Promise.all([markWindow(donorPage), markWindow(charityPage)]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("hides a listing with a reason: the donor's card says why and the charity's board loses it, live", async () => {
    await listingForm().getByLabel('Listing number').fill(String(food.id));
    await listingForm().getByLabel('Reason (the person is told)').fill(hideReason);
    await listingForm().getByRole('button', { name: 'Hide listing' }).click();
    await outcome(listingForm(), `Listing ${food.id} is hidden.`);

    const hidden = foodCard(donorPage, food.id).getByTestId('hidden-by-operator');
    await hidden.waitFor();
    expect(await hidden.textContent()).toBe(`Hidden by an operator: ${hideReason}Charities cannot see or claim it until an operator puts it back.`);
    // A hidden listing is on offer to nobody: no share button.
    expect(await foodCard(donorPage, food.id).getByRole('button', { name: /WhatsApp/ }).count()).toBe(0);
    await foodCard(charityPage, food.id).waitFor({ state: 'detached' });

    await latestAudit().filter({ hasText: hideReason }).waitFor();
    expect(await latestAudit().locator('p').first().textContent()).toBe(`Listing hidden · ${donorUser.name} · listing ${food.id}`);
    expect(await stillSamePage(donorPage)).toBe(true);
    expect(await stillSamePage(charityPage)).toBe(true);
  });

  it("puts it back: the card is on the charity's board again and the donor's line goes, live", async () => {
    await listingForm().getByRole('button', { name: 'Put listing back' }).click();
    await outcome(listingForm(), `Listing ${food.id} is back on the board.`);
    await foodCard(charityPage, food.id).waitFor();
    await foodCard(donorPage, food.id).getByTestId('hidden-by-operator').waitFor({ state: 'detached' });
    await latestAudit().filter({ hasText: /^Listing put back/ }).waitFor();
    expect(await stillSamePage(charityPage)).toBe(true);
  });

  it("suspends a charity's account found by e-mail: its open page is signed out live to Login with the reason, and its login is refused with it", async () => {
    await accountForm().getByLabel('Find by e-mail').fill(charityUser.email);
    await accountForm().getByRole('button', { name: 'Find' }).click();
    const found = accountForm().getByTestId('moderation-found');
    await found.filter({ hasText: `${charityUser.name} (charity), account ${charityUserId}: active` }).waitFor();
    expect(await accountForm().getByLabel('Account number').inputValue()).toBe(String(charityUserId));
    await accountForm().getByLabel('Reason (the person is told)').fill(suspendReason);
    await accountForm().getByRole('button', { name: 'Suspend account' }).click();
    await outcome(accountForm(), `Account ${charityUserId} is suspended.`);
    expect(await found.textContent()).toBe(`${charityUser.name} (charity), account ${charityUserId}: suspended`);
    await latestAudit().filter({ hasText: suspendReason }).waitFor();
    expect(await latestAudit().locator('p').first().textContent()).toBe(`Account suspended · ${charityUser.name}`);

    // The charity's page, still open on the board, is signed out without anyone touching it (the live
    // account.moderation, or the closing of its socket that follows: docs/VERIFICATION.md, "Screens") and
    // lands on Login, which says why, with no reload.
    const notice = charityPage.getByTestId('suspended-notice');
    await notice.waitFor();
    expect(new URL(charityPage.url()).pathname).toBe('/Login');
    expect(await notice.locator('p').first().textContent()).toBe('You have been signed out');
    expect(await notice.getByTestId('suspended-reason').textContent()).toBe(`Reason: ${suspendReason}`);
    expect(await charityPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await stillSamePage(charityPage)).toBe(true);

    // Its login is refused with the reason too.
    await charityPage.getByLabel('Email', { exact: true }).fill(charityUser.email);
    await charityPage.getByLabel('Password', { exact: true }).fill(charityUser.password);
    await charityPage.getByRole('button', { name: 'Login', exact: true }).click();
    await charityPage.getByTestId('form-reason').filter({ hasText: `Reason: ${suspendReason}` }).waitFor();
    const refused = charityPage.getByRole('alert').filter({ has: charityPage.getByTestId('form-reason') });
    expect(await refused.textContent()).toBe(`This account is suspended by a Food Link operator.Reason: ${suspendReason}`);
    expect(await charityPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('reinstates it: the charity signs in again', async () => {
    await accountForm().getByRole('button', { name: 'Reinstate account' }).click();
    await outcome(accountForm(), `Account ${charityUserId} is reinstated.`);
    await accountForm().getByTestId('moderation-found').filter({ hasText: /: active$/ }).waitFor();
    await latestAudit().filter({ hasText: /^Account reinstated/ }).waitFor();
    await logIn(charityPage, charityUser, 'charity');
  });

  it("lets the donor take claims from verified charities only: an unverified charity's claim is refused, a verified one's passes", async () => {
    const section = donorPage.getByRole('region', { name: 'Who may claim' });
    const verifiedOnly = section.getByRole('switch', { name: 'Only verified charities may claim my food' });
    expect(await verifiedOnly.isChecked()).toBe(false);
    await verifiedOnly.click();
    await section.getByRole('status').filter({ hasText: 'Saved: only verified charities may claim your food.' }).waitFor();
    expect(await verifiedOnly.isChecked()).toBe(true);

    await claimFromBoard(charityPage);
    await charityPage.getByText('Error submitting pickup request.', { exact: true }).waitFor();
    expect(await charityPage.getByTestId('pickup-reason').textContent()).toBe(ERRORS.verifiedCharitiesOnly);

    const { page: verifiedPage, context } = await openPage(browser, '/FoodDonationApp', { storage: verified.storage });
    await foodCard(verifiedPage, food.id).waitFor();
    await claimFromBoard(verifiedPage);
    await verifiedPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
    await context.close();

    // The donor's card shows the claim live, with the charity's badge.
    const claimedBy = field(foodCard(donorPage, food.id), 'Charity Name');
    await claimedBy.getByTestId('verified-badge').waitFor();
    expect(await claimedBy.locator('bdi').textContent()).toBe(verified.storage.charityName);
    expect(await stillSamePage(donorPage)).toBe(true);
  });

  it("shows the donor's hidden line and the switch in Arabic on a phone, right to left, with no axe violations", async () => {
    const listed = newFood('Feteer', 6);
    const hiddenId = await apiAddFood(donor.token, { food_name: listed.name, quantity: listed.quantity, description: listed.description, expiration_date: listed.expirationDate });
    await apiHideFood(operatorToken, hiddenId, 'الصورة لا تطابق الطعام');
    const { page, context } = await openPage(browser, '/DonerDashboard', { viewport: MOBILE, storage: { ...donor.storage, language: 'ar' } });
    const hidden = foodCard(page, hiddenId).getByTestId('hidden-by-operator');
    await hidden.waitFor();
    expect(await hidden.textContent()).toContain('أخفاه أحد المشرفين: الصورة لا تطابق الطعام');
    const verifiedOnly = page.getByRole('region', { name: 'من يمكنه الطلب' }).getByRole('switch', { name: 'الجمعيات الموثّقة فقط يمكنها طلب طعامي' });
    expect(await verifiedOnly.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, 'ar-donor-moderation-phone');
    await context.close();
  });
});
