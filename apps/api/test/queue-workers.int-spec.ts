import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HANDOVER_JOBS, MAINTENANCE_JOBS, MESSAGING_JOBS, NOTIFICATION_JOBS, OFFER_JOBS, OPS_EVENTS, QUEUES, SCHEDULE_JOBS, type AnyEventEnvelope, type FailedJobView } from '@food-link/contracts';
import type { WorkerHost } from '@nestjs/bullmq';
import type { Type } from '@nestjs/common';
import { Queue } from 'bullmq';
import { workerConnection } from '../src/redis/redis-options';
import { DomainEventsProcessor } from '../src/worker/domain-events.processor';
import { HandoverProcessor } from '../src/worker/handover.processor';
import { MaintenanceProcessor } from '../src/worker/maintenance.processor';
import { NotificationsProcessor } from '../src/worker/notifications.processor';
import { MessagingProcessor } from '../src/worker/messaging.processor';
import { OffersProcessor } from '../src/worker/offers.processor';
import { SchedulesProcessor } from '../src/worker/schedules.processor';
import { loginAs } from './support/factories';
import { OwnRedis } from './support/redis-server';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const TABLES = 'food_items, pickup_requests, idempotency_keys, schedules';
const OPERATOR_EMAIL = 'ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase';

/** Each queue's processor in the app. */
const PROCESSORS: Record<QueueName, Type<WorkerHost>> = {
  [QUEUES.domainEvents]: DomainEventsProcessor,
  [QUEUES.maintenance]: MaintenanceProcessor,
  [QUEUES.handover]: HandoverProcessor,
  [QUEUES.offers]: OffersProcessor,
  [QUEUES.notifications]: NotificationsProcessor,
  [QUEUES.schedules]: SchedulesProcessor,
  [QUEUES.messaging]: MessagingProcessor,
};

const ALL_COMPLETED = Object.fromEntries(Object.values(QUEUES).map((name) => [name, 'completed']));

/** No item or request has this id: each job below runs to completion and changes nothing. */
const NOBODY = 2_000_000_000;

/**
 * One job each queue's worker completes without changing anything (names the queues carry). Each reads a
 * table of TABLES first, so a test holding those tables' locks holds every job active.
 */
function harmlessJob(queue: QueueName): { name: string; data: unknown } {
  switch (queue) {
    case QUEUES.domainEvents: {
      // Its reactions read pickup_requests (the not-collected job, the reminders), then publish it.
      const envelope: AnyEventEnvelope = {
        id: randomUUID(),
        type: 'food.claimed',
        occurredAt: new Date().toISOString(),
        data: { foodId: NOBODY, requestId: NOBODY, governorate: null },
      };
      return { name: envelope.type, data: { envelope, recipients: [] } };
    }
    case QUEUES.maintenance:
      return { name: MAINTENANCE_JOBS.purgeIdempotencyKeys, data: {} };
    case QUEUES.handover:
      return { name: HANDOVER_JOBS.notCollected, data: { requestId: NOBODY } };
    case QUEUES.offers:
      return { name: OFFER_JOBS.openToBoard, data: { foodId: NOBODY } };
    case QUEUES.notifications:
      return { name: NOTIFICATION_JOBS.match, data: { eventId: randomUUID(), foodId: NOBODY } };
    case QUEUES.schedules:
      // Reads the schedules (none run in this test), so it lists nothing.
      return { name: SCHEDULE_JOBS.materialise, data: {} };
    case QUEUES.messaging:
      // Reads the food first (food_items), finds none, and sends nothing.
      return { name: MESSAGING_JOBS.send, data: { key: `harmless-${randomUUID()}`, userId: NOBODY, channel: 'phone', type: 'donation.claimed', data: { foodId: NOBODY } } };
  }
}

/**
 * BullMQ's worker loop can end during a Redis restart and not start again (taskforcesh/bullmq#648): a job
 * that was running when Redis went away (and came back empty) cannot be moved to completed ("Missing key
 * for job"), that error ends the loop, and the queue's jobs then wait for ever. Every queue's processor has
 * the watchdog (QueueWorker), which starts the loop again: after the restart each queue completes a job.
 */
describe('every queue\'s worker (QueueWorker)', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let queues: Map<QueueName, Queue>;

  /** Adds one job to each queue; resolves with their ids. */
  async function addOneJobEach(): Promise<Map<QueueName, string>> {
    const ids = new Map<QueueName, string>();
    for (const [name, queue] of queues) {
      const { name: jobName, data } = harmlessJob(name);
      const id = `restart-${randomUUID()}`;
      await queue.add(jobName, data, { jobId: id, attempts: 1 });
      ids.set(name, id);
    }
    return ids;
  }

  /** Waits until every job is in `state`; resolves with the states last seen (the assertion names the laggards). */
  async function statesOnce(ids: Map<QueueName, string>, state: string, timeoutMs: number): Promise<Record<string, string>> {
    const states = async () =>
      Object.fromEntries(await Promise.all([...queues].map(async ([name, queue]) => [name, await queue.getJobState(ids.get(name) as string).catch(() => 'unknown')])));
    return waitFor(states, (seen) => Object.values(seen).every((seenState) => seenState === state), `every job ${state}`, timeoutMs).catch(() => states());
  }

  beforeAll(async () => {
    redis = await OwnRedis.start();
    t = await startTestApp({ REDIS_URL: redis.url, OPERATOR_EMAIL, OPERATOR_PASSWORD });
    queues = new Map(
      (Object.values(QUEUES) as QueueName[]).map((name) => [name, new Queue(name, { connection: workerConnection(redis.url), prefix: `${t.env.REDIS_PREFIX}bull` })]),
    );
    for (const queue of queues.values()) queue.on('error', () => undefined); // refused while Redis is down
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...(queues?.values() ?? [])].map((queue) => queue.close().catch(() => undefined)));
    await t?.close();
    await redis?.stop();
  });

  it('every queue processes jobs before the restart', async () => {
    expect(await statesOnce(await addOneJobEach(), 'completed', 20_000)).toEqual(ALL_COMPLETED);
  }, 30_000);

  it('every queue processes jobs again after Redis was killed, with a job of each running, and came back empty', async () => {
    // Every job stays active, waiting for the tables this transaction holds.
    const locker = t.db.createQueryRunner();
    await locker.connect();
    await locker.startTransaction();
    try {
      await locker.query(`LOCK TABLE ${TABLES} IN ACCESS EXCLUSIVE MODE`);
      expect(await statesOnce(await addOneJobEach(), 'active', 20_000)).toEqual(Object.fromEntries(Object.values(QUEUES).map((name) => [name, 'active'])));
      await redis.stop(); // SIGKILL: nothing kept
      await redis.restart();
    } finally {
      // The running jobs finish against a Redis that no longer has them.
      await locker.rollbackTransaction();
      await locker.release();
    }
    // The watchdog looks every 5 s; BullMQ's reconnection and a loaded machine add a few seconds more.
    expect(await statesOnce(await addOneJobEach(), 'completed', 30_000)).toEqual(ALL_COMPLETED);
  }, 90_000);

  it('starts again, on every queue, a worker loop that ended by itself (the state taskforcesh/bullmq#648 leaves)', async () => {
    // BullMQ's own pause ends the loop once its jobs are done; clearing the paused flag then leaves the
    // worker as the bug does: neither running, nor paused, nor closing. Nothing here starts it again.
    for (const processor of Object.values(PROCESSORS)) {
      const { worker } = t.app.get(processor);
      await worker.pause();
      (worker as unknown as { paused: boolean }).paused = false;
    }
    const stopped = Object.fromEntries(Object.entries(PROCESSORS).map(([name, processor]) => [name, t.app.get(processor).worker.isRunning()]));
    expect(stopped).toEqual(Object.fromEntries(Object.values(QUEUES).map((name) => [name, false])));
    // The watchdog looks every 5 s.
    expect(await statesOnce(await addOneJobEach(), 'completed', 20_000)).toEqual(ALL_COMPLETED);
  }, 40_000);

  it('fails a job it cannot handle at once, and tells operators, on every queue', async () => {
    const operator = await LiveClient.connect(t.baseUrl, await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD));
    try {
      const ids = new Map<QueueName, string>();
      for (const [name, queue] of queues) {
        const id = `unknown-${randomUUID()}`;
        // Retries left, but an unknown job name is an UnrecoverableError: no retry, and the failure is final.
        await queue.add('no-such-job', {}, { jobId: id, attempts: 5, backoff: { type: 'fixed', delay: 60_000 } });
        ids.set(name, id);
      }
      const told = await Promise.all(
        [...ids].map(([name, id]) => operator.nextOps(OPS_EVENTS.jobFailed, (job: FailedJobView) => job.id === id, 20_000).then((job: FailedJobView) => [name, job] as const)),
      );
      for (const [name, job] of told) {
        expect(job).toMatchObject({ queue: name, name: 'no-such-job', attempts: 1, error: `Queue "${name}" has no handler for job "no-such-job"` });
      }
      expect(await statesOnce(ids, 'failed', 5000)).toEqual(Object.fromEntries(Object.values(QUEUES).map((name) => [name, 'failed'])));
    } finally {
      operator.close();
    }
  }, 40_000);
});
