import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  apiPath,
  BULL_BOARD_PATH,
  DOMAIN_EVENT_TYPES,
  HEALTH_ROUTES,
  OPS_EVENTS,
  OPS_ROUTES,
  QUEUES,
  type FailedJobView,
  type OpsEventView,
  type OpsOverview,
  type OpsSnapshot,
} from '@food-link/contracts';
import { OutboxLeaseKeeper } from '../src/outbox/outbox-lease-keeper';
import { barrier } from './support/barrier';
import { addFood, createCharity, createDonor, loginAs, requestPickup, type TestUser } from './support/factories';
import type { HttpClient } from './support/http-client';
import { OwnRedis } from './support/redis-server';
import { LiveClient } from './support/socket-client';
import { startPeer, startTestApp, startWorker, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';
const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const domainEvents = QUEUES.domainEvents;

/** Every operator call, with the method and a path that exists (unknown job ids still reach the guard first). */
const OPS_CALLS: { method: 'GET' | 'POST' | 'DELETE'; path: string }[] = [
  { method: 'GET', path: OPS_ROUTES.snapshot },
  { method: 'GET', path: OPS_ROUTES.overview },
  { method: 'GET', path: OPS_ROUTES.events },
  { method: 'GET', path: apiPath(OPS_ROUTES.failedJobs, { queue: domainEvents }) },
  { method: 'POST', path: apiPath(OPS_ROUTES.retryAllFailed, { queue: domainEvents }) },
  { method: 'POST', path: apiPath(OPS_ROUTES.retryJob, { queue: domainEvents, jobId: 'no-such-job' }) },
  { method: 'DELETE', path: apiPath(OPS_ROUTES.removeJob, { queue: domainEvents, jobId: 'no-such-job' }) },
  { method: 'POST', path: OPS_ROUTES.boardSession },
  { method: 'GET', path: OPS_ROUTES.mail },
  { method: 'GET', path: apiPath(OPS_ROUTES.mailMessage, { file: 'no-such-message.eml' }) },
];

/** Fulfils a fresh claim and returns what it made. */
async function fulfilledDonation(http: HttpClient, donor: TestUser, charity: TestUser, quantity = 7) {
  const food = await addFood(http, donor, { quantity });
  const requestId = await requestPickup(http, charity, food.id);
  const fulfilled = await http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
  expect(fulfilled.status).toBe(200);
  return { foodId: food.id, requestId };
}

describe('operator console: access, live views, failed jobs, health and metrics', () => {
  let t: TestApp;
  let operator: string;
  let donor: TestUser;
  let charity: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ OPERATOR_EMAIL, OPERATOR_PASSWORD, METRICS_TOKEN, OPS_SNAPSHOT_MS: '500', JOB_ATTEMPTS: '1' });
    operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    donor = await createDonor(t.http);
    charity = await createCharity(t.http);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('the operator account', () => {
    it('comes from configuration and signs in as an operator', async () => {
      const login = await t.http.post('/api/login', { email: OPERATOR_EMAIL.toUpperCase(), password: OPERATOR_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.data[0].user_type).toBe('operator');
    });

    it('takes a new password from configuration at the next start, and never takes over a user', async () => {
      const restarted = await startPeer(t, { OPERATOR_PASSWORD: 'another long passphrase' });
      try {
        expect((await t.http.post('/api/login', { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD })).status).toBe(401);
        expect((await t.http.post('/api/login', { email: OPERATOR_EMAIL, password: 'another long passphrase' })).status).toBe(200);
      } finally {
        await restarted.close();
      }
      // Put the original password back for the other tests.
      await (await startPeer(t)).close();
      await expect(startPeer(t, { OPERATOR_EMAIL: donor.email })).rejects.toThrow(/belongs to a donor account/);
      expect((await t.http.post('/api/login', { email: donor.email, password: donor.password })).body.data[0].user_type).toBe('donor');
    });

    it('cannot be made by sign-up', async () => {
      const signUp = await t.http.post('/api/registerdonor', { name: 'Mallory', email: 'mallory@example.eg', password: 'password123', user_type: 'operator' });
      expect(signUp.status).toBe(201);
      const login = await t.http.post('/api/login', { email: 'mallory@example.eg', password: 'password123' });
      expect(login.body.data[0].user_type).toBe('donor');
    });
  });

  describe('access', () => {
    it.each(OPS_CALLS)('$method $path: 401 anonymous, 403 for donors and charities', async ({ method, path }) => {
      expect((await t.http.request(method, path)).status).toBe(401);
      expect((await t.http.request(method, path, { token: 'not-a-token' })).status).toBe(401);
      for (const user of [donor, charity]) {
        const refused = await t.http.request(method, path, { token: user.token });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe('Only operator accounts may do this');
      }
    });

    it('lets operators make every call', async () => {
      for (const { method, path } of OPS_CALLS) {
        const answer = await t.http.request(method, path, { token: operator });
        // The calls on an unknown job or outbox message answer 404 to an operator: they got past the guard.
        const expected = path.includes('no-such-') ? [404] : [200, 204];
        expect({ method, path, status: expected.includes(answer.status) ? 'as expected' : answer.status }).toEqual({ method, path, status: 'as expected' });
      }
    });

    it('opens bull-board to operators only, by bearer token or by the console cookie', async () => {
      expect((await t.http.get(BULL_BOARD_PATH)).status).toBe(401);
      expect((await t.http.get(`${BULL_BOARD_PATH}/api/queues`)).status).toBe(401);
      expect((await t.http.get(BULL_BOARD_PATH, { token: charity.token })).status).toBe(403);
      expect((await t.http.get(`${BULL_BOARD_PATH}/api/queues`, { token: donor.token })).status).toBe(403);
      // The cookie takes a board token only: a session token in it, even an operator's, is refused.
      expect((await t.http.get(BULL_BOARD_PATH, { headers: { cookie: `foodlink_board=${donor.token}` } })).status).toBe(401);
      expect((await t.http.get(BULL_BOARD_PATH, { headers: { cookie: `foodlink_board=${operator}` } })).status).toBe(401);

      const page = await t.http.get(BULL_BOARD_PATH, { token: operator });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');

      const session = await t.http.post(OPS_ROUTES.boardSession, undefined, { token: operator });
      expect(session.status).toBe(204);
      const setCookie = session.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^foodlink_board=[^;]+;/);
      expect(setCookie).toContain(`Path=${BULL_BOARD_PATH}`);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');
      expect(setCookie).toMatch(/Max-Age=900/);
      const cookie = setCookie.split(';')[0];
      const queues = await t.http.get(`${BULL_BOARD_PATH}/api/queues`, { headers: { cookie } });
      expect(queues.status).toBe(200);
      expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual(Object.values(QUEUES).sort());

      // The board token is narrow: no use as a session anywhere else, nor on a socket.
      const boardToken = cookie.slice('foodlink_board='.length);
      for (const { method, path } of OPS_CALLS) expect((await t.http.request(method, path, { token: boardToken })).status).toBe(401);
      expect((await t.http.get('/api/auth/me', { token: boardToken })).status).toBe(401);
      await expect(LiveClient.connect(t.baseUrl, boardToken)).rejects.toThrow(/unauthorized/);
    });

    it('keeps ops.* messages to operators: donors, charities and anonymous sockets never get them', async () => {
      const operatorSocket = await LiveClient.connect(t.baseUrl, operator);
      const others = await Promise.all([LiveClient.connect(t.baseUrl, donor.token), LiveClient.connect(t.baseUrl, charity.token), LiveClient.connect(t.baseUrl)]);
      try {
        const food = await addFood(t.http, donor);
        const listed = await operatorSocket.nextOps(OPS_EVENTS.event, (event: OpsEventView) => event.foodId === food.id);
        await operatorSocket.nextOps(OPS_EVENTS.snapshot);
        // Everyone hears food.listed; the barrier is published after the operator's ops.event was.
        for (const other of others) await other.next('food.listed', (event) => event.data.foodId === food.id);
        await barrier(t.env, others);
        for (const other of others) expect(other.ops).toEqual([]);
        expect(listed).toMatchObject({ type: 'food.listed', foodId: food.id, requestId: null });
      } finally {
        [operatorSocket, ...others].forEach((client) => client.close());
      }
    });
  });

  describe('live views', () => {
    it('snapshots queues, outbox, sockets, health and events per minute, and pushes them to operators', async () => {
      const operatorSocket = await LiveClient.connect(t.baseUrl, operator);
      const anonymous = await LiveClient.connect(t.baseUrl);
      try {
        await addFood(t.http, donor);
        const pushed: OpsSnapshot = await operatorSocket.nextOps(OPS_EVENTS.snapshot, (snapshot: OpsSnapshot) => (snapshot.sockets ?? 0) >= 2);
        const { body: snapshot, status } = await t.http.get<OpsSnapshot>(OPS_ROUTES.snapshot, { token: operator });
        expect(status).toBe(200);
        for (const taken of [pushed, snapshot]) {
          expect(taken.queues.map((queue) => queue.queue)).toEqual(Object.values(QUEUES));
          for (const queue of taken.queues) {
            for (const state of ['waiting', 'active', 'delayed', 'completed', 'failed'] as const) expect(Number.isInteger(queue[state])).toBe(true);
          }
          expect(taken.health).toMatchObject({ status: 'ok', checks: { database: { status: 'up' }, redis: { status: 'up' }, workers: { status: 'up' } } });
          expect(taken.health.checks.workers.count).toBeGreaterThanOrEqual(1);
          expect(taken.eventsPerMinute).toHaveLength(60);
          expect(Date.parse(taken.eventsPerMinute[59].minute)).toBeLessThanOrEqual(Date.now());
          expect(Date.now() - Date.parse(taken.eventsPerMinute[59].minute)).toBeLessThan(60_000 + 5_000);
        }
        expect(snapshot.sockets).toBeGreaterThanOrEqual(2);
        expect(snapshot.outbox).toEqual({ unpublished: expect.any(Number), oldestAgeSeconds: snapshot.outbox?.unpublished ? expect.any(Number) : null });
        expect(snapshot.outbox).not.toBeNull();
        // Every event this app recorded happened in the last hour.
        const recorded = await t.db.query<{ count: string }[]>('SELECT count(*) FROM outbox_events');
        expect(snapshot.eventsPerMinute.reduce((sum, minute) => sum + minute.count, 0)).toBe(Number(recorded[0].count));
        const completed = snapshot.queues.find((queue) => queue.queue === domainEvents)?.completed ?? 0;
        expect(completed).toBeGreaterThan(0);
      } finally {
        operatorSocket.close();
        anonymous.close();
      }
    });

    it('still answers while Redis is down: backlog growing with its age, queues unknown, Redis named down', async () => {
      const redis = await OwnRedis.start();
      const alone = await startTestApp({ REDIS_URL: redis.url, OPERATOR_EMAIL, OPERATOR_PASSWORD, OPS_SNAPSHOT_MS: '500' });
      try {
        const token = await loginAs(alone.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
        const someone = await createDonor(alone.http);
        await redis.stop();
        await addFood(alone.http, someone);
        await addFood(alone.http, someone);
        const started = Date.now();
        const down = await waitFor(
          async () => (await alone.http.get<OpsSnapshot>(OPS_ROUTES.snapshot, { token })).body,
          (snapshot) => (snapshot.outbox?.oldestAgeSeconds ?? 0) >= 1,
          'a backlog at least a second old',
        );
        expect(down.outbox?.unpublished).toBe(2);
        expect(down.queues).toEqual([]);
        expect(down.sockets).toBeNull();
        expect(down.health.status).toBe('error');
        expect(down.health.checks.database.status).toBe('up');
        expect(down.health.checks.redis).toEqual({ status: 'down', error: expect.stringMatching(/^Redis (is unreachable|did not answer)/) });
        const probe = await alone.http.get(HEALTH_ROUTES.ready);
        expect(probe.status).toBe(503);
        expect(Date.now() - started).toBeLessThan(15_000);

        await redis.restart();
        const drained = await waitFor(
          async () => (await alone.http.get<OpsSnapshot>(OPS_ROUTES.snapshot, { token })).body,
          (snapshot) => snapshot.outbox?.unpublished === 0 && snapshot.health.status === 'ok',
          'the backlog drained once Redis is back',
          30_000,
        );
        expect(drained.outbox).toEqual({ unpublished: 0, oldestAgeSeconds: null });
        expect(drained.queues.map((queue) => queue.queue)).toEqual(Object.values(QUEUES));
      } finally {
        await alone.close();
        await redis.stop();
      }
    });

    it('lists the latest events newest first, filters by type and names bad filters', async () => {
      const food = await addFood(t.http, donor);
      const requestId = await requestPickup(t.http, charity, food.id);
      const { body: latest } = await t.http.get<OpsEventView[]>(OPS_ROUTES.events, { token: operator });
      expect(latest.length).toBeLessThanOrEqual(100);
      expect(latest[0]).toMatchObject({ type: 'food.claimed', foodId: food.id, requestId });
      expect(latest[1]).toMatchObject({ type: 'food.listed', foodId: food.id, requestId: null });
      const times = latest.map((event) => Date.parse(event.occurredAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const { body: claims } = await t.http.get<OpsEventView[]>(`${OPS_ROUTES.events}?type=food.claimed&limit=2`, { token: operator });
      expect(claims.length).toBeGreaterThanOrEqual(1);
      expect(claims.length).toBeLessThanOrEqual(2);
      expect(claims.every((event) => event.type === 'food.claimed')).toBe(true);

      const badType = await t.http.get(`${OPS_ROUTES.events}?type=food.eaten`, { token: operator });
      expect(badType.status).toBe(400);
      expect(badType.body.message.join(' ')).toContain(`type must be one of ${DOMAIN_EVENT_TYPES.join(', ')}`);
      const badLimit = await t.http.get(`${OPS_ROUTES.events}?limit=101`, { token: operator });
      expect(badLimit.status).toBe(400);
      expect(badLimit.body.message.join(' ')).toContain('limit');
    });

    it('counts accounts, items and requests by status, impact and events', async () => {
      const read = async () => (await t.http.get<OpsOverview>(OPS_ROUTES.overview, { token: operator })).body;
      const before = await read();
      const [{ since }] = await t.db.query(`SELECT clock_timestamp() AS since`);
      const otherDonor = await createDonor(t.http);
      await addFood(t.http, otherDonor);
      await fulfilledDonation(t.http, otherDonor, charity, 11);
      // The donor's in-app news of the claim (issue 29) comes after the claim's own events: waited for too.
      const after = await waitFor(
        read,
        (overview) => overview.impact.totalMeals === before.impact.totalMeals + 11 && overview.events >= before.events + 6,
        'impact counted, the donor told',
      );
      expect(after.users).toEqual({ ...before.users, donors: before.users.donors + 1 });
      expect(after.users.operators).toBe(1);
      expect(after.items).toMatchObject({ available: before.items.available + 1, claimed: before.items.claimed + 1, total: before.items.total + 2 });
      expect(after.requests).toMatchObject({ fulfilled: before.requests.fulfilled + 1, total: before.requests.total + 1 });
      // 2 × food.listed, food.claimed, request.fulfilled, stats.updated, and the donor's notification.created (donation.claimed):
      // counted by the overview, and each there in the outbox (the projection's stats.updated and the worker's news may
      // come more than once, as the worker's jobs run: at least once each).
      expect(after.events).toBeGreaterThanOrEqual(before.events + 6);
      const recorded = Object.fromEntries(
        (await t.db.query(`SELECT type, count(*)::int AS n FROM outbox_events WHERE occurred_at > $1 GROUP BY type`, [since])).map(
          (row: { type: string; n: number }) => [row.type, row.n],
        ),
      );
      expect(recorded).toMatchObject({ 'food.listed': 2, 'food.claimed': 1, 'request.fulfilled': 1 });
      expect(recorded['stats.updated']).toBeGreaterThanOrEqual(1);
      expect(recorded['notification.created']).toBeGreaterThanOrEqual(1);
      const [{ users, items, requests }] = await t.db.query(
        `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM food_items)::int AS items, (SELECT count(*) FROM pickup_requests)::int AS requests`,
      );
      expect(after.users.donors + after.users.charities + after.users.operators).toBe(users);
      expect(after.items.total).toBe(items);
      expect(after.requests.total).toBe(requests);
      // Every status is counted, the ones of withdrawn listings and uncollected requests included.
      expect(Object.keys(after.items).sort()).toEqual(['available', 'claimed', 'expired', 'total', 'withdrawn']);
      expect(Object.keys(after.requests).sort()).toEqual(['cancelled', 'fulfilled', 'not_collected', 'pending', 'total', 'withdrawn']);
    });
  });

  describe('failed jobs', () => {
    const failedList = async () => (await t.http.get<FailedJobView[]>(apiPath(OPS_ROUTES.failedJobs, { queue: domainEvents }), { token: operator })).body;

    /** Makes the fulfilment projection fail for real: its table is gone while the jobs run. */
    async function breakProjection(): Promise<void> {
      await t.db.query('ALTER TABLE processed_events RENAME TO processed_events_away');
    }
    async function repairProjection(): Promise<void> {
      await t.db.query('ALTER TABLE processed_events_away RENAME TO processed_events');
    }

    it('lists a job that used up its attempts, tells operators live, and delivers its event on retry', async () => {
      const operatorSocket = await LiveClient.connect(t.baseUrl, operator);
      const donorSocket = await LiveClient.connect(t.baseUrl, donor.token);
      const meals = async () => (await t.http.get('/api/request/totalmeals')).body.totalMeals as number;
      try {
        const mealsBefore = await meals();
        await breakProjection();
        let donation: { foodId: number; requestId: number };
        try {
          donation = await fulfilledDonation(t.http, donor, charity, 13);
          const failure: FailedJobView = await operatorSocket.nextOps(OPS_EVENTS.jobFailed, (job: FailedJobView) => job.foodId === donation.foodId);
          expect(failure).toMatchObject({ queue: domainEvents, name: 'request.fulfilled', attempts: 1, foodId: donation.foodId });
          expect(failure.error).toContain('processed_events');
          const listed = await failedList();
          expect(listed.find((job) => job.id === failure.id)).toEqual(failure);
          const snapshot = (await t.http.get<OpsSnapshot>(OPS_ROUTES.snapshot, { token: operator })).body;
          expect(snapshot.queues.find((queue) => queue.queue === domainEvents)?.failed).toBeGreaterThanOrEqual(1);
        } finally {
          await repairProjection();
        }
        await barrier(t.env, [donorSocket]);
        expect(donorSocket.ofType('request.fulfilled').filter((event) => event.data.requestId === donation.requestId)).toEqual([]);

        const [failure] = (await failedList()).filter((job) => job.foodId === donation.foodId);
        const retried = await t.http.post(apiPath(OPS_ROUTES.retryJob, { queue: domainEvents, jobId: failure.id }), undefined, { token: operator });
        expect(retried.status).toBe(200);
        expect(retried.body).toEqual({ message: `Job ${failure.id} was queued again`, count: 1 });
        const delivered = await donorSocket.next('request.fulfilled', (event) => event.data.requestId === donation.requestId);
        expect(delivered.id).toBe(failure.id);
        await waitFor(meals, (total) => total === mealsBefore + 13, 'impact after the retry');
        expect((await failedList()).some((job) => job.id === failure.id)).toBe(false);

        const again = await t.http.post(apiPath(OPS_ROUTES.retryJob, { queue: domainEvents, jobId: failure.id }), undefined, { token: operator });
        expect(again.status).toBe(409);
        expect(again.body.message).toBe(`Job ${failure.id} is completed, not failed`);
      } finally {
        operatorSocket.close();
        donorSocket.close();
      }
    });

    it('retries every failed job at once, and removes one on request', async () => {
      await breakProjection();
      let donations: { foodId: number; requestId: number }[];
      try {
        donations = [await fulfilledDonation(t.http, donor, charity), await fulfilledDonation(t.http, donor, charity), await fulfilledDonation(t.http, donor, charity)];
        await waitFor(failedList, (jobs) => donations.every((d) => jobs.some((job) => job.foodId === d.foodId)), 'three failures');
      } finally {
        await repairProjection();
      }
      const jobs = await failedList();
      const [removed, ...kept] = donations.map((d) => jobs.find((job) => job.foodId === d.foodId) as FailedJobView);

      const removal = await t.http.delete(apiPath(OPS_ROUTES.removeJob, { queue: domainEvents, jobId: removed.id }), { token: operator });
      expect(removal.status).toBe(200);
      expect(removal.body).toEqual({ message: `Job ${removed.id} was removed`, count: 1 });
      expect((await t.http.delete(apiPath(OPS_ROUTES.removeJob, { queue: domainEvents, jobId: removed.id }), { token: operator })).status).toBe(404);
      // Its event is settled: the relay does not send it again when leases run out, though Redis no longer has the job.
      const relay = t.app.get(OutboxLeaseKeeper);
      await t.db.query(`UPDATE outbox_events SET lease_expires_at = now() - interval '1 second' WHERE lease_expires_at IS NOT NULL`);
      await relay.settleLeases(); // one may have been running already
      expect(await relay.settleLeases()).toBe(0);

      const all = await t.http.post(apiPath(OPS_ROUTES.retryAllFailed, { queue: domainEvents }), undefined, { token: operator });
      expect(all.status).toBe(200);
      expect(all.body).toEqual({ message: '2 failed jobs were queued again', count: 2 });
      // On their way again, so leased again: were Redis to lose them now, they would be sent again.
      const leased = await t.db.query<{ id: string }[]>(`SELECT id FROM outbox_events WHERE id = ANY($1::uuid[]) AND lease_expires_at > now()`, [
        kept.map((job) => job.id),
      ]);
      expect(leased).toHaveLength(2);
      await waitFor(
        async () => (await t.db.query<{ event_id: string }[]>('SELECT event_id FROM processed_events WHERE event_id = ANY($1::uuid[])', [kept.map((job) => job.id)])).length,
        (count) => count === 2,
        'both retried jobs applied',
      );
      expect(await t.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [removed.id])).toEqual([]);
      expect((await t.http.post(apiPath(OPS_ROUTES.retryAllFailed, { queue: domainEvents }), undefined, { token: operator })).body).toEqual({
        message: 'There were no failed jobs to retry',
        count: 0,
      });
    });

    it('answers 404 for an unknown queue or job', async () => {
      const unknownQueue = await t.http.get(apiPath(OPS_ROUTES.failedJobs, { queue: 'emails' }), { token: operator });
      expect(unknownQueue.status).toBe(404);
      expect(unknownQueue.body.message).toBe('There is no queue named emails');
      const unknownJob = await t.http.post(apiPath(OPS_ROUTES.retryJob, { queue: domainEvents, jobId: 'no such job!' }), undefined, { token: operator });
      expect(unknownJob.status).toBe(404);
    });
  });

  describe('health and metrics', () => {
    it('reports liveness and readiness publicly, without addresses', async () => {
      expect((await t.http.get(HEALTH_ROUTES.live)).body).toEqual({ status: 'ok' });
      const ready = await t.http.get(HEALTH_ROUTES.ready);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', checks: { database: { status: 'up' }, redis: { status: 'up' }, workers: { status: 'up', count: expect.any(Number) } } });
      expect(JSON.stringify(ready.body)).not.toMatch(/127\.0\.0\.1|postgres:|redis:/);
    });

    it('is not ready without a worker, and a ROLE=worker process answers its own probes only', async () => {
      const apiOnly = await startPeer(t, { ROLE: 'api' });
      const ownPrefix = { ...t.env, REDIS_PREFIX: `${t.env.REDIS_PREFIX}alone:` };
      const lonely = await startPeer({ env: ownPrefix }, { ROLE: 'api' });
      try {
        const notReady = await lonely.http.get(HEALTH_ROUTES.ready);
        expect(notReady.status).toBe(503);
        expect(notReady.body.checks.workers).toEqual({ status: 'down', latencyMs: expect.any(Number), count: 0, error: 'No worker is consuming domain events' });
        expect((await apiOnly.http.get(HEALTH_ROUTES.ready)).status).toBe(200); // t's worker serves the shared prefix

        const worker = await startWorker({ env: ownPrefix });
        try {
          await waitFor(async () => (await lonely.http.get(HEALTH_ROUTES.ready)).status, (status) => status === 200, 'ready once a worker runs');
          expect((await worker.http.get(HEALTH_ROUTES.ready)).body.status).toBe('ok');
          expect((await worker.http.get(HEALTH_ROUTES.live)).body).toEqual({ status: 'ok' });
          const scraped = await worker.http.get('/metrics', { token: METRICS_TOKEN });
          expect(scraped.status).toBe(200);
          expect(scraped.body).toContain('foodlink_jobs_processed_total');
          expect((await worker.http.get('/metrics')).status).toBe(401);
          for (const path of ['/api/available', '/api/request/totalmeals', OPS_ROUTES.snapshot, BULL_BOARD_PATH]) {
            expect((await worker.http.get(path, { token: operator })).status).toBe(404);
          }
        } finally {
          await worker.close();
        }
      } finally {
        await lonely.close();
        await apiOnly.close();
      }
    });

    it('serves Prometheus metrics to the metrics token and operators only', async () => {
      expect((await t.http.get('/metrics')).status).toBe(401);
      expect((await t.http.get('/metrics', { token: 'scrape-token-wrong-0000000000' })).status).toBe(401);
      expect((await t.http.get('/metrics', { token: donor.token })).status).toBe(403);
      expect((await t.http.get('/metrics', { token: operator })).status).toBe(200);

      const socket = await LiveClient.connect(t.baseUrl);
      try {
        const food = await addFood(t.http, donor);
        await socket.next('food.listed', (event) => event.data.foodId === food.id);
        expect((await t.http.get(`/api/food/${food.id}`)).status).toBe(200);
        const scraped = await t.http.get('/metrics', { token: METRICS_TOKEN });
        expect(scraped.status).toBe(200);
        expect(scraped.headers.get('content-type')).toContain('text/plain');
        const text: string = scraped.body;
        expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/food\/:id",status="200"\} [1-9]/);
        expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/add",status="201"\} [1-9]/);
        expect(text).toMatch(/^foodlink_outbox_backlog \d+$/m);
        expect(text).toMatch(/^foodlink_outbox_oldest_age_seconds [\d.]+$/m);
        expect(text).toMatch(/^foodlink_jobs_processed_total\{queue="domain-events"\} [1-9]/m);
        expect(text).toMatch(/^foodlink_jobs_failed_total\{queue="domain-events"\} [1-9]/m); // the failures above
        expect(text).toMatch(/^foodlink_event_delivery_seconds_count [1-9]/m);
        expect(text).toMatch(/^foodlink_connected_sockets [1-9]/m);
        expect(text).toMatch(/^foodlink_queue_jobs\{queue="domain-events",state="completed"\} [1-9]/m);
        expect(text).toContain('process_cpu_seconds_total');
      } finally {
        socket.close();
      }
    });
  });
});
