import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  apiPath,
  cairoInstant,
  ERRORS,
  HANDOVER_JOBS,
  NOTIFICATION_ROUTES,
  ORG_ROUTES,
  QUEUES,
  TRANSPORT_ROUTES,
  type NotificationView,
  type TransportOfferView,
  type TripDay,
} from '@food-link/contracts';
import { SessionUsers } from '../src/auth/session-users';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, requestPickup, verifyCharities, type TestUser } from './support/factories';
import { openQueue } from './support/queue';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

const TAHRIR = { lat: 30.0478, lng: 31.2386 };
const GIZA = { lat: 30.0131, lng: 31.2089 };
const HELIOPOLIS = { lat: 30.0911, lng: 31.3228 };
const ALEXANDRIA = { lat: 31.2001, lng: 29.9187 };
const MINUTE = 60_000;

/**
 * Getting the food there (issue 28; docs/DOMAIN-RULES.md, "Volunteers and their trips") through the real
 * API, PostgreSQL, Redis and the worker: volunteers' profiles, offers matched by vehicle and area, exactly
 * one winner of simultaneous accepts, an offer nobody took going back to the coordinator (its delayed job),
 * the trip's steps and their refusals out of order, a pickup given back, and a volunteer's day in order.
 */
describe('transport: volunteers, offers and trips', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  let coordinator: TestUser;
  let otherCharity: TestUser;
  let otherVolunteer: TestUser;
  let charityOrg: number;
  const points = {} as Record<'tahrir' | 'giza' | 'heliopolis' | 'alexandria', number>;
  const volunteers = {} as Record<'car' | 'bike' | 'alex' | 'noProfile', TestUser>;

  const orgOf = async (account: TestUser) => (await t.db.query<{ id: number }[]>(`SELECT id FROM organisations WHERE account_id = $1`, [account.id]))[0].id;
  /** A new account moved into `orgId` with `role` (arranged in SQL, as authorization-matrix-organisations does). */
  const memberOf = async (orgId: number, role: string) => {
    const user = await createCharity(t.http);
    await t.db.query(`UPDATE users SET member_only = true WHERE id = $1`, [user.id]);
    await t.db.query(`UPDATE organisation_members SET organisation_id = $2, role = $3 WHERE user_id = $1`, [user.id, orgId, role]);
    await t.db.query(`DELETE FROM organisations WHERE account_id = $1`, [user.id]);
    t.app.get(SessionUsers).forget(user.id);
    return user;
  };
  const saveProfile = async (user: TestUser, body: Record<string, unknown>) => {
    const saved = await t.http.put(TRANSPORT_ROUTES.volunteerProfile, { hours: { from: '08:00', until: '22:00' }, ...body }, { token: user.token });
    if (saved.status !== 200) throw new Error(`arrange: profile ${JSON.stringify(saved.body)}`);
  };
  /**
   * A listing of 30 at `point`, `weight_kg`, with a window tomorrow (Cairo) from `from` to `until` (hours),
   * claimed by `by`: all of it, or `quantity` of it.
   */
  const claimAt = async (point: number, weight_kg: number | null, window: [number, number] = [10, 14], by: TestUser = charity, quantity?: number) => {
    const [y, m, d] = cairoDateIn(1).split('-').map(Number);
    const listed = await t.http.post(
      '/api/add',
      {
        food_name: `Meals ${Math.random().toString(36).slice(2, 7)}`,
        quantity: 30,
        description: 'Boxed meals',
        expiration_date: cairoDateIn(2),
        pickup_point_id: point,
        ...(weight_kg === null ? {} : { weight_kg }),
        pickup_from: cairoInstant(y, m, d, window[0]).toISOString(),
        pickup_until: cairoInstant(y, m, d, window[1]).toISOString(),
      },
      { token: donor.token },
    );
    if (listed.status !== 201) throw new Error(`arrange: listing ${JSON.stringify(listed.body)}`);
    return requestPickup(t.http, by, listed.body.id as number, quantity);
  };
  const offer = (requestId: number, user: TestUser = coordinator, body: Record<string, unknown> = {}) =>
    t.http.post(apiPath(TRANSPORT_ROUTES.offerTransport, { id: requestId }), body, { token: user.token });
  const accept = (offerId: number, user: TestUser) => t.http.post(apiPath(TRANSPORT_ROUTES.acceptOffer, { id: offerId }), {}, { token: user.token });
  const assign = async (requestId: number, user: TestUser) => {
    const assigned = await t.http.put(apiPath(ORG_ROUTES.assignee, { id: requestId }), { user_id: user.id }, { token: coordinator.token });
    if (assigned.status !== 200) throw new Error(`arrange: assignment ${JSON.stringify(assigned.body)}`);
  };
  const notificationsOf = async (user: TestUser) => (await t.http.get<{ items: NotificationView[] }>(NOTIFICATION_ROUTES.list, { token: user.token })).body.items;
  const newsOf = (user: TestUser, action: string, requestId: number) =>
    waitFor(
      () => notificationsOf(user),
      (list) => list.some((n) => n.data.action === action && n.data.requestId === requestId),
      `${action} for request ${requestId} in the notifications of ${user.id}`,
    );
  const assigneeOf = async (requestId: number) => (await t.db.query<{ assignee_id: number | null }[]>(`SELECT assignee_id FROM pickup_requests WHERE id = $1`, [requestId]))[0].assignee_id;
  const codeOf = async (requestId: number) => (await t.db.query<{ pickup_code: string }[]>(`SELECT pickup_code FROM pickup_requests WHERE id = $1`, [requestId]))[0].pickup_code;

  beforeAll(async () => {
    t = await startTestApp();
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
    otherCharity = await createCharity(t.http);
    await verifyCharities(t.db, charity, otherCharity);
    await t.db.query(`UPDATE charities SET claim_limit = 100 WHERE user_id = ANY($1)`, [[charity.id, otherCharity.id]]);
    points.tahrir = (await createPickupPoint(t.http, donor, { label: 'Tahrir', governorate: 'EG-C', ...TAHRIR })).id;
    points.giza = (await createPickupPoint(t.http, donor, { label: 'Giza', governorate: 'EG-GZ', area: 'Dokki', ...GIZA })).id;
    points.heliopolis = (await createPickupPoint(t.http, donor, { label: 'Heliopolis', governorate: 'EG-C', area: 'Heliopolis', ...HELIOPOLIS })).id;
    points.alexandria = (await createPickupPoint(t.http, donor, { label: 'Alexandria', governorate: 'EG-ALX', area: 'Smouha', ...ALEXANDRIA })).id;
    charityOrg = await orgOf(charity);
    coordinator = await memberOf(charityOrg, 'coordinator');
    volunteers.car = await memberOf(charityOrg, 'volunteer');
    volunteers.bike = await memberOf(charityOrg, 'volunteer');
    volunteers.alex = await memberOf(charityOrg, 'volunteer');
    volunteers.noProfile = await memberOf(charityOrg, 'volunteer');
    otherVolunteer = await memberOf(await orgOf(otherCharity), 'volunteer');
    await saveProfile(volunteers.car, { vehicle: 'car', capacity_kg: 100, governorates: ['EG-C', 'EG-GZ'] });
    await saveProfile(volunteers.bike, { vehicle: 'bicycle', capacity_kg: 10, governorates: ['EG-C'] });
    await saveProfile(volunteers.alex, { vehicle: 'van', capacity_kg: 500, governorates: ['EG-ALX'] });
    await saveProfile(otherVolunteer, { vehicle: 'car', capacity_kg: 100, governorates: ['EG-C'] });
  });
  afterAll(() => t?.close());

  it("keeps a volunteer's profile, refusing bad fields by name, and only for volunteers", async () => {
    const fresh = await memberOf(charityOrg, 'volunteer');
    const before = await t.http.get(TRANSPORT_ROUTES.volunteerProfile, { token: fresh.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ saved: false, vehicle: null, capacity_kg: null, governorates: [], hours: null });

    const bad = await t.http.put(
      TRANSPORT_ROUTES.volunteerProfile,
      { vehicle: 'rocket', capacity_kg: -1, governorates: ['EG-XX'], hours: { from: '18:00', until: '09:00' } },
      { token: fresh.token },
    );
    expect(bad.status).toBe(400);
    const messages = (bad.body.message as string[]).join(' | ');
    for (const field of ['vehicle', 'capacity_kg', 'governorates', 'hours.until']) expect(messages).toContain(field);

    const saved = await t.http.put(
      TRANSPORT_ROUTES.volunteerProfile,
      { vehicle: 'tuk_tuk', capacity_kg: 80.456, governorates: ['EG-GZ', 'EG-C'], hours: { from: '09:00', until: '17:30' } },
      { token: fresh.token },
    );
    expect(saved.status).toBe(200);
    const expected = { saved: true, vehicle: 'tuk_tuk', capacity_kg: 80.46, governorates: ['EG-GZ', 'EG-C'], hours: { from: '09:00', until: '17:30' } };
    expect(saved.body).toEqual(expected);
    expect((await t.http.get(TRANSPORT_ROUTES.volunteerProfile, { token: fresh.token })).body).toEqual(expected);

    for (const user of [coordinator, charity, donor]) {
      expect((await t.http.get(TRANSPORT_ROUTES.volunteerProfile, { token: user.token })).status).toBe(403);
      expect((await t.http.put(TRANSPORT_ROUTES.volunteerProfile, expected, { token: user.token })).status).toBe(403);
    }
    await t.db.query(`DELETE FROM organisation_members WHERE user_id = $1`, [fresh.id]);
    t.app.get(SessionUsers).forget(fresh.id);
  });

  it("tells the volunteers whose vehicle carries the listing's weight and whose governorates include the pickup's", async () => {
    const offersOf = async (user: TestUser) => (await t.http.get<{ offers: TransportOfferView[] }>(TRANSPORT_ROUTES.myOffers, { token: user.token })).body.offers.map((o) => o.request_id);

    const heavyInCairo = await claimAt(points.tahrir, 20);
    const made = await offer(heavyInCairo, coordinator, { note: 'Ask for Mona at the back door' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ request_id: heavyInCairo, state: 'open', told: 1, note: 'Ask for Mona at the back door', accepted_by: null, weight_kg: 20 });
    const minutesLeft = (Date.parse(made.body.expires_at) - Date.now()) / MINUTE;
    expect(minutesLeft).toBeGreaterThan(28);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    const lightInCairo = await claimAt(points.tahrir, 5);
    expect((await offer(lightInCairo)).body.told).toBe(2);
    const inGiza = await claimAt(points.giza, 5);
    expect((await offer(inGiza)).body.told).toBe(1);
    const inAlexandria = await claimAt(points.alexandria, 300);
    expect((await offer(inAlexandria, charity)).body.told).toBe(1);

    expect(await offersOf(volunteers.car)).toEqual(expect.arrayContaining([heavyInCairo, lightInCairo, inGiza]));
    expect(await offersOf(volunteers.car)).not.toContain(inAlexandria);
    const bikeOffers = await offersOf(volunteers.bike);
    expect(bikeOffers).toContain(lightInCairo);
    expect(bikeOffers).not.toContain(heavyInCairo);
    expect(bikeOffers).not.toContain(inGiza);
    expect(await offersOf(volunteers.alex)).toEqual([inAlexandria]);
    // A partial claim weighs its share: 6 of the 30 meals of a 20 kg listing are 4 kg, which the bicycle carries.
    const partOfHeavy = await claimAt(points.tahrir, 20, [10, 14], charity, 6);
    const partOffer = await offer(partOfHeavy);
    expect(partOffer.body).toMatchObject({ told: 2, weight_kg: 4 });
    expect(await offersOf(volunteers.bike)).toContain(partOfHeavy);
    expect(await offersOf(volunteers.noProfile)).toEqual([]);
    expect(await offersOf(otherVolunteer)).toEqual([]);

    // Told in-app (and by push, WhatsApp or SMS as they chose), in both languages.
    const told = await newsOf(volunteers.car, 'transport_offered', heavyInCairo);
    const notice = told.find((n) => n.data.requestId === heavyInCairo && n.data.action === 'transport_offered');
    expect(notice?.data.message).toContain('Ask for Mona at the back door');
    expect(notice?.data.message).toContain('هل يمكنك استلام');
    expect((await notificationsOf(volunteers.bike)).some((n) => n.data.requestId === heavyInCairo)).toBe(false);

    // Nobody fits; an open offer already; another charity's claim; not a coordinator.
    const tooHeavy = await claimAt(points.tahrir, 400);
    const none = await offer(tooHeavy);
    expect([none.status, none.body.message]).toEqual([409, ERRORS.noVolunteerFits]);
    const again = await offer(heavyInCairo);
    expect([again.status, again.body.message]).toEqual([409, ERRORS.transportOfferOpen]);
    const othersClaim = await claimAt(points.tahrir, 5, [10, 14], otherCharity);
    expect((await offer(othersClaim)).status).toBe(403);
    expect((await offer(lightInCairo, volunteers.car)).status).toBe(403);
    expect((await offer(lightInCairo, donor)).status).toBe(403);
    const bad = await offer(lightInCairo, coordinator, { note: 'x'.repeat(301) });
    expect(bad.status).toBe(400);
  });

  it('takes a cancelled claim off the volunteers\' offers at once, and refuses its accept', async () => {
    const requestId = await claimAt(points.tahrir, 5);
    const made = await offer(requestId);
    expect(made.status).toBe(201);
    const listed = async () => (await t.http.get<{ offers: TransportOfferView[] }>(TRANSPORT_ROUTES.myOffers, { token: volunteers.bike.token })).body.offers.map((o) => o.request_id);
    expect(await listed()).toContain(requestId);
    expect((await t.http.put(`/api/updaterequest/${requestId}`, { status: 'cancelled' }, { token: charity.token })).status).toBe(200);
    expect(await listed()).not.toContain(requestId);
    expect((await accept(made.body.offer_id as number, volunteers.bike)).status).toBe(409);
  });

  it('gives an offer to exactly one of many volunteers accepting at once; the others get 409', async () => {
    const many = await Promise.all(Array.from({ length: 8 }, () => memberOf(charityOrg, 'volunteer')));
    for (const volunteer of many) await saveProfile(volunteer, { vehicle: 'motorbike', capacity_kg: 30, governorates: ['EG-C'] });
    const requestId = await claimAt(points.heliopolis, 8);
    const made = await offer(requestId);
    expect(made.body.told).toBe(many.length + 2); // and the car and the bicycle
    const answers = await Promise.all(many.map((volunteer) => accept(made.body.offer_id, volunteer)));
    const winners = answers.map((answer, index) => ({ status: answer.status, id: many[index].id })).filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(many.length - 1);
    expect(await assigneeOf(requestId)).toBe(winners[0].id);
    const [row] = await t.db.query<{ state: string; accepted_by: number }[]>(`SELECT state, accepted_by FROM transport_offers WHERE id = $1`, [made.body.offer_id]);
    expect(row).toEqual({ state: 'accepted', accepted_by: winners[0].id });
    // Late: the car's accept and decline find it taken.
    expect((await accept(made.body.offer_id, volunteers.car)).status).toBe(409);
    // The winner has it in My pickups.
    const mine = await t.http.get(ORG_ROUTES.myPickups, { token: many.find((v) => v.id === winners[0].id)?.token });
    expect(mine.body.pickups.map((p: { request_id: number }) => p.request_id)).toContain(requestId);
  });

  it('refuses accepting to volunteers not told, of another charity, donors; a decline is final, and all declining sends it back at once', async () => {
    const requestId = await claimAt(points.tahrir, 5);
    const made = await offer(requestId);
    const offerId = made.body.offer_id;
    const notTold = await accept(offerId, volunteers.alex);
    expect([notTold.status, notTold.body.message]).toEqual([403, ERRORS.transportOfferNotYours]);
    expect((await accept(offerId, otherVolunteer)).status).toBe(403);
    expect((await accept(offerId, donor)).status).toBe(403);
    expect((await accept(offerId, coordinator)).status).toBe(403);
    expect((await accept(999_999, volunteers.car)).status).toBe(404);

    const declined = await t.http.post(apiPath(TRANSPORT_ROUTES.declineOffer, { id: offerId }), {}, { token: volunteers.bike.token });
    expect([declined.status, declined.body.state]).toEqual([200, 'open']);
    const afterDecline = await accept(offerId, volunteers.bike);
    expect([afterDecline.status, afterDecline.body.message]).toEqual([409, ERRORS.transportDeclined]);
    expect(await assigneeOf(requestId)).toBeNull();

    // Everyone told declines (in Giza, only the car): it goes back to the coordinator at once.
    const inGiza = await claimAt(points.giza, 5);
    const alone = await offer(inGiza);
    expect(alone.body.told).toBe(1);
    const last = await t.http.post(apiPath(TRANSPORT_ROUTES.declineOffer, { id: alone.body.offer_id }), {}, { token: volunteers.car.token });
    expect([last.status, last.body.state]).toEqual([200, 'expired']);
    await newsOf(coordinator, 'transport_expired', inGiza);
    expect((await accept(alone.body.offer_id, volunteers.car)).status).toBe(409);
  });

  it('sends an offer nobody accepted back to the coordinator when its delayed job runs', async () => {
    const requestId = await claimAt(points.giza, 5);
    const made = await offer(requestId);
    const handover = openQueue(t, QUEUES.handover);
    try {
      const jobId = `${HANDOVER_JOBS.transportOfferEnd}-${made.body.offer_id}`;
      const job = await waitFor(() => handover.queue.getJob(jobId), Boolean, 'the offer-end job');
      expect(await job?.getState()).toBe('delayed');
      expect(job?.delay).toBeGreaterThan(25 * MINUTE);

      // Early (the job promoted before its time): it goes back to delayed and the offer stays open.
      await job?.promote();
      await waitFor(async () => (await handover.queue.getJob(jobId))?.getState(), (state) => state === 'delayed', 'the early job back in delayed');
      expect((await t.db.query<{ state: string }[]>(`SELECT state FROM transport_offers WHERE id = $1`, [made.body.offer_id]))[0].state).toBe('open');

      // Its time comes.
      await t.db.query(`UPDATE transport_offers SET expires_at = now() WHERE id = $1`, [made.body.offer_id]);
      await (await handover.queue.getJob(jobId))?.promote();
      await waitFor(
        async () => (await t.db.query<{ state: string }[]>(`SELECT state FROM transport_offers WHERE id = $1`, [made.body.offer_id]))[0].state,
        (state) => state === 'expired',
        'the offer expired',
      );
      const news = await newsOf(coordinator, 'transport_expired', requestId);
      expect(news.find((n) => n.data.requestId === requestId && n.data.action === 'transport_expired')?.data.message).toContain('No volunteer accepted');
      expect((await accept(made.body.offer_id, volunteers.car)).status).toBe(409);
      // Back with the coordinator: a new offer may be made.
      expect((await offer(requestId)).status).toBe(201);
    } finally {
      await handover.close();
    }
  });

  it('marks on the way (the donor sees who and when, live), then delivered after the handover; out of order: 409; others: 403', async () => {
    const requestId = await claimAt(points.tahrir, 5);
    const made = await offer(requestId);
    expect((await accept(made.body.offer_id, volunteers.car)).status).toBe(200);
    const onTheWay = (user: TestUser, body: unknown = { eta_minutes: 15 }) =>
      t.http.post(apiPath(TRANSPORT_ROUTES.onTheWay, { id: requestId }), body, { token: user.token });
    const delivered = (user: TestUser) => t.http.post(apiPath(TRANSPORT_ROUTES.delivered, { id: requestId }), {}, { token: user.token });
    const trip = (user: TestUser) => t.http.get(apiPath(TRANSPORT_ROUTES.trip, { id: requestId }), { token: user.token });

    expect((await trip(donor)).body).toMatchObject({ stage: 'assigned', volunteer: { user_id: volunteers.car.id }, eta: null });
    const early = await delivered(volunteers.car);
    expect([early.status, early.body.message]).toEqual([409, ERRORS.notHandedOverYet]);
    for (const user of [volunteers.bike, otherVolunteer, coordinator]) expect((await onTheWay(user)).status).toBe(403);
    expect((await onTheWay(donor)).status).toBe(403);
    const badEta = await onTheWay(volunteers.car, { eta_minutes: 'soon' });
    expect(badEta.status).toBe(400);
    expect(badEta.body.message.join(' ')).toContain('eta_minutes');
    for (const user of [volunteers.bike, otherVolunteer]) expect((await trip(user)).status).toBe(403);

    const live = await LiveClient.connect(t.baseUrl, donor.token, []);
    try {
      const going = await onTheWay(volunteers.car);
      expect(going.status).toBe(200);
      expect(going.body.stage).toBe('on_the_way');
      const eta = Date.parse(going.body.eta);
      expect(Math.abs(eta - (Date.now() + 15 * MINUTE))).toBeLessThan(MINUTE);
      const event = await live.next('request.trip', (e) => e.data.requestId === requestId);
      expect(event.data).toMatchObject({ stage: 'on_the_way', assigneeId: volunteers.car.id, eta: going.body.eta });
      const seen = await trip(donor);
      expect(seen.body).toMatchObject({ stage: 'on_the_way', volunteer: { user_id: volunteers.car.id, name: volunteers.car.name }, eta: going.body.eta });
    } finally {
      live.close();
    }

    // The donor enters the code at the door (Donate); then on the way is over, and delivered is next.
    const donated = await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled', pickup_code: await codeOf(requestId) }, { token: donor.token });
    expect(donated.status).toBe(200);
    expect((await onTheWay(volunteers.car)).status).toBe(409);
    expect((await delivered(volunteers.bike)).status).toBe(403);
    const done = await delivered(volunteers.car);
    expect([done.status, done.body.stage]).toEqual([200, 'delivered']);
    const twice = await delivered(volunteers.car);
    expect([twice.status, twice.body.message]).toEqual([409, ERRORS.alreadyDelivered]);
    // The coordinators are asked for the received report.
    await newsOf(coordinator, 'transport_delivered', requestId);
    await newsOf(charity, 'transport_delivered', requestId);
  });

  it('lets the assigned volunteer give a pickup back, telling the coordinators at once; not someone else\'s', async () => {
    const requestId = await claimAt(points.tahrir, 5);
    await assign(requestId, volunteers.bike);
    const unassign = (user: TestUser) => t.http.delete(apiPath(ORG_ROUTES.assignee, { id: requestId }), { token: user.token });
    const notTheirs = await unassign(volunteers.car);
    expect([notTheirs.status, notTheirs.body.message]).toEqual([403, ERRORS.assigneeOnly]);
    expect((await unassign(otherVolunteer)).status).toBe(403);
    expect(await assigneeOf(requestId)).toBe(volunteers.bike.id);
    const given = await unassign(volunteers.bike);
    expect([given.status, given.body.assignee]).toEqual([200, null]);
    expect(await assigneeOf(requestId)).toBeNull();
    const news = await newsOf(coordinator, 'transport_returned', requestId);
    expect(news.find((n) => n.data.requestId === requestId && n.data.action === 'transport_returned')?.data.message).toContain('gave back');
    // A coordinator's own unassignment tells nobody that way.
    const other = await claimAt(points.tahrir, 5);
    await assign(other, volunteers.bike);
    expect((await t.http.delete(apiPath(ORG_ROUTES.assignee, { id: other }), { token: coordinator.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await notificationsOf(coordinator)).some((n) => n.data.requestId === other)).toBe(false);
  });

  it("orders a volunteer's day nearest next within the windows, weighs it against the vehicle, links the route, and takes the volunteer's own order", async () => {
    const volunteer = await memberOf(charityOrg, 'volunteer');
    await saveProfile(volunteer, { vehicle: 'car', capacity_kg: 60, governorates: ['EG-C', 'EG-GZ'] });
    const tahrir = await claimAt(points.tahrir, 30, [10, 14]);
    const giza = await claimAt(points.giza, 40, [10, 14]);
    const heliopolis = await claimAt(points.heliopolis, 5, [10, 14]);
    for (const id of [tahrir, giza, heliopolis]) await assign(id, volunteer);
    const date = cairoDateIn(1);
    const day = (query: string) => t.http.get<TripDay>(`${TRANSPORT_ROUTES.trips}?${query}`, { token: volunteer.token });

    // Every window the same: nearest next from Tahrir (Giza ~5 km, Heliopolis ~10 km).
    const fromTahrir = await day(`date=${date}&from=${TAHRIR.lat},${TAHRIR.lng}`);
    expect(fromTahrir.status).toBe(200);
    expect(fromTahrir.body.stops.map((s) => s.request_id)).toEqual([tahrir, giza, heliopolis]);
    expect(fromTahrir.body).toMatchObject({ date, order: 'suggested', total_kg: 75, capacity_kg: 60, vehicle: 'car', start: { ...TAHRIR, source: 'given' } });
    expect(fromTahrir.body.warnings).toEqual(['total_over_capacity']);
    expect(fromTahrir.body.stops.every((s) => !s.over_capacity && s.pickup_code.length > 0)).toBe(true);
    const url = new URL(fromTahrir.body.route_url as string);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('origin')).toBe(`${TAHRIR.lat},${TAHRIR.lng}`);
    expect(url.searchParams.get('waypoints')).toBe(`${TAHRIR.lat},${TAHRIR.lng}|${GIZA.lat},${GIZA.lng}`);
    expect(url.searchParams.get('destination')).toBe(`${HELIOPOLIS.lat},${HELIOPOLIS.lng}`);
    expect(url.searchParams.get('travelmode')).toBe('driving');

    // Heliopolis closes (09:30) before the others open (10:00): it comes first, however far.
    const early = await claimAt(points.heliopolis, 5, [8, 9]);
    await assign(early, volunteer);
    const withWindow = await day(`date=${date}&from=${GIZA.lat},${GIZA.lng}`);
    expect(withWindow.body.stops.map((s) => s.request_id)).toEqual([early, heliopolis, tahrir, giza]);

    // A pickup heavier than the vehicle carries.
    await saveProfile(volunteer, { vehicle: 'car', capacity_kg: 35, governorates: ['EG-C'] });
    const heavy = await day(`date=${date}&from=${GIZA.lat},${GIZA.lng}`);
    expect(heavy.body.warnings).toEqual(['pickup_over_capacity', 'total_over_capacity']);
    expect(heavy.body.stops.find((s) => s.request_id === giza)?.over_capacity).toBe(true);

    // The volunteer's own order; exactly the day's pickups.
    const orderPath = apiPath(TRANSPORT_ROUTES.tripOrder, { date });
    const own = await t.http.put<TripDay>(orderPath, { request_ids: [giza, tahrir, early, heliopolis] }, { token: volunteer.token });
    expect(own.status).toBe(200);
    expect([own.body.order, own.body.stops.map((s) => s.request_id)]).toEqual(['volunteer', [giza, tahrir, early, heliopolis]]);
    expect((await day(`date=${date}`)).body.stops.map((s) => s.request_id)).toEqual([giza, tahrir, early, heliopolis]);
    // Both are the volunteer's personal data: in their export (and erased with the account: account-erasure).
    const exported = (await t.http.get('/api/account/export', { token: volunteer.token })).body;
    expect(exported.volunteer_profile).toEqual({ saved: true, vehicle: 'car', capacity_kg: 35, governorates: ['EG-C'], hours: { from: '08:00', until: '22:00' } });
    expect(exported.trip_orders).toEqual([{ date, request_ids: [giza, tahrir, early, heliopolis] }]);
    expect((await t.http.get('/api/account/export', { token: coordinator.token })).body).toMatchObject({ volunteer_profile: null, trip_orders: [] });
    const someoneElses = await claimAt(points.tahrir, 5);
    await assign(someoneElses, volunteers.car);
    for (const request_ids of [[giza, tahrir, early], [giza, tahrir, early, heliopolis, someoneElses]]) {
      const refused = await t.http.put(orderPath, { request_ids }, { token: volunteer.token });
      expect([refused.status, refused.body.message]).toEqual([400, [ERRORS.tripOrderNotTheDay]]);
    }
    expect((await t.http.put(apiPath(TRANSPORT_ROUTES.tripOrder, { date: 'tomorrow' }), { request_ids: [giza] }, { token: volunteer.token })).status).toBe(400);
    expect((await t.http.put(orderPath, { request_ids: [giza, tahrir, early, heliopolis] }, { token: coordinator.token })).status).toBe(403);

    // Bad queries name the field; another day is empty.
    const badDate = await day('date=2026-13-01');
    expect([badDate.status, (badDate.body as unknown as { message: string[] }).message.join(' ')]).toEqual([400, expect.stringContaining('date')]);
    const badFrom = await day(`date=${date}&from=51.5,0.1`);
    expect([badFrom.status, (badFrom.body as unknown as { message: string[] }).message.join(' ')]).toEqual([400, expect.stringContaining('from')]);
    const empty = await day(`date=${cairoDateIn(5)}`);
    expect(empty.body).toMatchObject({ stops: [], total_kg: 0, route_url: null, warnings: [] });
    expect((await t.http.get(`${TRANSPORT_ROUTES.trips}?date=${date}`, { token: donor.token })).status).toBe(403);
  });
});
