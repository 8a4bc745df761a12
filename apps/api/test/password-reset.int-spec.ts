import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ERRORS,
  FORGOT_PASSWORD_MESSAGE,
  OPS_ROUTES,
  NOTIFICATION_JOBS,
  PASSWORD_RESET_MESSAGE,
  QUEUES,
  RECOVERY_ROUTES,
  apiPath,
  type FailedNotificationView,
  type OpsMailItem,
  type OpsMailMessage,
} from '@food-link/contracts';
import { PasswordResetService } from '../src/auth/password-reset.service';
import { PASSWORD, createCharity, createDonor, loginAs, type TestUser } from './support/factories';
import { SmtpSink, type ReceivedMail } from './support/smtp-sink';
import { LiveClient, refusal } from './support/socket-client';
import { startTestApp, startWorker, type Listening, type TestApp } from './support/test-app';
import { openQueue } from './support/queue';
import { waitFor } from './support/wait';

const PUBLIC_URL = 'https://foodlink.example';

/** Waits until no `notifications` job (the reset e-mails among them) is waiting, running or due for a retry. */
async function resetMailsDone(app: Pick<TestApp, 'env'>): Promise<void> {
  const { queue, close } = openQueue(app, QUEUES.notifications);
  try {
    await waitFor(() => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'), (c) => c.waiting + c.active + c.delayed + c.prioritized === 0, 'the reset e-mail jobs');
  } finally {
    await close();
  }
}
const NEW_PASSWORD = 'a brand new passphrase';

/**
 * Password reset by e-mail, through a real SMTP server this test starts (plain SMTP on loopback) and
 * whose messages it parses with mailparser. The app trusts X-Forwarded-For so each test speaks from a
 * client address of its own (the per-address limit is 5 here, per account 3).
 */
describe('password reset by e-mail', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let nextAddress = 0;
  const newAddress = () => `203.0.113.${(nextAddress += 1)}`;

  const forgot = (email: string, options: { language?: string; acceptLanguage?: string; address?: string } = {}) =>
    t.http.post(
      RECOVERY_ROUTES.forgotPassword,
      { email, ...(options.language ? { language: options.language } : {}) },
      {
        headers: {
          'x-forwarded-for': options.address ?? newAddress(),
          ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
        },
      },
    );
  const reset = (token: string, password = NEW_PASSWORD) => t.http.post(RECOVERY_ROUTES.resetPassword, { token, password });
  /** Every request taken so far has been worked on and its e-mail job run: its e-mail is in the inbox, or is never coming. */
  const settled = async () => {
    await t.app.get(PasswordResetService).idle();
    await resetMailsDone(t);
  };
  const linkIn = (mail: ReceivedMail): URL => {
    const match = /https:\/\/foodlink\.example\/reset-password\?token=[\w-]+/.exec(mail.text);
    if (!match) throw new Error(`No reset link in: ${mail.text}`);
    return new URL(match[0]);
  };
  const tokenIn = (mail: ReceivedMail) => linkIn(mail).searchParams.get('token') as string;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      TRUST_PROXY: 'true',
      RESET_MAX_PER_ACCOUNT: '3',
      RESET_MAX_PER_ADDRESS: '5',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const known = await createDonor(t.http);
    const unknownEmail = `nobody-${Date.now()}@example.eg`;
    const forUnknown = await forgot(unknownEmail);
    const forKnown = await forgot(known.email);
    expect(forUnknown.status).toBe(202);
    expect({ status: forKnown.status, body: forKnown.body }).toEqual({ status: forUnknown.status, body: forUnknown.body });
    expect(forUnknown.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await settled();
    expect(smtp.to(unknownEmail)).toHaveLength(0);
    expect(smtp.to(known.email)).toHaveLength(1);
  });

  it('mails a known address a link to the reset page on the public origin, valid 30 minutes, in English by default', async () => {
    const donor = await createDonor(t.http);
    await forgot(donor.email);
    const mail = await smtp.waitFor(donor.email);
    const link = linkIn(mail);
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/reset-password`);
    expect(tokenIn(mail)).toMatch(/^[\w-]{43}$/);
    expect(mail.subject).toBe('Reset your Food Link password');
    expect(mail.language).toBe('en');
    expect(mail.text).toContain(`Hello ${donor.name},`);
    expect(mail.text).toContain('within 30 minutes');
    expect(mail.html).toContain(`href="${link.href}"`);
    // Only the token's hash is stored.
    const [row] = await t.db.query(`SELECT encode(token_hash, 'hex') AS hash FROM password_resets WHERE user_id = $1`, [donor.id]);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.hash).not.toContain(Buffer.from(tokenIn(mail)).toString('hex'));
  });

  it('sets the password once: the link then refuses a second use, the old password stops working and the new one signs in', async () => {
    const charity = await createCharity(t.http);
    await forgot(charity.email);
    const token = tokenIn(await smtp.waitFor(charity.email));
    const first = await reset(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: PASSWORD_RESET_MESSAGE });
    const second = await reset(token, 'yet another passphrase');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ERRORS.resetTokenUsed);
    expect((await t.http.post('/api/login', { email: charity.email, password: PASSWORD })).status).toBe(401);
    expect((await t.http.post('/api/login', { email: charity.email, password: 'yet another passphrase' })).status).toBe(401);
    const login = await t.http.post('/api/login', { email: charity.email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data[0]).toMatchObject({ user_id: charity.id, user_type: 'charity' });
  });

  it("ends the account's other sessions, while a sign-in with the new password works", async () => {
    const donor = await createDonor(t.http);
    const otherSession = await loginAs(t.http, donor.email);
    expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(200);
    expect((await t.http.get('/api/auth/me', { token: otherSession })).status).toBe(200);
    await forgot(donor.email);
    expect((await reset(tokenIn(await smtp.waitFor(donor.email)))).status).toBe(200);
    for (const old of [donor.token, otherSession]) {
      const refused = await t.http.get('/api/auth/me', { token: old });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(ERRORS.sessionInvalid);
    }
    const fresh = await loginAs(t.http, donor.email, NEW_PASSWORD);
    const me = await t.http.get('/api/auth/me', { token: fresh });
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe(donor.id);
  });

  it("closes the account's open sockets, and a reconnect with an old session is refused", async () => {
    const donor = await createDonor(t.http);
    const socket = await LiveClient.connect(t.baseUrl, donor.token);
    try {
      expect(socket.socket.connected).toBe(true);
      await forgot(donor.email);
      expect((await reset(tokenIn(await smtp.waitFor(donor.email)))).status).toBe(200);
      await waitFor(async () => socket.socket.connected, (connected) => !connected, 'the old session\'s socket closed', 5_000);
      expect(await refusal(t.baseUrl, donor.token)).not.toBeNull();
    } finally {
      socket.close();
    }
  });

  it('refuses an expired link with 400 naming the token, and changes nothing', async () => {
    const donor = await createDonor(t.http);
    await forgot(donor.email);
    const token = tokenIn(await smtp.waitFor(donor.email));
    await t.db.query(`UPDATE password_resets SET created_at = created_at - interval '31 minutes', expires_at = expires_at - interval '31 minutes' WHERE user_id = $1`, [donor.id]);
    const refused = await reset(token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ERRORS.resetTokenExpired);
    expect(refused.body.message).toMatch(/^token /);
    expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(200);
    expect((await t.http.post('/api/login', { email: donor.email, password: PASSWORD })).status).toBe(200);
  });

  it('keeps earlier links working after a new request; using any one ends the others (each works once)', async () => {
    const donor = await createDonor(t.http);
    const address = newAddress();
    await forgot(donor.email, { address });
    const older = tokenIn(await smtp.waitFor(donor.email, 1));
    await forgot(donor.email, { address });
    const newer = tokenIn(await smtp.waitFor(donor.email, 2));
    expect(newer).not.toBe(older);
    expect((await reset(older)).status).toBe(200);
    const ended = await reset(newer, 'yet another passphrase');
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe(ERRORS.resetTokenUsed);
    expect((await t.http.post('/api/login', { email: donor.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("never lets a stranger's requests void the owner's link or use up the owner's allowance (issue 31, item 4)", async () => {
    const owner = await createDonor(t.http);
    const ownersAddress = newAddress();
    await forgot(owner.email, { address: ownersAddress });
    const ownersLink = tokenIn(await smtp.waitFor(owner.email, 1));
    // A stranger asks for the owner's address, from one address, past every limit.
    const strangersAddress = newAddress();
    for (let i = 0; i < 6; i += 1) await forgot(owner.email, { address: strangersAddress });
    await settled();
    // Counted per account-and-address pair: the stranger's pair got 3 links, the owner's still has 2 of its 3.
    const strangersMails = smtp.to(owner.email).length - 1;
    expect(strangersMails).toBe(3);
    await forgot(owner.email, { address: ownersAddress });
    const ownersSecond = tokenIn(await smtp.waitFor(owner.email, 5));
    // Neither the stranger's links nor the owner's newer one ended the owner's first link.
    expect((await reset(ownersLink)).status).toBe(200);
    expect((await reset(ownersSecond, 'yet another passphrase')).status).toBe(409);
    const open = await t.db.query(`SELECT id FROM password_resets WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL`, [owner.id]);
    expect(open).toEqual([]);
  });

  it('refuses a flood from one address before queueing it, while the owner, elsewhere, gets the e-mail', async () => {
    const owner = await createDonor(t.http);
    const service = t.app.get(PasswordResetService);
    const takenBefore = service.taken;
    const floodAddress = newAddress();
    const ownersAnswer = forgot(owner.email, { address: newAddress() });
    const flood = await Promise.all(Array.from({ length: 300 }, (_, i) => forgot(`flood-${i}@example.eg`, { address: floodAddress })));
    expect((await ownersAnswer).status).toBe(202);
    expect(new Set(flood.map(({ status }) => status))).toEqual(new Set([202]));
    // The flood's address had 5 requests (RESET_MAX_PER_ADDRESS here) taken for work; the owner's 1.
    expect(service.taken - takenBefore).toBe(6);
    await smtp.waitFor(owner.email);
  });

  it('refuses unknown tokens and bad bodies with 400 naming the field, never 500', async () => {
    const unknown = await reset('A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(ERRORS.resetTokenInvalid);
    const missing = await t.http.post(RECOVERY_ROUTES.resetPassword, { password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^token /)]));
    const huge = await reset('x'.repeat(5000));
    expect(huge.status).toBe(400);
    expect(huge.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^token /)]));

    // A short password is refused before the link is used: the link still works afterwards.
    const donor = await createDonor(t.http);
    await forgot(donor.email);
    const token = tokenIn(await smtp.waitFor(donor.email));
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual(['password must be longer than or equal to 8 characters']);
    expect((await reset(token)).status).toBe(200);

    const badEmail = await t.http.post(RECOVERY_ROUTES.forgotPassword, { email: 'not an address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toEqual(['email must be a valid e-mail address']);
    const badLanguage = await t.http.post(RECOVERY_ROUTES.forgotPassword, { email: donor.email, language: 'fr' });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.message).toEqual([expect.stringMatching(/^language /)]);
  });

  it('issues an account at most 3 links per window; the 4th request is answered alike and issues nothing', async () => {
    const donor = await createDonor(t.http);
    const answers = [];
    // From one client address: the limit counts each account-and-address pair.
    const address = newAddress();
    for (let i = 0; i < 4; i += 1) answers.push(await forgot(donor.email, { address }));
    await settled();
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual(Array(4).fill({ status: 202, body: { message: FORGOT_PASSWORD_MESSAGE } }));
    const rows = await t.db.query(`SELECT encode(token_hash, 'hex') AS hash, superseded_at FROM password_resets WHERE user_id = $1 ORDER BY id`, [donor.id]);
    expect(rows).toHaveLength(3);
    // A link superseded before its e-mail job ran is not sent (it would not work); the newest always is.
    const mailed = smtp.to(donor.email).map((mail) => createHash('sha256').update(tokenIn(mail)).digest('hex'));
    expect(mailed.length).toBeGreaterThanOrEqual(1);
    expect(mailed.length).toBeLessThanOrEqual(3);
    expect(mailed).toContain(rows[2].hash);
    expect(rows[2].superseded_at).toBeNull();
  });

  it('serves a client address at most 5 requests per window, across accounts, answered alike', async () => {
    const donors: TestUser[] = [];
    for (let i = 0; i < 6; i += 1) donors.push(await createDonor(t.http));
    const address = newAddress();
    const answers = [];
    for (const donor of donors) answers.push(await forgot(donor.email, { address }));
    await settled();
    expect(new Set(answers.map(({ status, body }) => JSON.stringify({ status, body })))).toEqual(
      new Set([JSON.stringify({ status: 202, body: { message: FORGOT_PASSWORD_MESSAGE } })]),
    );
    expect(donors.map((donor) => smtp.to(donor.email).length)).toEqual([1, 1, 1, 1, 1, 0]);
    // The sixth account was not charged: from another address it gets its link.
    await forgot(donors[5].email);
    await smtp.waitFor(donors[5].email);
  });

  it('writes the e-mail in Arabic when asked, or when the browser prefers Arabic', async () => {
    const asked = await createDonor(t.http);
    await forgot(asked.email, { language: 'ar', acceptLanguage: 'en' });
    const mail = await smtp.waitFor(asked.email);
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور فود لينك');
    expect(mail.language).toBe('ar');
    expect(mail.text).toContain(`مرحبًا ${asked.name}،`);
    expect(mail.text).toContain('خلال 30 دقيقة');
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail).pathname).toBe('/reset-password');

    const browser = await createDonor(t.http);
    await forgot(browser.email, { acceptLanguage: 'ar-EG,ar;q=0.9,en;q=0.8' });
    expect((await smtp.waitFor(browser.email)).subject).toBe('إعادة تعيين كلمة مرور فود لينك');
  });

  it('escapes the account name in the HTML of the e-mail', async () => {
    const donor = await createDonor(t.http, { name: 'Evil <img src=x onerror=alert(1)>' });
    await forgot(donor.email);
    const mail = await smtp.waitFor(donor.email);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('Evil &lt;img src=x onerror=alert(1)&gt;');
  });

  it('sends nothing for a deleted account, and a link sent before the deletion stops working', async () => {
    const donor = await createDonor(t.http);
    await forgot(donor.email);
    const token = tokenIn(await smtp.waitFor(donor.email));
    expect((await t.http.post('/api/account/delete', { password: PASSWORD }, { token: donor.token })).status).toBe(200);
    expect((await reset(token)).status).toBe(400);
    await forgot(donor.email);
    await settled();
    expect(smtp.to(donor.email)).toHaveLength(1);
  });
});

/** Without SMTP_URL, e-mail goes to DATA_DIR/mail; operators read it in the console (so `npm start` users can reset a password). */
describe('the development mail outbox in the operator console', () => {
  const OPERATOR_EMAIL = 'ops@foodlink.example';
  const OPERATOR_PASSWORD = 'a long operator passphrase';
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL, OPERATOR_PASSWORD });
  });
  afterAll(() => t?.close());

  it('lists the reset e-mail for operators, with its text and the message as sent, and to nobody else', async () => {
    const donor = await createDonor(t.http);
    const operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    expect((await t.http.post(RECOVERY_ROUTES.forgotPassword, { email: donor.email, language: 'ar' })).status).toBe(202);
    await t.app.get(PasswordResetService).idle();
    await resetMailsDone(t);

    const list = await t.http.get<OpsMailItem[]>(OPS_ROUTES.mail, { token: operator });
    expect(list.status).toBe(200);
    const item = list.body.find((mail) => mail.to === donor.email);
    expect(item).toMatchObject({ subject: 'إعادة تعيين كلمة مرور فود لينك', file: expect.stringMatching(/\.eml$/) });

    const message = await t.http.get<OpsMailMessage>(apiPath(OPS_ROUTES.mailMessage, { file: item?.file ?? '' }), { token: operator });
    expect(message.status).toBe(200);
    const link = /http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/.exec(message.body.text);
    expect(link).not.toBeNull();
    expect(message.body.raw).toContain('Content-Language: ar');
    expect((await t.http.get(OPS_ROUTES.mail, { token: donor.token })).status).toBe(403);
    expect((await t.http.get(OPS_ROUTES.mail)).status).toBe(401);
    expect((await t.http.get(apiPath(OPS_ROUTES.mailMessage, { file: item?.file ?? '' }), { token: donor.token })).status).toBe(403);
    for (const file of ['../jwt-secret', 'nothing-here.eml', '..%2Fjwt-secret']) {
      expect((await t.http.get(`${OPS_ROUTES.mail}/${encodeURIComponent(file)}`, { token: operator })).status).toBe(404);
    }
    // The link read in the console works.
    expect((await t.http.post(RECOVERY_ROUTES.resetPassword, { token: link?.[1], password: NEW_PASSWORD })).status).toBe(200);
  });
});

/**
 * The reset e-mail is a `reset-mail` job run by a worker (here a ROLE=worker process of its own, the
 * API being ROLE=api): an SMTP server that is away delays it, retried with backoff, without losing it.
 */
describe('the reset e-mail through an SMTP outage', () => {
  let t: TestApp;
  let worker: Listening;
  let smtp: SmtpSink;
  let notifications: ReturnType<typeof openQueue>;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({ ROLE: 'api', SMTP_URL: smtp.url, PUBLIC_URL, NOTIFY_BACKOFF_MS: '500', NOTIFY_ATTEMPTS: '8' });
    worker = await startWorker(t);
    notifications = openQueue(t, QUEUES.notifications);
  });
  afterAll(async () => {
    await notifications?.close();
    await worker?.close();
    await t?.close();
    await smtp?.stop();
  });

  const forgot = (email: string) => t.http.post(RECOVERY_ROUTES.forgotPassword, { email });

  it('keeps the e-mail while SMTP is down and sends it, with a working link, once SMTP is back', async () => {
    const donor = await createDonor(t.http);
    await smtp.stop();
    let resetId: number;
    try {
      expect((await forgot(donor.email)).status).toBe(202);
      await t.app.get(PasswordResetService).idle();
      const [row] = await t.db.query(`SELECT id FROM password_resets WHERE user_id = $1`, [donor.id]);
      resetId = Number(row.id);
      const job = await waitFor(
        async () => notifications.queue.getJob(`${NOTIFICATION_JOBS.resetMail}-${resetId}`),
        (found) => (found?.attemptsMade ?? 0) >= 2,
        'failed attempts while SMTP is down',
      );
      // Redis holds neither the address nor a usable link.
      expect(Object.keys(job!.data).sort()).toEqual(['language', 'resetId', 'sealedToken']);
      expect(JSON.stringify(job!.data)).not.toContain(donor.email);
    } finally {
      await smtp.listen();
    }
    const [mail] = await waitFor(async () => smtp.to(donor.email), (mails) => mails.length === 1, 'the e-mail after SMTP is back', 20_000);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify((await notifications.queue.getJob(`${NOTIFICATION_JOBS.resetMail}-${resetId!}`))!.data)).not.toContain(token);
    expect((await t.http.post(RECOVERY_ROUTES.resetPassword, { token, password: NEW_PASSWORD })).status).toBe(200);
  }, 40_000);

  it('answers an unknown address alike and queues nothing for it', async () => {
    const known = await createDonor(t.http);
    const unknownEmail = `nobody-${Date.now()}@example.eg`;
    const before = (await notifications.queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).length;
    const forUnknown = await forgot(unknownEmail);
    await t.app.get(PasswordResetService).idle();
    expect((await notifications.queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).length).toBe(before);
    const forKnown = await forgot(known.email);
    expect({ status: forKnown.status, body: forKnown.body }).toEqual({ status: forUnknown.status, body: forUnknown.body });
    await waitFor(async () => smtp.to(known.email), (mails) => mails.length === 1, 'the known address\'s e-mail');
    expect(smtp.to(unknownEmail)).toEqual([]);
  });

  it('sends nothing for a link ended before its job ran (another link of the account was used)', async () => {
    const donor = await createDonor(t.http);
    await forgot(donor.email);
    const [first] = await waitFor(async () => smtp.to(donor.email), (mails) => mails.length === 1, 'the first e-mail');
    await smtp.stop();
    try {
      await forgot(donor.email);
      await t.app.get(PasswordResetService).idle();
      const token = /reset-password\?token=([\w-]+)/.exec(first.text)?.[1];
      expect((await t.http.post(RECOVERY_ROUTES.resetPassword, { token, password: NEW_PASSWORD })).status).toBe(200);
    } finally {
      await smtp.listen();
    }
    await resetMailsDone(t);
    // Only the first link's e-mail: the second one's job found its link ended by the first's use.
    expect(smtp.to(donor.email)).toHaveLength(1);
    const rows = await t.db.query(`SELECT id FROM password_resets WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL`, [donor.id]);
    expect(rows).toHaveLength(0);
  }, 40_000);
});

/**
 * A reset e-mail that fails every attempt (the SMTP server down throughout) is shown to operators in the
 * failed-notifications list, as deliveries are: which account and address, when, the error; never the link.
 */
describe('a reset e-mail that fails for good', () => {
  const OPERATOR_EMAIL = 'ops@foodlink.example';
  const OPERATOR_PASSWORD = 'operator password 1';
  let t: TestApp;
  let smtp: SmtpSink;
  let notifications: ReturnType<typeof openQueue>;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, NOTIFY_BACKOFF_MS: '200', NOTIFY_ATTEMPTS: '3', OPERATOR_EMAIL, OPERATOR_PASSWORD });
    notifications = openQueue(t, QUEUES.notifications);
  });
  afterAll(async () => {
    await notifications?.close();
    await t?.close();
    await smtp?.stop();
  });

  it('is listed by GET /api/ops/notifications/failed with its account, address, time and error, without the link', async () => {
    const operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    const donor = await createDonor(t.http);
    await smtp.stop();
    let jobId: string;
    try {
      const before = Date.now();
      expect((await t.http.post(RECOVERY_ROUTES.forgotPassword, { email: donor.email })).status).toBe(202);
      await t.app.get(PasswordResetService).idle();
      const [row] = await t.db.query(`SELECT id FROM password_resets WHERE user_id = $1`, [donor.id]);
      jobId = `${NOTIFICATION_JOBS.resetMail}-${row.id}`;
      const job = await waitFor(async () => notifications.queue.getJob(jobId), (found) => found?.finishedOn !== undefined, 'the reset e-mail failing for good', 20_000);
      expect(await job!.getState()).toBe('failed');
      expect(job!.attemptsMade).toBe(3);

      const listed = await t.http.get<FailedNotificationView[]>(OPS_ROUTES.failedNotifications, { token: operator });
      expect(listed.status).toBe(200);
      const entry = listed.body.find((item) => item.job_id === jobId);
      expect(entry).toEqual({
        job_id: jobId,
        type: 'password.reset',
        channel: 'email',
        user_id: donor.id,
        email: donor.email,
        attempts: 3,
        error: expect.stringMatching(/ECONNREFUSED|connect/i),
        failed_at: expect.any(String),
      });
      expect(Date.parse(entry!.failed_at)).toBeGreaterThanOrEqual(before);
      // Nothing of the link: neither the sealed secret nor a token.
      expect(JSON.stringify(listed.body)).not.toContain((job!.data as { sealedToken: string }).sealedToken);
      expect(JSON.stringify(listed.body)).not.toMatch(/token=/);
      // Operators only.
      expect((await t.http.get(OPS_ROUTES.failedNotifications, { token: donor.token })).status).toBe(403);
    } finally {
      await smtp.listen();
    }
    expect(smtp.to(donor.email)).toEqual([]);
  }, 40_000);
});
