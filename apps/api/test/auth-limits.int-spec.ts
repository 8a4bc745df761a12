import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PasswordService } from '../src/auth/password.service';
import { PASSWORD, createDonor, type TestUser } from './support/factories';
import type { HttpResult } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * Login limits as OWASP recommends them: failures are counted per account-and-address pair (10 per 15
 * minutes by default), each attempt is counted atomically before its password is verified, and the
 * account's owner still gets in from an address that has not failed. The app trusts X-Forwarded-For so
 * each test can speak from addresses of its own.
 */
describe('login limits per account and address', () => {
  let t: TestApp;
  let verifications = 0;
  /** While set, verifications of a wrong password wait for it: the burst's guesses are all in flight at once. */
  let hold: Promise<void> | null = null;
  let nextAddress = 0;
  const newAddress = () => `198.51.100.${(nextAddress += 1)}`;

  const login = (email: string, password: string, address: string): Promise<HttpResult> =>
    t.http.post('/api/login', { email, password }, { headers: { 'x-forwarded-for': address } });
  const burst = (count: number, attempt: (index: number) => Promise<HttpResult>) => Promise.all(Array.from({ length: count }, (_, index) => attempt(index)));
  const statuses = (answers: HttpResult[]) => answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_FAILS_PER_ADDRESS: '100000' });
    // Every argon2 verification a login makes goes through PasswordService.verify: count them.
    const passwords = t.app.get(PasswordService);
    const verify = passwords.verify.bind(passwords);
    passwords.verify = async (storedHash, password) => {
      verifications += 1;
      if (hold && password !== PASSWORD) await hold;
      return verify(storedHash, password);
    };
  });
  afterAll(() => t?.close());

  it('evaluates at most 10 passwords of a burst of 200 parallel wrong guesses; the rest get 429 with Retry-After', async () => {
    const victim = await createDonor(t.http);
    const address = newAddress();
    const before = verifications;
    const answers = await burst(200, () => login(victim.email, 'wrong password', address));
    const evaluated = verifications - before;
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(statuses(answers)).toEqual({ 401: evaluated, 429: 200 - evaluated });
    for (const refused of answers.filter(({ status }) => status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    }
  });

  it('lets no right password in once the limit is used, even while the burst before it is still being verified', async () => {
    const victim = await createDonor(t.http);
    const address = newAddress();
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const before = verifications;
    try {
      const wrong = burst(60, () => login(victim.email, 'wrong password', address));
      await waitFor(async () => verifications - before, (started) => started >= 10, 'ten verifications under way');
      const right = await login(victim.email, PASSWORD, address);
      expect(right.status).toBe(429);
      release();
      const answers = await wrong;
      expect(verifications - before).toBe(10);
      expect(statuses(answers)).toEqual({ 401: 10, 429: 50 });
    } finally {
      hold = null;
      release();
    }
  });

  it('answers the 11th attempt of a pair with 429, and lets the owner in from another address at once', async () => {
    const owner = await createDonor(t.http);
    const attacker = newAddress();
    const answers = await burst(10, () => login(owner.email, 'wrong password', attacker));
    expect(statuses(answers)).toEqual({ 401: 10 });
    const eleventh = await login(owner.email, PASSWORD, attacker);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);

    const home = await login(owner.email, PASSWORD, newAddress());
    expect(home.status).toBe(200);
    expect(home.body.data[0].user_id).toBe(owner.id);
  });

  it('does not count successful logins', async () => {
    const owner = await createDonor(t.http);
    const address = newAddress();
    for (let round = 0; round < 15; round += 1) expect((await login(owner.email, PASSWORD, address)).status).toBe(200);
    const answers = await burst(10, () => login(owner.email, 'wrong password', address));
    expect(statuses(answers)).toEqual({ 401: 10 });
  });

  it('slows repeated failures of a pair down before blocking them (up to 2 s)', async () => {
    const owner: TestUser = await createDonor(t.http);
    const address = newAddress();
    for (let attempt = 0; attempt < 6; attempt += 1) await login(owner.email, 'wrong password', address);
    // The 7th failure of the pair waits the longest delay before its password is even looked at.
    const started = Date.now();
    expect((await login(owner.email, 'wrong password', address)).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});

describe('login limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_FAILS_PER_ADDRESS: '20' });
  });
  afterAll(() => t?.close());

  it('blocks an address that fails across many accounts, and only that address', async () => {
    const donor = await createDonor(t.http);
    const shared = '203.0.113.7';
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, index) => t.http.post('/api/login', { email: `guess${index}@example.eg`, password: 'wrong password' }, { headers: { 'x-forwarded-for': shared } })),
    );
    expect(attempts.filter(({ status }) => status === 401)).toHaveLength(20);
    expect(attempts.filter(({ status }) => status === 429)).toHaveLength(20);
    const elsewhere = await t.http.post('/api/login', { email: donor.email, password: PASSWORD }, { headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(elsewhere.status).toBe(200);
  });
});

/**
 * Confirming an account's deletion checks its password: the check counts against the login limits of
 * the pair (account, address) and waits for argon2 at sign-up priority (issue 31, item 5).
 */
describe("the password check of an account's deletion", () => {
  let t: TestApp;
  let nextAddress = 0;
  const newAddress = () => `198.51.100.${(nextAddress += 1)}`;
  /** The priority of each verification of a deletion's guesses (passwords starting with `guess`). */
  const guessWork: (string | undefined)[] = [];

  const deleteOwn = (user: TestUser, password: string, address: string) =>
    t.http.post('/api/account/delete', { password }, { token: user.token, headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', LOGIN_MAX_FAILS_PER_ADDRESS: '100000', LOGIN_MAX_DELAY_MS: '0' });
    const passwords = t.app.get(PasswordService);
    const verify = passwords.verify.bind(passwords);
    passwords.verify = async (storedHash, password, work) => {
      if (password.startsWith('guess')) guessWork.push(work);
      return verify(storedHash, password, work);
    };
  });
  afterAll(() => t?.close());

  it('evaluates at most 10 of 200 parallel wrong guesses; the rest get 429 with Retry-After, and the account stays', async () => {
    const victim = await createDonor(t.http);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => deleteOwn(victim, `guess ${index}`, address)));
    const counts = answers.reduce<Record<number, number>>((sum, { status }) => ({ ...sum, [status]: (sum[status] ?? 0) + 1 }), {});
    expect(counts[403]).toBeLessThanOrEqual(10);
    expect(counts).toEqual({ 403: counts[403], 429: 200 - counts[403] });
    for (const refused of answers.filter(({ status }) => status === 429)) {
      expect(refused.body.message).toMatch(/^Too many failed login attempts; try again in \d+ seconds$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Even the right password is refused from that address now; the account is untouched.
    expect((await deleteOwn(victim, PASSWORD, address)).status).toBe(429);
    expect((await t.http.get('/api/auth/me', { token: victim.token })).status).toBe(200);
    // The guesses were the pair's: the owner deletes from another address.
    expect((await deleteOwn(victim, PASSWORD, newAddress())).status).toBe(200);
  });

  it('verifies the guesses at sign-up priority, behind waiting logins', async () => {
    const donor = await createDonor(t.http);
    guessWork.length = 0;
    expect((await deleteOwn(donor, 'guess once', newAddress())).status).toBe(403);
    expect(guessWork).toEqual(['signup']);
  });
});

describe('sign-up limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', REGISTER_MAX_PER_ADDRESS: '5', PASSWORD_HASH_CONCURRENCY: '2' });
  });
  afterAll(() => t?.close());

  const signUp = (path: string, index: number, address: string) =>
    t.http.post(path, { name: `Flood ${address} ${index}`, email: `flood-${address}-${index}@example.eg`, password: PASSWORD }, { headers: { 'x-forwarded-for': address } });

  it('allows REGISTER_MAX_PER_ADDRESS sign-ups per address, then 429 with Retry-After; other addresses still sign up', async () => {
    const address = '192.0.2.10';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => signUp(index % 2 ? '/api/registercharity' : '/api/registerdonor', index, address)));
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(5);
    const refused = answers.filter(({ status }) => status === 429);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    }
    expect((await signUp('/api/registerdonor', 0, '192.0.2.11')).status).toBe(201);
  });

  it('runs no more than PASSWORD_HASH_CONCURRENCY argon2 computations at once under a sign-up flood, and logins still succeed', async () => {
    const donor = await createDonor(t.http);
    const passwords = t.app.get(PasswordService);
    const flood = Promise.all(Array.from({ length: 24 }, (_, index) => signUp('/api/registerdonor', index, `192.0.2.${100 + (index % 4)}`)));
    const logins = await Promise.all(Array.from({ length: 4 }, () => t.http.post('/api/login', { email: donor.email, password: PASSWORD })));
    const signedUp = await flood;
    expect(logins.map(({ status }) => status)).toEqual([200, 200, 200, 200]);
    expect(signedUp.filter(({ status }) => status === 201).length).toBe(20);
    expect(passwords.mostRunning).toBe(2);
    expect(passwords.running).toBe(0);
  });
});
