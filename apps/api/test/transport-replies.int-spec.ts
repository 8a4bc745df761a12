import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiPath, cairoInstant, TRANSPORT_ROUTES, type TripState } from '@food-link/contracts';
import { SessionUsers } from '../src/auth/session-users';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, requestPickup, verifyCharities, type TestUser } from './support/factories';
import { MessagingProviders } from './support/messaging-providers';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/*
 * Transport by reply (issues 28 and 29; docs/MESSAGING.md, "Transport: Accept and On my way"): a transport
 * offer reaches each fitting volunteer's verified phone with Accept (the template's quick reply on
 * WhatsApp, "Reply 1" by SMS); of a WhatsApp press and an SMS "1" at once exactly one volunteer gets the
 * pickup, answered with its code, address and On my way; the other is told it is no longer on offer.
 * On my way marks the trip as the web's call does. A replayed press does nothing. Against the local
 * WhatsApp and SMS servers of support/messaging-providers.ts, webhooks signed as Meta and Twilio sign them.
 */
const PUBLIC_URL = 'https://foodlink.example';

describe('transport by WhatsApp and SMS: Accept and On my way', () => {
  let t: TestApp;
  let providers: MessagingProviders;
  let donor: TestUser;
  let charity: TestUser;
  let coordinator: TestUser;
  let onWhatsApp: TestUser;
  let bySms: TestUser;
  let whatsAppPhone: string;
  let smsPhone: string;
  let pointId: number;
  let inbound = 0;

  /** A new account moved into `orgId` with `role` (arranged in SQL, as the organisations' tests do). */
  const memberOf = async (orgId: number, role: string, language: 'en' | 'ar' = 'en') => {
    const user = await createCharity(t.http, { language });
    await t.db.query(`UPDATE users SET member_only = true WHERE id = $1`, [user.id]);
    await t.db.query(`UPDATE organisation_members SET organisation_id = $2, role = $3 WHERE user_id = $1`, [user.id, orgId, role]);
    await t.db.query(`DELETE FROM organisations WHERE account_id = $1`, [user.id]);
    t.app.get(SessionUsers).forget(user.id);
    return user;
  };
  const verifiedPhone = async (user: TestUser, channel: 'whatsapp' | 'sms', phone: string) => {
    await t.db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at) VALUES ($1, $2, $3, now())`, [user.id, phone, channel]);
    return phone;
  };
  const whatsAppTo = (phone: string) => providers.whatsAppSent().filter((body) => body.to === phone.slice(1));
  const smsTo = (phone: string) => providers.smsSent().filter((form) => form.get('To') === phone);
  /** A template's quick reply or an interactive button pressed on `phone`, as Meta delivers it (signed). */
  const press = (phone: string, payload: string, interactive = false) =>
    providers.deliverWhatsAppWebhook(
      t.baseUrl,
      MessagingProviders.whatsAppWebhook({
        contacts: [{ wa_id: phone.slice(1) }],
        messages: [
          interactive
            ? { from: phone.slice(1), id: `wamid.IN${++inbound}${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: payload, title: 'On my way' } } }
            : { from: phone.slice(1), id: `wamid.IN${++inbound}${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'button', button: { payload, text: 'Accept' } },
        ],
      }),
    );
  const textBySms = (phone: string, body: string) => providers.deliverSms(t.baseUrl, PUBLIC_URL, phone, body);
  const assigneeOf = async (requestId: number) => (await t.db.query<{ assignee_id: number | null }[]>(`SELECT assignee_id FROM pickup_requests WHERE id = $1`, [requestId]))[0].assignee_id;
  const codeOf = async (requestId: number) => (await t.db.query<{ pickup_code: string }[]>(`SELECT pickup_code FROM pickup_requests WHERE id = $1`, [requestId]))[0].pickup_code;
  /** A listing of 30 meals (12 kg) at the pickup point, tomorrow 10:00-14:00 Cairo, claimed by the charity. */
  const claimed = async () => {
    const [y, m, d] = cairoDateIn(1).split('-').map(Number);
    const listed = await t.http.post(
      '/api/add',
      {
        food_name: `Koshary ${Math.random().toString(36).slice(2, 7)}`,
        quantity: 30,
        description: 'Boxed meals',
        expiration_date: cairoDateIn(2),
        pickup_point_id: pointId,
        weight_kg: 12,
        pickup_from: cairoInstant(y, m, d, 10).toISOString(),
        pickup_until: cairoInstant(y, m, d, 14).toISOString(),
      },
      { token: donor.token },
    );
    if (listed.status !== 201) throw new Error(`arrange: listing ${JSON.stringify(listed.body)}`);
    return { requestId: await requestPickup(t.http, charity, listed.body.id as number), foodName: listed.body.food_name as string };
  };

  beforeAll(async () => {
    providers = await MessagingProviders.start();
    t = await startTestApp({ ...providers.env(PUBLIC_URL), WEB_ORIGIN: PUBLIC_URL });
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
    await verifyCharities(t.db, charity);
    pointId = (await createPickupPoint(t.http, donor, { label: 'Tahrir', governorate: 'EG-C', area: 'Downtown' })).id;
    const orgId = (await t.db.query<{ id: number }[]>(`SELECT id FROM organisations WHERE account_id = $1`, [charity.id]))[0].id;
    coordinator = await memberOf(orgId, 'coordinator');
    onWhatsApp = await memberOf(orgId, 'volunteer', 'ar');
    bySms = await memberOf(orgId, 'volunteer');
    for (const volunteer of [onWhatsApp, bySms]) {
      const saved = await t.http.put(TRANSPORT_ROUTES.volunteerProfile, { vehicle: 'car', capacity_kg: 50, governorates: ['EG-C'], hours: { from: '08:00', until: '22:00' } }, { token: volunteer.token });
      if (saved.status !== 200) throw new Error(`arrange: profile ${JSON.stringify(saved.body)}`);
    }
    whatsAppPhone = await verifiedPhone(onWhatsApp, 'whatsapp', '+201155501234');
    smsPhone = await verifiedPhone(bySms, 'sms', '+201155505678');
  });
  afterAll(async () => {
    await t?.close();
    await providers?.close();
  });

  it('offers the pickup with Accept on each phone; of a WhatsApp press and an SMS "1" at once exactly one wins; On my way marks the trip', async () => {
    const { requestId, foodName } = await claimed();
    const offered = await t.http.post(apiPath(TRANSPORT_ROUTES.offerTransport, { id: requestId }), {}, { token: coordinator.token });
    expect([offered.status, offered.body.told]).toEqual([201, 2]);

    // WhatsApp, outside the 24-hour window: the transport offer's own template, Accept as its quick reply, in Arabic.
    const [template] = await waitFor(async () => whatsAppTo(whatsAppPhone).filter((body) => body.type === 'template'), (sent) => sent.length === 1, 'the WhatsApp offer');
    expect(template.template.name).toBe('foodlink_transport_offer');
    expect(template.template.language.code).toBe('ar');
    const button = template.template.components.find((c: { type: string }) => c.type === 'button');
    expect(button).toMatchObject({ sub_type: 'quick_reply', index: '0' });
    const accept = button.parameters[0].payload as string;
    expect(accept).toMatch(/^accept\.[A-Za-z0-9_-]{22}$/);
    // SMS: "Reply 1 to accept." before the words.
    const [sms] = await waitFor(async () => smsTo(smsPhone), (sent) => sent.length === 1, 'the SMS offer');
    expect(sms.get('Body')).toMatch(/^Reply 1 to accept\.\n/);
    expect(sms.get('Body')).toContain(foodName);

    // Both at once: exactly one gets it.
    await Promise.all([press(whatsAppPhone, accept), textBySms(smsPhone, '1')]);
    const winner = await waitFor(() => assigneeOf(requestId), (id) => id !== null, 'an assignee');
    expect([onWhatsApp.id, bySms.id]).toContain(winner);
    const code = await codeOf(requestId);
    const answers = await waitFor(
      async () => ({ whatsApp: whatsAppTo(whatsAppPhone).filter((body) => body.type !== 'template'), sms: smsTo(smsPhone).slice(1) }),
      (sent) => sent.whatsApp.length === 1 && sent.sms.length === 1,
      'both answers',
    );
    const arabicCode = code.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]);
    let going: string | null;
    if (winner === onWhatsApp.id) {
      const [answer] = answers.whatsApp;
      expect(answer.type).toBe('interactive');
      expect(answer.interactive.body.text).toContain(`رمز الاستلام: ${arabicCode}`);
      expect(answer.interactive.action.buttons).toEqual([{ type: 'reply', reply: { id: expect.stringMatching(/^going\./), title: 'في الطريق' } }]);
      expect(answers.sms[0].get('Body')).toContain('no longer on offer');
      going = answer.interactive.action.buttons[0].reply.id as string;
      await press(whatsAppPhone, going, true);
    } else {
      expect(answers.sms[0].get('Body')).toMatch(/^Reply 1 when you set off\.\n/);
      expect(answers.sms[0].get('Body')).toContain(`Pickup code: ${code}`);
      expect(answers.whatsApp[0].text?.body ?? answers.whatsApp[0].interactive?.body.text).toContain('لم يعد هذا الاستلام معروضاً');
      going = null;
      await textBySms(smsPhone, '1');
    }

    // On my way: the trip is on its way, with the reply's ETA (30 minutes), as the web's call would mark it.
    const trip = await waitFor(
      async () => (await t.http.get<TripState>(apiPath(TRANSPORT_ROUTES.trip, { id: requestId }), { token: donor.token })).body,
      (state) => state.stage === 'on_the_way',
      'the trip on its way',
    );
    expect(trip.volunteer?.user_id).toBe(winner);
    const etaMinutes = (Date.parse(trip.eta as string) - Date.parse(trip.on_the_way_at as string)) / 60_000;
    expect(Math.round(etaMinutes)).toBe(30);

    // A replayed Accept does nothing: the assignee stays, and no new answer is sent for it.
    const before = whatsAppTo(whatsAppPhone).length;
    if (going !== null) await press(whatsAppPhone, going, true);
    await press(whatsAppPhone, accept);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await assigneeOf(requestId)).toBe(winner);
    expect(whatsAppTo(whatsAppPhone).length).toBe(before);
  });
});
