import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERRORS, EXTRA_ROUTES, IMPACT_ROUTES, ORG_ROUTES, SCHEDULE_ROUTES, TRANSPORT_ROUTES, VERIFICATION_ROUTES, apiPath } from '@food-link/contracts';
import sharp from 'sharp';
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
  /** A claim assigned to `assignee` and handed over (Donate). */
  const collectedBy = async (assignee: TestUser) => {
    const requestId = await claimAt(branch);
    const assigned = await t.http.put(apiPath(ORG_ROUTES.assignee, { id: requestId }), { user_id: assignee.id }, { token: charity.token });
    const donated = await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
    if (assigned.status !== 200 || donated.status !== 200) throw new Error(`arrange: collected ${JSON.stringify([assigned.body, donated.body])}`);
    return requestId;
  };
  const snapshot = async () => ({
    food: await t.db.query('SELECT id, status, quantity, pickup_point_id FROM food_items ORDER BY id'),
    requests: await t.db.query('SELECT id, status, assignee_id, received_at FROM pickup_requests ORDER BY id'),
    points: await t.db.query('SELECT id, label, deleted_at IS NULL AS live FROM pickup_points ORDER BY id'),
    invitations: await t.db.query('SELECT id FROM organisation_invitations ORDER BY id'),
    partners: await t.db.query('SELECT donor_id, charity_id FROM donor_partners ORDER BY donor_id'),
    schedules: await t.db.query('SELECT id, pickup_point_id, quantity, deleted_at IS NULL AS live FROM schedules ORDER BY id'),
  });
  /** A standing collection (issue 27) at `pointId`, made by the donor's admin, far enough ahead that no day is listed during the test. */
  const scheduleAt = async (pointId: number, partners: number[] = []) => {
    const made = await t.http.post(SCHEDULE_ROUTES.schedules, scheduleBody(pointId, partners), { token: donor.token });
    if (made.status !== 201) throw new Error(`arrange: schedule ${JSON.stringify(made.body)}`);
    return made.body.id as number;
  };
  const scheduleBody = (pointId: number, partners: number[] = []) => ({
    pickup_point_id: pointId,
    food_name: 'Baladi bread',
    description: 'Fresh bread from the evening bake',
    category: 'bakery',
    quantity: 40,
    rule: 'FREQ=DAILY',
    window: { from: '20:00', until: '21:30' },
    starts_on: cairoDateIn(60),
    partners,
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
    // Standing collections (apps/api/src/schedules): admins and branch managers, a branch manager at their branches only.
    'GET /api/schedules': [[200, 200, 403, 403, 403], async () => ({ method: 'GET', path: SCHEDULE_ROUTES.schedules })],
    'POST /api/schedules at their branch': [[201, 201, 403, 403, 403], async () => ({ method: 'POST', path: SCHEDULE_ROUTES.schedules, body: scheduleBody(branch) })],
    'POST /api/schedules at another branch': [[201, 403, 403, 403, 403], async () => ({ method: 'POST', path: SCHEDULE_ROUTES.schedules, body: scheduleBody(otherBranch) })],
    'GET /api/schedules/{at their branch}': [[200, 200, 403, 403, 403], async () => ({ method: 'GET', path: apiPath(SCHEDULE_ROUTES.schedule, { id: await scheduleAt(branch) }) })],
    'GET /api/schedules/{at another branch}': [[200, 403, 403, 403, 403], async () => ({ method: 'GET', path: apiPath(SCHEDULE_ROUTES.schedule, { id: await scheduleAt(otherBranch) }) })],
    'PATCH /api/schedules/{at their branch}': [[200, 200, 403, 403, 403], async () => ({ method: 'PATCH', path: apiPath(SCHEDULE_ROUTES.schedule, { id: await scheduleAt(branch) }), body: { quantity: 30 } })],
    'PATCH /api/schedules/{at another branch}': [[200, 403, 403, 403, 403], async () => ({ method: 'PATCH', path: apiPath(SCHEDULE_ROUTES.schedule, { id: await scheduleAt(otherBranch) }), body: { quantity: 30 } })],
    'PATCH /api/schedules/{at their branch} moved to another': [[200, 403, 403, 403, 403], async () => ({ method: 'PATCH', path: apiPath(SCHEDULE_ROUTES.schedule, { id: await scheduleAt(branch) }), body: { pickup_point_id: otherBranch } })],
    'DELETE /api/schedules/{at their branch}': [[200, 200, 403, 403, 403], async () => ({ method: 'DELETE', path: apiPath(SCHEDULE_ROUTES.schedule, { id: await scheduleAt(branch) }) })],
    'DELETE /api/schedules/{at another branch}': [[200, 403, 403, 403, 403], async () => ({ method: 'DELETE', path: apiPath(SCHEDULE_ROUTES.schedule, { id: await scheduleAt(otherBranch) }) })],
    // "Nothing today" (issue 29): also the branch's staff, who get its reminder.
    'POST /api/schedules/{at their branch}/occurrences/{date}/skip': [[201, 201, 201, 403, 403], async () => ({ method: 'POST', path: apiPath(SCHEDULE_ROUTES.skip, { id: await scheduleAt(branch), date: cairoDateIn(60) }) })],
    'POST /api/schedules/{at another branch}/occurrences/{date}/skip': [[201, 403, 403, 403, 403], async () => ({ method: 'POST', path: apiPath(SCHEDULE_ROUTES.skip, { id: await scheduleAt(otherBranch), date: cairoDateIn(60) }) })],
    // Who is coming for the food (issue 28): the donor's members who see the listing's branch.
    'GET /api/requests/{assigned}/trip': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: apiPath(TRANSPORT_ROUTES.trip, { id: assignedRequest }) })],
    'GET /api/volunteer/profile': [[403, 403, 403, 403, 403], async () => ({ method: 'GET', path: TRANSPORT_ROUTES.volunteerProfile })],
  };

  //                                                      admin coordinator volunteer other_volunteer removed
  const CHARITY_EXPECTED: Record<string, [readonly number[], (actor: CharityActor) => Promise<Target>]> = {
    'POST /api/request': [[201, 201, 403, 403, 403], async () => ({ method: 'POST', path: '/api/request', body: { food_id: await foodAt(branch) } })],
    'PUT /api/updaterequest/{id} cancelled': [[200, 200, 403, 403, 403], async () => ({ method: 'PUT', path: `/api/updaterequest/${await claimAt(branch)}`, body: { status: 'cancelled' } })],
    'GET /api/requests/{assigned}/pickup': [[200, 200, 200, 403, 403], async () => ({ method: 'GET', path: `/api/requests/${assignedRequest}/pickup` })],
    'PUT /api/requests/{id}/assignee': [[200, 200, 403, 403, 403], async () => ({ method: 'PUT', path: apiPath(ORG_ROUTES.assignee, { id: await claimAt(branch) }), body: { user_id: charities.other_volunteer.id } })],
    'DELETE /api/requests/{id}/assignee': [[200, 200, 403, 403, 403], async () => ({ method: 'DELETE', path: apiPath(ORG_ROUTES.assignee, { id: await claimAt(branch) }) })],
    // What arrived, reported from My pickups: the assignee (the volunteer), coordinators and admins; not another volunteer.
    'POST /api/requests/{assigned to the volunteer, collected}/received': [
      [201, 201, 201, 403, 403],
      async () => ({ method: 'POST', path: `/api/requests/${await collectedBy(charities.volunteer)}/received`, body: { received_quantity: 3 } }),
    ],
    'GET /api/charity/{account}': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: `/api/charity/${charity.id}` })],
    'GET /api/org/my-pickups': [[200, 200, 200, 200, 403], async () => ({ method: 'GET', path: ORG_ROUTES.myPickups })],
    'GET /api/charity/verification': [[200, 403, 403, 403, 403], async () => ({ method: 'GET', path: VERIFICATION_ROUTES.charity })],
    'GET /api/impact/charity': [[200, 200, 403, 403, 403], async () => ({ method: 'GET', path: IMPACT_ROUTES.charity })],
    'POST /api/org/invitations': [[201, 403, 403, 403, 403], async () => ({ method: 'POST', path: ORG_ROUTES.invitations, body: { email: `matrix-${Date.now()}-${Math.random()}@example.eg`, role: 'volunteer' } })],
    // Standing collections: the charity's admins and coordinators answer for it; past the role check, a day
    // not listed yet is 409 (what matters here: not the volunteer's 403).
    'GET /api/charity/standing': [[200, 200, 403, 403, 403], async () => ({ method: 'GET', path: SCHEDULE_ROUTES.charityStanding })],
    'POST /api/schedules/{id}/occurrences/{date}/confirm': [[409, 409, 403, 403, 403], async () => ({ method: 'POST', path: apiPath(SCHEDULE_ROUTES.confirm, { id: await scheduleAt(branch, [charity.id]), date: cairoDateIn(60) }) })],
    'POST /api/schedules/{id}/occurrences/{date}/decline': [[409, 409, 403, 403, 403], async () => ({ method: 'POST', path: apiPath(SCHEDULE_ROUTES.decline, { id: await scheduleAt(branch, [charity.id]), date: cairoDateIn(60) }) })],
    'POST /api/schedules/{id}/occurrences/{date}/skip (a donor\'s)': [[403, 403, 403, 403, 403], async () => ({ method: 'POST', path: apiPath(SCHEDULE_ROUTES.skip, { id: await scheduleAt(branch, [charity.id]), date: cairoDateIn(60) }) })],
    // Transport (issue 28). No volunteer here has a profile, so an offer finds nobody who fits (409): past the role check.
    'POST /api/requests/{id}/transport': [[409, 409, 403, 403, 403], async () => ({ method: 'POST', path: apiPath(TRANSPORT_ROUTES.offerTransport, { id: await claimAt(branch) }), body: {} })],
    'GET /api/volunteer/profile': [[403, 403, 200, 200, 403], async () => ({ method: 'GET', path: TRANSPORT_ROUTES.volunteerProfile })],
    'GET /api/volunteer/offers': [[403, 403, 200, 200, 403], async () => ({ method: 'GET', path: TRANSPORT_ROUTES.myOffers })],
    'GET /api/volunteer/trips': [[403, 403, 200, 200, 403], async () => ({ method: 'GET', path: `${TRANSPORT_ROUTES.trips}?date=${cairoDateIn(1)}` })],
    'GET /api/requests/{assigned}/trip': [[200, 200, 200, 403, 403], async () => ({ method: 'GET', path: apiPath(TRANSPORT_ROUTES.trip, { id: assignedRequest }) })],
    // Only the assignee marks the trip; a coordinator or admin who is not it: 403.
    'POST /api/requests/{assigned}/on-the-way': [[403, 403, 200, 403, 403], async () => ({ method: 'POST', path: apiPath(TRANSPORT_ROUTES.onTheWay, { id: assignedRequest }), body: { eta_minutes: 10 } })],
    'POST /api/requests/{assigned, not handed over}/delivered': [[403, 403, 409, 403, 403], async () => ({ method: 'POST', path: apiPath(TRANSPORT_ROUTES.delivered, { id: assignedRequest }) })],
    // A volunteer gives back only a pickup of their own (transport.int-spec.ts): one assigned to someone else, 403.
    'DELETE /api/requests/{assigned to someone else}/assignee': [[200, 200, 403, 403, 403], async () => {
      const requestId = await claimAt(branch);
      const assigned = await t.http.put(apiPath(ORG_ROUTES.assignee, { id: requestId }), { user_id: charities.coordinator.id }, { token: charity.token });
      if (assigned.status !== 200) throw new Error(`arrange: assignment ${JSON.stringify(assigned.body)}`);
      return { method: 'DELETE', path: apiPath(ORG_ROUTES.assignee, { id: requestId }) };
    }],
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

  it("keeps a listing's photos to its branch's managers and staff: another branch's are refused (403), upload and removal", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();
    const upload = async (user: TestUser, foodId: number) => {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      const response = await fetch(`${t.baseUrl}${apiPath(EXTRA_ROUTES.foodPhotos, { id: foodId })}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
      return { status: response.status, body: (await response.json()) as { message?: unknown } };
    };
    const photoCount = async (foodId: number) => (await t.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM food_photos WHERE food_id = $1', [foodId]))[0].n;
    const here = await foodAt(branch);
    const there = await foodAt(otherBranch);
    expect((await upload(donors.staff, here)).status).toBe(201);
    expect((await upload(donors.branch_manager, here)).status).toBe(201);
    for (const member of [donors.staff, donors.branch_manager]) {
      const refused = await upload(member, there);
      expect([refused.status, refused.body.message]).toEqual([403, ERRORS.branchNotYours]);
    }
    expect(await photoCount(there)).toBe(0);
    expect((await upload(donors.admin, there)).status).toBe(201);
    for (const member of [donors.staff, donors.branch_manager]) {
      const removal = await t.http.delete(apiPath(EXTRA_ROUTES.foodPhoto, { id: there, index: 0 }), { token: member.token });
      expect([removal.status, removal.body.message]).toEqual([403, ERRORS.branchNotYours]);
    }
    expect(await photoCount(there)).toBe(1);
    expect((await t.http.delete(apiPath(EXTRA_ROUTES.foodPhoto, { id: here, index: 0 }), { token: donors.staff.token })).status).toBe(200);
    expect(await photoCount(here)).toBe(1);
    expect((await upload(donors.viewer, here)).status).toBe(403);
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
    // Exactly the claims assigned to them: the pending one, and those the matrix above had them collect.
    const theirs = await t.db.query<{ id: number }[]>(`SELECT id FROM pickup_requests WHERE assignee_id = $1 AND status IN ('pending', 'fulfilled') ORDER BY id`, [charities.volunteer.id]);
    const mine = await t.http.get(ORG_ROUTES.myPickups, { token: charities.volunteer.token });
    expect(mine.body.pickups.map((pickup: { request_id: number }) => pickup.request_id).sort((a: number, b: number) => a - b)).toEqual(theirs.map((row) => row.id));
    expect(mine.body.pickups.filter((pickup: { status: string }) => pickup.status === 'pending')).toEqual([
      expect.objectContaining({ request_id: assignedRequest, pickup_code, status: 'pending', address: expect.stringContaining('Talaat Harb'), unit: 'portion', received: null }),
    ]);
    // A collected one carries what was reported to have arrived.
    expect(mine.body.pickups.filter((pickup: { status: string }) => pickup.status === 'fulfilled')).toContainEqual(
      expect.objectContaining({ received: expect.objectContaining({ received_quantity: 3 }) }),
    );
    const others = (await t.http.get(ORG_ROUTES.myPickups, { token: charities.other_volunteer.token })).body.pickups as { request_id: number }[];
    expect(others.map((pickup) => pickup.request_id)).not.toContain(assignedRequest);
    const details = await t.http.get(`/api/requests/${assignedRequest}/pickup`, { token: charities.volunteer.token });
    expect(details.body.pickup_code).toBe(pickup_code);
    const requests = await t.http.get(`/api/charity/${charities.volunteer.id}`, { token: charities.volunteer.token });
    expect(requests.body.map((row: { request_id: number }) => row.request_id).sort((a: number, b: number) => a - b)).toEqual(theirs.map((row) => row.id));
    const all = await t.http.get(`/api/charity/${charity.id}`, { token: charities.coordinator.token });
    expect(all.body.length).toBeGreaterThan(1);
    // Only members may be assigned.
    const stranger = await t.http.put(apiPath(ORG_ROUTES.assignee, { id: assignedRequest }), { user_id: donor.id }, { token: charity.token });
    expect([stranger.status, stranger.body.message]).toEqual([400, [ERRORS.assigneeNotMember]]);
    // The claim's activity names the member who acted.
    // (Paged: the matrix above wrote more than a page of entries since.)
    type Entry = { request_id: number; action: string };
    let assignedEntry: Entry | undefined;
    for (let cursor: string | null = '', pages = 0; cursor !== null && !assignedEntry && pages < 20; pages += 1) {
      const page = await t.http.get(`${ORG_ROUTES.activity}${cursor ? `?cursor=${cursor}` : ''}`, { token: charities.coordinator.token });
      assignedEntry = (page.body.entries as Entry[]).find((entry) => entry.request_id === assignedRequest && entry.action === 'assigned');
      cursor = page.body.next_cursor as string | null;
    }
    expect(assignedEntry).toMatchObject({
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
    expect(all.pickup_points.length).toBeGreaterThanOrEqual(2);
    // Read together once the projection has caught up (the matrix above fulfilled claims at both branches):
    // the manager's figures leave out the other branch's donations.
    const [everything, manager] = await waitFor(
      async () => [await impact(donor), await impact(donors.branch_manager)] as const,
      ([whole, mine]) => mine.kg < whole.kg,
      "the branch manager's figures below the organisation's",
    );
    expect(manager.pickup_points.map((point) => point.pickup_point_id)).toEqual([branch]);
    expect(manager.kg).toBeLessThan(everything.kg);
    const one = await impact(donor, `?pickup_point_id=${otherBranch}`);
    expect(one.pickup_points.map((point) => point.pickup_point_id)).toEqual([otherBranch]);
    const refused = await t.http.get(`${IMPACT_ROUTES.donor}?pickup_point_id=${otherBranch}`, { token: donors.branch_manager.token });
    expect([refused.status, refused.body.message]).toEqual([403, ERRORS.branchNotYours]);
  });
});
