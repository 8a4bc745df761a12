import { readFile } from 'node:fs/promises';
import { API_ROUTES, apiPath, type DonorFoodItem } from '@food-link/contracts';
import type { Browser, Request } from 'playwright-core';
import { apiAddFood, apiSignUp } from './support/api';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { foodCard, listFood, newFood } from './support/flows';
import { newUser } from './support/users';

/** A donor's listings as the API has them. */
async function donorItems(token: string, userId: string): Promise<DonorFoodItem[]> {
  const response = await fetch(new URL(apiPath(API_ROUTES.donorFood, { userId }), baseUrl()), { headers: { authorization: token } });
  return (await response.json()) as DonorFoodItem[];
}

describe('safe retries and personal data, in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lists the food once when the answer to Add Donation is lost: the retry carries the same Idempotency-Key', async () => {
    const session = await apiSignUp(newUser('donor'), 'donor');
    const food = newFood('Lost answer lentils', 20);
    const sent: Request[] = [];
    const { page } = await openPage(browser, '/DonerDashboard', {
      storage: session.storage,
      prepare: (context) =>
        context.route('**/api/add', async (route) => {
          sent.push(route.request());
          if (sent.length > 1) return route.continue();
          // The server takes the listing and answers, but the answer never reaches the browser.
          await route.fetch();
          await route.abort('connectionreset');
        }),
    });
    await page.getByRole('heading', { name: 'Your Donations' }).waitFor();
    await listFood(page, food);

    expect(sent).toHaveLength(2);
    const keys = await Promise.all(sent.map((request) => request.headerValue('idempotency-key')));
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    const listed = (await donorItems(session.token, session.storage.userId)).filter((item) => item.food_name === food.name);
    expect(listed).toHaveLength(1);
    expect(await page.locator('article[data-food-id]').filter({ hasText: food.name }).count()).toBe(1);
  });

  it('downloads the donor’s data and deletes the account: the session ends and the food leaves the board', async () => {
    const donor = newUser('donor');
    const session = await apiSignUp(donor, 'donor');
    const food = newFood('Deleted donor dates', 6);
    const foodId = await apiAddFood(session.token, {
      food_name: food.name,
      quantity: food.quantity,
      description: food.description,
      expiration_date: food.expirationDate,
    });
    const { page } = await openPage(browser, '/DonerDashboard', { storage: session.storage });
    await foodCard(page, foodId).waitFor();
    const data = page.getByRole('region', { name: 'Your data' });

    const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe(`foodlink-data-${session.storage.userId}.json`);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(exported.account).toMatchObject({ email: donor.email, name: donor.name, user_type: 'donor' });
    expect(exported.donations.map((item: { food_id: number }) => item.food_id)).toEqual([foodId]);

    await data.getByRole('button', { name: 'Delete my account' }).click();
    await data.getByLabel('Your password, to confirm').fill(donor.password);
    await data.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const board = (await (await fetch(new URL(API_ROUTES.available, baseUrl()))).json()) as { id: number }[];
    expect(board.map((item) => item.id)).not.toContain(foodId);
    await page.goto('/Login');
    await page.getByLabel('Email', { exact: true }).fill(donor.email);
    await page.getByLabel('Password', { exact: true }).fill(donor.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The spec's text, and the server's reason under it.
    const refusal = page.getByRole('alert').filter({ hasText: /^Error logging in\. Please try again\./ });
    await refusal.getByTestId('form-reason').filter({ hasText: /^Invalid email or password$/ }).waitFor();
  });
});
