import { NOTIFICATION_JOBS, NOTIFICATION_ROUTES, OPS_EVENTS, OPS_ROUTES, PLATFORM_TIME_ZONE, QUEUES, type NotificationsResponse } from '@food-link/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, loginAs, requestPickup, type TestUser } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { testEnv } from './support/test-env';
import { waitFor } from './support/wait';

/**
 * Matching and notifications (docs/NOTIFICATIONS.md), through the real parts: listings made over HTTP,
 * the event path and the `notifications` queue in Redis, e-mail to an SMTP server this test runs (parsed
 * with mailparser), in-app rows in PostgreSQL and `notification.created` on a real socket. Retries back
 * off from 0.5 s so an SMTP outage of 30 s is covered in a test's time.
 */
const SECOND = 1000;
const GIZA = { governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 };
const ASWAN = { governorate: 'EG-ASN', area: 'Kom Ombo', lat: 24.4765, lng: 32.9461 };

function notificationsQueue(app: TestApp) {
  const connection = new Redis(testEnv.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.notifications, { connection, prefix: `${app.env.REDIS_PREFIX}bull` });
  return { queue, close: async () => (await queue.close(), void (await connection.quit())) };
}

interface ProfileFields {
  governorates?: string[];
  categories?: string[];
  storage?: string[];
  base_lat?: number;
  base_lng?: number;
  radius_km?: number;
  quiet_hours?: { start: string; end: string };
}

describe('notifications', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let jobs: ReturnType<typeof notificationsQueue>;
  let gizaDonor: TestUser;
  let aswanDonor: TestUser;
  let operator: string;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      NOTIFY_BACKOFF_MS: '500',
      NOTIFY_ATTEMPTS: '9',
      NOTIFY_NEW_FOOD_PER_HOUR: '3',
      MIN_PICKUP_WINDOW_MINUTES: '1',
      PICKUP_REMINDER_MINUTES: '0',
      WEB_ORIGIN: 'https://foodlink.example',
      OPERATOR_EMAIL: 'ops@foodlink.example',
      OPERATOR_PASSWORD: 'operator password 1',
    });
    jobs = notificationsQueue(t);
    gizaDonor = await createDonor(t.http);
    await createPickupPoint(t.http, gizaDonor, GIZA);
    aswanDonor = await createDonor(t.http);
    await createPickupPoint(t.http, aswanDonor, ASWAN);
    operator = await loginAs(t.http, 'ops@foodlink.example', 'operator password 1');
  });
  afterAll(async () => {
    await jobs?.close();
    await t?.close();
    await smtp?.stop();
  });

  const charityWith = async (profile: ProfileFields | null, language?: 'ar' | 'en') => {
    const charity = await createCharity(t.http);
    if (language) {
      const preferences = await t.http.get(NOTIFICATION_ROUTES.preferences, { token: charity.token });
      const saved = await t.http.put(NOTIFICATION_ROUTES.preferences, { ...preferences.body, language }, { token: charity.token });
      expect(saved.status).toBe(200);
    }
    if (profile) {
      const body = { governorates: ['EG-GZ'], categories: ['bakery'], storage: ['ambient'], ...profile };
      const saved = await t.http.put(NOTIFICATION_ROUTES.charityProfile, body, { token: charity.token });
      expect(saved.status).toBe(200);
    }
    return charity;
  };

  const list = async (donor: TestUser, fields: Record<string, unknown> = {}): Promise<number> => {
    const response = await t.http.post(
      '/api/add',
      { food_name: `Bread ${Date.now().toString(36)}`, quantity: 20, description: 'Fresh baladi bread', expiration_date: cairoDateIn(1), category: 'bakery', storage: 'ambient', ...fields },
      { token: donor.token },
    );
    expect(response.status).toBe(201);
    return response.body.id;
  };

  const rowsOf = (userId: number) =>
    t.db.query<{ key: string; type: string; data: Record<string, unknown> }[]>(`SELECT key, type, data FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId]);
  const matchJob = (foodId: number) =>
    waitFor(
      async () => (await jobs.queue.getJobs(['completed', 'failed'])).find((job) => job.name === NOTIFICATION_JOBS.match && job.data.foodId === foodId),
      Boolean,
      `the match job of food ${foodId}`,
    );
  /** Waits until every notification job has finished (none waiting, active or retrying). */
  const settled = () =>
    waitFor(() => jobs.queue.getJobCounts('waiting', 'active', 'prioritized'), (c) => c.waiting + c.active + c.prioritized === 0, 'the queue to settle');

  describe('the charity profile and preferences', () => {
    it('answers an unsaved profile, refuses bad fields naming them, saves, and is for charities only', async () => {
      const charity = await createCharity(t.http);
      const empty = await t.http.get(NOTIFICATION_ROUTES.charityProfile, { token: charity.token });
      expect(empty.body).toMatchObject({ saved: false, governorates: [], quiet_hours: null });

      const bad = await t.http.put(NOTIFICATION_ROUTES.charityProfile, { governorates: ['EG-XX'], categories: [], storage: ['ambient'], base_lat: 30 }, { token: charity.token });
      expect(bad.status).toBe(400);
      expect((bad.body.message as string[]).join(' | ')).toMatch(/governorates.*categories/);
      const halfBase = await t.http.put(NOTIFICATION_ROUTES.charityProfile, { governorates: ['EG-GZ'], categories: ['bakery'], storage: ['ambient'], base_lat: 30 }, { token: charity.token });
      expect(halfBase.status).toBe(400);
      expect((halfBase.body.message as string[]).join(' | ')).toMatch(/base_lng.*radius_km/);
      const quiet = await t.http.put(NOTIFICATION_ROUTES.charityProfile, { governorates: ['EG-GZ'], categories: ['bakery'], storage: ['ambient'], quiet_hours: { start: '25:00', end: '07:00' } }, { token: charity.token });
      expect((quiet.body.message as string[]).join(' | ')).toContain('quiet_hours.start');
      expect((await t.http.get(NOTIFICATION_ROUTES.charityProfile, { token: charity.token })).body.saved).toBe(false);

      const body = { governorates: ['EG-GZ', 'EG-C'], categories: ['bakery'], storage: ['ambient', 'chilled'], base_lat: 30.04, base_lng: 31.2, radius_km: 12.5, phone: '010 1234 5678', quiet_hours: { start: '22:00', end: '07:00' } };
      const saved = await t.http.put(NOTIFICATION_ROUTES.charityProfile, body, { token: charity.token, headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' } });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ saved: true, ...body, phone: '+201012345678', chilled_capacity_kg: null, frozen_capacity_kg: null, receiving_hours: null, full_today: false });
      expect((await t.http.get(NOTIFICATION_ROUTES.charityProfile, { token: charity.token })).body).toEqual(saved.body);
      // The browser's language is kept for its e-mail until it chooses one.
      expect((await t.http.get(NOTIFICATION_ROUTES.preferences, { token: charity.token })).body.language).toBe('ar');

      const donor = await createDonor(t.http);
      expect((await t.http.get(NOTIFICATION_ROUTES.charityProfile, { token: donor.token })).status).toBe(403);
      expect((await t.http.put(NOTIFICATION_ROUTES.charityProfile, body, { token: donor.token })).status).toBe(403);
      expect((await t.http.get(NOTIFICATION_ROUTES.charityProfile)).status).toBe(401);
    });

    it('gives every user every channel on by default, and keeps their choices', async () => {
      const donor = await createDonor(t.http);
      const defaults = await t.http.get(NOTIFICATION_ROUTES.preferences, { token: donor.token });
      const all = { in_app: true, push: true, email: true, phone: true };
      expect(defaults.body).toEqual({ language: 'en', choices: { new_food: all, donations: all, reminders: all, account: all } });
      const chosen = { language: 'ar', choices: { ...defaults.body.choices, reminders: { in_app: true, push: false, email: false, phone: false } } };
      expect((await t.http.put(NOTIFICATION_ROUTES.preferences, chosen, { token: donor.token })).body).toEqual(chosen);
      expect((await t.http.get(NOTIFICATION_ROUTES.preferences, { token: donor.token })).body).toEqual(chosen);
      // A client written before WhatsApp and SMS (issue 29) leaves out the phone channel and the donations kind: both stay on.
      const older = { new_food: { in_app: true, push: true, email: false }, reminders: { in_app: true, push: false, email: false }, account: { in_app: true, push: true, email: true } };
      expect((await t.http.put(NOTIFICATION_ROUTES.preferences, { language: 'en', choices: older }, { token: donor.token })).body).toEqual({
        language: 'en',
        choices: { new_food: { ...older.new_food, phone: true }, donations: all, reminders: { ...older.reminders, phone: true }, account: all },
      });
      const bad = await t.http.put(NOTIFICATION_ROUTES.preferences, { language: 'fr', choices: { new_food: { in_app: 'yes' } } }, { token: donor.token });
      expect(bad.status).toBe(400);
      expect((bad.body.message as string[]).join(' | ')).toMatch(/language.*choices/s);
      expect((await t.http.get(NOTIFICATION_ROUTES.preferences)).status).toBe(401);
    });
  });

  describe('matching', () => {
    it('brings a Giza listing to a Giza charity that takes it, in-app (live, with the unread count) and by e-mail in its language, and to nobody in Aswan', async () => {
      const giza = await charityWith({ governorates: ['EG-GZ'] }, 'ar');
      const gizaEnglish = await charityWith({ governorates: ['EG-GZ', 'EG-C'] });
      const aswan = await charityWith({ governorates: ['EG-ASN'] });
      const unsaved = await createCharity(t.http);
      const socket = await LiveClient.connect(t.baseUrl, giza.token, []);
      try {
        const foodId = await list(gizaDonor, { food_name: 'Baladi bread' });
        const live = await socket.next('notification.created', (event) => event.data.notification.data.foodId === foodId, 15 * SECOND);
        expect(live.data.unread).toBe(1);
        expect(live.data.notification).toMatchObject({ type: 'food.matched', read_at: null, data: { foodId, foodName: 'Baladi bread' } });

        await waitFor(async () => smtp.to(giza.email).length + smtp.to(gizaEnglish.email).length, (n) => n === 2, 'both e-mails');
        const [arabic] = smtp.to(giza.email);
        expect(arabic.language).toBe('ar');
        expect(arabic.subject).toContain('Baladi bread');
        expect(arabic.subject).toMatch(/طعام جديد/);
        expect(arabic.text).toContain('Dokki');
        expect(arabic.text).toContain('الجيزة');
        expect(arabic.text).toContain(`https://foodlink.example/food/${foodId}`);
        expect(arabic.html).toContain('dir="rtl"');
        const [english] = smtp.to(gizaEnglish.email);
        expect(english.language).toBe('en');
        expect(english.subject).toBe('New food near you: Baladi bread');
        expect(english.text).toMatch(/Where: Dokki, Giza/);
        // A time, or the day's midnight when the listing's safe time ends with its date (listed in the evening).
        expect(english.text).toMatch(/Collect by: .*(\d\d:\d\d|, midnight) \(Cairo time\)/);

        const listed = await t.http.get<NotificationsResponse>(NOTIFICATION_ROUTES.list, { token: giza.token });
        expect(listed.body.unread).toBe(1);
        expect(listed.body.items).toEqual([live.data.notification]);

        await matchJob(foodId);
        await settled();
        expect(await rowsOf(aswan.id)).toEqual([]);
        expect(await rowsOf(unsaved.id)).toEqual([]);
        expect(smtp.to(aswan.email)).toEqual([]);
        expect(smtp.to(unsaved.email)).toEqual([]);
      } finally {
        socket.close();
      }
    });

    it('writes e-mail in the language the account signed up in (its body, else its Accept-Language) until it chooses one', async () => {
      const profile = { governorates: ['EG-GZ'], categories: ['bakery'], storage: ['ambient'] };
      const signUp = async (overrides: Parameters<typeof createCharity>[1]) => {
        const charity = await createCharity(t.http, overrides);
        // Saved with no language in the request: the sign-up's stays.
        expect((await t.http.put(NOTIFICATION_ROUTES.charityProfile, profile, { token: charity.token })).status).toBe(200);
        return charity;
      };
      const arabicPhone = await signUp({ acceptLanguage: 'ar-EG,ar;q=0.9,en;q=0.8' });
      const arabicApp = await signUp({ language: 'ar', acceptLanguage: 'en-US,en;q=0.9' });
      const englishApp = await signUp({ language: 'en', acceptLanguage: 'ar-EG,ar;q=0.9' });
      const englishPhone = await signUp({ acceptLanguage: 'en-GB,en;q=0.9,ar;q=0.5' });
      for (const [charity, language] of [[arabicPhone, 'ar'], [arabicApp, 'ar'], [englishApp, 'en'], [englishPhone, 'en']] as const) {
        expect((await t.http.get(NOTIFICATION_ROUTES.preferences, { token: charity.token })).body.language).toBe(language);
      }

      const foodId = await list(gizaDonor, { food_name: 'Fino rolls' });
      const mailOf = (charity: TestUser) =>
        waitFor(async () => smtp.to(charity.email).filter((mail) => mail.text.includes(`/food/${foodId}`)), (mails) => mails.length === 1, `the e-mail to ${charity.email}`);
      for (const charity of [arabicPhone, arabicApp]) {
        const [mail] = await mailOf(charity);
        expect(mail.language).toBe('ar');
        expect(mail.subject).toContain('طعام جديد بالقرب منك');
        expect(mail.subject).toContain('Fino rolls');
        expect(mail.html).toContain('dir="rtl"');
      }
      for (const charity of [englishApp, englishPhone]) {
        const [mail] = await mailOf(charity);
        expect(mail.language).toBe('en');
        expect(mail.subject).toBe('New food near you: Fino rolls');
        expect(mail.html).toContain('dir="ltr"');
      }

      // A language chosen in the preferences wins over the sign-up's.
      const preferences = (await t.http.get(NOTIFICATION_ROUTES.preferences, { token: arabicPhone.token })).body;
      expect((await t.http.put(NOTIFICATION_ROUTES.preferences, { ...preferences, language: 'en' }, { token: arabicPhone.token })).status).toBe(200);
      const nextId = await list(gizaDonor, { food_name: 'Simit rings' });
      const [english] = await waitFor(
        async () => smtp.to(arabicPhone.email).filter((mail) => mail.text.includes(`/food/${nextId}`)),
        (mails) => mails.length === 1,
        'the e-mail after choosing English',
      );
      expect(english.subject).toBe('New food near you: Simit rings');
    });

    it('refuses a sign-up language the app does not speak, naming the field', async () => {
      const refused = await t.http.post('/api/registerdonor', { name: 'Lingua Bakery', email: `lingua-${Date.now()}@example.eg`, password: 'correct horse battery', language: 'fr' });
      expect(refused.status).toBe(400);
      expect((refused.body.message as string[]).join(' | ')).toContain('language');
    });

    it('matches by radius around the base as well as by governorate, and filters by category and storage', async () => {
      // Based in Cairo, 8 km from the Giza pickup point; another 8 km away with a 5 km radius.
      const near = await charityWith({ governorates: ['EG-C'], base_lat: 30.0444, base_lng: 31.2357 + 0.06, radius_km: 10 });
      const tooFar = await charityWith({ governorates: ['EG-C'], base_lat: 30.0444, base_lng: 31.2357 + 0.06, radius_km: 5 });
      const noBread = await charityWith({ governorates: ['EG-GZ'], categories: ['produce', 'dairy'] });
      const noFridge = await charityWith({ governorates: ['EG-GZ'], categories: ['dairy', 'bakery'], storage: ['ambient'] });
      const fridge = await charityWith({ governorates: ['EG-GZ'], categories: ['dairy'], storage: ['ambient', 'chilled'] });

      const bread = await list(gizaDonor);
      const milk = await list(gizaDonor, { food_name: 'Milk', category: 'dairy', storage: 'chilled', unit: 'item', weight_kg: 5 });
      await matchJob(bread);
      await matchJob(milk);
      await settled();
      const foodsOf = async (user: TestUser) => (await rowsOf(user.id)).map((row) => row.data.foodId);
      expect(await foodsOf(near)).toEqual([bread]);
      expect(await foodsOf(tooFar)).toEqual([]);
      expect(await foodsOf(noBread)).toEqual([]);
      expect(await foodsOf(noFridge)).toEqual([bread]);
      expect(await foodsOf(fridge)).toEqual([milk]);
    });

    it('processes the same event twice without sending anything twice', async () => {
      const charity = await charityWith({ governorates: ['EG-GZ'], categories: ['beverages'] });
      const foodId = await list(gizaDonor, { category: 'beverages', food_name: 'Juice', unit: 'item', weight_kg: 3 });
      const match = await matchJob(foodId);
      await waitFor(async () => smtp.to(charity.email).length, (n) => n === 1, 'the e-mail');
      await settled();

      // The match job again, as if Redis had forgotten it: the e-mail job id is kept, the in-app row is unique.
      expect(await jobs.queue.getJob(`food-matched-${match!.data.eventId}-${charity.id}-email`)).toBeDefined();
      await jobs.queue.add(NOTIFICATION_JOBS.match, match!.data, { jobId: `again-${match!.id}` });
      await waitFor(async () => (await jobs.queue.getJob(`again-${match!.id}`))?.getState(), (state) => state === 'completed', 'the repeated match');
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(smtp.to(charity.email)).toHaveLength(1);
      expect(await rowsOf(charity.id)).toHaveLength(1);
      const events = await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'notification.created' AND recipients = ARRAY[$1::int]`, [charity.id]);
      expect(events[0].n).toBe(1);
    });
  });

  describe('quiet hours and the hourly cap', () => {
    it('holds e-mail until quiet hours end (in-app at once), and drops it when the food is unsafe before they end', async () => {
      const quiet = await charityWith({ governorates: ['EG-GZ'], categories: ['cooked_meal'], storage: ['hot'] });
      const allDay = await charityWith({ governorates: ['EG-GZ'], categories: ['cooked_meal'], storage: ['hot'] });
      // Stored to the second (the API takes minutes): quiet from a minute ago until 5 s from now; the
      // other's until a minute ago tomorrow, longer than any food stays safe.
      await t.db.query(
        `UPDATE charity_profiles SET quiet_start = (now() AT TIME ZONE $2)::time - interval '1 minute',
                                     quiet_end = (now() AT TIME ZONE $2)::time + interval '5 seconds' WHERE user_id = $1`,
        [quiet.id, PLATFORM_TIME_ZONE],
      );
      await t.db.query(
        `UPDATE charity_profiles SET quiet_start = (now() AT TIME ZONE $2)::time - interval '1 minute',
                                     quiet_end = (now() AT TIME ZONE $2)::time - interval '2 minutes' WHERE user_id = $1`,
        [allDay.id, PLATFORM_TIME_ZONE],
      );
      const quietEnds = Date.now() + 5 * SECOND;
      // Hot food, safe for 4 hours from its preparation (at any hour of the day, unlike a date's end):
      // unsafe long before the second charity's quiet hours end.
      const foodId = await list(gizaDonor, {
        category: 'cooked_meal',
        storage: 'hot',
        food_name: 'Koshary pots',
        prepared_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      });
      const match = await matchJob(foodId);
      await waitFor(async () => (await rowsOf(quiet.id)).length, (n) => n === 1, 'the in-app notification at once');
      const email = await jobs.queue.getJob(`food-matched-${match!.data.eventId}-${quiet.id}-email`);
      expect(await email?.getState()).toBe('delayed');
      expect(smtp.to(quiet.email)).toEqual([]);

      const [mail] = await waitFor(async () => smtp.to(quiet.email), (mails) => mails.length === 1, 'the e-mail after quiet hours', 15 * SECOND);
      expect(mail.receivedAt).toBeGreaterThanOrEqual(quietEnds - 1500);

      // Quiet for nearly a day: the food is unsafe before then, so its e-mail is never queued.
      expect(await rowsOf(allDay.id)).toHaveLength(1);
      expect(await jobs.queue.getJob(`food-matched-${match!.data.eventId}-${allDay.id}-email`)).toBeUndefined();
      expect(smtp.to(allDay.email)).toEqual([]);
    });

    it('caps push and e-mail of new food per charity and hour; in-app records every one', async () => {
      const busy = await charityWith({ governorates: ['EG-GZ'], categories: ['meat_fish'], storage: ['frozen'] });
      const foods: number[] = [];
      for (let i = 0; i < 4; i += 1) foods.push(await list(gizaDonor, { category: 'meat_fish', storage: 'frozen', food_name: `Chicken ${i}`, unit: 'item', weight_kg: 4 }));
      for (const foodId of foods) await matchJob(foodId);
      await settled();
      await waitFor(async () => (await rowsOf(busy.id)).length, (n) => n === 4, 'four in-app notifications');
      await waitFor(async () => smtp.to(busy.email).length, (n) => n >= 3, 'three e-mails');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(smtp.to(busy.email)).toHaveLength(3);
    });
  });

  describe('delivery through an SMTP outage and failures', () => {
    it('delays e-mail while the SMTP server is down for 30 s, without losing it', async () => {
      const charity = await charityWith({ governorates: ['EG-GZ'], categories: ['produce'] });
      await smtp.stop();
      const downAt = Date.now();
      let foodId: number;
      try {
        foodId = await list(gizaDonor, { category: 'produce', food_name: 'Tomatoes', unit: 'kg' });
        const match = await matchJob(foodId);
        const id = `food-matched-${match!.data.eventId}-${charity.id}-email`;
        await waitFor(async () => (await jobs.queue.getJob(id))?.attemptsMade ?? 0, (attempts) => attempts >= 2, 'failed attempts while SMTP is down', 20 * SECOND);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + 30 * SECOND - Date.now())));
      } finally {
        await smtp.listen();
      }
      const [mail] = await waitFor(async () => smtp.to(charity.email), (mails) => mails.length === 1, 'the e-mail after SMTP is back', 40 * SECOND);
      expect(mail.subject).toContain('Tomatoes');
      expect(mail.receivedAt - downAt).toBeGreaterThanOrEqual(30 * SECOND);
    }, 90 * SECOND);

    it('fails a delivery the SMTP server refuses for good (5xx) at once, and shows it to operators live and in the list', async () => {
      const charity = await charityWith({ governorates: ['EG-GZ'], categories: ['other'] });
      smtp.refuse.add(charity.email);
      const opsSocket = await LiveClient.connect(t.baseUrl, operator, []);
      try {
        const foodId = await list(gizaDonor, { category: 'other', food_name: 'Dates' });
        const match = await matchJob(foodId);
        const id = `food-matched-${match!.data.eventId}-${charity.id}-email`;
        const failed = await opsSocket.nextOps(OPS_EVENTS.jobFailed, (payload) => payload.id === id, 20 * SECOND);
        expect(failed).toMatchObject({ queue: QUEUES.notifications, name: NOTIFICATION_JOBS.deliver });
        const listed = await t.http.get(OPS_ROUTES.failedNotifications, { token: operator });
        expect(listed.status).toBe(200);
        expect(listed.body).toContainEqual(expect.objectContaining({ job_id: id, type: 'food.matched', channel: 'email', user_id: charity.id, email: charity.email, attempts: 1 }));
        expect(listed.body.find((row: { job_id: string }) => row.job_id === id).error).toMatch(/550|mailbox/i);
        expect((await t.http.get(OPS_ROUTES.failedNotifications, { token: charity.token })).status).toBe(403);
      } finally {
        opsSocket.close();
      }
    }, 60 * SECOND);
  });

  describe('the list and read marks', () => {
    it('lists and marks only the caller\'s own notifications; bad ids are a 400', async () => {
      const a = await charityWith({ governorates: ['EG-ASN'], categories: ['bakery'] });
      const b = await charityWith({ governorates: ['EG-ASN'], categories: ['bakery'] });
      await list(aswanDonor);
      await list(aswanDonor);
      const listA = await waitFor(() => t.http.get<NotificationsResponse>(NOTIFICATION_ROUTES.list, { token: a.token }), (r) => r.body.unread === 2, "A's two");
      const listB = await waitFor(() => t.http.get<NotificationsResponse>(NOTIFICATION_ROUTES.list, { token: b.token }), (r) => r.body.unread === 2, "B's two");
      expect(listA.body.items[0].created_at >= listA.body.items[1].created_at).toBe(true);
      const aIds = listA.body.items.map((item) => item.id);
      const bIds = listB.body.items.map((item) => item.id);
      expect(aIds.some((id) => bIds.includes(id))).toBe(false);

      // A marks B's: nothing changes for B.
      const foreign = await t.http.post(NOTIFICATION_ROUTES.read, { ids: bIds }, { token: a.token });
      expect(foreign.status).toBe(200);
      expect(foreign.body.unread).toBe(2);
      expect((await t.http.get(NOTIFICATION_ROUTES.list, { token: b.token })).body.unread).toBe(2);

      const one = await t.http.post(NOTIFICATION_ROUTES.read, { ids: [aIds[0]] }, { token: a.token });
      expect(one.body.unread).toBe(1);
      expect(one.body.items.find((item: { id: string }) => item.id === aIds[0]).read_at).not.toBeNull();

      const bad = await t.http.post(NOTIFICATION_ROUTES.read, { ids: ['not-a-uuid'] }, { token: a.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message.join(' ')).toContain('ids');
      expect((await t.http.post(NOTIFICATION_ROUTES.read, { ids: 'all' }, { token: a.token })).status).toBe(400);

      const all = await t.http.post(NOTIFICATION_ROUTES.read, undefined, { token: a.token });
      expect(all.status).toBe(200);
      expect(all.body.unread).toBe(0);
      expect((await t.http.get(NOTIFICATION_ROUTES.list, { token: b.token })).body.unread).toBe(2);

      expect((await t.http.get(NOTIFICATION_ROUTES.list)).status).toBe(401);
      expect((await t.http.post(NOTIFICATION_ROUTES.read, {})).status).toBe(401);
    });
  });

  describe('reminders', () => {
    it('reminds the charity when its window opens (0 minutes ahead here) and the donor when it ends with the request pending', async () => {
      const charity = await charityWith({ governorates: ['EG-C'], categories: ['bakery'] });
      const foodId = await list(aswanDonor, { food_name: 'Feteer' });
      await t.db.query(
        `UPDATE food_items SET pickup_from = now() + interval '3 seconds', pickup_until = now() + interval '6 seconds' WHERE id = $1`,
        [foodId],
      );
      const requestId = await requestPickup(t.http, charity, foodId);
      const soon = await waitFor(async () => (await rowsOf(charity.id)).filter((row) => row.type === 'pickup.soon'), (rows) => rows.length === 1, 'pickup.soon', 15 * SECOND);
      expect(soon[0].data).toEqual({ foodId, requestId, foodName: 'Feteer' });
      const [soonMail] = await waitFor(async () => smtp.to(charity.email).filter((m) => m.subject.startsWith('Pickup soon')), (m) => m.length === 1, 'the reminder e-mail');
      expect(soonMail.text).toContain('https://foodlink.example/FoodDonationApp');

      const ended = await waitFor(async () => (await rowsOf(aswanDonor.id)).filter((row) => row.type === 'pickup.ended'), (rows) => rows.length === 1, 'pickup.ended', 15 * SECOND);
      expect(ended[0].data).toEqual({ foodId, requestId, foodName: 'Feteer' });
      const [endedMail] = await waitFor(async () => smtp.to(aswanDonor.email).filter((m) => m.subject.startsWith('Was it collected?')), (m) => m.length === 1, 'the donor e-mail');
      expect(endedMail.text).toContain('https://foodlink.example/DonerDashboard');
    }, 40 * SECOND);

    it('sends no reminder for a request that ended first', async () => {
      const charity = await charityWith({ governorates: ['EG-C'], categories: ['bakery'] });
      const foodId = await list(aswanDonor, { food_name: 'Basbousa' });
      await t.db.query(`UPDATE food_items SET pickup_from = now() + interval '2 seconds', pickup_until = now() + interval '4 seconds' WHERE id = $1`, [foodId]);
      const requestId = await requestPickup(t.http, charity, foodId);
      await waitFor(() => jobs.queue.getJob(`pickup-ended-${requestId}`), Boolean, 'the scheduled reminder');
      expect((await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token })).status).toBe(200);
      await waitFor(async () => (await jobs.queue.getJob(`pickup-ended-${requestId}`))?.getState(), (s) => s === 'completed', 'the reminder job run', 15 * SECOND);
      expect((await rowsOf(charity.id)).filter((row) => row.type === 'pickup.soon')).toEqual([]);
      // The donor hears of the claim and its cancellation (donation.*), not of a pickup that will not happen.
      expect((await rowsOf(aswanDonor.id)).filter((row) => row.data.requestId === requestId && row.type === 'pickup.ended')).toEqual([]);
    }, 30 * SECOND);
  });
});
