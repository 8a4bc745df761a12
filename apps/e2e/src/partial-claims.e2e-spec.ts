import type { Browser, Page } from 'playwright-core';
import { apiAddFood, apiSignUp, type ApiSession } from './support/api';
import { launchBrowser, openPage, stillSamePage, markWindow } from './support/browser';
import { daysFromToday, foodCard } from './support/flows';
import { newUser } from './support/users';

/**
 * Partial claims (issue 28), in real browsers: two charities share one listing of 30 meals, 20 and 10,
 * each through the pickup screen's stepper; the other charity's board and the donor's card follow live,
 * without a reload, until nothing is left.
 */
describe('partial claims', () => {
  let browser: Browser;
  let donorPage: Page;
  let firstPage: Page;
  let secondPage: Page;
  let donor: ApiSession;
  const firstUser = newUser('charity');
  const secondUser = newUser('charity');
  const name = `Shared koshary ${Date.now().toString(36)}`;
  let foodId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    const [first, second] = [await apiSignUp(firstUser, 'charity'), await apiSignUp(secondUser, 'charity')];
    foodId = await apiAddFood(donor.token, { food_name: name, quantity: 30, description: 'Rice, lentils and pasta', expiration_date: daysFromToday(2) });
    ({ page: donorPage } = await openPage(browser, '/DonerDashboard', { storage: donor.storage }));
    ({ page: firstPage } = await openPage(browser, '/FoodDonationApp', { storage: first.storage }));
    ({ page: secondPage } = await openPage(browser, '/FoodDonationApp', { storage: second.storage }));
    for (const page of [donorPage, firstPage, secondPage]) await markWindow(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Opens the listing's pickup screen from the board and claims `quantity` with the stepper (all: as it opens). */
  async function claim(page: Page, quantity: number | 'all', left: number) {
    await foodCard(page, foodId).getByRole('button', { name }).click();
    await page.getByRole('heading', { name: 'Request a Food Pickup', level: 1 }).waitFor();
    const input = page.getByTestId('claim-quantity');
    // The stepper starts at all that is left, so Take all has nothing to do until fewer are chosen.
    expect(await input.inputValue()).toBe(String(left));
    expect(await page.getByRole('button', { name: `Take all (${left})` }).isDisabled()).toBe(true);
    if (quantity !== 'all') await input.fill(String(quantity));
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
  }

  it('the first charity claims 20 of 30; the other board and the donor see 10 left, live', async () => {
    await foodCard(secondPage, foodId).waitFor();
    await claim(firstPage, 20, 30);

    await foodCard(secondPage, foodId).getByTestId('quantity-left').filter({ hasText: '10 of 30 left' }).waitFor();
    const card = foodCard(donorPage, foodId);
    await card.getByTestId('donor-claims').getByText(firstUser.name).waitFor();
    expect(await card.getByTestId('donor-quantity-left').textContent()).toBe('10 of 30 left');
    for (const page of [donorPage, secondPage]) expect(await stillSamePage(page)).toBe(true);
  });

  it('the second charity takes all that is left: the listing leaves the boards, and the donor lists both claims', async () => {
    await claim(secondPage, 'all', 10);
    await firstPage.getByRole('button', { name: 'Back to Food List' }).click();
    await foodCard(firstPage, foodId).waitFor({ state: 'detached' });

    const claims = foodCard(donorPage, foodId).getByTestId('donor-claims').getByRole('listitem');
    await claims.nth(1).getByText(secondUser.name).waitFor();
    expect((await claims.allTextContents()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      `${firstUser.name}20 PortionsPending`,
      `${secondUser.name}10 PortionsPending`,
    ]);
    for (const page of [donorPage, firstPage, secondPage]) expect(await stillSamePage(page)).toBe(true);
  });
});
