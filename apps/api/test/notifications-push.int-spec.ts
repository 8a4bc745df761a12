import { NOTIFICATION_JOBS, NOTIFICATION_ROUTES, PUSH_ROUTES, QUEUES, type PushPayload } from '@food-link/contracts';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, type SignUpOverrides, type TestUser } from './support/factories';
import { PushReceiver, verifiedVapid, type TestBrowser } from './support/push-receiver';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, startWorker, type Listening, type TestApp } from './support/test-app';
import { openQueue } from './support/queue';
import { waitFor } from './support/wait';

/**
 * Web Push as a notification channel, through the whole pipeline: a listing made over HTTP on an API
 * process (ROLE=api), its event handled and matched by a separate worker process (ROLE=worker, which
 * has to have the push channel and the VAPID keys), and the push posted to a push service this test
 * serves on loopback, decrypted there with the browser's keys (RFC 8291) as a browser would.
 */
const SECOND = 1000;
const GIZA = { governorate: 'EG-GZ', area: 'Dokki', lat: 30.0385, lng: 31.2109 };

describe('notifications by Web Push, API and worker in separate processes', () => {
  let t: TestApp;
  let worker: Listening;
  let push: PushReceiver;
  let smtp: SmtpSink;
  let notifications: ReturnType<typeof openQueue>;
  let donor: TestUser;
  let paths = 0;

  beforeAll(async () => {
    push = await PushReceiver.start();
    smtp = await SmtpSink.start();
    t = await startTestApp({ ROLE: 'api', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true', SMTP_URL: smtp.url, WEB_ORIGIN: 'https://foodlink.example', NOTIFY_BACKOFF_MS: '300' });
    worker = await startWorker(t);
    notifications = openQueue(t, QUEUES.notifications);
    donor = await createDonor(t.http);
    await createPickupPoint(t.http, donor, GIZA);
  });
  afterAll(async () => {
    await notifications?.close();
    await worker?.close();
    await t?.close();
    await smtp?.stop();
    await push?.close();
  });

  /** A Giza charity that takes `category`, with a browser subscribed through the API. */
  const subscribedCharity = async (category: string, pushOn = true, signUp: SignUpOverrides = {}): Promise<{ charity: TestUser; browser: TestBrowser }> => {
    const charity = await createCharity(t.http, signUp);
    const profile = await t.http.put(NOTIFICATION_ROUTES.charityProfile, { governorates: ['EG-GZ'], categories: [category], storage: ['ambient'] }, { token: charity.token });
    expect(profile.status).toBe(200);
    if (!pushOn) {
      const preferences = (await t.http.get(NOTIFICATION_ROUTES.preferences, { token: charity.token })).body;
      const choices = { ...preferences.choices, new_food: { ...preferences.choices.new_food, push: false } };
      expect((await t.http.put(NOTIFICATION_ROUTES.preferences, { ...preferences, choices }, { token: charity.token })).status).toBe(200);
    }
    const browser = push.browser(`/push/${++paths}`);
    expect((await t.http.post(PUSH_ROUTES.subscriptions, browser.subscription(), { token: charity.token })).status).toBe(201);
    return { charity, browser };
  };
  const list = async (category: string, foodName: string): Promise<number> => {
    const response = await t.http.post(
      '/api/add',
      { food_name: foodName, quantity: 20, description: 'Fresh today', expiration_date: cairoDateIn(1), category, storage: 'ambient' },
      { token: donor.token },
    );
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const pushesTo = (browser: TestBrowser) => push.at(new URL(browser.endpoint).pathname);
  const decrypted = (browser: TestBrowser): PushPayload[] => pushesTo(browser).map((received) => JSON.parse(browser.decrypt(received.body)));
  const matchJob = (foodId: number) =>
    waitFor(
      async () => (await notifications.queue.getJobs(['completed', 'failed'])).find((job) => job.name === NOTIFICATION_JOBS.match && job.data.foodId === foodId),
      Boolean,
      `the match job of food ${foodId}`,
    );
  const settled = () => waitFor(() => notifications.queue.getJobCounts('waiting', 'active', 'delayed'), (c) => c.waiting + c.active + c.delayed === 0, 'the queue to settle');

  it('reaches a Giza charity that takes the category in every channel it chose: in-app, e-mail and a push it decrypts', async () => {
    const { charity, browser } = await subscribedCharity('bakery');
    const foodId = await list('bakery', 'Baladi bread');

    const [payload] = await waitFor(async () => decrypted(browser), (payloads) => payloads.length === 1, 'the push', 20 * SECOND);
    expect(payload).toEqual({
      title: 'New food near you: Baladi bread',
      // A time, or the day's midnight when the listing's safe time ends with its date (listed in the evening).
      body: expect.stringMatching(/^Baladi bread is on Food Link[\s\S]*Where: Dokki, Giza\nCollect by: .*(\d\d:\d\d|, midnight) \(Cairo time\)/),
      // A path of the site: the service worker opens it on its own origin.
      url: `/food/${foodId}`,
      tag: expect.stringMatching(/^food-matched-/),
      lang: 'en',
      dir: 'ltr',
    });
    const [received] = pushesTo(browser);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    // Signed by the worker with the same VAPID key the API hands to browsers.
    expect(verifiedVapid(received.headers.authorization).publicKey).toBe((await t.http.get(PUSH_ROUTES.publicKey)).body.publicKey);

    const rows = await t.db.query(`SELECT type, data FROM notifications WHERE user_id = $1`, [charity.id]);
    expect(rows).toEqual([{ type: 'food.matched', data: { foodId, foodName: 'Baladi bread' } }]);
    await waitFor(async () => smtp.to(charity.email), (mails) => mails.length === 1, 'the e-mail');
    const sent = await t.db.query(`SELECT failures, last_success_at FROM push_subscriptions WHERE user_id = $1`, [charity.id]);
    expect(sent[0].failures).toBe(0);
    expect(sent[0].last_success_at).toBeInstanceOf(Date);
  });

  it('writes the push in the language the charity signed up in: Arabic for an Arabic sign-up, English for an English one', async () => {
    const { browser: arabic } = await subscribedCharity('packaged', true, { language: 'ar' });
    const { browser: arabicPhone } = await subscribedCharity('packaged', true, { acceptLanguage: 'ar-EG,ar;q=0.9,en;q=0.5' });
    const { browser: english } = await subscribedCharity('packaged', true, { language: 'en', acceptLanguage: 'ar-EG' });
    const foodId = await list('packaged', 'Packed dates');
    for (const browser of [arabic, arabicPhone]) {
      const [payload] = await waitFor(async () => decrypted(browser), (payloads) => payloads.length === 1, 'the Arabic push', 20 * SECOND);
      expect(payload).toMatchObject({ title: 'طعام جديد بالقرب منك: Packed dates', url: `/food/${foodId}`, lang: 'ar', dir: 'rtl' });
      expect(payload.body).toContain('الجيزة');
    }
    const [payload] = await waitFor(async () => decrypted(english), (payloads) => payloads.length === 1, 'the English push', 20 * SECOND);
    expect(payload).toMatchObject({ title: 'New food near you: Packed dates', url: `/food/${foodId}`, lang: 'en', dir: 'ltr' });
  });

  it('sends no push to a charity that turned push off for new food, though in-app and e-mail still come', async () => {
    const { charity, browser } = await subscribedCharity('produce', false);
    const { browser: listening } = await subscribedCharity('produce');
    const foodId = await list('produce', 'Tomatoes');
    await waitFor(async () => decrypted(listening), (payloads) => payloads.length === 1, 'the push to the charity that wants it', 20 * SECOND);
    await waitFor(async () => smtp.to(charity.email), (mails) => mails.length === 1, 'the e-mail');
    const match = await matchJob(foodId);
    await settled();
    expect(await notifications.queue.getJob(`food-matched-${match!.data.eventId}-${charity.id}-push`)).toBeUndefined();
    expect(pushesTo(browser)).toEqual([]);
    expect(await t.db.query(`SELECT type FROM notifications WHERE user_id = $1`, [charity.id])).toEqual([{ type: 'food.matched' }]);
  });

  it('sends one push when the same event is processed twice', async () => {
    const { charity, browser } = await subscribedCharity('dairy');
    const foodId = await list('dairy', 'Labneh');
    await waitFor(async () => decrypted(browser), (payloads) => payloads.length === 1, 'the push', 20 * SECOND);
    const match = await matchJob(foodId);
    await settled();
    expect(await (await notifications.queue.getJob(`food-matched-${match!.data.eventId}-${charity.id}-push`))?.getState()).toBe('completed');

    // The match job again, as if the event had been handled a second time.
    await notifications.queue.add(NOTIFICATION_JOBS.match, match!.data, { jobId: `again-${match!.id}` });
    await waitFor(async () => (await notifications.queue.getJob(`again-${match!.id}`))?.getState(), (state) => state === 'completed', 'the repeated match');
    await settled();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pushesTo(browser)).toHaveLength(1);
    expect(smtp.to(charity.email)).toHaveLength(1);
  });

  it('retries a push the push service refuses for now (503) until it is accepted', async () => {
    const { browser } = await subscribedCharity('beverages');
    const path = new URL(browser.endpoint).pathname;
    push.statusFor.set(path, 503);
    await list('beverages', 'Juice');
    await waitFor(async () => pushesTo(browser).length, (n) => n >= 2, 'two refused attempts', 20 * SECOND);
    push.statusFor.delete(path);
    const accepted = pushesTo(browser).length + 1;
    await waitFor(async () => pushesTo(browser).length, (n) => n >= accepted, 'the accepted attempt', 20 * SECOND);
    await settled();
    const payloads = decrypted(browser);
    // Every attempt carried the same message under the same tag: the browser shows it once.
    expect(new Set(payloads.map((payload) => payload.tag)).size).toBe(1);
    expect(payloads.every((payload) => payload.title === 'New food near you: Juice')).toBe(true);
  }, 60 * SECOND);
});
