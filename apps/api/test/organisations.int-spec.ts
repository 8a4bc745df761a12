import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERRORS, ORG_ROUTES, SOCKET_ROOMS, type AcceptedInvitation, type OrgView } from '@food-link/contracts';
import type { Server } from 'socket.io';
import { RealtimePublisher } from '../src/realtime/realtime-publisher';
import { createCharity, createDonor, createPickupPoint, loginAs, PASSWORD, type TestUser } from './support/factories';
import { SmtpSink, type ReceivedMail } from './support/smtp-sink';
import { LiveClient, refusal } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

const PUBLIC_URL = 'https://foodlink.example';
const path = (route: string, params: Record<string, number> = {}) => route.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

/**
 * Organisations (docs/ORGANISATIONS.md) through the real API, PostgreSQL, Redis and an SMTP server this
 * test starts: sign-up makes an organisation, invitations go by e-mail and are accepted by signing up or
 * signing in, the last admin stays, and a removed member's tokens and sockets stop at once.
 */
describe('organisations', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let sequence = 0;
  const newEmail = () => `member-${process.pid}-${Date.now().toString(36)}-${++sequence}@example.eg`;

  const tokenIn = (mail: ReceivedMail): string => {
    const match = /https:\/\/foodlink\.example\/join\?token=([\w-]+)/.exec(mail.text);
    if (!match) throw new Error(`No invitation link in: ${mail.text}`);
    return match[1];
  };
  const invite = (admin: TestUser, body: Record<string, unknown>) => t.http.post(ORG_ROUTES.invitations, body, { token: admin.token });
  /** Invites `email` as `role` and reads the token from the e-mail. */
  const invited = async (admin: TestUser, role: string, extra: Record<string, unknown> = {}) => {
    const email = newEmail();
    const created = await invite(admin, { email, role, ...extra });
    expect(created.status).toBe(201);
    return { email, token: tokenIn(await smtp.waitFor(email)), invitationId: created.body.invitation_id as number };
  };
  /** Invites and joins as a new account; answers the member's session. */
  const member = async (admin: TestUser, role: string, extra: Record<string, unknown> = {}) => {
    const { email, token } = await invited(admin, role, extra);
    const joined = await t.http.post(ORG_ROUTES.acceptInvitation, { token, name: `Member ${sequence}`, password: PASSWORD });
    expect(joined.status).toBe(200);
    return { ...(joined.body as AcceptedInvitation), email };
  };

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('makes every sign-up the admin of an organisation of its own, and login still answers its type', async () => {
    const donor = await createDonor(t.http);
    const charity = await createCharity(t.http);
    for (const user of [donor, charity]) {
      const org = await t.http.get<OrgView>(ORG_ROUTES.org, { token: user.token });
      expect(org.status).toBe(200);
      expect(org.body).toMatchObject({ name: user.name, kind: user.type, account_id: user.id, my_role: 'admin', my_pickup_point_ids: [] });
      expect(org.body.members).toEqual([{ user_id: user.id, name: user.name, email: user.email, role: 'admin', pickup_point_ids: [] }]);
    }
  });

  it('invites by e-mail in the invitee\'s language, and a new account joins from the link as a volunteer', async () => {
    const charity = await createCharity(t.http, { language: 'ar' });
    const email = newEmail();
    const created = await invite(charity, { email: email.toUpperCase(), role: 'volunteer' });
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toContain(charity.name);
    expect(mail.text).toContain('متطوع');
    const token = tokenIn(mail);

    const pending = await t.http.get(ORG_ROUTES.invitations, { token: charity.token });
    expect(pending.body.invitations).toEqual([
      expect.objectContaining({ invitation_id: created.body.invitation_id, email, role: 'volunteer', pickup_point_ids: [], invited_by: charity.name }),
    ]);
    const preview = await t.http.get(`${ORG_ROUTES.previewInvitation}?token=${token}`);
    expect(preview.body).toMatchObject({ organisation: charity.name, kind: 'charity', role: 'volunteer', email, has_account: false });

    const withoutName = await t.http.post(ORG_ROUTES.acceptInvitation, { token });
    expect(withoutName.status).toBe(400);
    expect(withoutName.body.message).toEqual([ERRORS.invitationSignUpNeedsName]);

    const joined = await t.http.post(ORG_ROUTES.acceptInvitation, { token, name: 'Omar Said', password: PASSWORD });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ user_type: 'charity', name: 'Omar Said', role: 'volunteer' });
    const login = await t.http.post('/api/login', { email, password: PASSWORD });
    expect(login.body.data[0]).toEqual({ name: 'Omar Said', user_id: joined.body.user_id, user_type: 'charity' });

    const seen = await t.http.get<OrgView>(ORG_ROUTES.org, { token: joined.body.token });
    expect(seen.body.my_role).toBe('volunteer');
    // A volunteer sees names and roles, not e-mails.
    expect(seen.body.members.map((row) => row.email)).toEqual([undefined, undefined]);
    expect((await t.http.get(ORG_ROUTES.invitations, { token: charity.token })).body.invitations).toEqual([]);

    const again = await t.http.post(ORG_ROUTES.acceptInvitation, { token, name: 'Someone', password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(ERRORS.invitationUsed);
    expect((await t.http.get(`${ORG_ROUTES.previewInvitation}?token=${token}`)).status).toBe(410);
    const activity = await t.http.get(ORG_ROUTES.activity, { token: charity.token });
    expect(activity.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['joined', 'invited']);
  });

  it('answers 410 for an expired, withdrawn or unknown link, 400 for a token that cannot be one', async () => {
    const donor = await createDonor(t.http);
    const expired = await invited(donor, 'viewer');
    await t.db.query(`UPDATE organisation_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.invitationId]);
    const late = await t.http.post(ORG_ROUTES.acceptInvitation, { token: expired.token, name: 'Late', password: PASSWORD });
    expect([late.status, late.body.message]).toEqual([410, ERRORS.invitationExpired]);

    const withdrawn = await invited(donor, 'viewer');
    expect((await t.http.delete(path(ORG_ROUTES.invitation, { id: withdrawn.invitationId }), { token: donor.token })).status).toBe(204);
    expect((await t.http.delete(path(ORG_ROUTES.invitation, { id: withdrawn.invitationId }), { token: donor.token })).status).toBe(404);
    const gone = await t.http.post(ORG_ROUTES.acceptInvitation, { token: withdrawn.token, name: 'Gone', password: PASSWORD });
    expect([gone.status, gone.body.message]).toEqual([410, ERRORS.invitationWithdrawn]);

    const unknown = await t.http.post(ORG_ROUTES.acceptInvitation, { token: 'not-a-real-token', name: 'X', password: PASSWORD });
    expect([unknown.status, unknown.body.message]).toEqual([410, ERRORS.invitationUnknown]);
    const unknownPreview = await t.http.get(`${ORG_ROUTES.previewInvitation}?token=not-a-real-token`);
    expect([unknownPreview.status, unknownPreview.body.message]).toEqual([410, ERRORS.invitationUnknown]);
    // A token that cannot be one (too long) is bad input: 400 naming the field.
    const tooLong = await t.http.post(ORG_ROUTES.acceptInvitation, { token: 'x'.repeat(201), name: 'X', password: PASSWORD });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, ['token must be shorter than or equal to 200 characters']]);
  });

  it('refuses a user already in an organisation (409), and lets a removed member join another by signing in', async () => {
    const first = await createCharity(t.http);
    const second = await createCharity(t.http);
    const omar = await member(first, 'coordinator');
    const toSecond = await invited(second, 'volunteer');
    await t.db.query(`UPDATE organisation_invitations SET email = $2 WHERE id = $1`, [toSecond.invitationId, omar.email]);
    const busy = await t.http.post(ORG_ROUTES.acceptInvitation, { token: toSecond.token }, { token: omar.token });
    expect([busy.status, busy.body.message]).toEqual([409, ERRORS.alreadyInOrganisation]);
    // An existing account signing up again with the invited e-mail is told to sign in.
    const signUp = await t.http.post(ORG_ROUTES.acceptInvitation, { token: toSecond.token, name: 'Omar', password: PASSWORD });
    expect([signUp.status, signUp.body.message]).toEqual([409, ERRORS.emailTaken]);

    expect((await t.http.delete(path(ORG_ROUTES.member, { userId: omar.user_id }), { token: first.token })).status).toBe(204);
    const fresh = await loginAs(t.http, omar.email);
    const orphan = await t.http.get(ORG_ROUTES.org, { token: fresh });
    expect([orphan.status, orphan.body.message]).toEqual([403, ERRORS.notInOrganisation]);
    expect((await t.http.get(`/api/charity/${first.id}`, { token: fresh })).status).toBe(403);
    const joined = await t.http.post(ORG_ROUTES.acceptInvitation, { token: toSecond.token }, { token: fresh });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ user_id: omar.user_id, role: 'volunteer' });
    expect((await t.http.get<OrgView>(ORG_ROUTES.org, { token: joined.body.token })).body.account_id).toBe(second.id);
  });

  it('refuses an invitation accepted while signed in with another e-mail (403)', async () => {
    const donor = await createDonor(t.http);
    const viewer = await member(donor, 'viewer');
    expect((await t.http.delete(path(ORG_ROUTES.member, { userId: viewer.user_id }), { token: donor.token })).status).toBe(204);
    const { token } = await invited(donor, 'viewer');
    const refused = await t.http.post(ORG_ROUTES.acceptInvitation, { token }, { token: await loginAs(t.http, viewer.email) });
    expect([refused.status, refused.body.message]).toEqual([403, ERRORS.invitationForAnotherEmail]);
  });

  it('checks roles and branches: the role of the kind, branches for branch roles only and of the organisation', async () => {
    const donor = await createDonor(t.http);
    const point = await createPickupPoint(t.http, donor);
    const otherDonor = await createDonor(t.http);
    const foreign = await createPickupPoint(t.http, otherDonor);
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'volunteer' }, ERRORS.roleNotOfOrganisation('donor')],
      [{ role: 'staff' }, ERRORS.branchesRequired],
      [{ role: 'viewer', pickup_point_ids: [point.id] }, ERRORS.branchesForBranchRolesOnly],
      [{ role: 'branch_manager', pickup_point_ids: [foreign.id] }, ERRORS.branchNotOfOrganisation],
    ];
    for (const [body, message] of cases) {
      const refused = await invite(donor, { email: newEmail(), ...body });
      expect([refused.status, refused.body.message]).toEqual([400, [message]]);
    }
    const badEmail = await invite(donor, { email: 'not-an-email', role: 'viewer' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message[0]).toMatch(/^email /);

    const staff = await member(donor, 'staff', { pickup_point_ids: [point.id] });
    const org = await t.http.get<OrgView>(ORG_ROUTES.org, { token: staff.token });
    expect(org.body).toMatchObject({ my_role: 'staff', my_pickup_point_ids: [point.id] });
    // Staff may not invite or manage members.
    const notAdmin = await invite({ ...donor, token: staff.token }, { email: newEmail(), role: 'viewer' });
    expect([notAdmin.status, notAdmin.body.message]).toEqual([403, ERRORS.orgRolesOnly(['admin'])]);
    expect((await t.http.get(ORG_ROUTES.activity, { token: staff.token })).status).toBe(403);

    const withBranches = await t.http.patch(path(ORG_ROUTES.member, { userId: staff.user_id }), { role: 'viewer', pickup_point_ids: [point.id] }, { token: donor.token });
    expect([withBranches.status, withBranches.body.message]).toEqual([400, [ERRORS.branchesForBranchRolesOnly]]);
    // A role without branches drops the member's branches.
    const viewer = await t.http.patch(path(ORG_ROUTES.member, { userId: staff.user_id }), { role: 'viewer' }, { token: donor.token });
    expect(viewer.status).toBe(200);
    expect(viewer.body).toMatchObject({ user_id: staff.user_id, role: 'viewer', pickup_point_ids: [] });
    // The new role applies to the member's next call (this process forgets what it knew at once).
    expect((await t.http.get<OrgView>(ORG_ROUTES.org, { token: staff.token })).body.my_role).toBe('viewer');
    const otherOrgs = await t.http.patch(path(ORG_ROUTES.member, { userId: otherDonor.id }), { role: 'viewer' }, { token: donor.token });
    expect([otherOrgs.status, otherOrgs.body.message]).toEqual([404, ERRORS.memberNotFound]);
  });

  it('keeps the last admin: neither removed nor demoted (409), until another admin exists', async () => {
    const donor = await createDonor(t.http);
    const demote = await t.http.patch(path(ORG_ROUTES.member, { userId: donor.id }), { role: 'viewer' }, { token: donor.token });
    expect([demote.status, demote.body.message]).toEqual([409, ERRORS.lastAdmin]);
    const remove = await t.http.delete(path(ORG_ROUTES.member, { userId: donor.id }), { token: donor.token });
    expect([remove.status, remove.body.message]).toEqual([409, ERRORS.lastAdmin]);

    const second = await member(donor, 'admin');
    // Both admins demote each other at once: the organisation's lock lets one through, never both.
    const both = await Promise.all([
      t.http.patch(path(ORG_ROUTES.member, { userId: second.user_id }), { role: 'viewer' }, { token: donor.token }),
      t.http.patch(path(ORG_ROUTES.member, { userId: donor.id }), { role: 'viewer' }, { token: second.token }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [{ count }] = await t.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id WHERE o.account_id = $1 AND m.role = 'admin'`,
      [donor.id],
    );
    expect(count).toBe(1);
  });

  it("ends a removed member's sessions at once: HTTP answers 401 and the socket is dropped", async () => {
    const charity = await createCharity(t.http);
    const volunteer = await member(charity, 'volunteer');
    expect((await t.http.get(ORG_ROUTES.org, { token: volunteer.token })).status).toBe(200);
    const socket = await LiveClient.connect(t.baseUrl, volunteer.token);
    try {
      expect(socket.socket.connected).toBe(true);
      expect((await t.http.delete(path(ORG_ROUTES.member, { userId: volunteer.user_id }), { token: charity.token })).status).toBe(204);
      const after = await t.http.get(ORG_ROUTES.org, { token: volunteer.token });
      expect([after.status, after.body.message]).toEqual([401, ERRORS.sessionInvalid]);
      await waitFor(async () => socket.socket.connected, (connected) => !connected, "the removed member's socket closed", 5_000);
      expect(await refusal(t.baseUrl, volunteer.token)).not.toBeNull();
    } finally {
      socket.close();
    }
    const org = await t.http.get<OrgView>(ORG_ROUTES.org, { token: charity.token });
    expect(org.body.members.map((row) => row.user_id)).toEqual([charity.id]);
    const activity = await t.http.get(ORG_ROUTES.activity, { token: charity.token });
    expect(activity.body.entries[0]).toMatchObject({ action: 'removed', actor: { user_id: charity.id, name: charity.name }, member_id: volunteer.user_id });
  });

  it('pages the activity newest first with an opaque cursor, and refuses a forged one', async () => {
    const donor = await createDonor(t.http);
    const [{ id: orgId }] = await t.db.query<{ id: number }[]>(`SELECT id FROM organisations WHERE account_id = $1`, [donor.id]);
    await t.db.query(
      `INSERT INTO organisation_activity (organisation_id, action, actor_id, subject) SELECT $1, 'invited', $2, 'entry ' || n FROM generate_series(1, 60) n`,
      [orgId, donor.id],
    );
    const first = await t.http.get(ORG_ROUTES.activity, { token: donor.token });
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries[0].subject).toBe('entry 60');
    const second = await t.http.get(`${ORG_ROUTES.activity}?cursor=${first.body.next_cursor}`, { token: donor.token });
    expect(second.body.entries.map((entry: { subject: string }) => entry.subject)).toEqual(Array.from({ length: 10 }, (_, i) => `entry ${10 - i}`));
    expect(second.body.next_cursor).toBeNull();
    const forged = await t.http.get(`${ORG_ROUTES.activity}?cursor=xyz`, { token: donor.token });
    expect([forged.status, forged.body.message]).toEqual([400, [ERRORS.activityCursorInvalid]]);
  });

  it("brings the account's live events to its coordinators, not to its volunteers, and never to a removed member", async () => {
    const charity = await createCharity(t.http);
    const donor = await createDonor(t.http);
    const coordinator = await member(charity, 'coordinator');
    const volunteer = await member(charity, 'volunteer');
    const coordinatorSocket = await LiveClient.connect(t.baseUrl, coordinator.token);
    const volunteerSocket = await LiveClient.connect(t.baseUrl, volunteer.token);
    try {
      const food = await t.http.post('/api/add', { food_name: 'Live soup', quantity: 3, description: 'Soup', expiration_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) }, { token: donor.token });
      const claimed = await t.http.post('/api/request', { food_id: food.body.id }, { token: coordinator.token });
      expect(claimed.status).toBe(201);
      const event = await coordinatorSocket.next('food.claimed', (envelope) => envelope.data.foodId === food.body.id);
      expect(event.data.requestId).toBe(claimed.body.request_id);
      // The account's room holds the coordinator's socket, not the volunteer's.
      const server = (t.app.get(RealtimePublisher) as unknown as { localServer: Server }).localServer;
      const inRoom = (await server.in(SOCKET_ROOMS.user(charity.id)).fetchSockets()).map((socket) => socket.id);
      expect(inRoom).toContain(coordinatorSocket.socket.id);
      expect(inRoom).not.toContain(volunteerSocket.socket.id);
    } finally {
      coordinatorSocket.close();
      volunteerSocket.close();
    }
  });

  it("brings a branch's events to its staff, a claim's to its assignee, follows role changes and never reaches a removed member", async () => {
    const donor = await createDonor(t.http);
    const pointA = await createPickupPoint(t.http, donor);
    const pointB = await createPickupPoint(t.http, donor, { label: 'Second branch' });
    const staffA = await member(donor, 'staff', { pickup_point_ids: [pointA.id] });
    const staffB = await member(donor, 'staff', { pickup_point_ids: [pointB.id] });
    const charity = await createCharity(t.http);
    const omar = await member(charity, 'volunteer');
    const youssef = await member(charity, 'volunteer');
    // No public topics: whatever these sockets hear comes through their private rooms.
    const sockets = {
      staffA: await LiveClient.connect(t.baseUrl, staffA.token, []),
      staffB: await LiveClient.connect(t.baseUrl, staffB.token, []),
      omar: await LiveClient.connect(t.baseUrl, omar.token, []),
      youssef: await LiveClient.connect(t.baseUrl, youssef.token, []),
    };
    let youssefAgain: LiveClient | undefined;
    const about = (foodId: number) => (socket: LiveClient) => socket.received.filter((event) => (event.data as { foodId?: number }).foodId === foodId).map((event) => event.type);
    const list = async (name: string, pickupPointId: number) => {
      const added = await t.http.post(
        '/api/add',
        { food_name: name, quantity: 3, description: 'Soup', expiration_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), pickup_point_id: pickupPointId },
        { token: donor.token },
      );
      expect(added.status).toBe(201);
      return added.body.id as number;
    };
    try {
      const foodId = await list('Branch soup', pointA.id);
      await sockets.staffA.next('food.listed', (event) => event.data.foodId === foodId);
      const claimed = await t.http.post('/api/request', { food_id: foodId }, { token: charity.token });
      expect(claimed.status).toBe(201);
      const requestId = claimed.body.request_id as number;
      await sockets.staffA.next('food.claimed', (event) => event.data.foodId === foodId);

      // An assignment reaches the member it is assigned to, then both when it moves on.
      expect((await t.http.put(path(ORG_ROUTES.assignee, { id: requestId }), { user_id: omar.user_id }, { token: charity.token })).status).toBe(200);
      const toOmar = await sockets.omar.next('request.assigned', (event) => event.data.requestId === requestId);
      expect(toOmar.data).toEqual({ foodId, requestId, assigneeId: omar.user_id, previousAssigneeId: null });
      expect((await t.http.put(path(ORG_ROUTES.assignee, { id: requestId }), { user_id: youssef.user_id }, { token: charity.token })).status).toBe(200);
      const moved = (event: { data: { assigneeId: number | null } }) => event.data.assigneeId === youssef.user_id;
      await sockets.omar.next('request.assigned', moved);
      await sockets.youssef.next('request.assigned', moved);

      // Youssef is removed while the claim still names him; signed in again, his new socket hears nothing of it.
      expect((await t.http.delete(path(ORG_ROUTES.member, { userId: youssef.user_id }), { token: charity.token })).status).toBe(204);
      await waitFor(async () => sockets.youssef.socket.connected, (connected) => !connected, "the removed member's socket closed", 5_000);
      youssefAgain = await LiveClient.connect(t.baseUrl, await loginAs(t.http, youssef.email), []);
      expect((await t.http.put(path(ORG_ROUTES.assignee, { id: requestId }), { user_id: omar.user_id }, { token: charity.token })).status).toBe(200);
      const back = await sockets.omar.next('request.assigned', (event) => event.data.assigneeId === omar.user_id && event.data.previousAssigneeId === youssef.user_id);
      expect(back.data.previousAssigneeId).toBe(youssef.user_id);

      // Staff B is given branch A too: their socket is closed; connecting again (as the web client does after
      // the server closed it) puts it into both branches' rooms.
      const patched = await t.http.patch(path(ORG_ROUTES.member, { userId: staffB.user_id }), { pickup_point_ids: [pointB.id, pointA.id] }, { token: donor.token });
      expect(patched.status).toBe(200);
      await waitFor(async () => sockets.staffB.socket.connected, (connected) => !connected, "staff B's socket closed", 5_000);
      sockets.staffB.socket.connect();
      const server = (t.app.get(RealtimePublisher) as unknown as { localServer: Server }).localServer;
      await waitFor(
        async () => (await server.in(SOCKET_ROOMS.branch(pointA.id)).fetchSockets()).map((socket) => socket.id),
        (ids) => sockets.staffB.socket.connected && ids.includes(sockets.staffB.socket.id ?? ''),
        "staff B's socket back in branch A's room",
        10_000,
      );

      // The handover: the branch's staff and the assignee hear it; the removed member does not.
      expect((await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: staffA.token })).status).toBe(200);
      await sockets.staffA.next('request.fulfilled', (event) => event.data.requestId === requestId);
      await sockets.staffB.next('request.fulfilled', (event) => event.data.requestId === requestId);
      await sockets.omar.next('request.fulfilled', (event) => event.data.requestId === requestId);

      // A listing at branch B alone reaches staff B only.
      const otherFood = await list('Other branch bread', pointB.id);
      await sockets.staffB.next('food.listed', (event) => event.data.foodId === otherFood);
      // Give anything that should not come the time it would take to come.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(about(otherFood)(sockets.staffA)).toEqual([]);
      expect(about(otherFood)(sockets.omar)).toEqual([]);
      expect(about(foodId)(sockets.staffA)).toEqual(['food.listed', 'food.claimed', 'request.fulfilled']);
      expect(about(foodId)(sockets.omar)).toEqual(['request.assigned', 'request.assigned', 'request.assigned', 'request.fulfilled']);
      expect(about(foodId)(youssefAgain)).toEqual([]);
      expect(about(foodId)(sockets.youssef)).toEqual(['request.assigned']);
    } finally {
      for (const socket of Object.values(sockets)) socket.close();
      youssefAgain?.close();
    }
  });

  it('names the acting member: who listed an item on the donor\'s list, who claimed and who collects on the charity\'s', async () => {
    const donor = await createDonor(t.http);
    const point = await createPickupPoint(t.http, donor);
    const staff = await member(donor, 'staff', { pickup_point_ids: [point.id] });
    const charity = await createCharity(t.http);
    const coordinator = await member(charity, 'coordinator');
    const volunteer = await member(charity, 'volunteer');
    const added = await t.http.post(
      '/api/add',
      { food_name: 'Named rice', quantity: 4, description: 'Rice', expiration_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), pickup_point_id: point.id },
      { token: staff.token },
    );
    expect(added.status).toBe(201);
    const foodId = added.body.id as number;
    for (const viewer of [donor.token, staff.token]) {
      const list = await t.http.get(`/api/donor/${donor.id}`, { token: viewer });
      expect(list.body.find((item: { id: number }) => item.id === foodId)?.listed_by).toEqual({ user_id: staff.user_id, name: staff.name });
    }

    const claimed = await t.http.post('/api/request', { food_id: foodId }, { token: coordinator.token });
    expect(claimed.status).toBe(201);
    const requestId = claimed.body.request_id as number;
    const ofCharity = async (token: string) =>
      ((await t.http.get(`/api/charity/${charity.id}`, { token })).body as { request_id: number; claimed_by?: unknown; assignee?: unknown }[]).find(
        (request) => request.request_id === requestId,
      );
    const before = await ofCharity(charity.token);
    expect(before?.claimed_by).toEqual({ user_id: coordinator.user_id, name: coordinator.name });
    expect(before).not.toHaveProperty('assignee');
    expect(await ofCharity(volunteer.token)).toBeUndefined();

    expect((await t.http.put(path(ORG_ROUTES.assignee, { id: requestId }), { user_id: volunteer.user_id }, { token: coordinator.token })).status).toBe(200);
    for (const token of [charity.token, coordinator.token, volunteer.token]) {
      expect(await ofCharity(token)).toMatchObject({
        claimed_by: { user_id: coordinator.user_id, name: coordinator.name },
        assignee: { user_id: volunteer.user_id, name: volunteer.name },
      });
    }
  });

  it("takes the organisation with its account: when the account is deleted its members' sessions end", async () => {
    const donor = await createDonor(t.http);
    const viewer = await member(donor, 'viewer');
    expect((await t.http.get(ORG_ROUTES.org, { token: viewer.token })).status).toBe(200);
    const deleted = await t.http.post('/api/account/delete', { password: PASSWORD }, { token: donor.token });
    expect(deleted.status).toBe(200);
    expect((await t.http.get(ORG_ROUTES.org, { token: viewer.token })).status).toBe(401);
    const again = await t.http.get(ORG_ROUTES.org, { token: await loginAs(t.http, viewer.email) });
    expect([again.status, again.body.message]).toEqual([403, ERRORS.notInOrganisation]);
  });
});
