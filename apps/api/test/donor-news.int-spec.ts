import { DEFAULT_NOTIFICATION_CHOICES, MESSAGING_ROUTES, NOTIFICATION_ROUTES, type NotificationView } from '@food-link/contracts';
import { addFood, createCharity, createDonor, requestPickup, type TestUser } from './support/factories';
import { MessagingProviders } from './support/messaging-providers';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/*
 * Donors are told what happens to their food (issue 29; docs/NOTIFICATIONS.md, "Donors are told"): a claim
 * (which charity, how much, its phone), the charity's cancellation, a pickup not collected, and the received
 * report, in-app and on WhatsApp or SMS (the local server of support/messaging-providers.ts speaks both
 * providers' APIs), in the donor's language, only as the donor's choices allow.
 */
const PUBLIC_URL = 'https://foodlink.example';

describe('donors are told: donation.claimed, donation.cancelled, donation.not_collected, donation.received', () => {
  let t: TestApp;
  let providers: MessagingProviders;
  let phones = 0;

  beforeAll(async () => {
    providers = await MessagingProviders.start();
    t = await startTestApp({ ...providers.env(PUBLIC_URL), NOTIFY_BACKOFF_MS: '200', WEB_ORIGIN: 'https://foodlink.example' });
  });
  afterAll(async () => {
    await t?.close();
    await providers?.close();
  });

  const newPhone = () => {
    const digits = String(20_000_000 + ++phones * 7919 + Math.floor(Math.random() * 1000)).slice(-8);
    return `+2011${digits}`;
  };
  /** A verified phone for the user on the channel, through the calls (the code read back from the local provider). */
  const verifiedPhone = async (user: TestUser, channel: 'whatsapp' | 'sms'): Promise<string> => {
    const phone = newPhone();
    expect((await t.http.post(MESSAGING_ROUTES.phone, { phone, channel }, { token: user.token })).status).toBe(201);
    const code =
      channel === 'whatsapp'
        ? providers.whatsAppSent().filter((body) => body.to === phone.slice(1)).pop()?.template.components[0].parameters[0].text
        : /\b(\d{6})\b/.exec(providers.smsSent().filter((form) => form.get('To') === phone).pop()?.get('Body') ?? '')?.[1];
    expect((await t.http.post(MESSAGING_ROUTES.verifyPhone, { code }, { token: user.token })).status).toBe(200);
    return phone;
  };
  const setLanguage = async (user: TestUser, language: 'ar' | 'en', choices = DEFAULT_NOTIFICATION_CHOICES) =>
    expect((await t.http.put(NOTIFICATION_ROUTES.preferences, { language, choices }, { token: user.token })).status).toBe(200);
  const charityWithPhone = async (name: string, phone: string) => {
    const charity = await createCharity(t.http, { name });
    const profile = { governorates: ['EG-ASN'], categories: ['bakery'], storage: ['ambient'], phone };
    expect((await t.http.put(NOTIFICATION_ROUTES.charityProfile, profile, { token: charity.token })).status).toBe(200);
    return charity;
  };
  const notificationOf = (user: TestUser, type: string, foodId: number) =>
    waitFor(
      async () => ((await t.http.get(NOTIFICATION_ROUTES.list, { token: user.token })).body.items as NotificationView[]).find((n) => n.type === type && n.data.foodId === foodId),
      Boolean,
      `${type} for food ${foodId}`,
    ) as Promise<NotificationView>;
  const whatsAppTo = (phone: string, template: string) =>
    waitFor(async () => providers.whatsAppSent().filter((body) => body.to === phone.slice(1) && body.template?.name === template), (sent) => sent.length > 0, `${template} to ${phone}`);
  const smsTo = (phone: string, containing: string) =>
    waitFor(async () => providers.smsSent().filter((form) => form.get('To') === phone && form.get('Body')?.includes(containing)), (sent) => sent.length > 0, `an SMS to ${phone} with ${containing}`);

  it("tells an English donor on WhatsApp (the template outside the window) who claimed, how much and the charity's phone, then of its cancellation", async () => {
    const donor = await createDonor(t.http);
    const donorPhone = await verifiedPhone(donor, 'whatsapp');
    const charityPhone = newPhone();
    const charity = await charityWithPhone(`Masr El Kheir ${Date.now()}`, charityPhone);
    const food = await addFood(t.http, donor, { food_name: 'Baladi bread', quantity: 40 });
    const requestId = await requestPickup(t.http, charity, food.id);

    const claimed = await notificationOf(donor, 'donation.claimed', food.id);
    expect(claimed.data).toEqual({
      foodId: food.id,
      requestId,
      foodName: 'Baladi bread',
      charityName: charity.name,
      quantity: 40,
      unit: 'portion',
      phone: charityPhone,
    });
    const [message] = await whatsAppTo(donorPhone, 'foodlink_donation_claimed');
    expect(message.template.language).toEqual({ code: 'en' });
    const [title, details, link] = message.template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(title).toBe('Claimed: Baladi bread');
    expect(details).toContain(`${charity.name} claimed 40 portions of Baladi bread.`);
    expect(details).toContain(`Their phone: ${charityPhone}`);
    expect(link).toBe(`https://foodlink.example/DonerDashboard#food-${food.id}`);
    // The charity is not told of its own claim this way.
    expect(((await t.http.get(NOTIFICATION_ROUTES.list, { token: charity.token })).body.items as NotificationView[]).filter((n) => n.type.startsWith('donation.'))).toEqual([]);

    expect((await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token })).status).toBe(200);
    expect((await notificationOf(donor, 'donation.cancelled', food.id)).data).toMatchObject({ charityName: charity.name, relisted: true });
    const [cancelled] = await whatsAppTo(donorPhone, 'foodlink_donation_cancelled');
    expect(cancelled.template.components[0].parameters[1].text).toContain('It is on offer again for other charities.');
    // Each occasion is sent once, and logged with its type and the provider's id.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const donorTemplates = providers.whatsAppSent().filter((body) => body.to === donorPhone.slice(1) && body.template?.name?.startsWith('foodlink_donation'));
    expect(donorTemplates.map((body) => body.template.name)).toEqual(['foodlink_donation_claimed', 'foodlink_donation_cancelled']);
    expect(await t.db.query(`SELECT kind, status, channel FROM messaging_messages WHERE user_id = $1 AND kind LIKE 'donation.%' ORDER BY id`, [donor.id])).toEqual([
      { kind: 'donation.claimed', status: 'sent', channel: 'whatsapp' },
      { kind: 'donation.cancelled', status: 'sent', channel: 'whatsapp' },
    ]);
  });

  it('tells an Arabic donor by SMS, in Arabic with Arabic digits, of the claim and of what the charity received', async () => {
    const donor = await createDonor(t.http);
    await setLanguage(donor, 'ar');
    const donorPhone = await verifiedPhone(donor, 'sms');
    const charity = await charityWithPhone(`بنك الطعام ${Date.now()}`, newPhone());
    const food = await addFood(t.http, donor, { food_name: 'عيش بلدي', quantity: 25 });
    const requestId = await requestPickup(t.http, charity, food.id);

    const [claimed] = await smsTo(donorPhone, 'تم حجز');
    const body = claimed.get('Body') as string;
    expect(body).toContain(`حجزت ${charity.name} ٢٥ وجبات من عيش بلدي.`);
    expect(body).toContain(`food-${food.id}`);

    expect((await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token })).status).toBe(200);
    expect((await t.http.post(`/api/requests/${requestId}/received`, { received_quantity: 23 }, { token: charity.token })).status).toBe(201);
    expect((await notificationOf(donor, 'donation.received', food.id)).data).toMatchObject({ receivedQuantity: 23, charityName: charity.name });
    const [received] = await smsTo(donorPhone, 'تم الاستلام');
    expect(received.get('Body')).toContain(`استلمت ${charity.name} ٢٣ وجبات من عيش بلدي. شكراً لك!`);
  });

  it('tells the donor in-app only when its choices turn the phone off for donations, and nothing reaches a donor without a verified phone', async () => {
    const donor = await createDonor(t.http);
    const donorPhone = await verifiedPhone(donor, 'whatsapp');
    await setLanguage(donor, 'en', { ...DEFAULT_NOTIFICATION_CHOICES, donations: { in_app: true, push: true, email: true, phone: false } });
    const without = await createDonor(t.http);
    const charity = await charityWithPhone(`Resala ${Date.now()}`, newPhone());
    const food = await addFood(t.http, donor, { food_name: 'Feteer' });
    const other = await addFood(t.http, without, { food_name: 'Feteer' });
    await requestPickup(t.http, charity, food.id);
    await requestPickup(t.http, await charityWithPhone(`Orman ${Date.now()}`, newPhone()), other.id);
    await notificationOf(donor, 'donation.claimed', food.id);
    await notificationOf(without, 'donation.claimed', other.id);
    // The deliver jobs run right after the in-app rows; give them a moment to (not) send.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(providers.whatsAppSent().filter((body) => body.to === donorPhone.slice(1) && body.template?.name?.startsWith('foodlink_donation'))).toEqual([]);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM messaging_messages WHERE user_id = ANY($1::int[]) AND kind LIKE 'donation.%'`, [[donor.id, without.id]]);
    expect(n).toBe(0);
  });

  it("tells the donor when the charity did not collect, and whether the food is back on the board", async () => {
    const donor = await createDonor(t.http);
    const donorPhone = await verifiedPhone(donor, 'sms');
    const charity = await charityWithPhone(`Sonaa El Hayah ${Date.now()}`, newPhone());
    const food = await addFood(t.http, donor, { food_name: 'Lentil soup' });
    const requestId = await requestPickup(t.http, charity, food.id);
    expect((await t.http.post(`/api/requests/${requestId}/no-show`, {}, { token: donor.token })).status).toBe(201);
    expect((await notificationOf(donor, 'donation.not_collected', food.id)).data).toMatchObject({ relisted: true, charityName: charity.name });
    const [sms] = await smsTo(donorPhone, 'Not collected: Lentil soup');
    expect(sms.get('Body')).toContain('It is back on the board for other charities.');
  });
});
