import { createHmac, randomBytes } from 'node:crypto';
import { cairoInstant, MESSAGING_ROUTES, NOTIFICATION_ROUTES, DEFAULT_NOTIFICATION_CHOICES, SCHEDULE_ROUTES, type ScheduleView } from '@food-link/contracts';
import { SchedulesService } from '../src/schedules/schedules.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { addFood, cairoDateIn, createCharity, createDonor, createPickupPoint, verifyCharities, type TestUser } from './support/factories';
import { MessagingProviders, SMS } from './support/messaging-providers';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/*
 * Replies that act (docs/MESSAGING.md, "Replies that act"): "New food near you" carries a Claim button on
 * WhatsApp (the template's quick reply outside the 24-hour window, an interactive button inside it) and
 * "Reply 1" by SMS, each with an opaque single-use reference; the reply claims as the web does, as the
 * phone's owner, and is answered with the pickup code and address or "already claimed". Webhooks are
 * signed as Meta and Twilio sign them; the local server of support/messaging-providers.ts takes the sends.
 */
const PUBLIC_URL = 'https://foodlink.example';
const APP_SECRET = 'app-secret-of-food-link';

describe('claims by a WhatsApp button or an SMS "1"', () => {
  let t: TestApp;
  let providers: MessagingProviders;
  let donor: TestUser;
  let pointId: number;
  let phones = 0;
  let inbound = 0;

  beforeAll(async () => {
    providers = await MessagingProviders.start();
    t = await startTestApp({ ...providers.env(PUBLIC_URL), WEB_ORIGIN: 'https://foodlink.example' });
    donor = await createDonor(t.http);
    pointId = (await createPickupPoint(t.http, donor)).id;
  });
  afterAll(async () => {
    await t?.close();
    await providers?.close();
  });

  const newPhone = () => `+2015${String(40_000_000 + ++phones * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
  /** A charity with a verified phone on `channel` (verification itself: messaging.int-spec.ts). */
  const charityWithPhone = async (channel: 'whatsapp' | 'sms', language: 'en' | 'ar' = 'en') => {
    const charity = await createCharity(t.http);
    if (language === 'ar') await t.http.put(NOTIFICATION_ROUTES.preferences, { language, choices: DEFAULT_NOTIFICATION_CHOICES }, { token: charity.token });
    const phone = newPhone();
    await t.db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at) VALUES ($1, $2, $3, now())`, [charity.id, phone, channel]);
    return { charity, phone };
  };
  /** New food, and "New food near you" to these charities, as matching sends it. */
  const newFoodTo = async (charities: TestUser[]) => {
    const food = await addFood(t.http, donor, { food_name: 'Baladi bread', quantity: 30 });
    await t.app.get(NotificationsService, { strict: false }).notify({
      key: `food-matched-test-${food.id}`,
      userIds: charities.map((c) => c.id),
      type: 'food.matched',
      data: { foodId: food.id, foodName: 'Baladi bread' },
    });
    return food.id;
  };
  const whatsAppTo = (phone: string) => providers.whatsAppSent().filter((body) => body.to === phone.slice(1));
  const smsTo = (phone: string) => providers.smsSent().filter((form) => form.get('To') === phone);
  const signWhatsApp = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  const postWhatsApp = (payload: unknown, sign = signWhatsApp) => {
    const raw = JSON.stringify(payload);
    return t.http.request('POST', MESSAGING_ROUTES.whatsappWebhook, { rawBody: raw, headers: { 'x-hub-signature-256': sign(raw) } });
  };
  /** A message from `phone` as Meta delivers it: a template's quick reply (`button`) or an interactive reply. */
  const whatsAppReply = (phone: string, message: Record<string, unknown>) =>
    MessagingProviders.whatsAppWebhook({
      contacts: [{ wa_id: phone.slice(1) }],
      messages: [{ from: phone.slice(1), id: `wamid.IN${++inbound}${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
    });
  const pressTemplateButton = (phone: string, payload: string) => postWhatsApp(whatsAppReply(phone, { type: 'button', button: { payload, text: 'Claim' } }));
  const pressInteractiveButton = (phone: string, id: string) =>
    postWhatsApp(whatsAppReply(phone, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id, title: 'Claim' } } }));
  const signTwilio = (params: Record<string, string>) =>
    createHmac('sha1', SMS.token)
      .update(Object.keys(params).sort().reduce((text, name) => text + name + params[name], `${PUBLIC_URL}${MESSAGING_ROUTES.smsWebhook}`))
      .digest('base64');
  const textBySms = (phone: string, body: string) => {
    const params = { AccountSid: SMS.sid, MessageSid: `SM${randomBytes(16).toString('hex')}`, SmsStatus: 'received', From: phone, To: SMS.from, Body: body };
    return t.http.request('POST', MESSAGING_ROUTES.smsWebhook, {
      rawBody: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signTwilio(params) },
    });
  };
  const requestsOf = (foodId: number) =>
    t.db.query(`SELECT charity_id, pickup_code, status FROM pickup_requests WHERE food_id = $1 ORDER BY id`, [foodId]) as Promise<
      { charity_id: number; pickup_code: string; status: string }[]
    >;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("claims by the template's Claim button outside the window, answers with the code and address; a replayed or forged button does nothing", async () => {
    const { charity, phone } = await charityWithPhone('whatsapp');
    const foodId = await newFoodTo([charity]);
    const [template] = await waitFor(async () => whatsAppTo(phone), (sent) => sent.length === 1, 'New food near you');
    expect(template.template.name).toBe('foodlink_food_matched');
    const button = template.template.components.find((c: { type: string }) => c.type === 'button');
    expect(button).toEqual({ type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: expect.stringMatching(/^claim\.[A-Za-z0-9_-]{22}$/) }] });
    const reference = button.parameters[0].payload as string;

    // Forged (a reference never made) and signed wrongly: nothing.
    expect((await pressTemplateButton(phone, `claim.${randomBytes(16).toString('base64url')}`)).status).toBe(200);
    expect((await postWhatsApp(whatsAppReply(phone, { type: 'button', button: { payload: reference } }), () => 'sha256=00')).status).toBe(403);
    await pause(500);
    expect(await requestsOf(foodId)).toEqual([]);

    expect((await pressTemplateButton(phone, reference)).status).toBe(200);
    const [request] = await requestsOf(foodId);
    expect(request).toMatchObject({ charity_id: charity.id, status: 'pending' });
    // Its reply opened the window: the answer is free text.
    const answer = await waitFor(async () => whatsAppTo(phone).filter((body) => body.type === 'text'), (sent) => sent.length === 1, 'the answer');
    expect(answer[0].text.body).toBe(`Baladi bread is yours.\nPickup code: ${request.pickup_code}\nAddress: 12 Talaat Harb Street, Downtown`);

    // Pressed again (a replay): no second claim, no second answer.
    expect((await pressTemplateButton(phone, reference)).status).toBe(200);
    await pause(800);
    expect(await requestsOf(foodId)).toHaveLength(1);
    expect(whatsAppTo(phone).filter((body) => body.type === 'text')).toHaveLength(1);
    // Nor does another charity's phone pressing this charity's reference.
    const other = await charityWithPhone('whatsapp');
    const secondFood = await newFoodTo([charity]);
    const [, second] = await waitFor(async () => whatsAppTo(phone).filter((body) => body.type !== 'text'), (sent) => sent.length === 2, 'the second offer');
    const secondReference = (second.interactive?.action.buttons[0].reply.id ?? second.template?.components.find((c: { type: string }) => c.type === 'button').parameters[0].payload) as string;
    expect((await pressTemplateButton(other.phone, secondReference)).status).toBe(200);
    await pause(500);
    expect(await requestsOf(secondFood)).toEqual([]);
  });

  it('uses an interactive Claim button inside the window; racing a web claim, exactly one wins and the loser is told', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { charity, phone } = await charityWithPhone('whatsapp');
      // The charity wrote to us a moment ago: the window is open.
      expect((await postWhatsApp(whatsAppReply(phone, { type: 'text', text: { body: 'hello' } }))).status).toBe(200);
      await waitFor(async () => whatsAppTo(phone).filter((body) => body.type === 'text'), (sent) => sent.length === 1, 'the help answer');
      const rival = await createCharity(t.http);
      const foodId = await newFoodTo([charity]);
      const [offer] = await waitFor(async () => whatsAppTo(phone).filter((body) => body.type === 'interactive'), (sent) => sent.length === 1, 'the interactive offer');
      expect(offer.interactive.body.text).toContain('New food near you: Baladi bread');
      const [{ reply }] = offer.interactive.action.buttons;
      expect(reply.title).toBe('Claim');

      const [web] = await Promise.all([t.http.post('/api/request', { food_id: foodId }, { token: rival.token }), pressInteractiveButton(phone, reply.id)]);
      const requests = await requestsOf(foodId);
      expect(requests).toHaveLength(1);
      const answers = await waitFor(async () => whatsAppTo(phone).filter((body) => body.type === 'text'), (sent) => sent.length === 2, 'the answer');
      if (requests[0].charity_id === charity.id) {
        expect(web.status).toBe(409);
        expect(answers[1].text.body).toContain(`Pickup code: ${requests[0].pickup_code}`);
      } else {
        expect(web.status).toBe(201);
        expect(answers[1].text.body).toBe('Sorry, it was already claimed.');
      }
    }
  });

  it('claims by an SMS "1" (Arabic digits too), answering in Arabic with Arabic digits; other text gets help; a second "1" does nothing', async () => {
    const { charity, phone } = await charityWithPhone('sms', 'ar');
    const foodId = await newFoodTo([charity]);
    const [offer] = await waitFor(async () => smsTo(phone), (sent) => sent.length === 1, 'the SMS offer');
    expect(offer.get('Body')).toMatch(/^للحجز أرسل ١\.\nطعام جديد بالقرب منك: Baladi bread/);

    expect((await textBySms(phone, 'ما هذا؟')).status).toBe(200);
    const [help] = await waitFor(async () => smsTo(phone).slice(1), (sent) => sent.length === 1, 'the help');
    expect(help.get('Body')).toContain('لإيقاف الرسائل أرسل STOP');

    expect((await textBySms(phone, ' ١ ')).status).toBe(200);
    const [request] = await requestsOf(foodId);
    expect(request).toMatchObject({ charity_id: charity.id, status: 'pending' });
    const [, , answer] = await waitFor(async () => smsTo(phone), (sent) => sent.length === 3, 'the answer');
    const arabicCode = request.pickup_code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
    expect(answer.get('Body')).toBe(`تم حجز Baladi bread لكم.\nرمز الاستلام: ${arabicCode}\nالعنوان: 12 Talaat Harb Street, Downtown`);

    expect((await textBySms(phone, '1')).status).toBe(200);
    await pause(800);
    expect(smsTo(phone)).toHaveLength(3);
    expect(await requestsOf(foodId)).toHaveLength(1);
  });

  /**
   * A member of `charity`'s organisation in `role`, with a verified SMS phone (made as accepting an
   * invitation makes it: a member-only user and its membership).
   */
  const memberWithPhone = async (charity: TestUser, role: 'coordinator' | 'volunteer') => {
    const [{ id }] = (await t.db.query(
      `INSERT INTO users (name, email, password_hash, user_type, language, member_only) VALUES ($1, $2, 'x', 'charity', 'en', true) RETURNING id`,
      [`A ${role}`, `${role}-${process.pid}-${++phones}@example.eg`],
    )) as { id: number }[];
    await t.db.query(
      `INSERT INTO organisation_members (user_id, organisation_id, role) SELECT $1, m.organisation_id, $2 FROM organisation_members m WHERE m.user_id = $3`,
      [id, role, charity.id],
    );
    const phone = newPhone();
    await t.db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at) VALUES ($1, $2, 'sms', now())`, [id, phone]);
    return { member: { id } as TestUser, phone };
  };

  it("claims for the organisation as a coordinator (the web's roles); a volunteer, or a user in no organisation, is refused in words", async () => {
    const charity = await createCharity(t.http);
    const coordinator = await memberWithPhone(charity, 'coordinator');
    const volunteer = await memberWithPhone(charity, 'volunteer');
    const foodId = await newFoodTo([coordinator.member, volunteer.member]);
    await waitFor(async () => [...smsTo(coordinator.phone), ...smsTo(volunteer.phone)], (sent) => sent.length === 2, 'the SMS offers');

    // The volunteer first: the web's guard refuses a volunteer's claim (403), and so does the reply.
    await textBySms(volunteer.phone, '1');
    const [, refused] = await waitFor(async () => smsTo(volunteer.phone), (sent) => sent.length === 2, "the volunteer's refusal");
    expect(refused.get('Body')).toBe("It could not be claimed: Only an organisation's admin or coordinator may do this");
    expect(await requestsOf(foodId)).toEqual([]);

    // The coordinator claims, for the organisation's account (the charity), as on the web.
    await textBySms(coordinator.phone, '1');
    const [request] = await waitFor(() => requestsOf(foodId), (rows) => rows.length === 1, 'the claim');
    expect(request).toMatchObject({ charity_id: charity.id, status: 'pending' });
    const [, answer] = await waitFor(async () => smsTo(coordinator.phone), (sent) => sent.length === 2, "the coordinator's answer");
    expect(answer.get('Body')).toContain(`Pickup code: ${request.pickup_code}`);
    const [{ claimed_by }] = (await t.db.query(`SELECT claimed_by FROM pickup_requests WHERE food_id = $1`, [foodId])) as { claimed_by: number | null }[];
    expect(claimed_by).toBe(coordinator.member.id);

    // Removed from the organisation, the coordinator acts for nobody: refused, as the web's 403.
    await t.db.query(`DELETE FROM organisation_members WHERE user_id = $1`, [coordinator.member.id]);
    const second = await newFoodTo([coordinator.member]);
    await waitFor(async () => smsTo(coordinator.phone), (sent) => sent.length === 3, 'the second offer');
    await textBySms(coordinator.phone, '1');
    const [, , , outside] = await waitFor(async () => smsTo(coordinator.phone), (sent) => sent.length === 4, 'the refusal');
    expect(outside.get('Body')).toBe('It could not be claimed: You are not a member of an organisation; accept an invitation to join one');
    expect(await requestsOf(second)).toEqual([]);
  });

  it("answers a standing collection's day with Confirm and Can't come: Can't come asks the next charity, whose SMS \"1\" confirms it as the web's confirm", async () => {
    const first = await charityWithPhone('whatsapp');
    const second = await charityWithPhone('sms');
    await verifyCharities(t.db, first.charity, second.charity);
    const day = cairoDateIn(2);
    const created = await t.http.post(
      SCHEDULE_ROUTES.schedules,
      {
        pickup_point_id: pointId,
        food_name: 'Evening bread',
        description: 'From the evening bake',
        category: 'bakery',
        quantity: 40,
        rule: 'FREQ=DAILY',
        window: { from: '20:00', until: '21:30' },
        starts_on: day,
        ends_on: day,
        partners: [first.charity.id, second.charity.id],
      },
      { token: donor.token },
    );
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
    const schedule = created.body as ScheduleView;
    const [y, m, d] = day.split('-').map(Number);
    await t.app.get(SchedulesService, { strict: false }).materialiseDue(cairoInstant(y, m, d, 18, 30));
    const [{ food_id: foodId }] = (await t.db.query(`SELECT food_id FROM schedule_occurrences WHERE schedule_id = $1`, [schedule.id])) as { food_id: number }[];

    // The standing charity's offer (outside the window: the template) carries Confirm and Can't come.
    const [offer] = await waitFor(async () => whatsAppTo(first.phone), (sent) => sent.length === 1, 'the standing offer');
    expect(offer.template.name).toBe('foodlink_standing_offer');
    const buttons = offer.template.components.filter((c: { type: string }) => c.type === 'button');
    expect(buttons).toEqual([
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: expect.stringMatching(/^confirm\.[A-Za-z0-9_-]{22}$/) }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: expect.stringMatching(/^decline\.[A-Za-z0-9_-]{22}$/) }] },
    ]);
    const decline = buttons[1].parameters[0].payload as string;
    expect((await pressTemplateButton(first.phone, decline)).status).toBe(200);
    const [answer] = await waitFor(async () => whatsAppTo(first.phone).filter((body) => body.type === 'text'), (sent) => sent.length === 1, "the Can't come answer");
    expect(answer.text.body).toBe('Thank you for telling us. The next charity is asked.');
    const [offerNow] = (await t.db.query(`SELECT offer_partner_ids FROM food_items WHERE id = $1`, [foodId])) as { offer_partner_ids: number[] }[];
    expect(offerNow.offer_partner_ids).toEqual([second.charity.id]);
    // Pressed again: nothing more.
    expect((await pressTemplateButton(first.phone, decline)).status).toBe(200);

    // The next standing charity, by SMS: "1" confirms (the claim, as the web's confirm), answered with the code.
    const [sms] = await waitFor(async () => smsTo(second.phone), (sent) => sent.length === 1, 'the SMS offer');
    expect(sms.get('Body')).toMatch(/^Reply 1 to confirm, 2 if you can't come\.\n/);
    expect((await textBySms(second.phone, '1')).status).toBe(200);
    const [request] = await waitFor(() => requestsOf(foodId), (rows) => rows.length === 1, 'the confirmation');
    expect(request).toMatchObject({ charity_id: second.charity.id, status: 'pending' });
    const [, confirmed] = await waitFor(async () => smsTo(second.phone), (sent) => sent.length === 2, 'the answer');
    expect(confirmed.get('Body')).toBe(`Evening bread is yours.\nPickup code: ${request.pickup_code}\nAddress: 12 Talaat Harb Street, Downtown`);
    // "2" after "1" finds nothing (one answer to one offer); the first charity's replayed button neither.
    expect((await textBySms(second.phone, '2')).status).toBe(200);
    await pause(800);
    expect(smsTo(second.phone)).toHaveLength(2);
    expect(whatsAppTo(first.phone).filter((body) => body.type === 'text')).toHaveLength(1);
    expect(await requestsOf(foodId)).toHaveLength(1);
  });

  it("refuses a donor's reply in words, claiming nothing", async () => {
    const donorPhone = newPhone();
    const other = await createDonor(t.http);
    await t.db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at) VALUES ($1, $2, 'sms', now())`, [other.id, donorPhone]);
    const foodId = await newFoodTo([other]);
    await waitFor(async () => smsTo(donorPhone), (sent) => sent.length === 1, 'the SMS offer');
    await textBySms(donorPhone, '1');
    const [, refused] = await waitFor(async () => smsTo(donorPhone), (sent) => sent.length === 2, 'the refusal');
    expect(refused.get('Body')).toBe('It could not be claimed: Only a charity can claim food');
    expect(await requestsOf(foodId)).toEqual([]);
  });
});
