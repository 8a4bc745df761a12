import type { Browser, Page } from 'playwright-core';
import { launchBrowser, markWindow, openPage, stillSamePage } from './support/browser';
import {
  field,
  foodCard,
  impactCounter,
  listFood,
  liveCount,
  logIn,
  logOut,
  newFood,
  requestNamed,
  signUp,
  waitForCount,
} from './support/flows';
import { newUser } from './support/users';

/**
 * One donation, live from end to end: a donor, a charity and a visitor on the landing page, each in a
 * browser of their own, see every step as it happens, none of them reloading.
 */
describe('live donation flow', () => {
  let browser: Browser;
  let donorPage: Page;
  let charityPage: Page;
  let landingPage: Page;
  let releaseTotals: () => void;
  const donor = newUser('donor');
  const charity = newUser('charity');
  const food = newFood('Koshary boxes', 37);
  let foodId: number;
  let mealsBefore: number;
  let charitiesBefore: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: donorPage } = await openPage(browser, '/'));
    ({ page: charityPage } = await openPage(browser, '/'));
    // The landing page's totals call is held back, so the static numbers can be seen before live ones.
    const totalsHeld = new Promise<void>((resolve) => (releaseTotals = resolve));
    ({ page: landingPage } = await openPage(browser, '/', {
      prepare: (context) =>
        context.route('**/api/request/totalmeals', async (route) => {
          await totalsHeld;
          await route.continue();
        }),
    }));
  });

  afterAll(async () => {
    releaseTotals?.();
    await browser?.close();
  });

  it('signs the donor and the charity up through the UI, each landing signed in in their own area; both log in again', async () => {
    await signUp(donorPage, donor, 'donor');
    const { charityId } = await signUp(charityPage, charity, 'charity');
    expect(charityId).toBeGreaterThan(0);
    // The id is explained where the charity lands; the welcome is said once, not again after a reload.
    await charityPage.getByTestId('welcome').getByText(/public number on Food Link/).waitFor();
    await charityPage.reload();
    await charityPage.getByRole('navigation', { name: 'Charity area' }).getByText(charity.name, { exact: true }).waitFor();
    expect(await charityPage.getByTestId('welcome').count()).toBe(0);

    // Login, through its own page, routes each role to its area.
    await logOut(donorPage, 'donor');
    await logIn(donorPage, donor, 'donor');
    expect(new URL(donorPage.url()).pathname).toBe('/DonerDashboard');
    await logOut(charityPage, 'charity');
    await logIn(charityPage, charity, 'charity');
    expect(new URL(charityPage.url()).pathname).toBe('/FoodDonationApp');
    // A login is not a sign-up: no welcome.
    expect(await charityPage.getByTestId('welcome').count()).toBe(0);
    await markWindow(donorPage);
    await markWindow(charityPage);
  });

  it('shows the static meals count until the live total arrives', async () => {
    const meals = impactCounter(landingPage, 'meals donated');
    await meals.filter({ hasText: /^21\+$/ }).waitFor();
    releaseTotals();
    mealsBefore = await liveCount(meals);
    charitiesBefore = await liveCount(impactCounter(landingPage, 'charities helped'));
    expect(mealsBefore).toBeGreaterThanOrEqual(0);
    await markWindow(landingPage);
  });

  it('puts a newly listed food on the charity’s open board without a reload', async () => {
    await charityPage.getByRole('button', { name: 'Available Food List' }).click();
    await charityPage.getByRole('heading', { name: 'Available Food Donations', level: 1 }).waitFor();
    foodId = await listFood(donorPage, food);

    const card = foodCard(charityPage, foodId);
    await card.getByRole('heading', { name: food.name }).waitFor();
    expect(await field(card, 'Quantity').textContent()).toBe('37 Portions');
    expect(await field(card, 'Description').textContent()).toBe(food.description);
    expect(await field(card, 'Status').textContent()).toBe('Available');
    expect(await stillSamePage(charityPage)).toBe(true);
  });

  it('lets the charity request the pickup; the donor sees who claimed it without a reload', async () => {
    await foodCard(charityPage, foodId).getByRole('button', { name: food.name }).click();
    await charityPage.getByRole('heading', { name: 'Request a Food Pickup', level: 1 }).waitFor();
    const details = charityPage.locator('section', { has: charityPage.getByRole('heading', { name: 'Food Item Details' }) });
    await field(details, 'Food Name').filter({ hasText: food.name }).waitFor();
    expect(await field(details, 'Quantity').textContent()).toBe('37 Portions');
    await charityPage.getByRole('button', { name: 'Submit Request' }).click();
    await charityPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();
    expect(await charityPage.getByRole('button', { name: 'Submit Request' }).isDisabled()).toBe(true);

    const card = foodCard(donorPage, foodId);
    await field(card, 'Charity Name').filter({ hasText: charity.name }).waitFor();
    expect(await field(card, 'Charity Email').textContent()).toBe(charity.email);
    expect(await field(card, 'Status').textContent()).toBe('Claimed');
    await card.getByRole('button', { name: 'Donate' }).waitFor();
    expect(await stillSamePage(donorPage)).toBe(true);
    expect(await stillSamePage(charityPage)).toBe(true);
  });

  it('completes the donation: the charity’s request reads fulfilled and the landing counter rises live', async () => {
    const card = foodCard(donorPage, foodId);
    await card.getByRole('button', { name: 'Donate' }).click();
    // Donating cannot be undone, so the donor confirms it first.
    await donorPage.getByRole('dialog', { name: `Has ${charity.name} collected the food?` }).getByRole('button', { name: 'Yes, donation handed over' }).click();
    await card.getByText('Donation completed successfully!', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Donate' }).count()).toBe(0);
    // One state: the completed donation reads Fulfilled, no longer "claimed".
    expect(await field(card, 'Status').textContent()).toBe('Fulfilled');

    await charityPage.getByRole('button', { name: 'Your Requests' }).click();
    await charityPage.getByRole('heading', { name: 'Your Food Pickup Requests', level: 1 }).waitFor();
    const request = requestNamed(charityPage, food.name);
    await field(request, 'Status').filter({ hasText: /^Fulfilled$/ }).waitFor();
    expect(await field(request, 'Donor Name').textContent()).toBe(donor.name);
    expect(await field(request, 'Donor Email').textContent()).toBe(donor.email);

    await waitForCount(impactCounter(landingPage, 'meals donated'), mealsBefore + food.quantity);
    // A charity's first fulfilled donation counts it among the charities helped.
    await waitForCount(impactCounter(landingPage, 'charities helped'), charitiesBefore + 1);
    for (const page of [donorPage, charityPage, landingPage]) expect(await stillSamePage(page)).toBe(true);
  });
});
