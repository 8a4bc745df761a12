import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERRORS, IMPACT_ROUTES, ORG_ROUTES, VERIFICATION_ROUTES, apiPath } from '@food-link/contracts';
import { SessionUsers } from '../src/auth/session-users';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, loginAs, pickupPointBody, requestPickup, verifyCharities, type TestUser } from './support/factories';
import type { HttpResult } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * The authorization matrix of organisation roles (docs/ORGANISATIONS.md; the accounts' own matrix is
 * authorization-matrix.int-spec.ts): each role of a donor and a charity organisation, and a removed member,
 * against the calls a role decides. Refusals are 403 and change nothing; branch staff act at their branches
 * only, and a volunteer sees only the pickups assigned to them.
 */
const DONOR_ACTORS = ['admin', 'branch_manager', 'staff', 'viewer', 'removed'] as const;
const CHARITY_ACTORS = ['admin', 'coordinator', 'volunteer', 'other_volunteer', 'removed'] as const;
type DonorActor = (typeof DONOR_ACTORS)[number];
type CharityActor = (typeof CHARITY_ACTORS)[number];

interface Target {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

describe('authorization matrix: organisation roles', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  let branch: number;
  let otherBranch: number;
  let donorOrg: number;
  let charityOrg: number;
  const donors = {} as Record<DonorActor, TestUser>;
  const charities = {} as Record<CharityActor, TestUser>;
  /** A claim of the charity's assigned to its volunteer, at the donor's branch. */
  let assignedRequest: number;

  /** A new account moved into `orgId` with `role` (arranged in SQL: the invitation flow is organisations.int-spec.ts's). */
  const memberOf = async (orgId: number, role: string, type: 'donor' | 'charity', branches: number[] = []) => {
    const user = type === 'donor' ? await createDonor(t.http) : await createCharity(t.http);
    await t.db.query(`UPDATE users SET member_only = true WHERE id = $1`, [user.id]);
    await t.db.query(`UPDATE organisation_members SET organisation_id = $2, role = $3, pickup_point_ids = $4 WHERE user_id = $1`, [user.id, orgId, role, branches]);
    await t.db.query(`DELETE FROM organisations WHERE account_id = $1`, [user.id]);
    t.app.get(SessionUsers).forget(user.id);
    return user;
  };
  const orgOf = async (account: TestUser) => (await t.db.query<{ id: number }[]>(`SELECT id FROM organisations WHERE account_id = $1`, [account.id]))[0].id;
  const call = (user: TestUser, { method, path, body }: Target) => t.http.request(method, path, { body, token: user.token });
  const foodAt = async (pointId: number) =>
    (await t.http.post('/api/add', { food_name: 'Branch meal', quantity: 4, description: 'Rice', expiration_date: cairoDateIn(2), pickup_point_id: pointId }, { token: donor.token }))
      .body.id as number;
  const claimAt = async (pointId: number) => requestPickup(t.http, charity, await foodAt(pointId));
  const snapshot = async () => ({
    food: await t.db.query('SELECT id, status, quantity, pickup_point_id FROM food_items ORDER BY id'),
    requests: await t.db.query('SELECT id, status, assignee_id FROM pickup_requests ORDER BY id'),
    points: await t.db.query('SELECT id, label, deleted_at IS NULL AS live FROM pickup_points ORDER BY id'),
    invitations: await t.db.query('SELECT id FROM organisation_invitations ORDER BY id'),
    partners: await t.db.query('SELECT donor_id, charity_id FROM donor_partners ORDER BY donor_id'),
  });

  beforeAll(async () => {
    t = await startTestApp();
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
    await verifyCharities(t.db, charity);
    await t.db.query(`UPDATE charities SET claim_limit = 100 WHERE user_id = $1`, [charity.id]);
    branch = (await createPickupPoint(t.http, donor, { label: 'Branch one' })).id;
    otherBranch = (await createPickupPoint(t.http, donor, { label: 'Branch two' })).id;
    donorOrg = await orgOf(donor);
    charityOrg = await orgOf(charity);
    donors.admin = donor;
    donors.branch_manager = await memberOf(donorOrg, 'branch_manager', 'donor', [branch]);
    donors.staff = await memberOf(donorOrg, 'staff', 'donor', [branch]);
    donors.viewer = await memberOf(donorOrg, 'viewer', 'donor');
    donors.removed = await memberOf(donorOrg, 'viewer', 'donor');
    charities.admin = charity;
    charities.coordinator = await memberOf(charityOrg, 'coordinator', 'charity');
    charities.volunteer = await memberOf(charityOrg, 'volunteer', 'charity');
    charities.other_volunteer = await memberOf(charityOrg, 'volunteer', 'charity');
    charities.removed = await memberOf(charityOrg, 'coordinator', 'charity');
    for (const [org, removed] of [[donorOrg, donors.removed], [charityOrg, charities.removed]] as const) {
      const answer = await t.http.delete(apiPath(ORG_ROUTES.member, { userId: removed.id }), { token: org === donorOrg ? donor.token : charity.token });
      if (answer.status !== 204) throw new Error(`arrange: removal ${JSON.stringify(answer.body)}`);
      removed.token = await loginAs(t.http, removed.email);
    }
    assignedRequest = await claimAt(branch);
    const assigned = await t.http.put(apiPath(ORG_ROUTES.assignee, { id: assignedRequest }), { user_id: charities.volunteer.id }, { token: charity.token });
    if (assigned.status !== 200) throw new Error(`arrange: assignment ${JSON.stringify(assigned.body)}`);
  });
  afterAll(() => t?.close());

  //                                                      admin branch_manager staff viewer removed
  const DONOR_EXPECTED: Record<string, [readonly number[], (actor: DonorActor) => Promise<Target>]> = {
    'POST /api/add (their branch by default)': [[201, 201, 201, 403, 403], async () => ({ method: 'POST', path: '/api/add', body: { food_name: 'Soup', quantity: 2, description: 'Lentil soup', expiration_date: cairoDateIn(2) } })],
    'POST /api/add at another branch': [[201, 403, 403, 403, 403], async () => ({ method: 'POST', path: '/api/add', body: { food_name: 'Soup', quantity: 2, description: 'Lentil soup', expiration_date: cairoDateIn(2), pickup_point_id: otherBranch } })],
    'PATCH /api/food/{at their branch}': [[200, 200, 403, 403, 403], async () => ({ method: 'PATCH', path: `/api/food/${await foodAt(branch)}`, body: { quantity: 9 } })],
    'PATCH /api/food/{at another branch}': [[200, 403, 403, 403, 403], async () => ({ method: 'PATCH', path: `/api/food/${await foodAt(otherBranch)}`, body: { quantity: 9 } })],
    'DELETE /api/food/{at their branch}': [[200, 200, 403, 403, 403], async () => ({ method: 'DELETE', path: `/api/food/${await foodAt(branch)}` })],
    'PUT /updaterequeststatus/{at their branch}': [[200, 200, 200, 403, 403], async () => ({ method: 'PUT', path: `/updaterequeststatus/${await claimAt(branch)}`, body: { status: 'fulfilled' } })],
    'PUT /updaterequeststatus/{at another branch}': [[200, 403, 403, 403, 403], async () => ({ method: 'PUT', path: `/updaterequeststatus/${await claimAt(otherBranch)}`, body: { status: 'fulfilled' } })],
    'GET /api/donor/{account}': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: `/api/donor/${donor.id}` })],
    'GET /api/pickup-points': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: '/api/pickup-points' })],
    'POST /api/pickup-points': [[201, 403, 403, 403, 403], async () => ({ method: 'POST', path: '/api/pickup-points', body: pickupPointBody({ label: 'Matrix branch' }) })],
    'PUT /api/donor/partners': [[200, 403, 403, 403, 403], async () => ({ method: 'PUT', path: '/api/donor/partners', body: { charity_ids: [] } })],
    'GET /api/impact/donor': [[200, 200, 403, 200, 403], async () => ({ method: 'GET', path: IMPACT_ROUTES.donor })],
    'GET /api/org': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: ORG_ROUTES.org })],
    'GET /api/org/activity': [[200, 200, 403, 200, 403], async () => ({ method: 'GET', path: ORG_ROUTES.activity })],
    'POST /api/org/invitations': [[201, 403, 403, 403, 403], async () => ({ method: 'POST', path: ORG_ROUTES.invitations, body: { email: `matrix-${Date.now()}-${Math.random()}@example.eg`, role: 'viewer' } })],
  };

  //                                                      admin coordinator volunteer other_volunteer removed
  const CHARITY_EXPECTED: Record<string, [readonly number[], (actor: CharityActor) => Promise<Target>]> = {
    'POST /api/request': [[201, 201, 403, 403, 403], async () => ({ method: 'POST', path: '/api/request', body: { food_id: await foodAt(branch) } })],
    'PUT /api/updaterequest/{id} cancelled': [[200, 200, 403, 403, 403], async () => ({ method: 'PUT', path: `/api/updaterequest/${await claimAt(branch)}`, body: { status: 'cancelled' } })],
    'GET /api/requests/{assigned}/pickup': [[200, 200, 200, 403, 403], async () => ({ method: 'GET', path: `/api/requests/${assignedRequest}/pickup` })],
    'PUT /api/requests/{id}/assignee': [[200, 200, 403, 403, 403], async () => ({ method: 'PUT', path: apiPath(ORG_ROUTES.assignee, { id: await claimAt(branch) }), body: { user_id: charities.other_volunteer.id } })],
    'DELETE /api/requests/{id}/assignee': [[200, 200, 403, 403, 403], async () => ({ method: 'DELETE', path: apiPath(ORG_ROUTES.assignee, { id: await claimAt(branch) }) })],
    'GET /api/charity/{account}': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: `/api/charity/${charity.id}` })],
    'GET /api/org/my-pickups': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: ORG_ROUTES.myPickups })],
    'GET /api/charity/verification': [[200, 403, 403, 403, 403], async () => ({ method: 'GET', path: VERIFICATION_ROUTES.charity })],
    'GET /api/impact/charity': [[200, 200, 403, 403, 403], async () => ({ method: 'GET', path: IMPACT_ROUTES.charity })],
    'POST /api/org/invitations': [[201, 403, 403, 403, 403], async () => ({ method: 'POST', path: ORG_ROUTES.invitations, body: { email: `matrix-${Date.now()}-${Math.random()}@example.eg`, role: 'volunteer' } })],
  };

  const check = async (user: TestUser, target: Target, expected: number): Promise<HttpResult> => {
    const before = expected >= 400 ? await snapshot() : null;
    const answer = await call(user, target);
    expect([target.method, target.path, answer.status]).toEqual([target.method, target.path, expected]);
    if (before) expect(await snapshot()).toEqual(before);
    return answer;
  };

  describe.each(Object.entries(DONOR_EXPECTED))('donor organisation: %s', (_name, [statuses, target]) => {
    it.each(DONOR_ACTORS.map((actor, index) => [actor, statuses[index]] as const))('%s → %i', async (actor, expected) => {
      await check(donors[actor], await target(actor), expected);
    });
  });

  describe.each(Object.entries(CHARITY_EXPECTED))('charity organisation: %s', (_name, [statuses, target]) => {
    it.each(CHARITY_ACTORS.map((actor, index) => [actor, statuses[index]] as const))('%s → %i', async (actor, expected) => {
      await check(charities[actor], await target(actor), expected);
    });
  });

  it('says why: a removed member is in no organisation, a refused role is named', async () => {
    const removed = await t.http.get(ORG_ROUTES.org, { token: donors.removed.token });
    expect(removed.body.message).toBe(ERRORS.notInOrganisation);
    const viewer = await t.http.post('/api/add', { food_name: 'Soup', quantity: 2, description: 'Soup', expiration_date: cairoDateIn(2) }, { token: donors.viewer.token });
    expect(viewer.body.message).toBe(ERRORS.orgRolesOnly(['admin', 'branch_manager', 'staff']));
    const staff = await t.http.post('/api/add', { food_name: 'Soup', quantity: 2, description: 'Soup', expiration_date: cairoDateIn(2), pickup_point_id: otherBranch }, { token: donors.staff.token });
    expect(staff.body.message).toBe(ERRORS.branchNotYours);
    const volunteer = await t.http.get(`/api/requests/${assignedRequest}/pickup`, { token: charities.other_volunteer.token });
    expect(volunteer.body.message).toBe(ERRORS.assignedVolunteersOnly);
  });

  it('lists food for the account, at the member\'s branch, by the member', async () => {
    const listed = await t.http.post('/api/add', { food_name: 'Staff soup', quantity: 2, description: 'Soup', expiration_date: cairoDateIn(2) }, { token: donors.staff.token });
    expect(listed.body).toMatchObject({ user_id: donor.id, pickup_point_id: branch });
    const [row] = await t.db.query(`SELECT donor_id, listed_by FROM food_items WHERE id = $1`, [listed.body.id]);
    expect(row).toEqual({ donor_id: donor.id, listed_by: donors.staff.id });
  });

  it("shows branch staff their branches' listings only, and the admin all, under either id", async () => {
    const atOther = await foodAt(otherBranch);
    const atBranch = await foodAt(branch);
    const ids = async (user: TestUser, id: number) => ((await t.http.get(`/api/donor/${id}`, { token: user.token })).body as { id: number }[]).map((item) => item.id);
    for (const member of [donors.branch_manager, donors.staff]) {
      for (const id of [donor.id, member.id]) {
        const seen = await ids(member, id);
        expect(seen).toContain(atBranch);
        expect(seen).not.toContain(atOther);
      }
    }
    expect(await ids(donors.viewer, donors.viewer.id)).toEqual(expect.arrayContaining([atBranch, atOther]));
    expect(await ids(donor, donor.id)).toEqual(expect.arrayContaining([atBranch, atOther]));
    expect((await t.http.get(`/api/donor/${donor.id}`, { token: charities.coordinator.token })).status).toBe(403);
  });

  it('gives a volunteer their assigned pickups with the code, and only those', async () => {
    const [{ pickup_code }] = await t.db.query<{ pickup_code: string }[]>(`SELECT pickup_code FROM pickup_requests WHERE id = $1`, [assignedRequest]);
    const mine = await t.http.get(ORG_ROUTES.myPickups, { token: charities.volunteer.token });
    expect(mine.body.pickups).toEqual([expect.objectContaining({ request_id: assignedRequest, pickup_code, status: 'pending', address: expect.stringContaining('Talaat Harb') })]);
    const others = (await t.http.get(ORG_ROUTES.myPickups, { token: charities.other_volunteer.token })).body.pickups as { request_id: number }[];
    expect(others.map((pickup) => pickup.request_id)).not.toContain(assignedRequest);
    const details = await t.http.get(`/api/requests/${assignedRequest}/pickup`, { token: charities.volunteer.token });
    expect(details.body.pickup_code).toBe(pickup_code);
    const requests = await t.http.get(`/api/charity/${charities.volunteer.id}`, { token: charities.volunteer.token });
    expect(requests.body.map((row: { request_id: number }) => row.request_id)).toEqual([assignedRequest]);
    const all = await t.http.get(`/api/charity/${charity.id}`, { token: charities.coordinator.token });
    expect(all.body.length).toBeGreaterThan(1);
    // Only members may be assigned.
    const stranger = await t.http.put(apiPath(ORG_ROUTES.assignee, { id: assignedRequest }), { user_id: donor.id }, { token: charity.token });
    expect([stranger.status, stranger.body.message]).toEqual([400, [ERRORS.assigneeNotMember]]);
    // The claim's activity names the member who acted.
    const activity = await t.http.get(ORG_ROUTES.activity, { token: charities.coordinator.token });
    expect(activity.body.entries.find((entry: { request_id: number; action: string }) => entry.request_id === assignedRequest && entry.action === 'assigned')).toMatchObject({
      actor: { user_id: charity.id },
      member_id: charities.volunteer.id,
    });
  });

  it("scopes impact to a branch manager's branches, and to one branch on request", async () => {
    for (const point of [branch, otherBranch]) {
      const fulfilled = await t.http.put(`/updaterequeststatus/${await claimAt(point)}`, { status: 'fulfilled' }, { token: donor.token });
      expect(fulfilled.status).toBe(200);
    }
    type Impact = { pickup_points: { pickup_point_id: number }[]; kg: number };
    const impact = async (user: TestUser, query = '') => (await t.http.get<Impact>(`${IMPACT_ROUTES.donor}${query}`, { token: user.token })).body;
    // The projection counts fulfilled donations after the fact.
    const all = await waitFor(() => impact(donor), (body: Impact) => [branch, otherBranch].every((id) => body.pickup_points.some((point) => point.pickup_point_id === id)), 'both branches in the impact');
    const manager = await impact(donors.branch_manager);
    expect(manager.pickup_points.map((point) => point.pickup_point_id)).toEqual([branch]);
    expect(manager.kg).toBeLessThan(all.kg);
    const one = await impact(donor, `?pickup_point_id=${otherBranch}`);
    expect(one.pickup_points.map((point) => point.pickup_point_id)).toEqual([otherBranch]);
    const refused = await t.http.get(`${IMPACT_ROUTES.donor}?pickup_point_id=${otherBranch}`, { token: donors.branch_manager.token });
    expect([refused.status, refused.body.message]).toEqual([403, ERRORS.branchNotYours]);
  });
});
