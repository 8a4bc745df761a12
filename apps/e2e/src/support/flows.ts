import { randomBytes } from 'node:crypto';
import { cairoDate } from '@food-link/contracts';
import type { Locator, Page } from 'playwright-core';
import type { E2eUser } from './users';

export type UserKind = 'donor' | 'charity';

export interface FoodToList {
  name: string;
  quantity: number;
  description: string;
  /** `YYYY-MM-DD` */
  expirationDate: string;
}

/** A calendar date (Cairo) `days` from today. */
export function daysFromToday(days: number): string {
  return cairoDate(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}

/** A food item with a name unique to this run, so it can be told apart on the shared board. */
export function newFood(name: string, quantity: number, days = 2): FoodToList {
  return {
    name: `${name} ${randomBytes(2).toString('hex')}`,
    quantity,
    description: `${name}, packed this afternoon in sealed boxes`,
    expirationDate: daysFromToday(days),
  };
}

/** The card of one food item (donor dashboard or charity board). */
export function foodCard(page: Page, foodId: number): Locator {
  return page.locator(`article[data-food-id="${foodId}"]`);
}

/** A card found by the food's name. */
export function foodCardNamed(page: Page, name: string): Locator {
  return page.locator('article[data-food-id]').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The charity's request for a food, found by the food's name. */
export function requestNamed(page: Page, name: string): Locator {
  return page.locator('article[data-request-id]').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The `<dd>` that follows the `<dt>` reading `term` inside `scope`. */
export function field(scope: Locator, term: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The area each kind of account lands in, after sign-up or login. */
const AREA_PATH: Record<UserKind, string> = { donor: '/DonerDashboard', charity: '/FoodDonationApp' };

/** Waits until the page shows the user's own area, signed in (the donor's list, or the charity's name in its nav). */
async function expectSignedInArea(page: Page, user: E2eUser, kind: UserKind): Promise<void> {
  await page.waitForURL(`**${AREA_PATH[kind]}`);
  if (kind === 'donor') {
    await page.getByRole('heading', { name: 'Donor Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Your Donations' }).waitFor();
  } else {
    await page.getByRole('navigation', { name: 'Charity area' }).getByText(user.name, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Available Food Donations', level: 1 }).waitFor();
  }
}

/**
 * Signs up through the sign-up page. The new account is signed in at once and lands in its own area,
 * where the spec's message (and for a charity "Your Charity ID: {id}", also kept in local storage) greets it.
 */
export async function signUp(page: Page, user: E2eUser, kind: UserKind): Promise<{ charityId?: number }> {
  await page.goto(kind === 'donor' ? '/SignUpDonor' : '/SignUpCharity');
  await page.getByLabel(kind === 'donor' ? 'Name' : 'Charity name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expectSignedInArea(page, user, kind);
  const welcome = page.getByRole('status').and(page.getByTestId('welcome'));
  const success = kind === 'donor' ? 'Donor registered successfully' : 'Charity registered successfully';
  await welcome.getByText(success, { exact: true }).waitFor();
  const idLine = welcome.getByText(/^Your Charity ID: \d+$/);
  if (kind === 'donor') {
    expect(await idLine.count()).toBe(0);
    return {};
  }
  const charityId = Number((await idLine.textContent())?.replace(/\D/g, ''));
  expect(await page.evaluate(() => localStorage.getItem('charityId'))).toBe(String(charityId));
  return { charityId };
}

/** Logs out from the user's own area (the donor header's Logout, the charity nav's Log Out). */
export async function logOut(page: Page, kind: UserKind): Promise<void> {
  if (kind === 'donor') await page.getByRole('button', { name: 'Logout', exact: true }).click();
  else await page.getByRole('navigation', { name: 'Charity area' }).getByRole('button', { name: 'Log Out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

/** Logs in through /Login and checks the app routes the user to their own area. */
export async function logIn(page: Page, user: E2eUser, kind: UserKind): Promise<void> {
  await page.goto('/Login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectSignedInArea(page, user, kind);
}

/** Logs the run's operator (OPERATOR_EMAIL of the global setup) in through /Login; it lands in the console. */
export async function logInAsOperator(page: Page): Promise<void> {
  const [email, password] = [process.env.E2E_OPERATOR_EMAIL, process.env.E2E_OPERATOR_PASSWORD];
  if (!email || !password) throw new Error('E2E_OPERATOR_EMAIL is not set: the global setup did not start the stack');
  await page.goto('/Login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/ops');
  await page.getByRole('heading', { name: 'Operator console', level: 1 }).waitFor();
}

/** Signs up through the UI, which also signs the new account in (see signUp). */
export async function signUpAndLogin(page: Page, user: E2eUser, kind: UserKind): Promise<{ charityId?: number }> {
  return signUp(page, user, kind);
}

/** Lists food through the donor dashboard's Add Food form; returns the new card's food id. */
export async function listFood(page: Page, food: FoodToList): Promise<number> {
  const toggle = page.getByRole('button', { name: 'Add Food', exact: true });
  if (await toggle.isVisible()) await toggle.click();
  const form = page.getByRole('form', { name: 'Add New Food Donation' });
  await form.getByLabel('Food Name').fill(food.name);
  await form.getByLabel('Quantity').fill(String(food.quantity));
  await form.getByLabel('Description').fill(food.description);
  await form.getByLabel('Expiration Date').fill(food.expirationDate);
  await form.getByRole('button', { name: 'Add Donation' }).click();

  const card = foodCardNamed(page, food.name);
  await card.waitFor();
  // On success the form is cleared.
  expect(await form.getByLabel('Food Name').inputValue()).toBe('');
  return Number(await card.getAttribute('data-food-id'));
}

/** The landing page's impact counter (`meals donated` or `charities helped`). */
export function impactCounter(page: Page, label: 'meals donated' | 'charities helped'): Locator {
  return page.locator('#about dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
}

/** Waits until the counter shows a live number (not the static `21+`/`4+`) and returns it. */
export async function liveCount(counter: Locator): Promise<number> {
  const text = await counter.filter({ hasText: /^[\d,]+$/ }).textContent();
  return Number(text?.replace(/,/g, ''));
}

/** Waits until the counter shows exactly `value` (in the English number format). */
export async function waitForCount(counter: Locator, value: number): Promise<void> {
  const shown = new Intl.NumberFormat('en-GB').format(value);
  await counter.filter({ hasText: new RegExp(`^${shown}$`) }).waitFor();
}
