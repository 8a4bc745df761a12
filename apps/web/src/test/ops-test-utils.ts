import type { FailedJobView, OpsEventView, OpsOverview, OpsSnapshot, QueueCounts } from '@food-link/contracts';
import { LiveHub } from '../live/live-hub';
import { signInAs } from './test-utils';

/** Test data for the operator console, shaped as the server sends it (libs/contracts/src/ops.ts). */

export function queueCounts(queue: string, overrides: Partial<QueueCounts> = {}): QueueCounts {
  return { queue, waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0, ...overrides };
}

/** Sixty minutes from 11:00 to 11:59 UTC (13:00 to 13:59 in Cairo), all quiet unless told. */
export function quietHour(counts: Record<number, number> = {}) {
  return Array.from({ length: 60 }, (_, index) => ({
    minute: new Date(Date.UTC(2026, 10, 22, 11, index)).toISOString(),
    count: counts[index] ?? 0,
  }));
}

export function opsSnapshot(overrides: Partial<OpsSnapshot> = {}): OpsSnapshot {
  return {
    at: '2026-11-22T12:00:00.000Z',
    queues: [
      queueCounts('domain-events', { waiting: 3, active: 1, delayed: 2, completed: 140, failed: 1 }),
      queueCounts('maintenance', { completed: 12 }),
    ],
    outbox: { unpublished: 4, oldestAgeSeconds: 184 },
    sockets: 17,
    health: {
      status: 'ok',
      checks: {
        database: { status: 'up', latencyMs: 3 },
        redis: { status: 'up', latencyMs: 1 },
        workers: { status: 'up', latencyMs: 2, count: 2 },
      },
    },
    eventsPerMinute: quietHour({ 10: 4, 59: 2 }),
    ...overrides,
  };
}

let eventSeq = 0;

export function opsEvent(overrides: Partial<OpsEventView> = {}): OpsEventView {
  eventSeq += 1;
  return {
    id: `ops-event-${eventSeq}`,
    type: 'food.listed',
    occurredAt: new Date(Date.UTC(2026, 10, 22, 10, 0, eventSeq)).toISOString(),
    publishedAt: new Date(Date.UTC(2026, 10, 22, 10, 0, eventSeq)).toISOString(),
    foodId: 12,
    requestId: null,
    ...overrides,
  };
}

export function failedJob(overrides: Partial<FailedJobView> = {}): FailedJobView {
  return {
    id: '4f0c2a1e-7b1d-4c55-9d0e-1a2b3c4d5e6f',
    queue: 'domain-events',
    name: 'food.claimed',
    error: 'Redis connection lost',
    attempts: 5,
    failedAt: '2026-11-22T09:30:00.000Z',
    foodId: 12,
    ...overrides,
  };
}

export function opsOverview(overrides: Partial<OpsOverview> = {}): OpsOverview {
  return {
    users: { donors: 31, charities: 8, operators: 2 },
    items: { available: 20, claimed: 5, expired: 3, withdrawn: 1, total: 29 },
    requests: { pending: 5, fulfilled: 40, cancelled: 2, withdrawn: 1, not_collected: 1, total: 49 },
    impact: { totalMeals: 1250, totalCharities: 6 },
    events: 512,
    ...overrides,
  };
}

export const OPS_CALLS = {
  snapshot: 'GET /api/ops/snapshot',
  overview: 'GET /api/ops/overview',
  events: 'GET /api/ops/events?limit=100',
  eventsOf: (type: string) => `GET /api/ops/events?type=${encodeURIComponent(type)}&limit=100`,
  failed: (queue = 'domain-events') => `GET /api/ops/queues/${queue}/failed`,
};

/** Signs in as operator 1 and returns a hub to push live events through (it never connects). */
export function operatorSession() {
  signInAs('operator', 1, 'Ops');
  return new LiveHub();
}

/** How many times `fetch` was called for `call` (`METHOD /path?query`). */
export const callsTo = (fetchMock: { mock: { calls: unknown[][] } }, call: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(input)}` === call).length;
