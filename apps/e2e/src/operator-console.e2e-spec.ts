import type { Browser, Locator, Page } from 'playwright-core';
import { Client } from 'pg';
import { apiAddFood, apiFulfil, apiSignUp, type ApiSession } from './support/api';
import { launchBrowser, markWindow, openPage, screenshot, stillSamePage } from './support/browser';
import { field, foodCard, newFood, requestNamed } from './support/flows';
import { newUser } from './support/users';

/**
 * The operator console, live: an operator logs in through the form and watches a claim made by a charity
 * in another browser arrive in the events list and the counts; then a job is made to fail for real (the
 * worker's table is taken away), shows up in the failed jobs, and is retried from the console once the
 * table is back, after which the fulfilment reaches the charity and the impact totals.
 */
describe('operator console', () => {
  let browser: Browser;
  let opsPage: Page;
  let charityPage: Page;
  let db: Client;
  let donor: ApiSession;
  let tableAway = false;
  /** Claimed in the second scenario, fulfilled in the third. */
  let claimedFood: { id: number; name: string; quantity: number };

  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: the global setup did not start the stack`);
    return value;
  };

  /** The number a count cell shows (English number format). */
  const countOf = async (cell: Locator): Promise<number> => Number((await cell.filter({ hasText: /^[\d,]+$/ }).textContent())?.replace(/,/g, ''));

  /** Waits until the count cell shows a number for which `accept` holds. */
  const waitForCountCell = async (cell: Locator, accept: (value: number) => boolean, what: string): Promise<number> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await countOf(cell);
      if (accept(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${value}`);
      await opsPage.waitForTimeout(100);
    }
  };

  const queueCell = (state: 'completed' | 'failed') =>
    opsPage.locator('[data-testid="ops-queue-row"][data-queue="domain-events"]').getByTestId(`queue-${state}`);

  /** The id of the food's event of this type, from the outbox (where the API recorded it). */
  const eventIdOf = async (type: string, foodId: number): Promise<string> => {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM outbox_events WHERE type = $1 AND (data->>'foodId')::int = $2`, [type, foodId]);
    expect(rows).toHaveLength(1);
    return rows[0].id;
  };

  /** The console's row for one event, checked to name its type and food. */
  const eventRow = async (type: string, foodId: number): Promise<Locator> => {
    const row = opsPage.locator(`[data-testid="ops-event"][data-event-id="${await eventIdOf(type, foodId)}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-event-type')).toBe(type);
    expect(await row.textContent()).toContain(`Food item ${foodId}`);
    return row;
  };

  const addFood = async (name: string) => {
    const food = newFood(name, 12);
    const id = await apiAddFood(donor.token, {
      food_name: food.name,
      quantity: food.quantity,
      description: food.description,
      expiration_date: food.expirationDate,
    });
    return { ...food, id };
  };

  beforeAll(async () => {
    db = new Client({ connectionString: env('E2E_DATABASE_URL') });
    await db.connect();
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    const charity = await apiSignUp(newUser('charity'), 'charity');
    ({ page: opsPage } = await openPage(browser, '/'));
    ({ page: charityPage } = await openPage(browser, '/FoodDonationApp', { storage: charity.storage }));
    await charityPage.getByRole('heading', { name: 'Available Food Donations', level: 1 }).waitFor();
    await markWindow(charityPage);
  });

  afterAll(async () => {
    // Never leave the stack broken for the scenarios after this one.
    if (tableAway) await db.query('ALTER TABLE processed_events_away RENAME TO processed_events');
    await db?.end();
    await browser?.close();
  });

  it('logs the operator in through the login form and opens the console with every service up', async () => {
    await opsPage.goto('/Login');
    await opsPage.getByLabel('Email', { exact: true }).fill(env('E2E_OPERATOR_EMAIL'));
    await opsPage.getByLabel('Password', { exact: true }).fill(env('E2E_OPERATOR_PASSWORD'));
    await opsPage.getByRole('button', { name: 'Login', exact: true }).click();
    await opsPage.waitForURL('**/ops');
    await opsPage.getByRole('heading', { name: 'Operator console', level: 1 }).waitFor();
    for (const service of ['database', 'redis', 'workers']) {
      await opsPage.getByTestId(`ops-health-${service}`).filter({ hasText: 'Up' }).waitFor();
    }
    await opsPage.getByRole('button', { name: 'Open queue inspector (bull-board)' }).waitFor();
    await markWindow(opsPage);
  });

  it('shows a claim made in another browser in the events list, with the counts changing, without a reload', async () => {
    const food = await addFood('Feteer meshaltet');
    claimedFood = food;
    await eventRow('food.listed', food.id);
    const pendingBefore = await countOf(opsPage.getByTestId('overview-requests-pending'));
    const claimedBefore = await countOf(opsPage.getByTestId('overview-items-claimed'));
    const completedBefore = await countOf(queueCell('completed'));

    // The charity claims it through its own board, in its own browser context.
    const card = foodCard(charityPage, food.id);
    await card.getByRole('button', { name: food.name }).click();
    await charityPage.getByRole('button', { name: 'Submit Request' }).click();
    await charityPage.getByText('Pickup request submitted successfully!', { exact: true }).waitFor();

    await eventRow('food.claimed', food.id);
    // Newest first: the claim sits above the listing it follows.
    const shown = await opsPage.getByTestId('ops-event').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id')));
    const claimAt = shown.indexOf(await eventIdOf('food.claimed', food.id));
    expect(claimAt).toBeGreaterThanOrEqual(0);
    expect(claimAt).toBeLessThan(shown.indexOf(await eventIdOf('food.listed', food.id)));

    await waitForCountCell(opsPage.getByTestId('overview-requests-pending'), (n) => n === pendingBefore + 1, 'pending requests');
    await waitForCountCell(opsPage.getByTestId('overview-items-claimed'), (n) => n === claimedBefore + 1, 'claimed items');
    await waitForCountCell(queueCell('completed'), (n) => n > completedBefore, 'completed jobs');
    expect(await stillSamePage(opsPage)).toBe(true);
  });

  it('shows a job that failed for real, and retrying it from the console delivers its event', async () => {
    // The charity watches its requests; the claimed food of the previous scenario is about to be fulfilled.
    await charityPage.getByRole('button', { name: 'Your Requests' }).click();
    await charityPage.getByRole('heading', { name: 'Your Food Pickup Requests', level: 1 }).waitFor();
    const request = requestNamed(charityPage, claimedFood.name);
    await field(request, 'Status').filter({ hasText: /^Pending$/ }).waitFor();
    const mealsBefore = await countOf(opsPage.getByTestId('overview-impact-totalMeals'));
    const failedBefore = await countOf(queueCell('failed'));

    // The fulfilment's projection records each event in processed_events: without the table, every
    // attempt fails for real.
    await db.query('ALTER TABLE processed_events RENAME TO processed_events_away');
    tableAway = true;
    const { rows } = await db.query<{ requestId: string }>(
      `SELECT data->>'requestId' AS "requestId" FROM outbox_events WHERE type = 'food.claimed' AND (data->>'foodId')::int = $1`,
      [claimedFood.id],
    );
    await apiFulfil(donor.token, Number(rows[0].requestId));
    const eventId = await eventIdOf('request.fulfilled', claimedFood.id);

    const row = opsPage.locator(`[data-testid="failed-job-row"][data-job-id="${eventId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('processed_events');
    expect(await row.locator('td').nth(1).textContent()).toBe('2');
    await waitForCountCell(queueCell('failed'), (n) => n === failedBefore + 1, 'failed jobs');
    // Its event reached nobody: the charity still reads pending and the meals total has not moved.
    expect(await field(request, 'Status').textContent()).toBe('Pending');
    expect(await countOf(opsPage.getByTestId('overview-impact-totalMeals'))).toBe(mealsBefore);
    await screenshot(opsPage, 'ops-failed-job');

    await db.query('ALTER TABLE processed_events_away RENAME TO processed_events');
    tableAway = false;
    await row.getByTestId('failed-job-retry').click();
    const dialog = opsPage.getByTestId('ops-confirm-dialog');
    await dialog.getByText(`Job ${eventId} (request.fulfilled) goes back into the domain-events queue and runs again.`).waitFor();
    await dialog.getByTestId('ops-confirm').click();

    await opsPage.getByTestId('ops-action-result').getByText(`Job ${eventId} was queued again`, { exact: true }).waitFor();
    await row.waitFor({ state: 'detached' });
    await eventRow('request.fulfilled', claimedFood.id);
    await field(request, 'Status').filter({ hasText: /^Fulfilled$/ }).waitFor();
    await waitForCountCell(opsPage.getByTestId('overview-impact-totalMeals'), (n) => n === mealsBefore + claimedFood.quantity, 'meals donated');
    await waitForCountCell(queueCell('failed'), (n) => n === failedBefore, 'failed jobs after the retry');
    for (const page of [opsPage, charityPage]) expect(await stillSamePage(page)).toBe(true);
  });
});
