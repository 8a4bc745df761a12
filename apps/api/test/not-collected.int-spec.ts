import { HANDOVER_JOBS, QUEUES } from '@food-link/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { addFood, createCharity, createDonor, requestPickup, type TestUser } from './support/factories';
import { startTestApp, startWorker, type Listening, type TestApp } from './support/test-app';
import { testEnv } from './support/test-env';
import { waitFor } from './support/wait';

/**
 * A request still pending at the end of its window plus the grace period becomes not collected, by a
 * BullMQ delayed job on the `handover` queue (one per request, added when the worker handles food.claimed).
 * The tests shorten the grace period (0) and the shortest window (1 minute) through configuration, and
 * give listings windows that end seconds ahead, written directly (the listing calls are another part's).
 */
const CONFIG = { MIN_PICKUP_WINDOW_MINUTES: '1', NOT_COLLECTED_GRACE_MINUTES: '0' };
const SECOND = 1000;

/** The handover queue of an app's deployment, read from Redis as operators' tools do. */
function handoverQueue(app: TestApp): { queue: Queue; close: () => Promise<void> } {
  const connection = new Redis(testEnv.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.handover, { connection, prefix: `${app.env.REDIS_PREFIX}bull` });
  return { queue, close: async () => (await queue.close(), void (await connection.quit())) };
}

async function listing(t: TestApp, donor: TestUser, window: { untilMs: number; safeForMs?: number }): Promise<number> {
  const item = await addFood(t.http, donor);
  await t.db.query(
    `UPDATE food_items
        SET pickup_from = now() - interval '5 minutes', pickup_until = now() + $2 * interval '1 millisecond',
            safe_until = coalesce(now() + $3 * interval '1 millisecond', safe_until)
      WHERE id = $1`,
    [item.id, window.untilMs, window.safeForMs ?? null],
  );
  return item.id;
}

const requestRow = async (t: TestApp, requestId: number) =>
  (await t.db.query('SELECT status, ended_at FROM pickup_requests WHERE id = $1', [requestId]))[0];
const foodRow = async (t: TestApp, foodId: number) =>
  (await t.db.query('SELECT status, pickup_from, pickup_until FROM food_items WHERE id = $1', [foodId]))[0];
const eventsOf = (t: TestApp, type: string, requestId: number) =>
  t.db.query(`SELECT data, recipients FROM outbox_events WHERE type = $1 AND data->>'requestId' = $2`, [type, String(requestId)]);
const jobId = (requestId: number) => `${HANDOVER_JOBS.notCollected}-${requestId}`;

describe('not collected: the delayed job', () => {
  describe('in one process (ROLE=all)', () => {
    let t: TestApp;
    let donor: TestUser;
    let handover: ReturnType<typeof handoverQueue>;
    beforeAll(async () => {
      t = await startTestApp(CONFIG);
      donor = await createDonor(t.http);
      handover = handoverQueue(t);
    });
    afterAll(async () => {
      await handover.close();
      await t.close();
    });

    it('ends the request at the end of its window and puts the item back on the board; an early run waits', async () => {
      const charity = await createCharity(t.http);
      const foodId = await listing(t, donor, { untilMs: 6 * SECOND });
      const requestId = await requestPickup(t.http, charity, foodId);

      const job = await waitFor(() => handover.queue.getJob(jobId(requestId)), Boolean, 'the scheduled job', 5 * SECOND);
      expect(job?.name).toBe(HANDOVER_JOBS.notCollected);
      expect(job?.data).toEqual({ requestId });
      expect(await job?.getState()).toBe('delayed');
      // Run it now, before it is due: it changes nothing and goes back to wait.
      await job?.promote();
      await waitFor(async () => (await handover.queue.getJob(jobId(requestId)))?.getState(), (state) => state === 'delayed', 'the job back in delayed');
      expect((await requestRow(t, requestId)).status).toBe('pending');

      await waitFor(() => requestRow(t, requestId), (row) => row.status === 'not_collected', 'the request not collected', 15 * SECOND);
      expect((await requestRow(t, requestId)).ended_at).toBeInstanceOf(Date);
      expect(await foodRow(t, foodId)).toEqual({ status: 'available', pickup_from: null, pickup_until: null });
      expect(await eventsOf(t, 'request.not_collected', requestId)).toEqual([
        { data: { foodId, requestId, relisted: true, governorate: null, quantityLeft: 10 }, recipients: [donor.id, charity.id] },
      ]);
      expect((await t.http.get('/api/available')).body.map((item: { id: number }) => item.id)).toContain(foodId);
      await waitFor(async () => (await handover.queue.getJob(jobId(requestId)))?.getState(), (state) => state === 'completed', 'the job completed');
    });

    it('lets the item expire when less than the shortest window of safe time is left', async () => {
      const charity = await createCharity(t.http);
      const foodId = await listing(t, donor, { untilMs: 4 * SECOND, safeForMs: 40 * SECOND });
      const requestId = await requestPickup(t.http, charity, foodId);
      await waitFor(() => requestRow(t, requestId), (row) => row.status === 'not_collected', 'the request not collected', 15 * SECOND);
      expect((await foodRow(t, foodId)).status).toBe('expired');
      expect((await eventsOf(t, 'request.not_collected', requestId))[0].data).toEqual({ foodId, requestId, relisted: false, governorate: null, quantityLeft: 10 });
      const expired = await t.db.query(`SELECT data FROM outbox_events WHERE type = 'food.expired' AND data->>'foodId' = $1`, [String(foodId)]);
      expect(expired).toEqual([{ data: { foodId, governorate: null } }]);
    });

    it('leaves a request alone once it has ended (fulfilled before the window ran out)', async () => {
      const charity = await createCharity(t.http);
      const foodId = await listing(t, donor, { untilMs: 3 * SECOND });
      const requestId = await requestPickup(t.http, charity, foodId);
      await waitFor(() => handover.queue.getJob(jobId(requestId)), Boolean, 'the scheduled job', 5 * SECOND);
      const fulfil = await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
      expect(fulfil.status).toBe(200);
      await waitFor(async () => (await handover.queue.getJob(jobId(requestId)))?.getState(), (state) => state === 'completed', 'the job completed', 10 * SECOND);
      expect((await requestRow(t, requestId)).status).toBe('fulfilled');
      expect((await foodRow(t, foodId)).status).toBe('claimed');
      expect(await eventsOf(t, 'request.not_collected', requestId)).toEqual([]);
    });
  });

  describe('across worker restarts', () => {
    let t: TestApp;
    let worker: Listening | undefined;
    let handover: ReturnType<typeof handoverQueue>;
    beforeAll(async () => {
      // The API alone; workers come and go.
      t = await startTestApp({ ...CONFIG, ROLE: 'api' });
      handover = handoverQueue(t);
    });
    // Each test ends with a worker running: close it before the next test starts its own (or the earlier
    // one would run on after the database is gone, and keep Jest from exiting).
    afterEach(async () => {
      await worker?.close();
      worker = undefined;
    });
    afterAll(async () => {
      await handover.close();
      await t.close();
    });

    it('runs the job once though the worker that scheduled it stopped before it was due, and never adds it twice', async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      worker = await startWorker(t);
      const foodId = await listing(t, donor, { untilMs: 8 * SECOND });
      const requestId = await requestPickup(t.http, charity, foodId);
      const job = await waitFor(() => handover.queue.getJob(jobId(requestId)), Boolean, 'the scheduled job', 5 * SECOND);
      expect(await job?.getState()).toBe('delayed');

      await worker.close();
      worker = undefined;
      // The same id again (a food.claimed handled twice) adds nothing.
      await handover.queue.add(HANDOVER_JOBS.notCollected, { requestId }, { jobId: jobId(requestId), delay: 0 });
      expect(await handover.queue.getJobCounts('delayed', 'waiting', 'active')).toEqual({ delayed: 1, waiting: 0, active: 0 });

      // Past its time with no worker: it waits in Redis, and the request stays pending.
      await new Promise((resolve) => setTimeout(resolve, 9 * SECOND));
      expect((await requestRow(t, requestId)).status).toBe('pending');

      worker = await startWorker(t);
      await waitFor(() => requestRow(t, requestId), (row) => row.status === 'not_collected', 'the request not collected', 15 * SECOND);
      await waitFor(async () => (await handover.queue.getJob(jobId(requestId)))?.getState(), (state) => state === 'completed', 'the job completed');
      expect(await eventsOf(t, 'request.not_collected', requestId)).toHaveLength(1);
      expect((await handover.queue.getJob(jobId(requestId)))?.attemptsMade).toBe(1);
      const counts = await handover.queue.getJobCounts('delayed', 'waiting', 'active', 'completed', 'failed');
      expect(counts).toEqual({ delayed: 0, waiting: 0, active: 0, completed: 1, failed: 0 });
    });

    it('schedules again, when a worker starts, the job of a pending request that Redis lost', async () => {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      worker = await startWorker(t);
      const foodId = await listing(t, donor, { untilMs: 5 * SECOND });
      const requestId = await requestPickup(t.http, charity, foodId);
      const job = await waitFor(() => handover.queue.getJob(jobId(requestId)), Boolean, 'the scheduled job', 5 * SECOND);
      await worker.close();
      worker = undefined;
      await job?.remove();
      expect(await handover.queue.getJob(jobId(requestId))).toBeUndefined();

      worker = await startWorker(t);
      await waitFor(() => requestRow(t, requestId), (row) => row.status === 'not_collected', 'the request not collected', 15 * SECOND);
      expect((await foodRow(t, foodId)).status).toBe('available');
      expect(await eventsOf(t, 'request.not_collected', requestId)).toHaveLength(1);
    });
  });
});
