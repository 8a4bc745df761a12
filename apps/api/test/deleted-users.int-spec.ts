import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { SESSION_USER_TTL_MS, SessionUsers } from '../src/auth/session-users';
import { addFood, cairoDateIn, createCharity, createDonor, type TestUser } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * A valid token whose account no longer exists is no session: 401 for every signed-in call (never a 500
 * from a foreign key, never a 200 with nothing), and no socket. Tokens without an expiry are refused.
 */
describe('tokens of users that no longer exist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  /** Deletes the account's row, as account deletion will (charities' rows go with it). */
  // The row itself, gone (not the product's soft deletion): its organisation's rows go first (their keys name it).
  const deleteAccount = async (user: TestUser) => {
    const orgs = `SELECT id FROM organisations WHERE account_id = $1`;
    await t.db.query(`DELETE FROM organisation_activity WHERE organisation_id IN (${orgs}) OR actor_id = $1`, [user.id]);
    await t.db.query(`DELETE FROM organisation_invitations WHERE organisation_id IN (${orgs})`, [user.id]);
    await t.db.query(`DELETE FROM organisation_members WHERE organisation_id IN (${orgs}) OR user_id = $1`, [user.id]);
    await t.db.query(`DELETE FROM organisations WHERE account_id = $1`, [user.id]);
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
  };
  const newItem = () => ({ food_name: 'Feteer', quantity: 3, description: 'Three feteer', expiration_date: cairoDateIn(2) });

  it('answers 401 to every signed-in call and refuses the socket once the account is deleted and forgotten', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const item = await addFood(t.http, donor);
    for (const user of [donor, charity]) {
      expect((await t.http.get('/api/auth/me', { token: user.token })).status).toBe(200);
    }
    await t.db.query('DELETE FROM food_items WHERE id = $1', [item.id]);
    await deleteAccount(donor);
    await deleteAccount(charity);
    t.app.get(SessionUsers).forget(donor.id);
    t.app.get(SessionUsers).forget(charity.id);

    const calls = [
      t.http.get('/api/auth/me', { token: donor.token }),
      t.http.post('/api/add', newItem(), { token: donor.token }),
      t.http.get(`/api/donor/${donor.id}`, { token: donor.token }),
      t.http.get('/api/auth/me', { token: charity.token }),
      t.http.get(`/api/charity/${charity.id}`, { token: charity.token }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ statusCode: 401, message: 'The session token is invalid or has expired' });
    }
    await expect(LiveClient.connect(t.baseUrl, donor.token)).rejects.toThrow(/unauthorized/);
  });

  it(`takes effect without forget() within ${SESSION_USER_TTL_MS / 1000} s (other instances)`, async () => {
    const donor = await createDonor(t.http);
    expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(200);
    await deleteAccount(donor);
    await waitFor(async () => (await t.http.get(`/api/donor/${donor.id}`, { token: donor.token })).status, (status) => status === 401, 'refused', SESSION_USER_TTL_MS + 5000);
  });

  it('answers a write by an account deleted a moment ago with 401, not a 500 from the foreign key', async () => {
    const donor = await createDonor(t.http);
    // The account is known to exist (remembered for a few seconds), then deleted before the write.
    expect((await t.http.get('/api/auth/me', { token: donor.token })).status).toBe(200);
    await deleteAccount(donor);
    const write = await t.http.post('/api/add', newItem(), { token: donor.token });
    expect(write.status).toBe(401);
    expect(write.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('refuses tokens without an expiry, whoever they name', async () => {
    const donor = await createDonor(t.http);
    const forever = await new JwtService({ secret: t.env.JWT_SECRET }).signAsync({ sub: String(donor.id), typ: 'donor' });
    expect((await t.http.get('/api/auth/me', { token: forever })).status).toBe(401);
    expect((await t.http.post('/api/add', newItem(), { token: forever })).status).toBe(401);
    await expect(LiveClient.connect(t.baseUrl, forever)).rejects.toThrow(/unauthorized/);
  });

  it('refuses a token whose type is not the account type', async () => {
    const donor = await createDonor(t.http);
    const charityClaim = await new JwtService({ secret: t.env.JWT_SECRET }).signAsync({ sub: String(donor.id), typ: 'charity' }, { expiresIn: 60 });
    expect((await t.http.get('/api/auth/me', { token: charityClaim })).status).toBe(401);
  });
});
