import { MESSAGING_ROUTES, PLATFORM_TIME_ZONE, QUEUES } from '@food-link/contracts';
import { NotificationsService } from '../src/notifications/notifications.service';
import { addFood, createDonor, loginAs, type TestUser } from './support/factories';
import { MessagingProviders } from './support/messaging-providers';
import { openQueue } from './support/queue';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/*
 * The sending queue (docs/MESSAGING.md, "The sending queue"): WhatsApp and SMS notifications go through the
 * `messaging` queue at MESSAGING_PER_SECOND, back off on 429 and 5xx, fail at once on a permanent refusal,
 * fall back to SMS when the user allows it, and keep the phone's quiet hours; the phone settings call.
 * Against the local server of support/messaging-providers.ts, which speaks both providers' APIs.
 */
const PUBLIC_URL = 'https://foodlink.example';
const PER_SECOND = 4;
const BACKOFF_MS = 1000;

describe('the messaging queue and PUT /api/me/phone/settings', () => {
  let t: TestApp;
  let providers: MessagingProviders;
  let messaging: ReturnType<typeof openQueue>;
  let phones = 0;
  let occasions = 0;

  beforeAll(async () => {
    providers = await MessagingProviders.start();
    t = await startTestApp({
      ...providers.env(PUBLIC_URL),
      MESSAGING_PER_SECOND: String(PER_SECOND),
      MESSAGING_BACKOFF_MS: String(BACKOFF_MS),
      MESSAGING_ATTEMPTS: '3',
      WEB_ORIGIN: 'https://foodlink.example',
      OPERATOR_EMAIL: 'ops@foodlink.example',
      OPERATOR_PASSWORD: 'operator password 1',
    });
    messaging = openQueue(t, QUEUES.messaging);
  });
  afterAll(async () => {
    await messaging?.close();
    await t?.close();
    await providers?.close();
  });

  const newPhone = () => `+2012${String(30_000_000 + ++phones * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
  /** A user with a verified phone on `channel`, written as verification leaves it (verification itself: messaging.int-spec.ts). */
  const withPhone = async (channel: 'whatsapp' | 'sms', user?: TestUser) => {
    const donor = user ?? (await createDonor(t.http));
    const phone = newPhone();
    await t.db.query(`INSERT INTO messaging_phones (user_id, phone, channel, verified_at) VALUES ($1, $2, $3, now())`, [donor.id, phone, channel]);
    return { donor, phone };
  };
  /** Tells the users of a claim on a food of the first one's, as DonorNews does after a claim. */
  const tell = async (userIds: number[], owner: TestUser) => {
    const food = await addFood(t.http, owner, { food_name: 'Baladi bread', quantity: 40 });
    const key = `queue-test-${++occasions}-${Date.now()}`;
    await t.app.get(NotificationsService, { strict: false }).notify({
      key,
      userIds,
      type: 'donation.claimed',
      data: { foodId: food.id, foodName: 'Baladi bread', charityName: 'Masr El Kheir', quantity: 40, unit: 'portion', phone: '+201012345678' },
    });
    return key;
  };
  const requestsTo = (phone: string) =>
    providers.requests.filter((r) => (r.path.endsWith('/messages') ? JSON.parse(r.body).to === phone.slice(1) : new URLSearchParams(r.body).get('To') === phone));
  const settings = (user: TestUser, body: unknown) => t.http.put(MESSAGING_ROUTES.phoneSettings, body, { token: user.token });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Cairo's wall-clock time `minutes` from now, HH:MM. */
  const cairoClock = (minutes: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + minutes * 60_000));

  it(`sends at most MESSAGING_PER_SECOND (${PER_SECOND}) messages a second, every one of them`, async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => withPhone('sms')));
    const key = await tell(
      users.map((u) => u.donor.id),
      users[0].donor,
    );
    await waitFor(
      async () => users.map((u) => requestsTo(u.phone)).flat(),
      (all) => all.length === 12,
      'the 12 SMS',
      30_000,
    );
    // When each job was taken (BullMQ's processedOn, stamped as the rate limiter lets it through): the
    // provider's arrival times add the load's jitter of each send on top, which a busy machine makes large.
    const jobs = await Promise.all(users.map((u) => messaging.queue.getJob(`${key}-${u.donor.id}-phone`)));
    const times = jobs.map((job) => job?.processedOn as number).sort((a, b) => a - b);
    expect(times.every(Number.isFinite)).toBe(true);
    // 12 at 4 a second: three windows of a second at least, so the last is taken 2 s after the first or more;
    // unlimited, all 12 go within a few milliseconds.
    expect(times[11] - times[0]).toBeGreaterThanOrEqual(2000 - 50);
    // BullMQ counts in windows of a second from the first job of each: a sliding second may straddle two of
    // them, never more (unlimited, it would hold all 12).
    for (let i = 2 * PER_SECOND; i < times.length; i += 1) expect(times[i] - times[i - 2 * PER_SECOND]).toBeGreaterThanOrEqual(950);
  });

  it('backs off after a 429 (the whole queue waits) and after a 5xx, then sends once', async () => {
    const { donor, phone } = await withPhone('whatsapp');
    providers.failures.push({ status: 429, body: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } } });
    providers.failures.push({ status: 503, body: { error: { message: 'Service temporarily unavailable', code: 2 } } });
    await tell([donor.id], donor);
    const tries = await waitFor(async () => requestsTo(phone), (all) => all.length === 3, 'three tries', 30_000);
    // The second try waited for the queue's hold and the job's back-off; the third for the doubled back-off.
    expect((tries[1].at as number) - (tries[0].at as number)).toBeGreaterThanOrEqual(BACKOFF_MS - 50);
    expect((tries[2].at as number) - (tries[1].at as number)).toBeGreaterThanOrEqual(BACKOFF_MS - 50);
    await pause(BACKOFF_MS * 2);
    expect(requestsTo(phone)).toHaveLength(3);
    expect(await t.db.query(`SELECT status FROM messaging_messages WHERE user_id = $1 AND kind = 'donation.claimed' ORDER BY id`, [donor.id])).toEqual([
      { status: 'failed' },
      { status: 'failed' },
      { status: 'sent' },
    ]);
  });

  it('does not retry a permanent refusal, and shows it to operators as a failed job with the reason', async () => {
    const { donor, phone } = await withPhone('whatsapp');
    providers.failures.push({ status: 400, body: { error: { message: '(#131026) Message undeliverable', code: 131026 } } });
    const key = await tell([donor.id], donor);
    const job = await waitFor(async () => messaging.queue.getJob(`${key}-${donor.id}-phone`), (found) => Boolean(found?.failedReason), 'the failed job');
    expect(job?.failedReason).toContain('131026');
    expect(job?.attemptsMade).toBe(1);
    await pause(BACKOFF_MS * 2);
    expect(requestsTo(phone)).toHaveLength(1);
    const [row] = await t.db.query(`SELECT status, error FROM messaging_messages WHERE user_id = $1 AND kind = 'donation.claimed'`, [donor.id]);
    expect(row).toEqual({ status: 'failed', error: expect.stringContaining('131026') });
  });

  it('falls back to SMS on the same phone when WhatsApp refuses for good and the user allows it', async () => {
    const { donor, phone } = await withPhone('whatsapp');
    const saved = await settings(donor, { sms_fallback: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phone, channel: 'whatsapp', verified: true, on: true, sms_fallback: true, quiet_hours: null });
    providers.failures.push({ status: 400, body: { error: { message: '(#131026) Message undeliverable', code: 131026 } } });
    await tell([donor.id], donor);
    const [sms] = await waitFor(async () => providers.smsSent().filter((form) => form.get('To') === phone), (all) => all.length === 1, 'the fallback SMS');
    expect(sms.get('Body')).toContain('Masr El Kheir claimed 40 portions of Baladi bread.');
    expect(await t.db.query(`SELECT channel, status FROM messaging_messages WHERE user_id = $1 AND kind = 'donation.claimed' ORDER BY id`, [donor.id])).toEqual([
      { channel: 'whatsapp', status: 'failed' },
      { channel: 'sms', status: 'sent' },
    ]);
  });

  it("falls back to SMS, once, when Meta's status webhook reports failed after it accepted the message; not when the user does not allow it", async () => {
    const { donor, phone } = await withPhone('whatsapp');
    expect((await settings(donor, { sms_fallback: true })).status).toBe(200);
    const key = await tell([donor.id], donor);
    const [accepted] = await waitFor(async () => requestsTo(phone), (all) => all.length === 1, 'the WhatsApp message');
    expect(accepted.path).toMatch(/\/messages$/);
    const [{ provider_id: wamid }] = await waitFor(
      () => t.db.query(`SELECT provider_id FROM messaging_messages WHERE user_id = $1 AND channel = 'whatsapp'`, [donor.id]) as Promise<{ provider_id: string }[]>,
      (rows) => rows.length === 1,
      'its log row',
    );
    await pause(300);
    expect(providers.smsSent().filter((form) => form.get('To') === phone)).toHaveLength(0);

    // Meta reports it failed (the local server signs the webhook as Meta does), twice: one SMS.
    const failed = MessagingProviders.whatsAppStatus(wamid, 'failed', phone.slice(1), { code: 131026, title: 'Message undeliverable' });
    expect(await providers.deliverWhatsAppWebhook(t.baseUrl, failed)).toBe(200);
    expect(await providers.deliverWhatsAppWebhook(t.baseUrl, failed)).toBe(200);
    const [sms] = await waitFor(async () => providers.smsSent().filter((form) => form.get('To') === phone), (all) => all.length === 1, 'the late fallback SMS');
    expect(sms.get('Body')).toContain('Masr El Kheir claimed 40 portions of Baladi bread.');
    expect(await messaging.queue.getJob(`${key}-${donor.id}-phone-sms`)).toBeTruthy();
    await pause(800);
    expect(providers.smsSent().filter((form) => form.get('To') === phone)).toHaveLength(1);
    expect(await t.db.query(`SELECT channel, status, error FROM messaging_messages WHERE user_id = $1 AND kind = 'donation.claimed' ORDER BY id`, [donor.id])).toEqual([
      { channel: 'whatsapp', status: 'failed', error: expect.stringContaining('131026') },
      { channel: 'sms', status: 'sent', error: null },
    ]);

    // Without the user's leave, a late failure is recorded and nothing more is sent.
    const other = await withPhone('whatsapp');
    await tell([other.donor.id], other.donor);
    await waitFor(async () => requestsTo(other.phone), (all) => all.length === 1, 'the second WhatsApp message');
    const [{ provider_id: second }] = await waitFor(
      () => t.db.query(`SELECT provider_id FROM messaging_messages WHERE user_id = $1`, [other.donor.id]) as Promise<{ provider_id: string }[]>,
      (rows) => rows.length === 1,
      'its log row',
    );
    expect(await providers.deliverWhatsAppWebhook(t.baseUrl, MessagingProviders.whatsAppStatus(second, 'failed', other.phone.slice(1), { code: 131026, title: 'Message undeliverable' }))).toBe(200);
    await waitFor(
      async () => (await t.db.query(`SELECT status FROM messaging_messages WHERE provider_id = $1`, [second]))[0].status,
      (status) => status === 'failed',
      'the failure recorded',
    );
    await pause(800);
    expect(requestsTo(other.phone)).toHaveLength(1);
  });

  it('keeps the phone quiet hours: the message is held, and goes out when they end', async () => {
    const { donor, phone } = await withPhone('sms');
    const quiet = { start: cairoClock(-60), end: cairoClock(60) };
    expect((await settings(donor, { quiet_hours: quiet })).body.quiet_hours).toEqual(quiet);
    const key = await tell([donor.id], donor);
    const job = await waitFor(async () => messaging.queue.getJob(`${key}-${donor.id}-phone`), Boolean, 'the held job');
    expect(await job?.getState()).toBe('delayed');
    const heldFor = (job?.opts.delay ?? 0) / 60_000;
    expect(heldFor).toBeGreaterThan(58);
    expect(heldFor).toBeLessThanOrEqual(61);
    await pause(500);
    expect(requestsTo(phone)).toHaveLength(0);
    // The hours end (the delay runs out): it goes.
    await job?.promote();
    await waitFor(async () => requestsTo(phone), (all) => all.length === 1, 'the held SMS');
  });

  it("shows operators the message log per channel (sent, failed with the reason), never a message's text nor a whole number", async () => {
    const { donor, phone } = await withPhone('whatsapp');
    providers.failures.push({ status: 400, body: { error: { message: '(#131026) Message undeliverable', code: 131026 } } });
    await tell([donor.id], donor);
    await waitFor(async () => requestsTo(phone), (all) => all.length === 1, 'the refused send');
    await waitFor(async () => (await t.db.query(`SELECT 1 FROM messaging_messages WHERE user_id = $1`, [donor.id])).length, (n) => n === 1, 'its log row');
    const operator = await loginAs(t.http, 'ops@foodlink.example', 'operator password 1');
    const log = await t.http.get(`${MESSAGING_ROUTES.opsMessages}?channel=whatsapp&status=failed`, { token: operator });
    expect(log.status).toBe(200);
    expect(log.body.counts.whatsapp.failed).toBeGreaterThanOrEqual(1);
    expect(log.body.counts.sms.sent).toBeGreaterThanOrEqual(12);
    const mine = log.body.items.find((item: { user_id: number }) => item.user_id === donor.id);
    expect(mine).toEqual({
      id: expect.any(String),
      channel: 'whatsapp',
      direction: 'out',
      kind: 'donation.claimed',
      status: 'failed',
      error: expect.stringContaining('131026'),
      user_id: donor.id,
      phone: `${phone.slice(0, 5)}•••••${phone.slice(-3)}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(log.body.items.every((item: { channel: string; status: string }) => item.channel === 'whatsapp' && item.status === 'failed')).toBe(true);
    expect(JSON.stringify(log.body)).not.toContain('Baladi bread');
    expect((await t.http.get(MESSAGING_ROUTES.opsMessages, { token: donor.token })).status).toBe(403);
    expect((await t.http.get(MESSAGING_ROUTES.opsMessages)).status).toBe(401);
    const bad = await t.http.get(`${MESSAGING_ROUTES.opsMessages}?channel=telegram`, { token: operator });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/^channel/);
  });

  it('turns messages off and on again (after STOP too); refuses settings without a verified phone (409) and bad ones (400, naming the field)', async () => {
    const { donor, phone } = await withPhone('sms');
    expect((await settings(donor, { on: false })).body).toMatchObject({ on: false });
    await tell([donor.id], donor);
    await pause(1500);
    expect(requestsTo(phone)).toHaveLength(0);
    await t.db.query(`UPDATE messaging_phones SET stopped_at = now() WHERE user_id = $1`, [donor.id]);
    expect((await settings(donor, { on: true })).body).toMatchObject({ on: true, sms_fallback: false });
    await tell([donor.id], donor);
    await waitFor(async () => requestsTo(phone), (all) => all.length === 1, 'the SMS once on again');

    const none = await createDonor(t.http);
    const refused = await settings(none, { on: true });
    expect(refused.status).toBe(409);
    for (const [body, field] of [
      [{ on: 'yes' }, 'on'],
      [{ quiet_hours: { start: '22:00', end: '22:00' } }, 'quiet_hours.end'],
      [{ quiet_hours: { start: '25:00', end: '07:00' } }, 'quiet_hours.start'],
      [{ channel: 'sms' }, ''],
    ] as const) {
      const bad = await settings(donor, body);
      expect({ body, status: bad.status }).toEqual({ body, status: 400 });
      expect(String(bad.body.message)).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    }
  });
});
