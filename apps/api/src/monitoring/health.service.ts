import { Injectable } from '@nestjs/common';
import type { HealthCheck, HealthReport, WorkersCheck } from '@food-link/contracts';
import { TimeoutError, withTimeout } from '../common/with-timeout';
import { HealthRepository } from './health.repository';
import { INSPECTION_TIMEOUT_MS, QueueInspector } from './queue-inspector';

/**
 * Readiness: PostgreSQL answers a query, Redis answers PING, and at least one worker is consuming domain
 * events. Each check is bounded in time, so the report arrives even when a dependency hangs. The reasons
 * given are fit for a public probe: they name what is wrong, never an address or a credential.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly database: HealthRepository,
    private readonly inspector: QueueInspector,
  ) {}

  async report(): Promise<HealthReport> {
    const [database, redis, workers] = await Promise.all([
      timed(() => withTimeout(this.database.ping(), INSPECTION_TIMEOUT_MS, 'PostgreSQL'), 'PostgreSQL'),
      timed(() => this.inspector.ping(), 'Redis'),
      this.workers(),
    ]);
    const ok = database.status === 'up' && redis.status === 'up' && workers.status === 'up';
    return { status: ok ? 'ok' : 'error', checks: { database, redis, workers } };
  }

  private async workers(): Promise<WorkersCheck> {
    const started = performance.now();
    try {
      const count = await this.inspector.domainEventWorkers();
      const latencyMs = elapsed(started);
      return count > 0
        ? { status: 'up', latencyMs, count }
        : { status: 'down', latencyMs, count, error: 'No worker is consuming domain events' };
    } catch (error) {
      return { status: 'down', count: 0, error: reason(error, 'Redis') };
    }
  }
}

async function timed(check: () => Promise<unknown>, what: string): Promise<HealthCheck> {
  const started = performance.now();
  try {
    await check();
    return { status: 'up', latencyMs: elapsed(started) };
  } catch (error) {
    return { status: 'down', error: reason(error, what) };
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

function reason(error: unknown, what: string): string {
  return error instanceof TimeoutError ? `${what} did not answer within ${INSPECTION_TIMEOUT_MS} ms` : `${what} is unreachable`;
}
