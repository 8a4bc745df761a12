import { randomBytes } from 'node:crypto';
import { apiPath, cairoInstant, ERRORS, MESSAGING_ROUTES, PLATFORM_TIME_ZONE, QUEUES, SCHEDULE_ROUTES, type OccurrenceView } from '@food-link/contracts';
import { SessionUsers } from '../src/auth/session-users';
import { ScheduleReminders, scheduleReminderKey } from '../src/schedules/schedule-reminders';
import { SchedulesService } from '../src/schedules/schedules.service';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, verifyCharities, type TestUser } from './support/factories';
import { MessagingProviders } from './support/messaging-providers';
import { openQueue } from './support/queue';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/*
 * The donors' reminders of their standing collections and "Nothing today" (issue 29; docs/DOMAIN-RULES.md,
 * "Standing collections"): SCHEDULE_REMINDER_MINUTES before a day's window opens, the members who act at the
 * schedule's branch are reminded once, in-app and on their verified phone, in their language, with a Nothing
 * today button (WhatsApp) or "Reply 1" (SMS); the web's POST .../skip does the same. Skipping withdraws the
 * day's listing when it is listed (its confirmed charity's claim ends `withdrawn`), or keeps it from being
 * listed. Against the local WhatsApp and SMS servers of support/messaging-providers.ts, webhooks signed as
 * Meta and Twilio sign them.
 */
const PUBLIC_URL = 'https://foodlink.example';

describe("donors' reminders of their standing collections, and Nothing today", () => {
  let t: TestApp;
  let providers: MessagingProviders;
  let donor: TestUser;
  let orgId: number;
  let pointId: number;
  let otherPointId: number;
  let phones = 0;
  let inbound = 0;
  let dayOffset = 1;
  let messaging: ReturnType<typeof openQueue>;

  beforeAll(async () => {
    providers = await MessagingProviders.start();
    t = await startTestApp({ ...providers.env(PUBLIC_URL), WEB_ORIGIN: PUBLIC_URL, SCHEDULE_REMINDER_MINUTES: '60', SCHEDULE_LEAD_MINUTES: '120' });
    donor = await createDonor(t.http);
    pointId = (await createPickupPoint(t.http, donor, { label: 'Zamalek' })).id;
    otherPointId = (await createPickupPoint(t.http, donor, { label: 'Dokki' })).id;
    [{ id: orgId }] = (await t.db.query(`SELECT id FROM organisations WHERE account_id = $1`, [donor.id])) as { id: number }[];
    messaging = openQueue(t, QUEUES.messaging);
  });
  afterAll(async () => {
    await messaging?.close();
    await t?.close();
    await providers?.close();
  });

  const newPhone = () => `+2011${String(50_000_000 + ++phones * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
  const verifiedPhone = async (user: TestUser, channel: 'whatsapp' | 'sms') => {
    const phone = newPhone();
    await t.db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at) VALUES ($1, $2, $3, now())`, [user.id, phone, channel]);
    return phone;
  };
  /** A member of `org` in `role` at `branches`, with a session of their own (made as the organisations' tests make one). */
  const memberOf = async (org: number, role: string, branches: number[], language: 'en' | 'ar' = 'en') => {
    const user = await createDonor(t.http, { language });
    await t.db.query(`UPDATE users SET member_only = true WHERE id = $1`, [user.id]);
    await t.db.query(`UPDATE organisation_members SET organisation_id = $2, role = $3, pickup_point_ids = $4 WHERE user_id = $1`, [user.id, org, role, branches]);
    await t.db.query(`DELETE FROM organisations WHERE account_id = $1`, [user.id]);
    t.app.get(SessionUsers, { strict: false }).forget(user.id);
    return user;
  };
  /** A schedule of one day (a fresh date each time, two days or more ahead, so the worker's own runs never reach it). */
  const scheduleOfOneDay = async (partners: number[] = [], at = pointId) => {
    dayOffset += 1;
    const day = cairoDateIn(dayOffset);
    const made = await t.http.post(
      SCHEDULE_ROUTES.schedules,
      {
        pickup_point_id: at,
        food_name: 'Evening bread',
        description: 'From the evening bake',
        category: 'bakery',
        quantity: 40,
        rule: 'FREQ=DAILY',
        window: { from: '20:00', until: '21:30' },
        starts_on: day,
        ends_on: day,
        partners,
      },
      { token: donor.token },
    );
    if (made.status !== 201) throw new Error(`arrange: schedule ${JSON.stringify(made.body)}`);
    const [y, m, d] = day.split('-').map(Number);
    return { id: made.body.id as number, day, at: (hour: number, minute = 0) => cairoInstant(y, m, d, hour, minute) };
  };
  const reminders = () => t.app.get(ScheduleReminders, { strict: false });
  const dayRow = async (scheduleId: number) =>
    ((await t.db.query(`SELECT skipped, food_id, reminded_at IS NOT NULL AS reminded FROM schedule_occurrences WHERE schedule_id = $1`, [scheduleId])) as {
      skipped: boolean;
      food_id: number | null;
      reminded: boolean;
    }[])[0];
  const remindersOf = (userId: number) =>
    t.db.query(`SELECT data FROM notifications WHERE user_id = $1 AND type = 'schedule.reminder' ORDER BY created_at`, [userId]) as Promise<
      { data: Record<string, unknown> }[]
    >;
  const whatsAppTo = (phone: string) => providers.whatsAppSent().filter((body) => body.to === phone.slice(1));
  const smsTo = (phone: string) => providers.smsSent().filter((form) => form.get('To') === phone);
  /** A template's quick reply pressed on `phone`, as Meta delivers it (signed). */
  const pressButton = (phone: string, payload: string) =>
    providers.deliverWhatsAppWebhook(
      t.baseUrl,
      MessagingProviders.whatsAppWebhook({
        contacts: [{ wa_id: phone.slice(1) }],
        messages: [
          { from: phone.slice(1), id: `wamid.IN${++inbound}${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'button', button: { payload, text: 'Nothing today' } },
        ],
      }),
    );
  const textBySms = (phone: string, body: string) => providers.deliverSms(t.baseUrl, PUBLIC_URL, phone, body);
  const skipOnWeb = (user: TestUser, scheduleId: number, date: string) =>
    t.http.post(apiPath(SCHEDULE_ROUTES.skip, { id: scheduleId, date }), undefined, { token: user.token });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Cairo's wall-clock time `minutes` from now, HH:MM. */
  const cairoClock = (minutes: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + minutes * 60_000));

  it("reminds the branch's members once per day (two runs at once and a third), in-app and on each one's phone, each in their language", async () => {
    const manager = await memberOf(orgId, 'branch_manager', [pointId], 'ar');
    const staff = await memberOf(orgId, 'staff', [pointId]);
    const elsewhere = await memberOf(orgId, 'staff', [otherPointId]);
    const viewer = await memberOf(orgId, 'viewer', []);
    const managerPhone = await verifiedPhone(manager, 'whatsapp');
    const staffPhone = await verifiedPhone(staff, 'sms');
    const elsewherePhone = await verifiedPhone(elsewhere, 'sms');
    const schedule = await scheduleOfOneDay();

    // More than an hour before the window opens: not yet.
    expect(await reminders().remindDue(schedule.at(18, 55))).toBe(0);
    expect(await remindersOf(manager.id)).toEqual([]);
    // Inside the hour, two runs at once and a retry remind the day once.
    const runs = await Promise.all([reminders().remindDue(schedule.at(19, 10)), reminders().remindDue(schedule.at(19, 10))]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await reminders().remindDue(schedule.at(19, 20))).toBe(0);
    expect((await dayRow(schedule.id)).reminded).toBe(true);

    // In-app: the admin (the account), the branch's manager and staff; not the other branch's staff nor a viewer.
    const expected = {
      scheduleId: schedule.id,
      date: schedule.day,
      foodName: 'Evening bread',
      quantity: 40,
      unit: 'portion',
      windowFrom: schedule.at(20).toISOString(),
      windowUntil: schedule.at(21, 30).toISOString(),
    };
    for (const user of [donor, manager, staff]) expect(await remindersOf(user.id)).toEqual([{ data: expected }]);
    for (const user of [elsewhere, viewer]) expect(await remindersOf(user.id)).toEqual([]);

    // The manager's WhatsApp (outside the 24-hour window: the template), in Arabic, with Nothing today's reference.
    const [template] = await waitFor(async () => whatsAppTo(managerPhone), (sent) => sent.length === 1, "the manager's WhatsApp");
    expect(template.template.name).toBe('foodlink_schedule_reminder');
    expect(template.template.language).toEqual({ code: 'ar' });
    const body = template.template.components.find((c: { type: string }) => c.type === 'body');
    expect(body.parameters[0].text).toBe('موعد استلام دائم قريب: Evening bread');
    expect(body.parameters[1].text).toContain('لم تؤكد أي جمعية حضورها بعد.');
    expect(template.template.components.find((c: { type: string }) => c.type === 'button')).toEqual({
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: expect.stringMatching(/^skip\.[A-Za-z0-9_-]{22}$/) }],
    });
    // The staff member's SMS, in English, with "Reply 1".
    const [sms] = await waitFor(async () => smsTo(staffPhone), (sent) => sent.length === 1, "the staff member's SMS");
    expect(sms.get('Body')).toMatch(/^Reply 1 if there is nothing today\.\nStanding collection soon: Evening bread\n40 portions of Evening bread, collected .+ to 21:30 \(Cairo time\)\.\nNo charity has confirmed yet\./);
    await pause(800);
    expect(whatsAppTo(managerPhone)).toHaveLength(1);
    expect(smsTo(staffPhone)).toHaveLength(1);
    expect(smsTo(elsewherePhone)).toHaveLength(0);
  });

  it("keeps the phone's quiet hours: the reminder is in-app at once, and on the phone when the hours end", async () => {
    const staff = await memberOf(orgId, 'staff', [pointId]);
    const phone = await verifiedPhone(staff, 'sms');
    const quiet = { start: cairoClock(-60), end: cairoClock(60) };
    const saved = await t.http.put(MESSAGING_ROUTES.phoneSettings, { quiet_hours: quiet }, { token: staff.token });
    expect({ status: saved.status, quiet: saved.body.quiet_hours }).toEqual({ status: 200, quiet });
    const schedule = await scheduleOfOneDay();
    expect(await reminders().remindDue(schedule.at(19, 10))).toBe(1);
    expect(await remindersOf(staff.id)).toHaveLength(1);
    const job = await waitFor(async () => messaging.queue.getJob(`${scheduleReminderKey(schedule.id, schedule.day)}-${staff.id}-phone`), Boolean, 'the held job');
    expect(await job?.getState()).toBe('delayed');
    expect((job?.opts.delay ?? 0) / 60_000).toBeGreaterThan(58);
    await pause(500);
    expect(smsTo(phone)).toHaveLength(0);
    await job?.promote();
    const [sms] = await waitFor(async () => smsTo(phone), (sent) => sent.length === 1, 'the held SMS');
    expect(sms.get('Body')).toMatch(/^Reply 1 if there is nothing today\.\nStanding collection soon: Evening bread/);
  });

  it('says who is coming, and Nothing today by the WhatsApp button withdraws the listed day: the confirmed claim ends, the charity hears it; a replay does nothing', async () => {
    const manager = await memberOf(orgId, 'branch_manager', [pointId], 'ar');
    const managerPhone = await verifiedPhone(manager, 'whatsapp');
    const charity = await createCharity(t.http, { name: `Ahl Masr ${Date.now()}` });
    await verifyCharities(t.db, charity);
    const charityPhone = await verifiedPhone(charity, 'sms');
    const schedule = await scheduleOfOneDay([charity.id]);
    expect(await t.app.get(SchedulesService, { strict: false }).materialiseDue(schedule.at(18, 30))).toBe(1);
    const confirmed = await t.http.post(apiPath(SCHEDULE_ROUTES.confirm, { id: schedule.id, date: schedule.day }), undefined, { token: charity.token });
    expect(confirmed.status).toBe(201);
    const { food_id: foodId } = await dayRow(schedule.id);

    expect(await reminders().remindDue(schedule.at(19, 5))).toBe(1);
    expect((await remindersOf(manager.id))[0].data).toMatchObject({ charityName: charity.name });
    const [template] = await waitFor(async () => whatsAppTo(managerPhone), (sent) => sent.length === 1, 'the reminder');
    const lines = template.template.components.find((c: { type: string }) => c.type === 'body').parameters[1].text as string;
    expect(lines).toContain(`أكدت ${charity.name} أنها قادمة.`);
    const reference = template.template.components.find((c: { type: string }) => c.type === 'button').parameters[0].payload as string;

    // A forged reference does nothing.
    expect(await pressButton(managerPhone, `skip.${randomBytes(16).toString('base64url')}`)).toBe(200);
    await pause(500);
    expect((await dayRow(schedule.id)).skipped).toBe(false);

    const outboxBefore = (await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'food.withdrawn'`)) as { n: number }[];
    expect(await pressButton(managerPhone, reference)).toBe(200);
    const [answer] = await waitFor(async () => whatsAppTo(managerPhone).filter((sent) => sent.type === 'text'), (sent) => sent.length === 1, 'the answer');
    expect(answer.text.body).toBe('تم: لا شيء اليوم. ألغينا هذا اليوم وأخبرنا الجمعية.');
    expect(await dayRow(schedule.id)).toMatchObject({ skipped: true, food_id: null });
    expect(await t.db.query(`SELECT status::text FROM food_items WHERE id = $1`, [foodId])).toEqual([{ status: 'withdrawn' }]);
    expect(await t.db.query(`SELECT status::text FROM pickup_requests WHERE food_id = $1`, [foodId])).toEqual([{ status: 'withdrawn' }]);
    // The charity whose claim ended hears of it (food.withdrawn to its room), and the day's change goes to the schedule's rooms.
    const withdrawn = (await t.db.query(`SELECT recipients FROM outbox_events WHERE type = 'food.withdrawn' AND (data->>'foodId')::int = $1`, [foodId])) as {
      recipients: number[];
    }[];
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0].recipients).toEqual(expect.arrayContaining([donor.id, charity.id]));
    // The charity that confirmed is told, in-app and on its phone (standing.skipped), once.
    const told = await waitFor(
      () => t.db.query(`SELECT data FROM notifications WHERE user_id = $1 AND type = 'standing.skipped'`, [charity.id]) as Promise<{ data: Record<string, unknown> }[]>,
      (rows) => rows.length === 1,
      "the charity's news",
    );
    expect(told[0].data).toEqual({ scheduleId: schedule.id, date: schedule.day, foodName: 'Evening bread', donorName: donor.name });
    const [news] = await waitFor(
      async () => smsTo(charityPhone).filter((sms) => (sms.get('Body') ?? '').startsWith('Not today')),
      (sent) => sent.length === 1,
      "the charity's SMS",
    );
    expect(news.get('Body')).toContain(`${donor.name} has nothing on `);
    expect(news.get('Body')).toContain('the collection of Evening bread you confirmed is off, and your claim has ended.');
    expect(((await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'food.withdrawn'`)) as { n: number }[])[0].n).toBe(outboxBefore[0].n + 1);
    const days = await t.http.get(`${apiPath(SCHEDULE_ROUTES.occurrences, { id: schedule.id })}?from=${schedule.day}&to=${schedule.day}`, { token: donor.token });
    expect((days.body as OccurrenceView[])[0].status).toBe('skipped');

    // Pressed again: nothing more happens, and nothing more is said.
    expect(await pressButton(managerPhone, reference)).toBe(200);
    await pause(800);
    expect(whatsAppTo(managerPhone).filter((sent) => sent.type === 'text')).toHaveLength(1);
    expect(await t.db.query(`SELECT status::text FROM pickup_requests WHERE food_id = $1`, [foodId])).toEqual([{ status: 'withdrawn' }]);
  });

  it('Nothing today by an SMS "1" keeps a day not listed yet from being listed, and its reminder is not sent again; "1" again does nothing', async () => {
    const staff = await memberOf(orgId, 'staff', [pointId]);
    const staffPhone = await verifiedPhone(staff, 'sms');
    const schedule = await scheduleOfOneDay();
    expect(await reminders().remindDue(schedule.at(19, 0))).toBe(1);
    await waitFor(async () => smsTo(staffPhone), (sent) => sent.length === 1, 'the reminder');
    expect(await textBySms(staffPhone, '١')).toBe(200);
    const [, answer] = await waitFor(async () => smsTo(staffPhone), (sent) => sent.length === 2, 'the answer');
    expect(answer.get('Body')).toBe('Done: nothing today. The day is off, and the charity is told.');
    expect(await dayRow(schedule.id)).toMatchObject({ skipped: true, food_id: null });
    // At its lead time nothing is listed.
    expect(await t.app.get(SchedulesService, { strict: false }).materialiseDue(schedule.at(19, 30))).toBe(0);
    expect((await dayRow(schedule.id)).food_id).toBeNull();
    expect(await textBySms(staffPhone, '1')).toBe(200);
    await pause(800);
    expect(smsTo(staffPhone)).toHaveLength(2);

    // A day skipped before its reminder is not reminded.
    const skippedFirst = await scheduleOfOneDay();
    expect((await skipOnWeb(donor, skippedFirst.id, skippedFirst.day)).status).toBe(201);
    expect(await reminders().remindDue(skippedFirst.at(19, 10))).toBe(0);
    expect(await remindersOf(staff.id)).toHaveLength(1);
  });

  it('POST .../skip: the branch\'s staff skip a listed day (its listing withdrawn), again is no change; others are refused', async () => {
    const staff = await memberOf(orgId, 'staff', [pointId]);
    const elsewhere = await memberOf(orgId, 'staff', [otherPointId]);
    const viewer = await memberOf(orgId, 'viewer', []);
    const otherDonor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const schedule = await scheduleOfOneDay();
    expect(await t.app.get(SchedulesService, { strict: false }).materialiseDue(schedule.at(18, 10))).toBe(1);
    const { food_id: foodId } = await dayRow(schedule.id);

    // Another organisation's donor and a charity: 403; the other branch's staff and a viewer: 403. Nothing changes.
    for (const [user, message] of [
      [otherDonor, ERRORS.scheduleOfAnotherDonor],
      [charity, ERRORS.rolesOnly(['donor'])],
      [elsewhere, ERRORS.branchNotYours],
      [viewer, ERRORS.orgRolesOnly(['admin', 'branch_manager', 'staff'])],
    ] as const) {
      const refused = await skipOnWeb(user, schedule.id, schedule.day);
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message });
    }
    expect((await t.http.post(apiPath(SCHEDULE_ROUTES.skip, { id: schedule.id, date: schedule.day }))).status).toBe(401);
    expect(await t.db.query(`SELECT status::text FROM food_items WHERE id = $1`, [foodId])).toEqual([{ status: 'available' }]);
    // Bad input: 400 naming the date; a date it does not run: 404; no such schedule: 404.
    const bad = await skipOnWeb(staff, schedule.id, 'tonight');
    expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: ['date must be a date written YYYY-MM-DD'] });
    expect((await skipOnWeb(staff, schedule.id, cairoDateIn(dayOffset + 5))).status).toBe(404);
    expect((await skipOnWeb(staff, 999_999, schedule.day)).status).toBe(404);

    const skipped = await skipOnWeb(staff, schedule.id, schedule.day);
    expect({ status: skipped.status, body: skipped.body }).toMatchObject({ status: 201, body: { date: schedule.day, status: 'skipped' } });
    expect(skipped.body.food_id).toBeUndefined();
    expect(await t.db.query(`SELECT status::text FROM food_items WHERE id = $1`, [foodId])).toEqual([{ status: 'withdrawn' }]);
    const again = await skipOnWeb(staff, schedule.id, schedule.day);
    expect({ status: again.status, body: again.body }).toMatchObject({ status: 201, body: { status: 'skipped' } });
    const changes = (await t.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'schedule.occurrence' AND (data->>'scheduleId')::int = $1 AND data->>'change' = 'skipped'`,
      [schedule.id],
    )) as { n: number }[];
    expect(changes[0].n).toBe(1);
  });
});
