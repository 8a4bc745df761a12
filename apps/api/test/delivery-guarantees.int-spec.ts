import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { LIMITS, QUEUES } from '@food-link/contracts';
import type { Job } from 'bullmq';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { DomainEventJob } from '../src/outbox/domain-event-job';
import { workerConnection } from '../src/redis/redis-options';
import { DomainEventsProcessor } from '../src/worker/domain-events.processor';
import { RealtimeGateway } from '../src/gateway/realtime.gateway';
import { ApiProcess } from './support/api-process';
import { addFood, cairoDateIn, createCharity, createDonor, requestPickup, verifyCharities } from './support/factories';
import { OwnRedis, freePort } from './support/redis-server';
import { LiveClient } from './support/socket-client';
import { startPeer, startTestApp, startWorker } from './support/test-app';
import { waitFor } from './support/wait';

const unpublishedIds = async (db: { query: (sql: string) => Promise<{ id: string }[]> }) =>
  (await db.query('SELECT id FROM outbox_events WHERE published_at IS NULL ORDER BY occurred_at')).map((row) => row.id);

describe('delivery guarantees', () => {
  it('loses nothing while Redis is down: writes succeed, and every event arrives once Redis is back', async () => {
    const redis = await OwnRedis.start();
    const t = await startTestApp({ REDIS_URL: redis.url });
    try {
      const donor = await createDonor(t.http);
      // A verified charity holds at most LIMITS.activeClaimsMax pending claims: the 50 claims are spread over enough.
      const charities = await Promise.all(Array.from({ length: 50 / LIMITS.activeClaimsMax }, () => createCharity(t.http)));
      await verifyCharities(t.db, ...charities);
      const client = await LiveClient.connect(t.baseUrl);
      const offered = await Promise.all(Array.from({ length: 50 }, () => addFood(t.http, donor)));
      await client.allOf((await t.db.query('SELECT id FROM outbox_events')).map((row: { id: string }) => row.id));

      await redis.stop();
      const writes = await Promise.all([
        ...Array.from({ length: 50 }, () => t.http.post('/api/add', { food_name: 'Ful', quantity: 3, description: 'Pots', expiration_date: cairoDateIn(30) }, { token: donor.token })),
        ...offered.map((item, index) => t.http.post('/api/request', { food_id: item.id }, { token: charities[index % charities.length].token })),
      ]);
      expect(writes.map((write) => write.status)).toEqual(Array(100).fill(201));
      const waiting = await unpublishedIds(t.db);
      expect(waiting).toHaveLength(100);

      await redis.restart();
      // Jobs that failed while the connections were coming back retry with exponential backoff
      // (0.5, 1, 2, 4, 8, 16 s), so under load the last of the backlog may take half a minute.
      await client.allOf(waiting, 60_000);
      const published = new Set(waiting);
      expect((await unpublishedIds(t.db)).filter((id) => published.has(id))).toEqual([]);
      // The claims' own consequences come after (the donor's notifications: notification.created,
      // docs/NOTIFICATIONS.md "Donors are told"), written as their jobs run: they too are all published.
      await waitFor(() => unpublishedIds(t.db), (ids) => ids.length === 0, 'every later event published', 30_000);
      client.close();
    } finally {
      await t.close();
      await redis.stop();
    }
  }, 90_000);

  it('sends again the events whose jobs Redis lost: it restarted empty while no worker ran', async () => {
    const redis = await OwnRedis.start();
    // An API process with no worker in it: handed-over jobs wait in Redis.
    const t = await startTestApp({ REDIS_URL: redis.url, ROLE: 'api', OUTBOX_LEASE_MS: '1000' });
    let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
    try {
      const donor = await createDonor(t.http);
      const client = await LiveClient.connect(t.baseUrl);
      const items = await Promise.all(Array.from({ length: 20 }, () => addFood(t.http, donor)));
      const ids = (await t.db.query('SELECT id FROM outbox_events')).map((row: { id: string }) => row.id);
      expect(ids).toHaveLength(20);
      await waitFor(() => unpublishedIds(t.db), (waiting) => waiting.length === 0, 'the events handed to Redis');
      // Leases run out meanwhile and are extended, not settled: the jobs are still waiting.
      const leases = async () => {
        const rows: { id: string; lease_expires_at: Date | null }[] = await t.db.query('SELECT id, lease_expires_at FROM outbox_events');
        return new Map(rows.map((row) => [row.id, row.lease_expires_at]));
      };
      const first = await leases();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const later = await leases();
      for (const id of ids) expect(later.get(id)?.getTime()).toBeGreaterThan(first.get(id)?.getTime() ?? Infinity);

      await redis.stop(); // killed: it comes back empty, as after a crash without persistence
      await redis.restart();
      worker = await startWorker(t);
      await client.allOf(ids, 20_000);
      const listed = client.ofType('food.listed').filter((event) => items.some((item) => item.id === event.data.foodId));
      expect(listed.map((event) => event.id).sort()).toEqual([...ids].sort()); // each once
      // Once their jobs have completed, the events are settled and no longer looked up.
      await waitFor(
        () => t.db.query('SELECT id FROM outbox_events WHERE lease_expires_at IS NOT NULL'),
        (leased) => leased.length === 0,
        'every lease settled',
        10_000,
      );
      client.close();
    } finally {
      await worker?.close();
      await t.close();
      await redis.stop();
    }
  }, 60_000);

  it('sends an event again until every live API instance has it: a subscription that comes back late misses nothing', async () => {
    const t = await startTestApp();
    const queue = new Queue<DomainEventJob>(QUEUES.domainEvents, { connection: workerConnection(t.env.REDIS_URL), prefix: `${t.env.REDIS_PREFIX}bull` });
    // A second API instance that is alive (its heartbeat row is fresh) but not yet subscribed to Redis,
    // as after a Redis restart when its subscriber reconnects later than the worker.
    const late = randomUUID();
    const beat = () =>
      t.db.query(`INSERT INTO realtime_instances (id, seen_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET seen_at = now()`, [late]);
    await beat();
    const beating = setInterval(() => void beat().catch(() => undefined), 300);
    const lateSubscriber = new Redis(t.env.REDIS_URL);
    try {
      const donor = await createDonor(t.http);
      const client = await LiveClient.connect(t.baseUrl);
      const item = await addFood(t.http, donor);
      const [{ id }] = await t.db.query(`SELECT id FROM outbox_events WHERE type = 'food.listed' AND (data->>'foodId')::int = $1`, [item.id]);
      // The instance that is subscribed has it at once...
      await client.allOf([id]);
      // ...but the job is not done while the other cannot have it: it is retried.
      await waitFor(async () => (await queue.getJob(id))?.attemptsMade ?? 0, (attempts) => attempts >= 2, 'attempts of the job', 10_000);
      expect(await queue.getJobState(id)).not.toBe('completed');

      const seen: string[] = [];
      lateSubscriber.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) => seen.push(message.toString('latin1')));
      await lateSubscriber.psubscribe(`${t.env.REDIS_PREFIX}socket.io#/#*`);
      await waitFor(async () => seen.some((message) => message.includes(id)), Boolean, 'the late instance has the event', 20_000);
      await waitFor(() => queue.getJobState(id), (state) => state === 'completed', 'the job', 10_000);
      // The copies the first instance got again carry the same id, for clients to recognise.
      expect(new Set(client.ofType('food.listed').filter((e) => e.data.foodId === item.id).map((e) => e.id))).toEqual(new Set([id]));
      client.close();
    } finally {
      clearInterval(beating);
      lateSubscriber.disconnect();
      await queue.close();
      await t.close();
    }
  });

  it('sends an instance again what its subscription lost although Redis counted it delivered, once the subscription is back', async () => {
    const t = await startTestApp();
    const queue = new Queue<DomainEventJob>(QUEUES.domainEvents, { connection: workerConnection(t.env.REDIS_URL), prefix: `${t.env.REDIS_PREFIX}bull` });
    // The adapter's subscription connection, and its handler of broadcast messages.
    const server = (t.app.get(RealtimeGateway) as unknown as { server: { of(nsp: string): { adapter: unknown } } }).server;
    const adapter = server.of('/').adapter as { subClient: Redis; redisListeners: Map<string, (...args: unknown[]) => void> };
    const sub = adapter.subClient;
    const handler = adapter.redisListeners.get('pmessageBuffer');
    if (!handler) throw new Error('The Redis adapter has no pmessageBuffer handler');
    try {
      const donor = await createDonor(t.http);
      const client = await LiveClient.connect(t.baseUrl);
      // Redis counts this instance as a receiver, but the message never reaches its sockets: what happens
      // to the last messages in Redis's output buffer when it restarts or the link drops.
      sub.off('pmessageBuffer', handler);
      const item = await addFood(t.http, donor);
      const [{ id }] = await t.db.query(`SELECT id FROM outbox_events WHERE type = 'food.listed' AND (data->>'foodId')::int = $1`, [item.id]);
      await waitFor(() => queue.getJobState(id), (state) => state === 'completed', 'the job', 10_000);
      expect(client.received.map((event) => event.id)).not.toContain(id);

      sub.on('pmessageBuffer', handler);
      // The connection drops and comes back.
      sub.disconnect(true);
      await client.allOf([id]);
      expect(client.ofType('food.listed').filter((event) => event.id === id)).toHaveLength(1);
      client.close();
    } finally {
      await queue.close();
      await t.close();
    }
  });

  it('delivers every committed event after a process is SIGKILLed between commit and publish', async () => {
    const redis = await OwnRedis.start();
    // Sockets and HTTP in this process; jobs only in the child, which we kill.
    const t = await startTestApp({ REDIS_URL: redis.url, ROLE: 'api' });
    const port = await freePort();
    let child = await ApiProcess.start({ ...t.env, ROLE: 'all' }, port);
    try {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity); // five claims below
      const client = await LiveClient.connect(t.baseUrl);

      await redis.stop();
      for (let index = 0; index < 10; index += 1) {
        const item = await addFood(child.http, donor);
        if (index % 2 === 0) await requestPickup(child.http, charity, item.id);
      }
      const committed = await unpublishedIds(t.db);
      expect(committed).toHaveLength(15);
      await child.kill('SIGKILL');

      await redis.restart();
      child = await ApiProcess.start({ ...t.env, ROLE: 'all' }, port);
      await client.allOf(committed);
      client.close();
    } finally {
      await child.kill();
      await t.close();
      await redis.stop();
    }
  }, 90_000);

  it('shuts down gracefully on SIGTERM: sockets are closed and the process exits cleanly', async () => {
    const t = await startTestApp({ ROLE: 'api' });
    const child = await ApiProcess.start({ ...t.env, ROLE: 'all' }, await freePort());
    try {
      const client = await LiveClient.connect(child.http.baseUrl);
      const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
      // Nest re-raises the signal once everything has closed, so the process ends "by" SIGTERM.
      expect(await child.kill('SIGTERM')).toBe('SIGTERM');
      expect(child.output).toContain('Stopped cleanly on SIGTERM');
      expect(await disconnected).toBe('transport close');
      client.close();
    } finally {
      await child.kill();
      await t.close();
    }
  }, 90_000);

  it('applies an event delivered twice (relay re-send, job retry) once, recognisable by its id', async () => {
    const t = await startTestApp();
    const queue = new Queue<DomainEventJob>(QUEUES.domainEvents, {
      connection: workerConnection(t.env.REDIS_URL),
      prefix: `${t.env.REDIS_PREFIX}bull`,
    });
    try {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      const client = await LiveClient.connect(t.baseUrl, donor.token);
      const item = await addFood(t.http, donor, { quantity: 12 });
      const requestId = await requestPickup(t.http, charity, item.id);
      await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
      const first = await client.next('request.fulfilled', (e) => e.data.requestId === requestId);
      await client.next('stats.updated', (e) => e.data.totalMeals === 12);

      // The relay sends the row again (as after a crash between publishing and marking it published).
      await queue.remove(first.id);
      await t.db.query('UPDATE outbox_events SET published_at = NULL WHERE id = $1', [first.id]);
      const copies = () => client.ofType('request.fulfilled').filter((e) => e.data.requestId === requestId);
      await client.until(() => copies().length === 2, () => 'the re-sent event never arrived');

      // BullMQ retries the job.
      const job = (await queue.getJob(first.id)) as Job<DomainEventJob>;
      await t.app.get(DomainEventsProcessor).process(job);
      await client.until(() => copies().length === 3, () => 'the retried event never arrived');

      expect(new Set(copies().map((e) => e.id))).toEqual(new Set([first.id]));
      expect((await t.http.get('/api/request/totalmeals')).body).toEqual({ totalMeals: 12 });
      expect((await t.http.get('/api/request/totalcharities')).body).toEqual({ totalCharities: 1 });
      const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM outbox_events WHERE type = 'stats.updated'`);
      expect(count).toBe(1);
      client.close();
    } finally {
      await queue.close();
      await t.close();
    }
  });

  it('wakes the relays as soon as events commit, polling aside: writes in the API, and a correction by the stats CLI, which has no relay', async () => {
    // Polling every ten minutes: only the wake-up after each commit can deliver within the test.
    const t = await startTestApp({ OUTBOX_POLL_MS: '600000' });
    try {
      const donor = await createDonor(t.http);
      const charity = await createCharity(t.http);
      await verifyCharities(t.db, charity); // five claims below
      const client = await LiveClient.connect(t.baseUrl);
      const items = await Promise.all(Array.from({ length: 5 }, () => addFood(t.http, donor)));
      await Promise.all(items.map((item) => requestPickup(t.http, charity, item.id)));
      const recorded = (await t.db.query('SELECT id FROM outbox_events')).map((row: { id: string }) => row.id);
      expect(recorded).toHaveLength(10);
      await client.allOf(recorded, 5000);
      // The worker settles what it has completed, long before the leases (30 s) would be looked up.
      await waitFor(
        () => t.db.query('SELECT id FROM outbox_events WHERE lease_expires_at IS NOT NULL OR published_at IS NULL'),
        (open) => open.length === 0,
        'the completed events settled',
        3000,
      );

      // The stats CLI is a process of its own without a relay: it NOTIFYs after committing its correction.
      await t.db.query('UPDATE impact_stats SET total_meals = total_meals + 7');
      const cli = path.join(path.dirname(process.env.FOODLINK_API_MAIN ?? 'dist/main.js'), 'cli', 'stats-check.js');
      const run = promisify(execFile)(process.execPath, [cli, '--fix'], { env: { ...process.env, ...t.env } });
      await expect(run).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('differed; projection rebuilt') });
      const corrected = await client.next('stats.updated', () => true, 5000);
      expect(corrected.data.totalMeals).toBe(0);
      client.close();
    } finally {
      await t.close();
    }
  });

  it('carries an event from a request to instance B, through a separate worker, to a socket on instance A', async () => {
    const a = await startTestApp({ ROLE: 'api' });
    const b = await startPeer(a, { ROLE: 'api' });
    const worker = await startWorker(a);
    try {
      const donor = await createDonor(b.http);
      const charity = await createCharity(b.http);
      const watcher = await LiveClient.connect(a.baseUrl);
      const donorOnA = await LiveClient.connect(a.baseUrl, donor.token);

      const item = await addFood(b.http, donor);
      await watcher.next('food.listed', (e) => e.data.foodId === item.id);
      const requestId = await requestPickup(b.http, charity, item.id);
      await donorOnA.next('food.claimed', (e) => e.data.requestId === requestId);
      watcher.close();
      donorOnA.close();
    } finally {
      await worker.close();
      await b.close();
      await a.close();
    }
  });
});
