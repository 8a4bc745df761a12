import type { Browser, Page } from 'playwright-core';
import { apiAddFood, apiSignUp } from './support/api';
import { launchBrowser, markWindow, openPage, stillSamePage } from './support/browser';
import { field, foodCard, newFood, requestNamed, signUpAndLogin } from './support/flows';
import { newUser } from './support/users';

/**
 * A charity cancels its pickup request: the request leaves its list, and the food goes back on every
 * open board, live. The donor and the listing are set up over HTTP; the charities act through the UI.
 */
describe('cancelling a pickup request', () => {
  let browser: Browser;
  let claimer: Page;
  let watcher: Page;
  const food = newFood('Ful medames tubs', 12, 3);
  let foodId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { token: donorToken } = await apiSignUp(newUser('donor'), 'donor');
    foodId = await apiAddFood(donorToken, {
      food_name: food.name,
      quantity: food.quantity,
      description: food.description,
      expiration_date: food.expirationDate,
    });
    ({ page: claimer } = await openPage(browser, '/'));
    ({ page: watcher } = await openPage(browser, '/'));
    await signUpAndLogin(claimer, newUser('charity'), 'charity');
    await signUpAndLogin(watcher, newUser('charity'), 'charity');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('takes the claimed food off another charity’s open board', async () => {
    await foodCard(watcher, foodId).waitFor();
    await markWindow(watcher);

    await foodCard(claimer, foodId).getByRole('button', { name: food.name }).click();
    await claimer.getByRole('button', { name: 'Submit Request' }).click();
    await claimer.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();

    await foodCard(watcher, foodId).waitFor({ state: 'detached' });
    expect(await stillSamePage(watcher)).toBe(true);
  });

  it('cancels the request: the server’s message shows and the request leaves the list', async () => {
    await claimer.getByRole('button', { name: 'Your Requests' }).click();
    await claimer.getByRole('heading', { name: 'Your Food Pickup Requests', level: 1 }).waitFor();
    const request = requestNamed(claimer, food.name);
    await field(request, 'Status').filter({ hasText: /^Pending$/ }).waitFor();
    expect(await field(request, 'Quantity').textContent()).toBe('12 Portions');

    await request.getByRole('button', { name: 'Cancel Request' }).click();
    // Cancelling is asked about first.
    await claimer.getByRole('dialog', { name: 'Cancel this pickup request?' }).getByRole('button', { name: 'Yes, cancel the request' }).click();
    await claimer.getByText('Request cancelled successfully', { exact: true }).waitFor();
    await request.waitFor({ state: 'detached' });
    await claimer.getByText('No pickup requests found', { exact: true }).waitFor();
  });

  it('puts the food back on the other charity’s open board without a reload', async () => {
    const card = foodCard(watcher, foodId);
    await card.getByRole('heading', { name: food.name }).waitFor();
    expect(await field(card, 'Status').textContent()).toBe('Available');
    await watcher.getByText(`A pickup was cancelled; ${food.name} is available again`, { exact: true }).waitFor();
    expect(await stillSamePage(watcher)).toBe(true);
  });

  it('offers the food to the claiming charity again once it is back on the board', async () => {
    await claimer.getByRole('button', { name: 'Available Food List' }).click();
    await foodCard(claimer, foodId).getByRole('heading', { name: food.name }).waitFor();
  });
});
