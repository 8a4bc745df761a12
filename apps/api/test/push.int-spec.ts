import { ERRORS, PUSH_ROUTES, type PushPayload } from '@food-link/contracts';
import { AppConfig } from '../src/config/app-config';
import { PushService } from '../src/push/push.service';
import { createCharity, createDonor, type TestUser } from './support/factories';
import { PushReceiver, verifiedVapid, type TestBrowser } from './support/push-receiver';
import { startPeer, startTestApp, type Instance, type TestApp } from './support/test-app';

/*
 * Web Push end to end against a push service the test serves on loopback (so local endpoints are
 * allowed, as tests may): subscriptions through the API, messages sent by PushService as the
 * notification jobs send them, and decrypted with the browser's own keys. A second API instance on the
 * same database runs without PUSH_ALLOW_LOCAL_ENDPOINTS, as production does.
 */
describe('Web Push: /api/push/public-key, POST/DELETE /api/push/subscriptions, PushService.sendToUser', () => {
  let t: TestApp;
  let strict: Instance;
  let push: PushReceiver;
  let paths = 0;

  beforeAll(async () => {
    push = await PushReceiver.start();
    t = await startTestApp({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
    strict = await startPeer(t, { PUSH_ALLOW_LOCAL_ENDPOINTS: 'false' });
  });
  afterAll(async () => {
    await strict?.close();
    await t?.close();
    await push?.close();
  });

  const service = (app: Pick<Instance, 'app'> = t) => app.app.get(PushService, { strict: false });
  const newBrowser = () => push.browser(`/push/${++paths}`);
  const subscribe = (user: TestUser, body: unknown, app: Instance = t) => app.http.post(PUSH_ROUTES.subscriptions, body, { token: user.token });
  const unsubscribe = (user: TestUser, endpoint: unknown) => t.http.delete(PUSH_ROUTES.subscriptions, { body: { endpoint }, token: user.token });
  const stored = async (endpoint: string) =>
    (await t.db.query(`SELECT user_id, failures, last_success_at FROM push_subscriptions WHERE endpoint = $1`, [endpoint]))[0] as
      | { user_id: number; failures: number; last_success_at: Date | null }
      | undefined;
  const subscribed = async (user: TestUser) => {
    const browser = newBrowser();
    expect((await subscribe(user, browser.subscription())).status).toBe(201);
    return browser;
  };
  const message = { title: 'Koshary, 40 portions', body: 'In Dokki, collect by 21:00', url: '/food/42', tag: 'food-42' };
  const payloadAt = (browser: TestBrowser, index = 0): PushPayload => {
    const path = new URL(browser.endpoint).pathname;
    return JSON.parse(browser.decrypt(push.at(path)[index].body));
  };

  it('gives anyone the VAPID public key the server signs with', async () => {
    const answer = await t.http.get(PUSH_ROUTES.publicKey);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ publicKey: t.app.get(AppConfig).vapid.publicKey });
    expect(answer.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('delivers an encrypted, VAPID-signed message that the browser decrypts, with TTL, urgency and topic', async () => {
    const charity = await createCharity(t.http);
    const browser = await subscribed(charity);
    expect(await service().sendToUser(charity.id, message)).toBe(1);

    const [received] = push.at(new URL(browser.endpoint).pathname);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.ttl).toBe('3600');
    expect(received.headers.urgency).toBe('high');
    expect(received.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(payloadAt(browser)).toEqual({ ...message, lang: 'en', dir: 'ltr' });

    const vapid = verifiedVapid(received.headers.authorization);
    expect(vapid.publicKey).toBe(t.app.get(AppConfig).vapid.publicKey);
    expect(vapid.claims.aud).toBe(push.origin);
    expect(vapid.claims.sub).toBe('mailto:no-reply@foodlink.eg');
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const row = await stored(browser.endpoint);
    expect(row).toMatchObject({ user_id: charity.id, failures: 0 });
    expect(row?.last_success_at).toBeInstanceOf(Date);
  });

  it("sends to every browser of the user and to no one else's; Arabic text is marked right to left", async () => {
    const [charity, other] = [await createCharity(t.http), await createCharity(t.http)];
    const [phone, laptop] = [await subscribed(charity), await subscribed(charity)];
    const elsewhere = await subscribed(other);
    const arabic = { title: 'كشري، ٤٠ وجبة', body: 'في الدقي، الاستلام قبل ٩ مساءً', url: '/food/7' };
    expect(await service().sendToUser(charity.id, arabic)).toBe(2);
    for (const browser of [phone, laptop]) {
      expect(payloadAt(browser)).toEqual({ ...arabic, tag: expect.stringMatching(/^[\w-]{16}$/), lang: 'ar', dir: 'rtl' });
    }
    expect(push.at(new URL(elsewhere.endpoint).pathname)).toHaveLength(0);
    expect(await service().sendToUser((await createDonor(t.http)).id, arabic)).toBe(0);
  });

  it('deletes a subscription the push service says is gone (410, 404)', async () => {
    const charity = await createCharity(t.http);
    const [gone, notFound, live] = [await subscribed(charity), await subscribed(charity), await subscribed(charity)];
    push.statusFor.set(new URL(gone.endpoint).pathname, 410);
    push.statusFor.set(new URL(notFound.endpoint).pathname, 404);
    expect(await service().sendToUser(charity.id, message)).toBe(1);
    expect(await stored(gone.endpoint)).toBeUndefined();
    expect(await stored(notFound.endpoint)).toBeUndefined();
    expect(await stored(live.endpoint)).toMatchObject({ failures: 0 });
    // Only the live one is tried next time.
    expect(await service().sendToUser(charity.id, message)).toBe(1);
    expect(push.at(new URL(gone.endpoint).pathname)).toHaveLength(1);
  });

  it('throws when a send may succeed later (5xx, 429), so the job retries; the failure is counted', async () => {
    const charity = await createCharity(t.http);
    const browser = await subscribed(charity);
    const path = new URL(browser.endpoint).pathname;
    push.statusFor.set(path, 503);
    await expect(service().sendToUser(charity.id, message)).rejects.toThrow(/1 of 1 push sends failed for now: .*503/);
    push.statusFor.set(path, 429);
    await expect(service().sendToUser(charity.id, message)).rejects.toThrow(/429/);
    expect(await stored(browser.endpoint)).toMatchObject({ failures: 2 });
    push.statusFor.delete(path);
    expect(await service().sendToUser(charity.id, message)).toBe(1);
    expect(await stored(browser.endpoint)).toMatchObject({ failures: 0 });
  });

  it('throws on a network failure (nothing listening) without losing the subscription', async () => {
    const charity = await createCharity(t.http);
    const closed = await PushReceiver.start();
    const browser = closed.browser('/gone-away');
    await closed.close();
    expect((await subscribe(charity, browser.subscription())).status).toBe(201);
    await expect(service().sendToUser(charity.id, message)).rejects.toThrow(/ECONNREFUSED/);
    expect(await stored(browser.endpoint)).toMatchObject({ failures: 1 });
  });

  it('does not retry a refusal that would repeat (400) and drops the subscription after 10 in a row', async () => {
    const charity = await createCharity(t.http);
    const browser = await subscribed(charity);
    push.statusFor.set(new URL(browser.endpoint).pathname, 400);
    for (let attempt = 1; attempt <= 9; attempt += 1) expect(await service().sendToUser(charity.id, message)).toBe(0);
    expect(await stored(browser.endpoint)).toMatchObject({ failures: 9 });
    expect(await service().sendToUser(charity.id, message)).toBe(0);
    expect(await stored(browser.endpoint)).toBeUndefined();
  });

  describe('endpoints that could reach the server\'s own network (SSRF): 400 naming endpoint', () => {
    const refusedEverywhere = [
      'https://10.0.0.1/push',
      'https://192.168.1.1/push',
      'https://172.16.5.4/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push',
      'https://0.0.0.0/push',
      'https://[fe80::1]/push',
      'https://[fd00::1]/push',
      'https://[::ffff:10.0.0.1]/push',
      'http://10.0.0.1/push',
      // 0x0a.1 is 10.0.0.1 written otherwise; URL parsing normalises it first.
      'https://0x0a.1/push',
      // IPv6 forms that carry a private IPv4 address (issue 31, item 12).
      'https://[::a00:1]/push',
      'https://[::169.254.169.254]/push',
      'https://[64:ff9b::a9fe:a9fe]/push',
      'https://[2002:a00:1::]/push',
      'https://167772161/push',
    ];

    it.each(refusedEverywhere)('refuses %s even with local endpoints allowed', async (endpoint) => {
      const charity = await createCharity(t.http);
      const answer = await subscribe(charity, { ...newBrowser().subscription(), endpoint });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual([ERRORS.pushEndpointNotPublic]);
      expect(await stored(endpoint)).toBeUndefined();
    });

    it('without PUSH_ALLOW_LOCAL_ENDPOINTS refuses http, loopback and names that resolve to loopback', async () => {
      const charity = await createCharity(strict.http);
      const keys = newBrowser().subscription().keys;
      const cases: [string, string][] = [
        [push.browser('/plain-http').endpoint, ERRORS.pushEndpointNotHttps],
        ['https://127.0.0.1/push', ERRORS.pushEndpointNotPublic],
        ['https://[::1]/push', ERRORS.pushEndpointNotPublic],
        ['https://[::7f00:1]/push', ERRORS.pushEndpointNotPublic],
        ['https://[::ffff:7f00:1]/push', ERRORS.pushEndpointNotPublic],
        ['https://2130706433/push', ERRORS.pushEndpointNotPublic],
        ['https://localhost/push', ERRORS.pushEndpointNotPublic],
        ['https://10.0.0.1/push', ERRORS.pushEndpointNotPublic],
        ['https://no-such-host.invalid/push', ERRORS.pushEndpointUnresolvable],
      ];
      for (const [endpoint, problem] of cases) {
        const answer = await subscribe(charity, { endpoint, keys }, strict);
        expect({ endpoint, status: answer.status, message: answer.body.message }).toEqual({ endpoint, status: 400, message: [problem] });
      }
    });

    it('checks again at send time, on the addresses it connects to: a stored endpoint now on loopback is not contacted', async () => {
      const charity = await createCharity(t.http);
      // Saved while allowed (by the permissive instance), then sent by an instance that does not allow it,
      // once through a name (the guarded lookup) and once as a literal address.
      const byName = push.browser('/rebound').subscription();
      byName.endpoint = byName.endpoint.replace('127.0.0.1', 'localhost');
      expect((await subscribe(charity, byName)).status).toBe(201);
      const literal = await subscribed(charity);
      expect(await service(strict).sendToUser(charity.id, message)).toBe(0);
      expect(push.at('/rebound')).toHaveLength(0);
      expect(push.at(new URL(literal.endpoint).pathname)).toHaveLength(0);
      expect(await stored(byName.endpoint)).toMatchObject({ failures: 1 });
      expect(await stored(literal.endpoint)).toMatchObject({ failures: 1 });
      // The permissive instance still reaches both.
      expect(await service().sendToUser(charity.id, message)).toBe(2);
    });
  });

  describe('whose subscription it is', () => {
    it('needs a session to subscribe or unsubscribe', async () => {
      const browser = newBrowser();
      expect((await t.http.post(PUSH_ROUTES.subscriptions, browser.subscription())).status).toBe(401);
      expect((await t.http.delete(PUSH_ROUTES.subscriptions, { body: { endpoint: browser.endpoint } })).status).toBe(401);
    });

    it('unsubscribes only the caller\'s own: another user gets 404 and the subscription stays', async () => {
      const [owner, intruder] = [await createCharity(t.http), await createDonor(t.http)];
      const browser = await subscribed(owner);
      const refused = await unsubscribe(intruder, browser.endpoint);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(ERRORS.pushSubscriptionNotFound);
      expect(await stored(browser.endpoint)).toMatchObject({ user_id: owner.id });
      const removed = await unsubscribe(owner, browser.endpoint);
      expect(removed.status).toBe(200);
      expect(await stored(browser.endpoint)).toBeUndefined();
      expect(await service().sendToUser(owner.id, message)).toBe(0);
      expect((await unsubscribe(owner, browser.endpoint)).status).toBe(404);
    });

    it('moves the same browser (endpoint and keys) to the account now signed in; refuses the endpoint with other keys', async () => {
      const [first, second, third] = [await createCharity(t.http), await createDonor(t.http), await createDonor(t.http)];
      const browser = await subscribed(first);
      expect((await subscribe(first, browser.subscription())).status).toBe(201);
      expect((await subscribe(second, browser.subscription())).status).toBe(201);
      expect(await stored(browser.endpoint)).toMatchObject({ user_id: second.id });
      expect(await service().sendToUser(first.id, message)).toBe(0);
      expect(await service().sendToUser(second.id, message)).toBe(1);

      const impostor = await subscribe(third, { ...newBrowser().subscription(), endpoint: browser.endpoint });
      expect(impostor.status).toBe(409);
      expect(impostor.body.message).toBe(ERRORS.pushEndpointOfAnotherUser);
      expect(await stored(browser.endpoint)).toMatchObject({ user_id: second.id });
    });

    it('keeps a user\'s 10 newest browsers', async () => {
      const charity = await createCharity(t.http);
      const browsers: TestBrowser[] = [];
      for (let index = 0; index < 11; index += 1) browsers.push(await subscribed(charity));
      expect(await stored(browsers[0].endpoint)).toBeUndefined();
      expect(await service().sendToUser(charity.id, message)).toBe(10);
    });

    it("forgets a deleted account's browsers", async () => {
      const charity = await createCharity(t.http);
      const browser = await subscribed(charity);
      expect((await t.http.post('/api/account/delete', { password: charity.password }, { token: charity.token })).status).toBe(200);
      expect(await stored(browser.endpoint)).toBeUndefined();
    });
  });

  describe('bad bodies: 400 naming the field', () => {
    const valid = () => newBrowser().subscription();
    const cases: [string, (body: ReturnType<typeof valid>) => unknown, string][] = [
      ['no endpoint', ({ keys }) => ({ keys }), 'endpoint must be a string'],
      ['an endpoint that is not a URL', (body) => ({ ...body, endpoint: 'not a url' }), 'endpoint must be an https URL'],
      ['an ftp endpoint', (body) => ({ ...body, endpoint: 'ftp://push.example.com/x' }), 'endpoint must be an https URL'],
      ['an endpoint with credentials', (body) => ({ ...body, endpoint: 'https://user:pw@push.example.com/x' }), 'endpoint must be an https URL'],
      ['no keys', ({ endpoint }) => ({ endpoint }), 'keys must be an object with p256dh and auth'],
      ['a short p256dh', (body) => ({ ...body, keys: { ...body.keys, p256dh: body.keys.p256dh.slice(0, 80) } }), 'keys.p256dh must be 65 bytes written base64url'],
      ['a compressed p256dh', (body) => ({ ...body, keys: { ...body.keys, p256dh: `A${body.keys.p256dh.slice(1)}` } }), 'keys.p256dh must be an uncompressed P-256 public key (it starts with 0x04)'],
      ['an auth of 15 bytes', (body) => ({ ...body, keys: { ...body.keys, auth: body.keys.auth.slice(0, 20) } }), 'keys.auth must be 16 bytes written base64url'],
      ['an auth that is not base64url', (body) => ({ ...body, keys: { ...body.keys, auth: 'a+b/c'.padEnd(22, 'x') } }), 'keys.auth must be 16 bytes written base64url'],
      ['an expirationTime that is text', (body) => ({ ...body, expirationTime: 'soon' }), 'expirationTime must be a number (milliseconds since 1970) or null'],
    ];

    it.each(cases)('refuses %s', async (_case, change, problem) => {
      const charity = await createCharity(t.http);
      const answer = await subscribe(charity, change(valid()));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(problem);
    });

    it('refuses a DELETE without an endpoint', async () => {
      const charity = await createCharity(t.http);
      const answer = await t.http.delete(PUSH_ROUTES.subscriptions, { body: {}, token: charity.token });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(['endpoint must be a string']);
    });
  });
});
