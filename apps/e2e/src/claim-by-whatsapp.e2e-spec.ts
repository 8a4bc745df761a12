import { FOOD_CATEGORIES, NOTIFICATION_ROUTES, STORAGE_KINDS } from '@food-link/contracts';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { apiAddPickupPoint, apiSignUp, type ApiSession } from './support/api';
import { baseUrl, launchBrowser, openPage, screenshot, WAIT_MS } from './support/browser';
import { foodCard, listFood, newFood } from './support/flows';
import { newUser } from './support/users';

/** The run's WhatsApp server (support/whatsapp.ts): what it was sent, and Meta's side of a reply. */
const whatsAppUrl = () => {
  const url = process.env.E2E_WHATSAPP_URL;
  if (!url) throw new Error('E2E_WHATSAPP_URL is not set: the global setup did not start the WhatsApp server');
  return url;
};
type Sent = { to: string; type: string; template?: { name: string; components: { type: string; parameters: { type: string; payload?: string }[] }[] }; text?: { body: string } };
const sentTo = async (digits: string): Promise<Sent[]> =>
  ((await (await fetch(`${whatsAppUrl()}/sent`)).json()) as Sent[]).filter((message) => message.to === digits);
async function waitForSent(digits: string, holds: (sent: Sent[]) => boolean, what: string): Promise<Sent[]> {
  const deadline = Date.now() + 3 * WAIT_MS;
  for (;;) {
    const sent = await sentTo(digits);
    if (holds(sent)) return sent;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(sent)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Issue 29, end to end: a donor lists food in the browser; a charity whose verified phone is on WhatsApp
 * hears of it there (the Cloud API's template with a Claim button, sent to the run's WhatsApp server),
 * presses Claim (the server sends the webhook signed as Meta signs it), and the donor's page shows the
 * claim live, with the charity's phone and its call and WhatsApp links, without reloading.
 */
describe('a claim by WhatsApp, seen live by the donor', () => {
  let browser: Browser;
  let donorPage: Page;
  let donor: ApiSession;
  let charity: ApiSession;
  const phone = `+2010${String(Date.now()).slice(-8)}`;
  const digits = phone.slice(1);
  const food = newFood('Baladi bread', 30);

  beforeAll(async () => {
    browser = await launchBrowser();
    donor = await apiSignUp(newUser('donor'), 'donor');
    await apiAddPickupPoint(donor.token, {
      label: 'Dokki bakery',
      governorate: 'EG-GZ',
      area: 'Dokki',
      address_line: '5 Tahrir Street',
      contact_name: 'Mona Adel',
      contact_phone: '01012345678',
    });
    charity = await apiSignUp(newUser('charity'), 'charity');
    // The charity is matched with the donor's listings (Giza, any food), and gives its phone for donors.
    const profile = await fetch(new URL(NOTIFICATION_ROUTES.charityProfile, baseUrl()), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: charity.token },
      body: JSON.stringify({ governorates: ['EG-GZ'], categories: [...FOOD_CATEGORIES], storage: [...STORAGE_KINDS], phone }),
    });
    expect(profile.status).toBe(200);
    // Its phone verified on WhatsApp, as verification leaves it (verification itself: the API's messaging tests).
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at) VALUES ($1, $2, 'whatsapp', now())`, [Number(charity.storage.userId), phone]);
    } finally {
      await db.end();
    }
    ({ page: donorPage } = await openPage(browser, '/DonerDashboard', { storage: donor.storage }));
    await donorPage.getByRole('heading', { name: 'Your Donations' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lists food in the browser; the charity claims it by WhatsApp's Claim button; the donor's card shows it live with call and WhatsApp links", async () => {
    const foodId = await listFood(donorPage, food);
    const card = foodCard(donorPage, foodId);

    // "New food near you" on WhatsApp: outside the 24-hour window, the approved template with its Claim button.
    const [offer] = await waitForSent(digits, (sent) => sent.some((m) => m.template?.name === 'foodlink_food_matched'), 'the WhatsApp offer');
    const button = offer.template?.components.find((component) => component.type === 'button');
    const reference = button?.parameters[0].payload;
    expect(reference).toMatch(/^claim\.[A-Za-z0-9_-]{22}$/);

    // The charity presses Claim: Meta's webhook, signed, from the run's WhatsApp server.
    const press = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                contacts: [{ wa_id: digits }],
                messages: [{ from: digits, id: `wamid.E2EIN${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'button', button: { payload: reference, text: 'Claim' } }],
              },
            },
          ],
        },
      ],
    };
    const delivered = (await (await fetch(`${whatsAppUrl()}/deliver`, { method: 'POST', body: JSON.stringify(press) })).json()) as { status: number };
    expect(delivered.status).toBe(200);

    // The charity is answered on WhatsApp (its reply opened the window: free text) with the code and address.
    const answers = await waitForSent(digits, (sent) => sent.some((m) => m.type === 'text'), 'the answer');
    expect(answers.find((m) => m.type === 'text')?.text?.body).toMatch(new RegExp(`^${food.name} is yours\\.\\nPickup code: \\d{6}\\nAddress: 5 Tahrir Street, Dokki$`));

    // The donor's page, never reloaded, shows the claim with the charity's phone and the two links.
    await card.getByText('Claimed by').waitFor();
    const phoneCell = card.getByText('Charity Phone').locator('xpath=following-sibling::dd[1]');
    await phoneCell.getByText('+20 10').waitFor();
    expect(await phoneCell.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe(`tel:${phone}`);
    expect(await phoneCell.getByRole('link', { name: /on WhatsApp$/ }).getAttribute('href')).toBe(`https://wa.me/${digits}`);
    await screenshot(donorPage, 'donor-claimed-by-whatsapp');
  });
});
