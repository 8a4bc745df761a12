import { LIMITS } from '@food-link/contracts';
import { DONOR_REQUEST_COLUMNS, DONOR_REQUEST_JOIN, donorRequestExtras } from '../src/listings/food.repository';
import { addFood, createCharity, createDonor, loginAs, requestPickup, type TestUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * A charity's reliability (docs/DOMAIN-RULES.md, "Reliability"): over the last 90 days, completed ÷ (completed + no-shows + ½ × late
 * cancellations), from what really happened to its requests through the API.
 */
describe('GET /api/charities/{userId}/reliability', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  const operator = { email: 'ops@reliability.test', password: 'operator password 2026' };
  const path = (userId: number) => `/api/charities/${userId}/reliability`;

  /** An item of the donor's; with `windowInHours`, a window starting that far ahead (written directly). */
  const listing = async (windowInHours?: number) => {
    const item = await addFood(t.http, donor);
    if (windowInHours !== undefined) {
      await t.db.query(
        `UPDATE food_items SET pickup_from = now() + $2 * interval '1 hour', pickup_until = now() + ($2 + 1) * interval '1 hour' WHERE id = $1`,
        [item.id, windowInHours],
      );
    }
    return item.id;
  };
  const fulfilled = async () => {
    const requestId = await requestPickup(t.http, charity, await listing());
    expect((await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token })).status).toBe(200);
    return requestId;
  };
  const cancelled = async (windowInHours?: number) => {
    const requestId = await requestPickup(t.http, charity, await listing(windowInHours));
    expect((await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token })).status).toBe(200);
    return requestId;
  };
  const noShow = async () => {
    const requestId = await requestPickup(t.http, charity, await listing());
    // Reported after the collect-by time: an earlier report counts against nothing (no-shows.int-spec.ts).
    await t.db.query(`UPDATE pickup_requests SET collect_by = now() - interval '1 minute' WHERE id = $1`, [requestId]);
    expect((await t.http.post(`/api/requests/${requestId}/no-show`, {}, { token: donor.token })).status).toBe(201);
    return requestId;
  };

  beforeAll(async () => {
    // The history is one charity's, cancelling at once as no real charity would: the pause after quick
    // cancellations is off here (tested in handover.int-spec.ts).
    t = await startTestApp({ OPERATOR_EMAIL: operator.email, OPERATOR_PASSWORD: operator.password, QUICK_CANCELS_MAX: '0' });
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
  });
  afterAll(() => t.close());

  it('is null with no history', async () => {
    const fresh = await createCharity(t.http);
    expect(await t.http.get(path(fresh.id), { token: fresh.token })).toMatchObject({
      status: 200,
      body: { completed: 0, no_shows: 0, late_cancellations: 0, score: null },
    });
  });

  it('counts fulfilled, not collected and late-cancelled requests of the last 90 days, and nothing else', async () => {
    for (let i = 0; i < 3; i += 1) await fulfilled();
    await noShow();
    await cancelled(); // without a window: the claim was its start, so late
    await cancelled(1); // 1 hour before the window: late
    await cancelled(3); // 3 hours before: in time, not counted
    await requestPickup(t.http, charity, await listing()); // pending: not counted
    // Fulfilled 100 days ago: outside the period.
    const old = await fulfilled();
    await t.db.query(`UPDATE pickup_requests SET ended_at = now() - interval '100 days' WHERE id = $1`, [old]);

    // 3 ÷ (3 + 1 + ½ × 2) = 0.6
    const expected = { completed: 3, no_shows: 1, late_cancellations: 2, score: 0.6 };
    expect(await t.http.get(path(charity.id), { token: charity.token })).toMatchObject({ status: 200, body: expected });
    expect((await t.http.get(path(charity.id), { token: donor.token })).body).toEqual(expected);
    expect((await t.http.get(path(charity.id), { token: await loginAs(t.http, operator.email, operator.password) })).body).toEqual(expected);

    // The same figures for the donor's list, through the fragments it joins (one query, no round trip more).
    const [row] = await t.db.query(`SELECT ${DONOR_REQUEST_COLUMNS} FROM pickup_requests r ${DONOR_REQUEST_JOIN} WHERE r.id = $1`, [old]);
    expect(donorRequestExtras(row)).toEqual({ charity_user_id: charity.id, charity_verified: false, charity_phone: null, reliability: expected, received: null });

    // One more no-show: 3 ÷ (3 + 2 + 1) = 0.5
    await noShow();
    expect((await t.http.get(path(charity.id), { token: donor.token })).body).toEqual({ completed: 3, no_shows: 2, late_cancellations: 2, score: 0.5 });
    expect(LIMITS.reliabilityDays).toBe(90);
  });

  it('is for signed-in donors, operators and the charity itself: 403 for another charity, 401 signed out, 404 for a non-charity', async () => {
    const other = await createCharity(t.http);
    expect(await t.http.get(path(charity.id), { token: other.token })).toMatchObject({
      status: 403,
      body: { message: 'Only donors, operators and the charity itself may see its reliability' },
    });
    expect((await t.http.get(path(charity.id))).status).toBe(401);
    expect(await t.http.get(path(donor.id), { token: donor.token })).toMatchObject({ status: 404, body: { message: 'Charity not found' } });
    expect((await t.http.get(path(99999999), { token: donor.token })).status).toBe(404);
    expect((await t.http.get('/api/charities/0/reliability', { token: donor.token })).status).toBe(400);
  });
});
