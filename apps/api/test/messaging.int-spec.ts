import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_CHOICES, ERRORS, MESSAGING_ROUTES, NOTIFICATION_ROUTES } from '@food-link/contracts';
import { MessagingService, type UserMessage } from '../src/messaging/messaging.service';
import { createCharity, createDonor, type TestUser } from './support/factories';
import { MessagingProviders, SMS, WHATSAPP } from './support/messaging-providers';
import { startPeer, startTestApp, type Instance, type TestApp } from './support/test-app';

/*
 * WhatsApp and SMS end to end (docs/MESSAGING.md), against a local server that speaks Meta's Cloud API and
 * Twilio's Messages API (support/messaging-providers.ts), with webhooks signed exactly as each provider
 * signs them: the phone codes, their tries, expiry and limits, one account per phone, nothing sent to an
 * unverified phone, WhatsApp's 24-hour window, delivery statuses, STOP, and no provider configured.
 */
const PUBLIC_URL = 'https://foodlink.example';
const APP_SECRET = 'app-secret-of-food-link';

describe('messaging: /api/me/phone, /api/webhooks/whatsapp, /api/webhooks/sms', () => {
  let t: TestApp;
  let unconfigured: Instance;
  let providers: MessagingProviders;
  let phones = 0;

  beforeAll(async () => {
    providers = await MessagingProviders.start();
    t = await startTestApp(providers.env(PUBLIC_URL));
    const off = Object.fromEntries(Object.keys(providers.env(PUBLIC_URL)).filter((name) => name !== 'PUBLIC_URL').map((name) => [name, '']));
    unconfigured = await startPeer(t, off);
  });
  afterAll(async () => {
    await unconfigured?.close();
    await t?.close();
    await providers?.close();
  });

  /** A fresh Egyptian mobile in the way people write one, and its E.164. */
  const newPhone = () => {
    const digits = String(10_000_000 + ++phones * 7919 + Math.floor(Math.random() * 1000)).slice(-8);
    return { written: `010 ${digits.slice(0, 4)} ${digits.slice(4)}`, e164: `+2010${digits}` };
  };
  const ask = (user: TestUser, phone: string, channel: 'whatsapp' | 'sms', app: Pick<Instance, 'http'> = t) =>
    app.http.post(MESSAGING_ROUTES.phone, { phone, channel }, { token: user.token });
  const verify = (user: TestUser, code: string) => t.http.post(MESSAGING_ROUTES.verifyPhone, { code }, { token: user.token });
  /** The code of the last WhatsApp template sent to `e164` (its body parameter). */
  const lastWhatsAppCode = (e164: string): string => {
    const sent = providers.whatsAppSent().filter((body) => body.to === e164.slice(1));
    return sent[sent.length - 1].template.components[0].parameters[0].text;
  };
  const lastSms = (e164: string): URLSearchParams => providers.smsSent().filter((form) => form.get('To') === e164).pop() as URLSearchParams;
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] as string;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const verified = async (user: TestUser, channel: 'whatsapp' | 'sms' = 'whatsapp') => {
    const phone = newPhone();
    expect((await ask(user, phone.written, channel)).status).toBe(201);
    const code = channel === 'whatsapp' ? lastWhatsAppCode(phone.e164) : codeIn(lastSms(phone.e164).get('Body') as string);
    expect((await verify(user, code)).status).toBe(200);
    return phone.e164;
  };
  const service = () => t.app.get(MessagingService, { strict: false });
  const notice: UserMessage = {
    kind: 'test_notice',
    text: (language) => (language === 'ar' ? 'تم حجز الخبز' : 'Your bread was claimed'),
    template: { name: 'food_claimed', components: () => [{ type: 'body', parameters: [{ type: 'text', text: 'bread' }] }] },
  };
  const signWhatsApp = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  const postWhatsApp = (payload: unknown, signature?: (raw: string) => string) => {
    const raw = JSON.stringify(payload);
    return t.http.request('POST', MESSAGING_ROUTES.whatsappWebhook, { rawBody: raw, headers: { 'x-hub-signature-256': (signature ?? signWhatsApp)(raw) } });
  };
  /** Twilio's algorithm, written out here: base64 HMAC-SHA1 of the URL and each name+value, names sorted. */
  const signTwilio = (url: string, params: Record<string, string>) =>
    createHmac('sha1', SMS.token)
      .update(Object.keys(params).sort().reduce((text, name) => text + name + params[name], url))
      .digest('base64');
  const postSms = (params: Record<string, string>, signature = signTwilio(`${PUBLIC_URL}${MESSAGING_ROUTES.smsWebhook}`, params)) =>
    t.http.request('POST', MESSAGING_ROUTES.smsWebhook, {
      rawBody: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    });
  const whatsAppStatus = (id: string, status: string, errors?: unknown[]) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id, status, timestamp: '1764250000', recipient_id: '201000000000', ...(errors ? { errors } : {}) }] } }] }],
  });
  const whatsAppText = (fromE164: string, id: string, text: string) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', contacts: [{ wa_id: fromE164.slice(1) }], messages: [{ from: fromE164.slice(1), id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] } }] }],
  });
  const messageRow = async (providerId: string) =>
    (await t.db.query('SELECT status, error, direction, user_id FROM messaging_messages WHERE provider_id = $1', [providerId]))[0];

  describe('phone verification', () => {
    it('sends a 6-digit code by the WhatsApp authentication template, to the Cloud API as Meta documents it', async () => {
      const donor = await createDonor(t.http);
      const phone = newPhone();
      const before = providers.requests.length;
      const asked = await ask(donor, phone.written, 'whatsapp');
      expect(asked.status).toBe(201);
      expect(asked.body).toEqual({
        phone: phone.e164,
        channel: 'whatsapp',
        verified: false,
        code_expires_at: expect.any(String),
        available: { whatsapp: true, sms: true },
        on: false,
        sms_fallback: false,
        quiet_hours: null,
      });
      const minutes = (Date.parse(asked.body.code_expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
      const [request] = providers.requests.slice(before);
      expect(request.path).toBe(`/${WHATSAPP.version}/${WHATSAPP.numberId}/messages`);
      expect(request.headers.authorization).toBe(`Bearer ${WHATSAPP.token}`);
      const code = lastWhatsAppCode(phone.e164);
      expect(code).toMatch(/^\d{6}$/);
      expect(JSON.parse(request.body)).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phone.e164.slice(1),
        type: 'template',
        template: {
          name: 'foodlink_phone_code',
          language: { code: 'en' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: code }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
          ],
        },
      });
      // Kept as an HMAC, never the code.
      const [row] = await t.db.query('SELECT code_hash, verified_at FROM messaging_phones WHERE user_id = $1', [donor.id]);
      expect(row.verified_at).toBeNull();
      expect(row.code_hash).toHaveLength(32);
      expect(row.code_hash.toString('latin1')).not.toContain(code);

      const wrong = await verify(donor, wrongCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toEqual([ERRORS.phoneCodeWrong(4)]);
      const right = await verify(donor, code);
      expect(right.status).toBe(200);
      expect(right.body).toEqual({
        phone: phone.e164,
        channel: 'whatsapp',
        verified: true,
        code_expires_at: null,
        available: { whatsapp: true, sms: true },
        on: true,
        sms_fallback: false,
        quiet_hours: null,
      });
      expect((await t.http.get(MESSAGING_ROUTES.phone, { token: donor.token })).body.verified).toBe(true);
      // A code works once.
      expect((await verify(donor, code)).body.message).toBe(ERRORS.phoneCodeNotPending);
    });

    it('sends the code by SMS in the user language (Arabic), form-encoded with basic auth, and refuses what is not an Egyptian mobile', async () => {
      const charity = await createCharity(t.http);
      expect((await t.http.put(NOTIFICATION_ROUTES.preferences, { language: 'ar', choices: DEFAULT_NOTIFICATION_CHOICES }, { token: charity.token })).status).toBe(200);
      const phone = newPhone();
      expect((await ask(charity, phone.written, 'sms')).status).toBe(201);
      const request = providers.requests.filter((r) => r.path.endsWith('/Messages.json')).pop();
      expect(request?.path).toBe(`/2010-04-01/Accounts/${SMS.sid}/Messages.json`);
      expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${SMS.sid}:${SMS.token}`).toString('base64')}`);
      const form = lastSms(phone.e164);
      expect(form.get('From')).toBe(SMS.from);
      expect(form.get('StatusCallback')).toBe(`${PUBLIC_URL}/api/webhooks/sms`);
      expect(form.get('Body')).toMatch(/رمز التحقق/);
      expect((await verify(charity, codeIn(form.get('Body') as string))).body.verified).toBe(true);

      for (const phone of ['02 2345 6789', '+44 7700 900123', '013 1234 5678', 'not a phone']) {
        const refused = await ask(charity, phone, 'sms');
        expect({ phone, status: refused.status, named: String(refused.body.message).startsWith('phone') }).toEqual({ phone, status: 400, named: true });
      }
      const badChannel = await t.http.post(MESSAGING_ROUTES.phone, { phone: newPhone().written, channel: 'telegram' }, { token: charity.token });
      expect(badChannel.status).toBe(400);
      expect(String(badChannel.body.message)).toMatch(/^channel/);
      const badCode = await verify(charity, '12ab56');
      expect(badCode.status).toBe(400);
      expect(String(badCode.body.message)).toMatch(/^code/);
    });

    it('speaks the language the account signed up in until it saves preferences', async () => {
      const arabic = await createDonor(t.http, { language: 'ar' });
      const phone = newPhone();
      expect((await ask(arabic, phone.written, 'sms')).status).toBe(201);
      expect(lastSms(phone.e164).get('Body')).toMatch(/رمز التحقق/);
      const english = await createDonor(t.http, { acceptLanguage: 'en-GB' });
      const other = newPhone();
      expect((await ask(english, other.written, 'sms')).status).toBe(201);
      expect(lastSms(other.e164).get('Body')).not.toMatch(/رمز التحقق/);
    });

    it('allows 5 tries, then asks for a new code; a code expires after 10 minutes', async () => {
      const donor = await createDonor(t.http);
      const phone = newPhone();
      await ask(donor, phone.written, 'whatsapp');
      const code = lastWhatsAppCode(phone.e164);
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push((await verify(donor, wrongCode(code))).status);
      expect(answers).toEqual([400, 400, 400, 400, 409]);
      const after = await verify(donor, code);
      expect(after.status).toBe(409);
      expect(after.body.message).toBe(ERRORS.phoneCodeTriesUsed);

      await ask(donor, phone.written, 'whatsapp');
      const fresh = lastWhatsAppCode(phone.e164);
      await t.db.query(`UPDATE messaging_phones SET code_expires_at = now() - interval '1 second' WHERE user_id = $1`, [donor.id]);
      const expired = await verify(donor, fresh);
      expect(expired.status).toBe(409);
      expect(expired.body.message).toBe(ERRORS.phoneCodeExpired);
      expect((await t.http.get(MESSAGING_ROUTES.phone, { token: donor.token })).body.verified).toBe(false);
    });

    it("refuses (409) a phone another account has verified, whether asked for or verified last", async () => {
      const first = await createDonor(t.http);
      const second = await createCharity(t.http);
      const phone = newPhone();
      // Both ask before either verifies: the second to verify is refused.
      await ask(first, phone.written, 'whatsapp');
      const firstCode = lastWhatsAppCode(phone.e164);
      await ask(second, phone.written, 'whatsapp');
      const secondCode = lastWhatsAppCode(phone.e164);
      expect((await verify(first, firstCode)).status).toBe(200);
      const late = await verify(second, secondCode);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(ERRORS.phoneOfAnotherAccount);
      const before = providers.requests.length;
      const again = await ask(second, phone.written, 'sms');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ERRORS.phoneOfAnotherAccount);
      expect(providers.requests.length).toBe(before);
      // Once the first lets it go, the second may have it.
      expect((await t.http.delete(MESSAGING_ROUTES.phone, { token: first.token })).body.phone).toBeNull();
      expect((await ask(second, phone.written, 'whatsapp')).status).toBe(201);
      expect((await verify(second, lastWhatsAppCode(phone.e164))).status).toBe(200);
    });

    it('is erased with the account: the phone, its codes and its messages go, and another account may verify the number', async () => {
      const leaving = await createDonor(t.http);
      const phone = await verified(leaving);
      const rows = async (table: string) => (await t.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [leaving.id])).length;
      expect(await rows('messaging_phones')).toBe(1);
      expect(await rows('messaging_code_sends')).toBeGreaterThan(0);
      expect(await rows('messaging_messages')).toBeGreaterThan(0);
      expect((await t.http.post('/api/account/delete', { password: leaving.password }, { token: leaving.token })).status).toBe(200);
      for (const table of ['messaging_phones', 'messaging_code_sends', 'messaging_messages']) expect(await rows(table)).toBe(0);
      const next = await createCharity(t.http);
      expect((await ask(next, `0${phone.slice(3)}`, 'whatsapp')).status).toBe(201);
      expect((await verify(next, lastWhatsAppCode(phone))).status).toBe(200);
    });

    it('lets exactly one of two accounts verifying one number at once have it', async () => {
      const [first, second] = [await createDonor(t.http), await createCharity(t.http)];
      const phone = newPhone();
      await ask(first, phone.written, 'sms');
      const firstCode = codeIn(lastSms(phone.e164).get('Body') as string);
      await ask(second, phone.written, 'sms');
      const secondCode = codeIn(lastSms(phone.e164).get('Body') as string);
      const answers = await Promise.all([verify(first, firstCode), verify(second, secondCode)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(ERRORS.phoneOfAnotherAccount);
      expect(await t.db.query('SELECT count(*)::int AS n FROM messaging_phones WHERE phone = $1 AND verified_at IS NOT NULL', [phone.e164])).toEqual([{ n: 1 }]);
    });

    it('limits codes per phone and per account in an hour (429 with Retry-After)', async () => {
      const donor = await createDonor(t.http);
      const phone = newPhone();
      for (let i = 0; i < 3; i += 1) expect((await ask(donor, phone.written, 'sms')).status).toBe(201);
      const sent = providers.requests.length;
      const fourth = await ask(donor, phone.written, 'sms');
      expect(fourth.status).toBe(429);
      expect(String(fourth.body.message)).toContain(ERRORS.phoneCodesTooMany);
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(providers.requests.length).toBe(sent);
      // Another phone of the same account: two more, then the account's 5 are used.
      expect((await ask(donor, newPhone().written, 'sms')).status).toBe(201);
      expect((await ask(donor, newPhone().written, 'sms')).status).toBe(201);
      expect((await ask(donor, newPhone().written, 'sms')).status).toBe(429);
      // Another account is not held back by this one's count, but by the phone's.
      const other = await createDonor(t.http);
      expect((await ask(other, phone.written, 'sms')).status).toBe(429);
      expect((await ask(other, newPhone().written, 'sms')).status).toBe(201);
    });

    it('asks at once are counted one by one: never more codes than the limit', async () => {
      const donor = await createDonor(t.http);
      const phone = newPhone();
      const statuses = await Promise.all(Array.from({ length: 6 }, () => ask(donor, phone.written, 'sms').then((r) => r.status)));
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    });
  });

  describe('sending', () => {
    it('sends nothing to a phone that is not verified, nor to a user without one', async () => {
      const donor = await createDonor(t.http);
      const phone = newPhone();
      await ask(donor, phone.written, 'whatsapp');
      const before = providers.requests.length;
      expect(await service().send(donor.id, notice)).toEqual({ outcome: 'not-verified' });
      expect(await service().send((await createDonor(t.http)).id, notice)).toEqual({ outcome: 'not-verified' });
      expect(providers.requests.length).toBe(before);
    });

    it('uses the template outside the 24-hour window and free text inside it (opened by a signed inbound message); in Arabic for an Arabic user', async () => {
      const charity = await createCharity(t.http);
      await t.http.put(NOTIFICATION_ROUTES.preferences, { language: 'ar', choices: DEFAULT_NOTIFICATION_CHOICES }, { token: charity.token });
      const e164 = await verified(charity);
      const outside = await service().send(charity.id, notice);
      expect(outside).toEqual({ outcome: 'sent', channel: 'whatsapp', providerId: expect.stringMatching(/^wamid\./) });
      expect(providers.whatsAppSent().pop()).toEqual(
        expect.objectContaining({ to: e164.slice(1), type: 'template', template: { name: 'food_claimed', language: { code: 'ar' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'bread' }] }] } }),
      );
      expect((await postWhatsApp(whatsAppText(e164, `wamid.IN${Date.now()}`, 'مرحبا'))).status).toBe(200);
      await service().send(charity.id, notice);
      expect(providers.whatsAppSent().pop()).toEqual(expect.objectContaining({ to: e164.slice(1), type: 'text', text: { preview_url: false, body: 'تم حجز الخبز' } }));
    });

    it('sends SMS to a user who chose SMS, in their language', async () => {
      const donor = await createDonor(t.http);
      const e164 = await verified(donor, 'sms');
      const sent = await service().send(donor.id, notice);
      expect(sent).toEqual({ outcome: 'sent', channel: 'sms', providerId: expect.stringMatching(/^SM/) });
      expect(lastSms(e164).get('Body')).toBe('Your bread was claimed');
      expect(await messageRow((sent as { providerId: string }).providerId)).toEqual({ status: 'sent', error: null, direction: 'out', user_id: donor.id });
    });

    it('records a refused send as failed and says why', async () => {
      const donor = await createDonor(t.http);
      const e164 = await verified(donor, 'sms');
      providers.failures.push({ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } });
      await expect(service().send(donor.id, notice)).rejects.toMatchObject({ status: 400, code: 21211, retryable: false });
      const [row] = await t.db.query(`SELECT status, error FROM messaging_messages WHERE user_id = $1 AND kind = 'test_notice'`, [donor.id]);
      expect(row.status).toBe('failed');
      expect(row.error).toContain('21211');
      expect(e164).toMatch(/^\+20/);
    });
  });

  describe('the WhatsApp webhook', () => {
    it("answers Meta's handshake with hub.challenge only for the verify token", async () => {
      const ok = await t.http.get(`${MESSAGING_ROUTES.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444`);
      expect(ok.status).toBe(200);
      expect(ok.body).toBe('1158201444');
      expect(ok.headers.get('content-type')).toContain('text/plain');
      const wrong = await t.http.get(`${MESSAGING_ROUTES.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`);
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toBe(ERRORS.webhookVerifyTokenWrong);
      expect((await t.http.get(MESSAGING_ROUTES.whatsappWebhook)).status).toBe(403);
    });

    it('records delivery statuses per message, never backwards; refuses a tampered or unsigned body', async () => {
      const donor = await createDonor(t.http);
      await verified(donor);
      const sent = (await service().send(donor.id, notice)) as { providerId: string };
      // A tampered body (signed before a change) and an unsigned one change nothing.
      const tampered = await postWhatsApp(whatsAppStatus(sent.providerId, 'read'), () => signWhatsApp(JSON.stringify(whatsAppStatus(sent.providerId, 'delivered'))));
      expect(tampered.status).toBe(403);
      expect(tampered.body.message).toBe(ERRORS.webhookSignatureInvalid);
      expect((await postWhatsApp(whatsAppStatus(sent.providerId, 'read'), () => '')).status).toBe(403);
      expect((await messageRow(sent.providerId)).status).toBe('sent');

      expect((await postWhatsApp(whatsAppStatus(sent.providerId, 'delivered'))).body).toEqual({ received: true });
      expect((await messageRow(sent.providerId)).status).toBe('delivered');
      await postWhatsApp(whatsAppStatus(sent.providerId, 'read'));
      await postWhatsApp(whatsAppStatus(sent.providerId, 'delivered'));
      expect((await messageRow(sent.providerId)).status).toBe('read');

      const other = (await service().send(donor.id, notice)) as { providerId: string };
      await postWhatsApp(whatsAppStatus(other.providerId, 'failed', [{ code: 131026, title: 'Message undeliverable' }]));
      expect(await messageRow(other.providerId)).toEqual({ status: 'failed', error: '131026 Message undeliverable', direction: 'out', user_id: donor.id });
    });

    it('STOP turns messages off until the phone is verified again', async () => {
      const donor = await createDonor(t.http);
      const e164 = await verified(donor);
      await postWhatsApp(whatsAppText(e164, `wamid.STOP${Date.now()}`, ' stop '));
      const before = providers.requests.length;
      expect(await service().send(donor.id, notice)).toEqual({ outcome: 'not-verified' });
      expect(providers.requests.length).toBe(before);
    });
  });

  describe('the SMS webhook', () => {
    it('records signed status callbacks and refuses a tampered one (403)', async () => {
      const donor = await createDonor(t.http);
      await verified(donor, 'sms');
      const sent = (await service().send(donor.id, notice)) as { providerId: string };
      const callback = { AccountSid: SMS.sid, MessageSid: sent.providerId, MessageStatus: 'delivered', To: '+201000000000', ApiVersion: '2010-04-01' };
      const forged = await postSms({ ...callback, MessageStatus: 'failed' }, signTwilio(`${PUBLIC_URL}${MESSAGING_ROUTES.smsWebhook}`, callback));
      expect(forged.status).toBe(403);
      expect((await postSms(callback, signTwilio(`http://elsewhere.example${MESSAGING_ROUTES.smsWebhook}`, callback))).status).toBe(403);
      expect((await messageRow(sent.providerId)).status).toBe('sent');
      const ok = await postSms(callback);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/xml');
      expect((await messageRow(sent.providerId)).status).toBe('delivered');
      await postSms({ ...callback, MessageStatus: 'undelivered', ErrorCode: '30003' });
      expect(await messageRow(sent.providerId)).toEqual({ status: 'failed', error: 'error 30003', direction: 'out', user_id: donor.id });
    });

    it('records an inbound SMS from its verified owner, and STOP stops it', async () => {
      const donor = await createDonor(t.http);
      const e164 = await verified(donor, 'sms');
      const sid = `SM${'f'.repeat(28)}${String(Date.now()).slice(-4)}`;
      expect((await postSms({ AccountSid: SMS.sid, MessageSid: sid, SmsStatus: 'received', From: e164, To: SMS.from, Body: 'STOP' })).status).toBe(200);
      expect(await messageRow(sid)).toEqual({ status: 'received', error: null, direction: 'in', user_id: donor.id });
      expect(await service().send(donor.id, notice)).toEqual({ outcome: 'not-verified' });
    });
  });

  describe('with no provider configured', () => {
    it('writes the code to DATA_DIR/messages instead of sending it, and says the channels are off', async () => {
      const donor = await createDonor(unconfigured.http);
      const phone = newPhone();
      const before = providers.requests.length;
      const asked = await ask(donor, phone.written, 'whatsapp', unconfigured);
      expect(asked.status).toBe(201);
      expect(asked.body.available).toEqual({ whatsapp: false, sms: false });
      expect(providers.requests.length).toBe(before);
      const dir = join(unconfigured.env.DATA_DIR, 'messages');
      const written = readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8'))).filter((m) => m.to === phone.e164);
      expect(written).toEqual([{ to: phone.e164, channel: 'whatsapp', kind: 'phone_code', text: expect.stringMatching(/\b\d{6}\b/), date: expect.any(String) }]);
      expect((await unconfigured.http.post(MESSAGING_ROUTES.verifyPhone, { code: codeIn(written[0].text) }, { token: donor.token })).body.verified).toBe(true);
      // Its webhooks refuse everything: there is no secret to sign with.
      expect((await unconfigured.http.request('POST', MESSAGING_ROUTES.whatsappWebhook, { rawBody: '{}', headers: { 'x-hub-signature-256': 'sha256=00' } })).status).toBe(403);
    });
  });
});
