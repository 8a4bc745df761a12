import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiPath, DEFAULT_NOTIFICATION_CHOICES, EXTRA_ROUTES, MESSAGING_ROUTES, MODERATION_ROUTES, NOTIFICATION_ROUTES, OPS_ROUTES, PARTNER_ROUTES, PUSH_ROUTES, IMPACT_ROUTES } from '@food-link/contracts';
import { TestBrowser } from './support/push-receiver';
import { addFood, cairoDateIn, createCharity, createDonor, createPickupPoint, pickupPointBody, requestPickup, type TestUser, verifyCharities } from './support/factories';
import type { HttpResult } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Who may make which call (docs/API.md): anonymous → 401 on every non-public call, wrong role or not yours
 * → 403, the owner → 200/201. Refused calls must change nothing; successful ones for B never show A's data.
 */
const ACTORS = ['anonymous', 'donorA', 'donorB', 'charityA', 'charityB'] as const;
type Actor = (typeof ACTORS)[number];

//                                              anonymous donorA donorB charityA charityB
const EXPECTED = {
  'GET /api/donor/{donorA}':                   [401, 200, 403, 403, 403],
  'GET /charityinfo/food/{claimedA}':          [401, 200, 403, 403, 403],
  'GET /getrequestid/{claimedA}':              [401, 200, 403, 200, 403],
  'GET /requeststatus/{reqA}':                 [401, 200, 403, 200, 403],
  'PUT /updaterequeststatus/{reqA} fulfilled': [401, 200, 403, 403, 403],
  'GET /api/charity/{charityA}':               [401, 403, 403, 200, 403],
  'GET /api/userID/{claimedA}':                [401, 200, 200, 200, 200],
  'GET /api/donorinfo/{donorA}':               [401, 200, 403, 200, 403],
  'PUT /api/updaterequest/{reqA} cancelled':   [401, 403, 403, 200, 403],
  'POST /api/add':                             [401, 201, 201, 403, 403],
  'POST /api/request':                         [401, 403, 403, 201, 201],
  'GET /api/auth/me':                          [401, 200, 200, 200, 200],
  'PATCH /api/food/{availableA}':              [401, 200, 403, 403, 403],
  'DELETE /api/food/{availableA}':             [401, 200, 403, 403, 403],
  'GET /api/pickup-points':                    [401, 200, 200, 403, 403],
  'POST /api/pickup-points':                   [401, 201, 201, 403, 403],
  'PATCH /api/pickup-points/{pointA}':         [401, 200, 403, 403, 403],
  'DELETE /api/pickup-points/{pointA}':        [401, 200, 403, 403, 403],
  'GET /api/requests/{reqA}/pickup':           [401, 200, 403, 200, 403],
  'POST /api/requests/{reqFulfilledA}/received': [401, 403, 403, 201, 403],
  'POST /api/requests/{reqA}/no-show':         [401, 201, 403, 403, 403],
  'GET /api/charities/{charityA}/reliability': [401, 200, 200, 200, 403],
  'GET /api/notifications':                    [401, 200, 200, 200, 200],
  'POST /api/notifications/read {notifA}':     [401, 200, 200, 200, 200],
  'GET /api/notifications/preferences':        [401, 200, 200, 200, 200],
  'PUT /api/notifications/preferences':        [401, 200, 200, 200, 200],
  'GET /api/charity/profile':                  [401, 403, 403, 200, 200],
  'PUT /api/charity/profile':                  [401, 403, 403, 200, 200],
  'POST /api/push/subscriptions':              [401, 201, 201, 201, 201],
  'DELETE /api/push/subscriptions {endpointA}': [401, 404, 404, 200, 404],
  'GET /api/donor/partners':                   [401, 200, 200, 403, 403],
  'PUT /api/donor/partners':                   [401, 200, 200, 403, 403],
  'GET /api/charities?search=':                [401, 200, 200, 403, 403],
  'GET /api/impact/donor':                     [401, 200, 200, 403, 403],
  'GET /api/impact/donor/report':              [401, 200, 200, 403, 403],
  'GET /api/impact/charity':                   [401, 403, 403, 200, 200],
  'GET /api/impact/charity/report':            [401, 403, 403, 200, 200],
  'GET /api/ops/notifications/failed':         [401, 403, 403, 403, 403],
  'GET /api/ops/mail':                         [401, 403, 403, 403, 403],
  'POST /api/ops/food/{availableA}/hide':      [401, 403, 403, 403, 403],
  'POST /api/ops/food/{availableA}/unhide':    [401, 403, 403, 403, 403],
  'POST /api/ops/users/{donorA}/suspend':      [401, 403, 403, 403, 403],
  'POST /api/ops/users/{donorA}/reinstate':    [401, 403, 403, 403, 403],
  'GET /api/ops/users?email=':                 [401, 403, 403, 403, 403],
  'GET /api/ops/moderation/audit':             [401, 403, 403, 403, 403],
  'POST /api/ops/requests/{reqA}/overturn-no-show': [401, 403, 403, 403, 403],
  'GET /api/donor/settings':                   [401, 200, 200, 403, 403],
  'PUT /api/donor/settings':                   [401, 200, 200, 403, 403],
  'GET /api/me/phone':                         [401, 200, 200, 200, 200],
  'POST /api/me/phone/verify {codeOfA}':       [401, 409, 409, 200, 409],
  'POST /api/me/phone':                        [401, 201, 201, 201, 201],
  'DELETE /api/me/phone':                      [401, 200, 200, 200, 200],
} as const satisfies Record<string, readonly [number, number, number, number, number]>;
type CallName = keyof typeof EXPECTED;

const ROWS = (Object.entries(EXPECTED) as [CallName, readonly number[]][]).flatMap(([call, statuses]) =>
  statuses.map((status, index) => [call, ACTORS[index], status] as const),
);

interface Target {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

interface CallDef {
  /** Where to send the call; `succeeds` rows of a state-changing call get freshly arranged rows of their own. */
  target(actor: Actor, succeeds: boolean): Promise<Target>;
  /** Checks a 2xx answer (and, for state changes, the database) for this actor. */
  expectSuccess(response: HttpResult, actor: Actor, target: Target): Promise<void> | void;
  mutates?: boolean;
}

describe('authorization matrix', () => {
  let t: TestApp;
  let users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  let availableA: number, claimedA: number, fulfilledA: number, claimedB: number;
  let reqA: number, reqFulfilledA: number, reqB: number;
  let pointA: number;
  /** Charity A's notification and push subscription, and donor A's partner list (charity A). */
  let notifA: string;
  let endpointA: string;
  let browsers = 0;
  /** A browser's subscription JSON at an endpoint of its own (loopback: PUSH_ALLOW_LOCAL_ENDPOINTS; nothing is sent to it). */
  const newSubscription = () => new TestBrowser(`http://127.0.0.1:9/matrix/${++browsers}`).subscription();
  /** Charity A's phone, its code pending (no provider is configured: codes are written to DATA_DIR/messages). */
  const PHONE_A = '+201055550101';
  let codeOfA: string;
  let phones = 0;
  /** The last code written for `phone` to the development outbox. */
  const codeSentTo = (phone: string): string => {
    const dir = join(t.env.DATA_DIR, 'messages');
    const texts = readdirSync(dir)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string })
      .filter((message) => message.to === phone);
    return /\b(\d{6})\b/.exec(texts[texts.length - 1].text)?.[1] as string;
  };
  /** Donor A's point's address: never in an answer to B. */
  const ADDRESS_A = 'Matrix Street 1, behind the A kiosk';

  const user = (actor: Actor) => users[actor as Exclude<Actor, 'anonymous'>];
  const as = (actor: Actor, { method, path, body }: Target) =>
    t.http.request(method, path, { body, token: actor === 'anonymous' ? undefined : user(actor).token });
  const statusOfRequest = async (id: number) =>
    (await t.db.query('SELECT status FROM pickup_requests WHERE id = $1', [id]))[0]?.status;
  const statusOfFood = async (id: number) => (await t.db.query('SELECT status FROM food_items WHERE id = $1', [id]))[0]?.status;
  /** Every row a call could touch; a refused (or read-only) call must leave it exactly as it was. */
  const snapshot = async () => ({
    users: await t.db.query('SELECT id, name, email, user_type, suspended_at, claims_verified_only FROM users ORDER BY id'),
    hidden: await t.db.query('SELECT id, hidden_at, donor_suspended FROM food_items ORDER BY id'),
    audit: await t.db.query('SELECT id FROM verification_audit ORDER BY id'),
    food: await t.db.query('SELECT id, donor_id, status, quantity FROM food_items ORDER BY id'),
    requests: await t.db.query(
      'SELECT id, food_id, charity_id, status, ended_at, late_cancellation, received_quantity, received_at FROM pickup_requests ORDER BY id',
    ),
    points: await t.db.query('SELECT id, donor_id, label, is_default, deleted_at IS NULL AS live FROM pickup_points ORDER BY id'),
    // Donors' news of the claims (donation.*: docs/NOTIFICATIONS.md, "Donors are told") are written by the
    // worker whenever its jobs run after a claim the arrangement made; any other notification is the call's.
    notifications: await t.db.query(`SELECT id, user_id, read_at FROM notifications WHERE type NOT LIKE 'donation.%' ORDER BY id`),
    donorNewsRead: await t.db.query(`SELECT id FROM notifications WHERE type LIKE 'donation.%' AND read_at IS NOT NULL ORDER BY id`),
    preferences: await t.db.query('SELECT user_id, language, choices FROM notification_preferences ORDER BY user_id'),
    profiles: await t.db.query('SELECT user_id, governorates, phone FROM charity_profiles ORDER BY user_id'),
    subscriptions: await t.db.query('SELECT user_id, endpoint FROM push_subscriptions ORDER BY id'),
    partners: await t.db.query('SELECT donor_id, charity_id, position FROM donor_partners ORDER BY donor_id, position'),
    phones: await t.db.query('SELECT user_id, phone, verified_at, code_tries FROM messaging_phones ORDER BY user_id'),
  });
  /** A fresh item of `donor`'s, claimed by `charity`: its request id. */
  const freshRequest = async (donor: TestUser, charity: TestUser) =>
    requestPickup(t.http, charity, (await addFood(t.http, donor)).id);

  beforeAll(async () => {
    t = await startTestApp({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
    users = {
      donorA: await createDonor(t.http),
      donorB: await createDonor(t.http),
      charityA: await createCharity(t.http),
      charityB: await createCharity(t.http),
    };
    const { donorA, donorB, charityA, charityB } = users;
    // Established charities: verified, so they hold more than 2 claims (verification.int-spec.ts covers the rest).
    await verifyCharities(t.db, charityA, charityB);
    availableA = (await addFood(t.http, donorA, { food_name: 'Available A' })).id;
    claimedA = (await addFood(t.http, donorA, { food_name: 'Claimed A' })).id;
    reqA = await requestPickup(t.http, charityA, claimedA);
    fulfilledA = (await addFood(t.http, donorA, { food_name: 'Fulfilled A' })).id;
    reqFulfilledA = await requestPickup(t.http, charityA, fulfilledA);
    const fulfil = await t.http.put(`/updaterequeststatus/${reqFulfilledA}`, { status: 'fulfilled' }, { token: donorA.token });
    if (fulfil.status !== 200) throw new Error(`arrange: fulfil failed ${JSON.stringify(fulfil.body)}`);
    claimedB = (await addFood(t.http, donorB, { food_name: 'Claimed B' })).id;
    reqB = await requestPickup(t.http, charityB, claimedB);
    // After the arranged items, so that none uses it.
    pointA = (await createPickupPoint(t.http, donorA, { address_line: ADDRESS_A })).id;
    [{ id: notifA }] = await t.db.query(
      `INSERT INTO notifications (user_id, key, type, data) VALUES ($1, 'matrix-a', 'account.news', '{"message": "For charity A only"}') RETURNING id`,
      [charityA.id],
    );
    const profile = { governorates: ['EG-C'], categories: ['bakery'], storage: ['ambient'], phone: '010 5555 1234' };
    if ((await t.http.put(NOTIFICATION_ROUTES.charityProfile, profile, { token: charityA.token })).status !== 200) throw new Error('arrange: profile');
    const subscription = newSubscription();
    endpointA = subscription.endpoint;
    if ((await t.http.post(PUSH_ROUTES.subscriptions, subscription, { token: charityA.token })).status !== 201) throw new Error('arrange: push subscription');
    if ((await t.http.put(PARTNER_ROUTES.donorPartners, { charity_ids: [charityA.id] }, { token: donorA.token })).status !== 200) throw new Error('arrange: partners');
    if ((await t.http.post(MESSAGING_ROUTES.phone, { phone: PHONE_A, channel: 'sms' }, { token: charityA.token })).status !== 201) throw new Error('arrange: phone');
    codeOfA = codeSentTo(PHONE_A);
  });
  afterAll(() => t.close());

  const CALLS: Record<CallName, CallDef> = {
    'GET /api/donor/{donorA}': {
      target: async () => ({ method: 'GET', path: `/api/donor/${users.donorA.id}` }),
      expectSuccess: ({ body }) => {
        const byId = new Map(body.map((item: { id: number }) => [item.id, item]));
        expect([...byId.keys()]).toEqual(expect.arrayContaining([availableA, claimedA, fulfilledA]));
        expect(byId.has(claimedB)).toBe(false);
        expect(byId.get(claimedA)).toMatchObject({
          status: 'claimed',
          request: { request_id: reqA, status: 'pending', name: users.charityA.name, email: users.charityA.email },
        });
        expect(byId.get(fulfilledA)).toMatchObject({ request: { request_id: reqFulfilledA, status: 'fulfilled' } });
        expect(byId.get(availableA)).toMatchObject({ status: 'available', request: null });
      },
    },
    'GET /charityinfo/food/{claimedA}': {
      target: async () => ({ method: 'GET', path: `/charityinfo/food/${claimedA}` }),
      expectSuccess: ({ body }) => expect(body).toEqual([{ name: users.charityA.name, email: users.charityA.email }]),
    },
    'GET /getrequestid/{claimedA}': {
      target: async () => ({ method: 'GET', path: `/getrequestid/${claimedA}` }),
      expectSuccess: ({ body }) => expect(body).toEqual({ requestId: reqA }),
    },
    'GET /requeststatus/{reqA}': {
      target: async () => ({ method: 'GET', path: `/requeststatus/${reqA}` }),
      expectSuccess: ({ body }) => expect(body).toEqual({ status: 'pending' }),
    },
    'PUT /updaterequeststatus/{reqA} fulfilled': {
      mutates: true,
      target: async (_actor, succeeds) => ({
        method: 'PUT',
        path: `/updaterequeststatus/${succeeds ? await freshRequest(users.donorA, users.charityA) : reqA}`,
        body: { status: 'fulfilled' },
      }),
      expectSuccess: async ({ body }, _actor, target) => {
        expect(body).toMatchObject({ message: expect.any(String), status: 'fulfilled' });
        expect(await statusOfRequest(Number(target.path.split('/').pop()))).toBe('fulfilled');
      },
    },
    'GET /api/charity/{charityA}': {
      target: async () => ({ method: 'GET', path: `/api/charity/${users.charityA.id}` }),
      expectSuccess: ({ body }) => {
        const ids = body.map((request: { request_id: number }) => request.request_id);
        expect(ids).toEqual(expect.arrayContaining([reqA, reqFulfilledA]));
        expect(ids).not.toContain(reqB);
      },
    },
    'GET /api/userID/{claimedA}': {
      target: async () => ({ method: 'GET', path: `/api/userID/${claimedA}` }),
      expectSuccess: ({ body }) => expect(body).toEqual({ user_id: users.donorA.id }),
    },
    'GET /api/donorinfo/{donorA}': {
      target: async () => ({ method: 'GET', path: `/api/donorinfo/${users.donorA.id}` }),
      expectSuccess: ({ body }) => expect(body).toEqual({ name: users.donorA.name, email: users.donorA.email }),
    },
    'PUT /api/updaterequest/{reqA} cancelled': {
      mutates: true,
      target: async (_actor, succeeds) => ({
        method: 'PUT',
        path: `/api/updaterequest/${succeeds ? await freshRequest(users.donorA, users.charityA) : reqA}`,
        body: { status: 'cancelled' },
      }),
      expectSuccess: async ({ body }, _actor, target) => {
        expect(body).toEqual({ message: expect.any(String) });
        const requestId = Number(target.path.split('/').pop());
        expect(await statusOfRequest(requestId)).toBe('cancelled');
        const [{ food_id }] = await t.db.query('SELECT food_id FROM pickup_requests WHERE id = $1', [requestId]);
        expect(await statusOfFood(food_id)).toBe('available');
      },
    },
    'POST /api/add': {
      mutates: true,
      target: async () => ({
        method: 'POST',
        path: '/api/add',
        body: { food_name: 'Matrix meal', quantity: 3, description: 'Rice and lentils', expiration_date: cairoDateIn(3) },
      }),
      expectSuccess: async ({ body }, actor) => {
        expect(body).toMatchObject({ food_name: 'Matrix meal', status: 'available', user_id: user(actor).id });
        const [row] = await t.db.query('SELECT donor_id FROM food_items WHERE id = $1', [body.id]);
        expect(row).toEqual({ donor_id: user(actor).id });
      },
    },
    'POST /api/request': {
      mutates: true,
      // The claiming charity takes an item of "its" donor, so B's data never links to A's.
      target: async (actor, succeeds) => ({
        method: 'POST',
        path: '/api/request',
        body: { food_id: succeeds ? (await addFood(t.http, actor === 'charityA' ? users.donorA : users.donorB)).id : availableA },
      }),
      expectSuccess: async ({ body }, actor, target) => {
        expect(body).toMatchObject({ request_id: expect.any(Number), status: 'pending' });
        const [row] = await t.db.query('SELECT charity_id, food_id, status FROM pickup_requests WHERE id = $1', [body.request_id]);
        expect(row).toEqual({ charity_id: user(actor).id, food_id: (target.body as { food_id: number }).food_id, status: 'pending' });
        expect(await statusOfFood(row.food_id)).toBe('claimed');
      },
    },
    'GET /api/auth/me': {
      target: async () => ({ method: 'GET', path: '/api/auth/me' }),
      expectSuccess: ({ body }, actor) =>
        expect(body).toEqual({ user_id: user(actor).id, name: user(actor).name, email: user(actor).email, user_type: user(actor).type }),
    },
    'PATCH /api/food/{availableA}': {
      mutates: true,
      target: async (_actor, succeeds) => ({
        method: 'PATCH',
        path: `/api/food/${succeeds ? (await addFood(t.http, users.donorA)).id : availableA}`,
        body: { quantity: 7 },
      }),
      expectSuccess: async ({ body }, actor) => {
        expect(body).toMatchObject({ quantity: 7, user_id: user(actor).id, status: 'available' });
        const [row] = await t.db.query('SELECT quantity FROM food_items WHERE id = $1', [body.id]);
        expect(row).toEqual({ quantity: 7 });
      },
    },
    'DELETE /api/food/{availableA}': {
      mutates: true,
      target: async (_actor, succeeds) => ({
        method: 'DELETE',
        path: `/api/food/${succeeds ? (await addFood(t.http, users.donorA)).id : availableA}`,
      }),
      expectSuccess: async ({ body }, _actor, target) => {
        expect(body).toEqual({ message: 'Food item withdrawn' });
        expect(await statusOfFood(Number(target.path.split('/').pop()))).toBe('withdrawn');
      },
    },
    'GET /api/pickup-points': {
      target: async () => ({ method: 'GET', path: '/api/pickup-points' }),
      expectSuccess: async ({ body }, actor) => {
        const own = await t.db.query('SELECT id FROM pickup_points WHERE donor_id = $1 AND deleted_at IS NULL ORDER BY id', [user(actor).id]);
        expect(body.map((point: { id: number }) => point.id).sort()).toEqual(own.map((row: { id: number }) => row.id).sort());
        if (actor === 'donorA') expect(body.map((point: { id: number }) => point.id)).toContain(pointA);
      },
    },
    'POST /api/pickup-points': {
      mutates: true,
      target: async () => ({ method: 'POST', path: '/api/pickup-points', body: pickupPointBody({ label: 'Matrix point' }) }),
      expectSuccess: async ({ body }, actor) => {
        expect(body).toMatchObject({ label: 'Matrix point', contact_phone: '+201012345678' });
        const [row] = await t.db.query('SELECT donor_id FROM pickup_points WHERE id = $1', [body.id]);
        expect(row).toEqual({ donor_id: user(actor).id });
      },
    },
    'PATCH /api/pickup-points/{pointA}': {
      mutates: true,
      target: async () => ({ method: 'PATCH', path: `/api/pickup-points/${pointA}`, body: { notes: 'Matrix notes' } }),
      expectSuccess: async ({ body }) => {
        expect(body).toMatchObject({ id: pointA, notes: 'Matrix notes', address_line: ADDRESS_A });
      },
    },
    'DELETE /api/pickup-points/{pointA}': {
      mutates: true,
      target: async (_actor, succeeds) => ({
        method: 'DELETE',
        path: `/api/pickup-points/${succeeds ? (await createPickupPoint(t.http, users.donorA, { label: 'Spare' })).id : pointA}`,
      }),
      expectSuccess: async ({ body }, _actor, target) => {
        expect(body).toEqual({ message: 'Pickup point deleted' });
        const [row] = await t.db.query('SELECT deleted_at IS NOT NULL AS deleted FROM pickup_points WHERE id = $1', [
          Number(target.path.split('/').pop()),
        ]);
        expect(row).toEqual({ deleted: true });
      },
    },
    'GET /api/requests/{reqA}/pickup': {
      target: async () => ({ method: 'GET', path: `/api/requests/${reqA}/pickup` }),
      expectSuccess: async ({ body }, actor) => {
        const [{ pickup_code }] = await t.db.query('SELECT pickup_code FROM pickup_requests WHERE id = $1', [reqA]);
        expect(body).toMatchObject({
          request_id: reqA,
          food_id: claimedA,
          status: 'pending',
          donor_name: users.donorA.name,
          charity_name: users.charityA.name,
          // The code is the charity's to show at the door; the donor asks for it.
          pickup_code: actor === 'charityA' ? pickup_code : null,
        });
        expect(pickup_code).toMatch(/^\d{6}$/);
      },
    },
    'POST /api/requests/{reqFulfilledA}/received': {
      mutates: true,
      target: async () => ({ method: 'POST', path: `/api/requests/${reqFulfilledA}/received`, body: { received_quantity: 9 } }),
      expectSuccess: async ({ body }) => {
        expect(body).toEqual({ received_quantity: 9, received_weight_kg: null, comment: null, received_at: expect.any(String) });
        const [row] = await t.db.query('SELECT received_quantity FROM pickup_requests WHERE id = $1', [reqFulfilledA]);
        expect(row).toEqual({ received_quantity: 9 });
      },
    },
    'POST /api/requests/{reqA}/no-show': {
      mutates: true,
      target: async (_actor, succeeds) => ({
        method: 'POST',
        path: `/api/requests/${succeeds ? await freshRequest(users.donorA, users.charityA) : reqA}/no-show`,
        body: {},
      }),
      expectSuccess: async ({ body }, _actor, target) => {
        expect(body).toEqual({ message: expect.any(String), status: 'not_collected', food_status: 'available' });
        const requestId = Number(target.path.split('/')[3]);
        expect(await statusOfRequest(requestId)).toBe('not_collected');
      },
    },
    'GET /api/charities/{charityA}/reliability': {
      target: async () => ({ method: 'GET', path: `/api/charities/${users.charityA.id}/reliability` }),
      expectSuccess: ({ body }) =>
        expect(body).toEqual({ completed: expect.any(Number), no_shows: expect.any(Number), late_cancellations: expect.any(Number), score: expect.any(Number) }),
    },
    'GET /api/notifications': {
      target: async () => ({ method: 'GET', path: NOTIFICATION_ROUTES.list }),
      expectSuccess: ({ body }, actor) => {
        expect(body).toEqual({ unread: expect.any(Number), items: expect.any(Array) });
        expect(body.items.some((item: { id: string }) => item.id === notifA)).toBe(actor === 'charityA');
      },
    },
    'POST /api/notifications/read {notifA}': {
      mutates: true,
      target: async () => {
        // Unread before every call, so each caller's effect on it shows.
        await t.db.query('UPDATE notifications SET read_at = NULL WHERE id = $1', [notifA]);
        return { method: 'POST', path: NOTIFICATION_ROUTES.read, body: { ids: [notifA] } };
      },
      expectSuccess: async (_response, actor) => {
        // Anyone may mark their own read; A's is marked only by A.
        const [row] = await t.db.query('SELECT read_at FROM notifications WHERE id = $1', [notifA]);
        if (actor === 'charityA') expect(row.read_at).toBeInstanceOf(Date);
        else expect(row.read_at).toBeNull();
      },
    },
    'GET /api/notifications/preferences': {
      target: async () => ({ method: 'GET', path: NOTIFICATION_ROUTES.preferences }),
      expectSuccess: ({ body }) => expect(body).toEqual({ language: expect.stringMatching(/^(en|ar)$/), choices: expect.any(Object) }),
    },
    'PUT /api/notifications/preferences': {
      mutates: true,
      target: async () => ({ method: 'PUT', path: NOTIFICATION_ROUTES.preferences, body: { language: 'ar', choices: DEFAULT_NOTIFICATION_CHOICES } }),
      expectSuccess: async (_response, actor) => {
        const rows = await t.db.query('SELECT user_id, language FROM notification_preferences WHERE user_id = $1', [user(actor).id]);
        expect(rows).toEqual([{ user_id: user(actor).id, language: 'ar' }]);
      },
    },
    'GET /api/charity/profile': {
      target: async () => ({ method: 'GET', path: NOTIFICATION_ROUTES.charityProfile }),
      expectSuccess: ({ body }, actor) => {
        expect(body.saved).toBe(actor === 'charityA');
        if (actor === 'charityA') expect(body.phone).toBe('+201055551234');
      },
    },
    'PUT /api/charity/profile': {
      mutates: true,
      target: async () => ({
        method: 'PUT',
        path: NOTIFICATION_ROUTES.charityProfile,
        body: { governorates: ['EG-C'], categories: ['bakery'], storage: ['ambient'], phone: '010 5555 1234' },
      }),
      expectSuccess: async (_response, actor) => {
        const rows = await t.db.query('SELECT user_id FROM charity_profiles WHERE user_id = $1', [user(actor).id]);
        expect(rows).toEqual([{ user_id: user(actor).id }]);
      },
    },
    'POST /api/push/subscriptions': {
      mutates: true,
      target: async () => ({ method: 'POST', path: PUSH_ROUTES.subscriptions, body: newSubscription() }),
      expectSuccess: async (_response, actor, target) => {
        const rows = await t.db.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [(target.body as { endpoint: string }).endpoint]);
        expect(rows).toEqual([{ user_id: user(actor).id }]);
      },
    },
    'DELETE /api/push/subscriptions {endpointA}': {
      mutates: true,
      target: async (_actor, succeeds) => {
        let endpoint = endpointA;
        if (succeeds) {
          const fresh = newSubscription();
          if ((await t.http.post(PUSH_ROUTES.subscriptions, fresh, { token: users.charityA.token })).status !== 201) throw new Error('arrange');
          endpoint = fresh.endpoint;
        }
        return { method: 'DELETE', path: PUSH_ROUTES.subscriptions, body: { endpoint } };
      },
      expectSuccess: async (_response, _actor, target) => {
        expect(await t.db.query('SELECT id FROM push_subscriptions WHERE endpoint = $1', [(target.body as { endpoint: string }).endpoint])).toEqual([]);
        expect(await t.db.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [endpointA])).toEqual([{ user_id: users.charityA.id }]);
      },
    },
    'GET /api/donor/partners': {
      target: async () => ({ method: 'GET', path: PARTNER_ROUTES.donorPartners }),
      expectSuccess: ({ body }, actor) => {
        expect(body.charities.map((charity: { user_id: number }) => charity.user_id)).toEqual(actor === 'donorA' ? [users.charityA.id] : []);
      },
    },
    'PUT /api/donor/partners': {
      mutates: true,
      target: async () => ({ method: 'PUT', path: PARTNER_ROUTES.donorPartners, body: { charity_ids: [users.charityA.id] } }),
      expectSuccess: async (_response, actor) => {
        const rows = await t.db.query('SELECT charity_id FROM donor_partners WHERE donor_id = $1', [user(actor).id]);
        expect(rows).toEqual([{ charity_id: users.charityA.id }]);
      },
    },
    'GET /api/charities?search=': {
      target: async () => ({ method: 'GET', path: `${PARTNER_ROUTES.charities}?search=${encodeURIComponent(users.charityA.name)}` }),
      expectSuccess: ({ body }) => {
        expect(body.items).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: users.charityA.id, name: users.charityA.name })]));
      },
    },
    'GET /api/impact/donor': {
      target: async () => ({ method: 'GET', path: IMPACT_ROUTES.donor }),
      expectSuccess: ({ body }) => expect(body).toMatchObject({ months: expect.any(Array) }),
    },
    'GET /api/impact/donor/report': {
      target: async () => ({ method: 'GET', path: `${IMPACT_ROUTES.donorReport}?month=${cairoDateIn(0).slice(0, 7)}&format=csv` }),
      expectSuccess: ({ headers, body }) => {
        expect(headers.get('content-type')).toMatch(/^text\/csv/);
        expect(typeof body).toBe('string');
      },
    },
    'GET /api/impact/charity': {
      target: async () => ({ method: 'GET', path: IMPACT_ROUTES.charity }),
      expectSuccess: ({ body }) => expect(body).toMatchObject({ months: expect.any(Array) }),
    },
    'GET /api/impact/charity/report': {
      target: async () => ({ method: 'GET', path: `${IMPACT_ROUTES.charityReport}?month=${cairoDateIn(0).slice(0, 7)}&format=csv` }),
      expectSuccess: ({ headers, body }, actor) => {
        expect(headers.get('content-type')).toMatch(/^text\/csv/);
        expect(body).toContain(`Charity,${user(actor).name}`);
        if (actor === 'charityB') expect(body).not.toContain('Fulfilled A');
      },
    },
    'GET /api/ops/notifications/failed': {
      target: async () => ({ method: 'GET', path: OPS_ROUTES.failedNotifications }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'GET /api/ops/mail': {
      target: async () => ({ method: 'GET', path: OPS_ROUTES.mail }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'POST /api/ops/food/{availableA}/hide': {
      mutates: true,
      target: async () => ({ method: 'POST', path: apiPath(MODERATION_ROUTES.hideFood, { id: availableA }), body: { reason: 'Not food' } }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'POST /api/ops/food/{availableA}/unhide': {
      mutates: true,
      target: async () => ({ method: 'POST', path: apiPath(MODERATION_ROUTES.unhideFood, { id: availableA }) }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'POST /api/ops/users/{donorA}/suspend': {
      mutates: true,
      target: async () => ({ method: 'POST', path: apiPath(MODERATION_ROUTES.suspendUser, { id: users.donorA.id }), body: { reason: 'Resale' } }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'POST /api/ops/users/{donorA}/reinstate': {
      mutates: true,
      target: async () => ({ method: 'POST', path: apiPath(MODERATION_ROUTES.reinstateUser, { id: users.donorA.id }) }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'GET /api/ops/users?email=': {
      mutates: true,
      target: async () => ({ method: 'GET', path: `${MODERATION_ROUTES.userLookup}?email=${encodeURIComponent(users.donorA.email)}` }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'GET /api/ops/moderation/audit': {
      mutates: true,
      target: async () => ({ method: 'GET', path: MODERATION_ROUTES.audit }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'POST /api/ops/requests/{reqA}/overturn-no-show': {
      mutates: true,
      target: async () => ({ method: 'POST', path: apiPath(EXTRA_ROUTES.overturnNoShow, { requestId: reqA }), body: { reason: 'Wrong address' } }),
      expectSuccess: () => {
        throw new Error('operators only');
      },
    },
    'GET /api/donor/settings': {
      target: async () => ({ method: 'GET', path: MODERATION_ROUTES.donorSettings }),
      expectSuccess: ({ body }) => expect(body).toEqual({ verified_only: false }),
    },
    'GET /api/me/phone': {
      target: async () => ({ method: 'GET', path: MESSAGING_ROUTES.phone }),
      expectSuccess: ({ body }, actor) => {
        // Each sees their own phone only: charity A's pending one, nobody else's.
        expect(body.phone).toBe(actor === 'charityA' ? PHONE_A : null);
        expect(body.verified).toBe(false);
      },
    },
    'POST /api/me/phone/verify {codeOfA}': {
      mutates: true,
      target: async (_actor, succeeds) => {
        if (succeeds) {
          const phone = `+20105555${String(200 + ++phones).padStart(4, '0')}`;
          if ((await t.http.post(MESSAGING_ROUTES.phone, { phone, channel: 'whatsapp' }, { token: users.charityA.token })).status !== 201) throw new Error('arrange');
          codeOfA = codeSentTo(phone);
        }
        return { method: 'POST', path: MESSAGING_ROUTES.verifyPhone, body: { code: codeOfA } };
      },
      expectSuccess: async ({ body }, actor) => {
        expect(body.verified).toBe(true);
        expect(await t.db.query('SELECT verified_at IS NOT NULL AS verified FROM messaging_phones WHERE user_id = $1', [user(actor).id])).toEqual([{ verified: true }]);
      },
    },
    'POST /api/me/phone': {
      mutates: true,
      target: async () => ({ method: 'POST', path: MESSAGING_ROUTES.phone, body: { phone: `+20105555${String(300 + ++phones).padStart(4, '0')}`, channel: 'sms' } }),
      expectSuccess: async (_response, actor, target) => {
        const rows = await t.db.query('SELECT user_id, verified_at FROM messaging_phones WHERE phone = $1', [(target.body as { phone: string }).phone]);
        expect(rows).toEqual([{ user_id: user(actor).id, verified_at: null }]);
      },
    },
    'DELETE /api/me/phone': {
      mutates: true,
      target: async () => ({ method: 'DELETE', path: MESSAGING_ROUTES.phone }),
      expectSuccess: async ({ body }, actor) => {
        expect(body.phone).toBeNull();
        expect(await t.db.query('SELECT user_id FROM messaging_phones WHERE user_id = $1', [user(actor).id])).toEqual([]);
      },
    },
    'PUT /api/donor/settings': {
      mutates: true,
      target: async () => ({ method: 'PUT', path: MODERATION_ROUTES.donorSettings, body: { verified_only: false } }),
      expectSuccess: async ({ body }, actor) => {
        expect(body).toEqual({ verified_only: false });
        expect(await t.db.query('SELECT claims_verified_only FROM users WHERE id = $1', [user(actor).id])).toEqual([{ claims_verified_only: false }]);
      },
    },
  };

  it.each(ROWS)('%s as %s → %i', async (call, actor, expected) => {
    const def = CALLS[call];
    const target = await def.target(actor, expected < 300);
    const before = await snapshot();
    const response = await as(actor, target);

    expect(response.status).toBe(expected);
    if (expected >= 300) {
      expect(response.body).toMatchObject({ statusCode: expected, error: expect.any(String), message: expect.anything() });
    } else {
      await def.expectSuccess(response, actor, target);
    }
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/password|argon2/i);
    if (actor.endsWith('B')) {
      for (const secret of [users.donorA.email, users.charityA.email, ADDRESS_A]) expect(text).not.toContain(secret);
    }
    if (expected >= 300 || !def.mutates) expect(await snapshot()).toEqual(before);
    if (expected >= 300 && def.mutates) {
      // Re-read through an owner's eyes too: the arranged claim is untouched.
      const owner = await as('charityA', { method: 'GET', path: `/requeststatus/${reqA}` });
      expect(owner.body).toEqual({ status: 'pending' });
      expect(await statusOfFood(claimedA)).toBe('claimed');
      expect(await statusOfFood(availableA)).toBe('available');
      const [point] = await t.db.query('SELECT deleted_at IS NULL AS live FROM pickup_points WHERE id = $1', [pointA]);
      expect(point).toEqual({ live: true });
    }
  });

  describe("B's own views never contain A's data", () => {
    it("donor B's list holds only donor B's items", async () => {
      const response = await as('donorB', { method: 'GET', path: `/api/donor/${users.donorB.id}` });
      expect(response.status).toBe(200);
      const ids = response.body.map((item: { id: number }) => item.id);
      expect(ids).toContain(claimedB);
      for (const id of [availableA, claimedA, fulfilledA]) expect(ids).not.toContain(id);
      for (const item of response.body) expect(item.user_id).toBe(users.donorB.id);
      expect(JSON.stringify(response.body)).not.toContain(users.charityA.email);
    });

    it("charity B's list holds only charity B's requests", async () => {
      const response = await as('charityB', { method: 'GET', path: `/api/charity/${users.charityB.id}` });
      expect(response.status).toBe(200);
      const ids = response.body.map((request: { request_id: number }) => request.request_id);
      expect(ids).toContain(reqB);
      for (const id of [reqA, reqFulfilledA]) expect(ids).not.toContain(id);
      const text = JSON.stringify(response.body);
      for (const secret of [users.donorA.email, users.charityA.email]) expect(text).not.toContain(secret);
    });

    it.each([
      ['donorA', 'GET /getrequestid/{claimedB}', () => `/getrequestid/${claimedB}`],
      ['charityA', 'GET /getrequestid/{claimedB}', () => `/getrequestid/${claimedB}`],
      ['donorA', 'GET /requeststatus/{reqB}', () => `/requeststatus/${reqB}`],
      ['charityA', 'GET /requeststatus/{reqB}', () => `/requeststatus/${reqB}`],
      ['donorA', 'GET /charityinfo/food/{claimedB}', () => `/charityinfo/food/${claimedB}`],
    ] as const)("%s is refused B's %s with 403", async (actor, _call, path) => {
      const response = await as(actor, { method: 'GET', path: path() });
      expect(response).toMatchObject({ status: 403, body: { statusCode: 403, error: 'Forbidden' } });
    });
  });
});
