import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PAGE_ROUTES } from '@food-link/contracts';
import type { Browser } from 'playwright-core';
import { apiAddFood, apiAddPickupPoint, apiCountedImpact, apiFulfil, apiRequestPickup, apiSignUp, type ApiSession } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { MOBILE, launchBrowser, openPage } from './support/browser';
import { newFood } from './support/flows';
import { newUser } from './support/users';

/** A donor's fulfilled donation, its impact page on a phone, both files of the monthly acknowledgment; the charity's mirror and its two files; the public page. */
describe('impact pages', () => {
  let browser: Browser;
  let donor: ApiSession;
  let charity: ApiSession;
  const donorUser = newUser('donor');
  const charityUser = newUser('charity');
  const food = newFood('Impact rice', 12);

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(donorUser, 'donor');
    charity = await apiSignUp(charityUser, 'charity');
    const point = await apiAddPickupPoint(donor.token, {
      label: 'Smouha kitchen',
      governorate: 'EG-ALX',
      area: 'Smouha',
      address_line: '14 Fawzy Moaz Street',
      contact_name: 'Mona Adel',
      contact_phone: `010 ${String(randomInt(1e8)).padStart(8, '0')}`,
    });
    // 12 kg of rice: 28.6 meals (12 ÷ 0.42), 30 kg CO2e (× 2.5), 2,280 litres of water (× 190).
    const foodId = await apiAddFood(donor.token, {
      food_name: food.name,
      quantity: 12,
      unit: 'kg',
      description: food.description,
      expiration_date: food.expirationDate,
      pickup_point_id: point,
    });
    const requestId = await apiRequestPickup(charity.token, foodId);
    await apiFulfil(donor.token, requestId);
    await apiCountedImpact(donor.token);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows a donor its figures and downloads the monthly acknowledgment as CSV and PDF', async () => {
    const { page, context } = await openPage(browser, '/DonerDashboard', { storage: donor.storage, viewport: MOBILE });
    await page.getByRole('link', { name: 'Your impact' }).click();
    await page.waitForURL((url) => url.pathname === PAGE_ROUTES.donorImpact);
    await page.getByRole('heading', { level: 1, name: 'Your impact' }).waitFor();
    const totals = page.getByLabel('Totals');
    await totals.waitFor();
    const cards = await totals.locator('div').evaluateAll((divs) => divs.map((div) => [div.querySelector('dt')?.textContent, div.querySelector('dd')?.textContent]));
    expect(cards).toEqual([
      ['Food (kg)', '12'],
      ['Meals', '29'],
      ['CO2e avoided (kg)', '30'],
      ['Water saved (litres)', '2,280'],
    ]);
    await page.getByRole('img', { name: /^Food \(kg\) by month, from .+; highest 12 in / }).waitFor();
    await page.getByRole('table', { name: 'By pickup point' }).getByRole('rowheader', { name: 'Smouha kitchen' }).waitFor();
    await page.getByRole('table', { name: 'The charities you fed' }).getByRole('rowheader', { name: charityUser.name }).waitFor();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(page, 'donor impact (phone)');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile(await csv.path(), 'utf8');
    expect(text).toContain(food.name);
    expect(text).toContain(charityUser.name);
    expect(text).toMatch(/\b12\b/);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });

  it('shows the charity what it received, by donor, and downloads its monthly acknowledgment as CSV and PDF', async () => {
    const { page, context } = await openPage(browser, '/FoodDonationApp', { storage: charity.storage, viewport: MOBILE });
    await page.getByRole('button', { name: 'Impact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Food received' }).waitFor();
    await page.getByRole('table', { name: 'The donors who fed you' }).getByRole('rowheader', { name: donorUser.name }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Monthly acknowledgment of food received' }).waitFor();
    await expectNoAxeViolations(page, 'charity impact (phone)');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^food-link-received-\d{4}-\d{2}-en\.csv$/);
    const lines = (await readFile(await csv.path(), 'utf8')).split('\r\n');
    expect(lines[1]).toBe(`Charity,${charityUser.name}`);
    expect(lines).toContain('Date,Food,Donor,kg,Meals,kg CO2e avoided');
    // 12 kg of rice: 28.571 meals, 30 kg CO2e.
    expect(lines.find((line) => line.includes(food.name))?.replace(/^\d{4}-\d{2}-\d{2},/, '')).toBe(`${food.name},${donorUser.name},12,28.571,30`);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });

  it('shows the public page without an account, from the landing page footer, in English and Arabic', async () => {
    const { page, context } = await openPage(browser, '/', { viewport: MOBILE });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our impact' }).click();
    await page.waitForURL((url) => url.pathname === PAGE_ROUTES.publicImpact);
    await page.getByRole('heading', { level: 1, name: 'Our impact across Egypt' }).waitFor();
    await page.getByRole('table', { name: 'By governorate', exact: true }).getByRole('rowheader', { name: 'Alexandria' }).waitFor();
    // No person, donor or charity is named.
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).not.toContain(donorUser.name);
    expect(body).not.toContain(charityUser.name);
    expect(page.url()).not.toContain('Login');
    await expectNoAxeViolations(page, 'public impact (phone)');
    await context.close();

    const arabic = await openPage(browser, PAGE_ROUTES.publicImpact, { viewport: MOBILE, storage: { language: 'ar' } });
    await arabic.page.getByRole('heading', { level: 1, name: 'أثرنا في أنحاء مصر' }).waitFor();
    await arabic.page.getByRole('table', { name: 'حسب المحافظة', exact: true }).getByRole('rowheader', { name: 'الإسكندرية' }).waitFor();
    expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await arabic.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(arabic.page, 'public impact in Arabic (phone)');
    await arabic.context.close();
  });
});
