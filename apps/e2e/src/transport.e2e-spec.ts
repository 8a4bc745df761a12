import { TRANSPORT_ROUTES, type PickupPointBody } from '@food-link/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { apiAddFood, apiAddPickupPoint, apiRequestPickup, apiSignUp, type ApiSession } from './support/api';
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot } from './support/browser';
import { daysFromToday, foodCard, requestNamed } from './support/flows';
import { apiJson, joinByInvitation } from './support/org';
import { newUser, type E2eUser } from './support/users';

/*
 * Getting the food there (issue 28; docs/DOMAIN-RULES.md, "Volunteers and their trips"), through the screens,
 * live: two charities share a listing of 30 (20 and 10: partial claims); the first one's coordinator offers
 * its pickup to the charity's volunteers; the volunteer accepts it on a phone, in My trips, and marks on the
 * way with an ETA; the donor's card lists both claims and says who is coming and when without a reload; the
 * donor types the volunteer's code on Donate; the volunteer marks it delivered. The members join by
 * invitation over HTTP, the volunteer's profile is saved and the claims are made over HTTP: the scene, not
 * the subject.
 */

const TEXTS = {
  offer: 'Offer to volunteers',
  offered: /^Offered to 1 volunteers until/,
  myTrips: 'My trips',
  charityNav: 'Charity area',
  requestsNav: 'Your Requests',
  accept: 'I can take it',
  accepted: 'It is yours: it is in your trips.',
  eta: 'Minutes to arrive',
  onTheWay: "I'm on the way",
  onTheWayStage: /^On the way, arriving at/,
  coming: (name: string) => new RegExp(`^\u2068?${name}\u2069? is on the way, arriving about`),
  donate: 'Donate',
  confirmTitle: (charity: string) => `Has ${charity} collected the food?`,
  confirm: 'Yes, donation handed over',
  completed: 'Donation completed successfully!',
  delivered: 'Delivered to the charity',
  deliveredStage: 'Delivered',
  route: 'Open the whole route in Maps',
};

const point: PickupPointBody = {
  label: 'Tahrir kitchen',
  governorate: 'EG-C',
  area: 'Downtown',
  address_line: '12 Talaat Harb Street',
  landmark: null,
  lat: 30.0478,
  lng: 31.2386,
  contact_name: 'Mona Adel',
  contact_phone: '+201001234567',
  notes: null,
  is_default: true,
};

describe('a volunteer carries the food, live', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let donor: ApiSession;
  let charityUser: E2eUser;
  let otherCharityUser: E2eUser;
  let charity: ApiSession;
  let coordinator: ApiSession;
  let volunteer: ApiSession;
  const volunteerUser = newUser('charity');
  volunteerUser.name = `Omar Said ${volunteerUser.email.slice(8, 14)}`;
  let foodId: number;
  let foodName: string;
  let volunteerPage: Page;
  let donorPage: Page;
  let code = '';

  const open = async (path: string, options: Parameters<typeof openPage>[2]) => {
    const opened = await openPage(browser, path, options);
    contexts.push(opened.context);
    return opened.page;
  };
  const stopCard = () => volunteerPage.getByTestId('trip-stops').locator('article').filter({ hasText: foodName });
  const fitsThePhone = () => volunteerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    const pointId = await apiAddPickupPoint(donor.token, point);
    charityUser = newUser('charity');
    charity = await apiSignUp(charityUser, 'charity');
    coordinator = await joinByInvitation(charity, newUser('charity'), { role: 'coordinator' });
    volunteer = await joinByInvitation(charity, volunteerUser, { role: 'volunteer' });
    await apiJson(TRANSPORT_ROUTES.volunteerProfile, {
      method: 'PUT',
      token: volunteer.token,
      body: { vehicle: 'motorbike', capacity_kg: 25, governorates: ['EG-C'], hours: { from: '00:00', until: '23:59' } },
    });
    foodName = `Koshary boxes ${volunteerUser.email.slice(8, 14)}`;
    // A window opening now, so the pickup is on today's trip (Cairo).
    const now = Date.now();
    foodId = await apiAddFood(donor.token, {
      food_name: foodName,
      quantity: 30,
      description: 'Boxed, still warm',
      expiration_date: daysFromToday(1),
      pickup_point_id: pointId,
      weight_kg: 12,
      pickup_from: new Date(now + 60_000).toISOString(),
      pickup_until: new Date(now + 3 * 3_600_000).toISOString(),
    });
    // Two charities share the 30 boxes (partial claims): this one's coordinator takes 20 (8 of the 12 kg),
    // another charity the 10 left.
    await apiRequestPickup(coordinator.token, foodId, 20);
    otherCharityUser = newUser('charity');
    await apiRequestPickup((await apiSignUp(otherCharityUser, 'charity')).token, foodId, 10);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the coordinator offers the pickup to the volunteers, beside the assignment', async () => {
    const page = await open('/FoodDonationApp?view=requests', { storage: { ...coordinator.storage, language: 'en' }, viewport: DESKTOP });
    const request = requestNamed(page, foodName);
    const control = request.getByTestId('offer-transport');
    await control.getByRole('button', { name: TEXTS.offer, exact: true }).click();
    await control.getByText(TEXTS.offered).waitFor();
    await expectNoAxeViolations(page, 'requests with the transport offer');
  });

  it('the volunteer accepts it on a phone, in My trips, and sees the code and the route', async () => {
    volunteerPage = await open('/FoodDonationApp?view=trips', { storage: { ...volunteer.storage, language: 'en' }, viewport: MOBILE });
    const offers = volunteerPage.getByTestId('transport-offers');
    await offers.getByText(foodName).waitFor();
    // Its share of the listing: 20 of the 30 boxes of 12 kg.
    await offers.getByText('8 kg', { exact: false }).waitFor();
    await offers.getByRole('button', { name: TEXTS.accept, exact: true }).click();
    await volunteerPage.getByText(TEXTS.accepted, { exact: true }).waitFor();
    const shown = stopCard().getByTestId('trip-code');
    await shown.waitFor();
    code = (await shown.textContent()) ?? '';
    expect(code).toMatch(/^\d{4,8}$/);
    const route = await volunteerPage.getByRole('link', { name: TEXTS.route }).getAttribute('href');
    expect(route).toContain('https://www.google.com/maps/dir/?api=1');
    expect(route).toContain('30.0478%2C31.2386');
    expect(await fitsThePhone()).toBe(true);
    await expectNoAxeViolations(volunteerPage, 'my trips on a phone');
  });

  it("marks on the way with an ETA, and the donor's card says who is coming and when, live", async () => {
    donorPage = await open('/DonerDashboard', { storage: { ...donor.storage, language: 'en' }, viewport: DESKTOP });
    await foodCard(donorPage, foodId).waitFor();
    // The donor's card lists both charities' claims, each with its part.
    const claims = foodCard(donorPage, foodId).getByTestId('donor-claims').locator('li');
    await claims.filter({ hasText: charityUser.name }).filter({ hasText: '20' }).waitFor();
    await claims.filter({ hasText: otherCharityUser.name }).filter({ hasText: '10' }).waitFor();
    const card = stopCard();
    await card.getByLabel(TEXTS.eta).fill('15');
    await card.getByRole('button', { name: TEXTS.onTheWay, exact: true }).click();
    await card.getByTestId('trip-stage').filter({ hasText: TEXTS.onTheWayStage }).waitFor();
    await foodCard(donorPage, foodId).getByTestId('who-is-coming').filter({ hasText: TEXTS.coming(volunteerUser.name) }).waitFor();
    expect(await fitsThePhone()).toBe(true);
    await screenshot(volunteerPage, 'transport-my-trips-en');
  });

  it('the donor types the code on Donate, and the volunteer marks it delivered', async () => {
    const card = foodCard(donorPage, foodId);
    await card.getByTestId('donate-code').fill(code);
    await card.getByRole('button', { name: TEXTS.donate, exact: true }).click();
    await donorPage.getByRole('dialog', { name: TEXTS.confirmTitle(charityUser.name) }).getByRole('button', { name: TEXTS.confirm, exact: true }).click();
    await card.getByText(TEXTS.completed, { exact: true }).waitFor();
    const delivered = stopCard().getByRole('button', { name: TEXTS.delivered, exact: true });
    await delivered.click();
    await stopCard().getByTestId('trip-stage').filter({ hasText: new RegExp(`^${TEXTS.deliveredStage}$`) }).waitFor();
    expect(await fitsThePhone()).toBe(true);
  });
});
