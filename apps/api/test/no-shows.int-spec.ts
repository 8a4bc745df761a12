import { apiPath, ERRORS, EXTRA_ROUTES, LIMITS, NO_SHOW_SUSPENSION, VERIFICATION_ROUTES } from '@food-link/contracts';
import { addFood, createCharity, createDonor, loginAs, requestPickup, verifyCharities, type TestUser } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * No-shows that cannot be abused (issue 31 item 3; docs/DOMAIN-RULES.md, "The handover"): a donor's report
 * before the collect-by time ends the claim but counts against nothing; one donor's repeated reports count
 * once toward the automatic suspension; operators overturn a no-show, which lifts a suspension it caused.
 */
describe('no-shows: when they count, and their overturn', () => {
  let t: TestApp;
  let operator: string;
  const OPERATOR = { email: 'ops@no-shows.test', password: 'operator password 2026' };
  const reliability = async (charity: TestUser) => (await t.http.get(`/api/charities/${charity.id}/reliability`, { token: operator })).body;
  const verification = async (charity: TestUser) => (await t.http.get(VERIFICATION_ROUTES.charity, { token: charity.token })).body;
  const overturnPath = (requestId: number) => apiPath(EXTRA_ROUTES.overturnNoShow, { requestId });
  const overturn = (token: string, requestId: number, body: unknown = { reason: 'The donor gave the wrong address' }) =>
    t.http.post(overturnPath(requestId), body, { token });
  const reportNoShow = (donor: TestUser, requestId: number) => t.http.post(`/api/requests/${requestId}/no-show`, {}, { token: donor.token });

  /** A claim of `donor`'s new item by `charity`; `due`: its collect-by time already passed. */
  const claimOf = async (donor: TestUser, charity: TestUser, due: boolean) => {
    const item = await addFood(t.http, donor);
    const requestId = await requestPickup(t.http, charity, item.id);
    if (due) await t.db.query(`UPDATE pickup_requests SET collect_by = now() - interval '1 minute' WHERE id = $1`, [requestId]);
    return requestId;
  };
  /** A no-show `donor` reports after the collect-by time. */
  const dueNoShow = async (donor: TestUser, charity: TestUser) => {
    const requestId = await claimOf(donor, charity, true);
    expect((await reportNoShow(donor, requestId)).status).toBe(201);
    return requestId;
  };

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
    operator = await loginAs(t.http, OPERATOR.email, OPERATOR.password);
  });
  afterAll(() => t.close());

  it('a report right after the claim (the review saw 30 ms) ends it, but counts against nothing', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    await verifyCharities(t.db, charity);
    for (let i = 0; i < NO_SHOW_SUSPENSION.noShows + 1; i += 1) {
      const requestId = await claimOf(donor, charity, false);
      expect(await reportNoShow(donor, requestId)).toMatchObject({ status: 201, body: { status: 'not_collected' } });
    }
    expect(await reliability(charity)).toMatchObject({ no_shows: 0 });
    expect(await verification(charity)).toMatchObject({ claiming_suspended_until: null, claim_limit: LIMITS.activeClaimsMax });
    // The operators see them, marked as not counting.
    const listed = (await t.http.get(`${VERIFICATION_ROUTES.ops}?status=verified`, { token: operator })).body.find(
      (item: { user_id: number }) => item.user_id === charity.id,
    );
    expect(listed.no_show_list).toHaveLength(NO_SHOW_SUSPENSION.noShows + 1);
    expect(listed.no_show_list.every((entry: { counts: boolean; donor_id: number }) => !entry.counts && entry.donor_id === donor.id)).toBe(true);
  });

  it('five no-shows by one donor count toward reliability but do not suspend; three donors do', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    await verifyCharities(t.db, charity);
    for (let i = 0; i < 5; i += 1) await dueNoShow(donor, charity);
    expect(await reliability(charity)).toMatchObject({ no_shows: 5 });
    expect(await verification(charity)).toMatchObject({ claiming_suspended_until: null, claim_limit: LIMITS.activeClaimsMax });

    await dueNoShow(await createDonor(t.http), charity);
    expect((await verification(charity)).claiming_suspended_until).toBeNull();
    await dueNoShow(await createDonor(t.http), charity);
    expect(await verification(charity)).toMatchObject({ claiming_suspended_until: expect.any(String), claim_limit: 0 });
  });

  it('an overturn lowers the count, lifts the suspension it caused, writes the audit trail and tells the charity', async () => {
    const charity = await createCharity(t.http);
    await verifyCharities(t.db, charity);
    const requests: number[] = [];
    for (let i = 0; i < NO_SHOW_SUSPENSION.noShows; i += 1) requests.push(await dueNoShow(await createDonor(t.http), charity));
    expect(await verification(charity)).toMatchObject({ claim_limit: 0, claiming_suspended_until: expect.any(String) });
    expect((await reliability(charity)).no_shows).toBe(NO_SHOW_SUSPENSION.noShows);

    const live = await LiveClient.connect(t.baseUrl, charity.token, []);
    try {
      const answer = await overturn(operator, requests[1]);
      expect(answer).toMatchObject({
        status: 200,
        body: {
          request_id: requests[1],
          charity_id: charity.id,
          reliability: { no_shows: NO_SHOW_SUSPENSION.noShows - 1 },
          verification: { claiming_suspended_until: null, claim_limit: LIMITS.activeClaimsMax },
        },
      });
      const event = await live.next('charity.verification', (e) => e.data.action === 'overturn_no_show');
      expect(event.data).toMatchObject({ charityId: charity.id, verification: { claiming_suspended_until: null, claim_limit: LIMITS.activeClaimsMax } });
    } finally {
      live.close();
    }
    expect((await reliability(charity)).no_shows).toBe(NO_SHOW_SUSPENSION.noShows - 1);
    expect(await verification(charity)).toMatchObject({ claiming_suspended_until: null, claim_limit: LIMITS.activeClaimsMax });
    const trail = (await t.http.get(apiPath(VERIFICATION_ROUTES.opsAudit, { userId: charity.id }), { token: operator })).body;
    expect(trail[0]).toMatchObject({ action: 'overturn_no_show', reason: 'The donor gave the wrong address', subject_id: charity.id, actor_id: expect.any(Number) });
    const [row] = await t.db.query(`SELECT no_show_overturned_at, no_show_overturn_reason FROM pickup_requests WHERE id = $1`, [requests[1]]);
    expect(row).toEqual({ no_show_overturned_at: expect.any(Date), no_show_overturn_reason: 'The donor gave the wrong address' });
    // The charity may claim again.
    expect((await t.http.post('/api/request', { food_id: (await addFood(t.http, await createDonor(t.http))).id }, { token: charity.token })).status).toBe(201);

    // Once only; only no-shows; bad input is a 400 naming the field; unknown requests 404.
    expect(await overturn(operator, requests[1])).toMatchObject({ status: 409, body: { message: ERRORS.noShowAlreadyOverturned } });
    const pending = await claimOf(await createDonor(t.http), await createCharity(t.http), false);
    expect(await overturn(operator, pending)).toMatchObject({ status: 409, body: { message: ERRORS.notANoShow } });
    const missing = await overturn(operator, requests[0], {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.message)).toContain('reason');
    expect((await overturn(operator, 99999999)).status).toBe(404);
  });

  it('an overturn leaves a suspension standing while enough other no-shows remain', async () => {
    const charity = await createCharity(t.http);
    await verifyCharities(t.db, charity);
    const claims: { donor: TestUser; requestId: number }[] = [];
    for (let i = 0; i <= NO_SHOW_SUSPENSION.noShows; i += 1) {
      const donor = await createDonor(t.http);
      claims.push({ donor, requestId: await claimOf(donor, charity, true) });
    }
    for (const { donor, requestId } of claims) expect((await reportNoShow(donor, requestId)).status).toBe(201);
    // The fourth came after the suspension: it did not cause it.
    const fourth = claims[NO_SHOW_SUSPENSION.noShows].requestId;
    expect((await overturn(operator, fourth)).body).toMatchObject({ reliability: { no_shows: NO_SHOW_SUSPENSION.noShows }, verification: { claim_limit: 0 } });
    expect((await verification(charity)).claiming_suspended_until).toEqual(expect.any(String));
  });

  it('only operators may overturn (401 signed out, 403 for donors and charities), and a refusal changes nothing', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    const requestId = await dueNoShow(donor, charity);
    expect((await t.http.post(overturnPath(requestId), { reason: 'x' })).status).toBe(401);
    for (const who of [donor, charity, await createDonor(t.http)]) {
      expect(await overturn(who.token, requestId)).toMatchObject({ status: 403, body: { message: ERRORS.rolesOnly(['operator']) } });
    }
    const [row] = await t.db.query(`SELECT no_show_overturned_at FROM pickup_requests WHERE id = $1`, [requestId]);
    expect(row.no_show_overturned_at).toBeNull();
    expect((await reliability(charity)).no_shows).toBe(1);
  });
});
