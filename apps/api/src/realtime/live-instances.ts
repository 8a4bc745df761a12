import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Each API instance refreshes its row this often... */
const HEARTBEAT_MS = 1000;
/** ...and counts as alive until its row is this old (a SIGKILLed instance stops being waited for). */
const ALIVE_FOR = '5 seconds';

/**
 * An API instance's "I hold sockets" row in `realtime_instances`, refreshed every second and removed on a
 * graceful shutdown. The table lives in PostgreSQL, not Redis, so it survives the very Redis restart it is
 * there to see through.
 */
@Injectable()
export class RealtimeInstanceHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeInstanceHeartbeat.name);
  private readonly id = randomUUID();
  private timer?: NodeJS.Timeout;
  private failing = false;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.db.query('DELETE FROM realtime_instances WHERE id = $1', [this.id]).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    try {
      await this.db.query(
        `INSERT INTO realtime_instances (id, seen_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
        [this.id],
      );
      this.failing = false;
    } catch (error) {
      // While PostgreSQL is away the row ages out and publishers stop waiting for this instance.
      if (!this.failing) this.logger.warn(`Could not record this instance as live: ${(error as Error).message}`);
      this.failing = true;
    }
  }
}

/**
 * How many API instances a published message should reach. Redis pub/sub drops what is published while a
 * subscriber is disconnected, so after a Redis restart an instance whose subscription comes back later
 * than the worker's connection would miss events for good. Publishers compare PUBLISH's receiver count with
 * the live instances and fail the job when one is missing; BullMQ retries it (clients ignore the copies
 * they already have, by event id).
 */
@Injectable()
export class LiveInstances {
  private expected = 0;
  private checkedAt = 0;
  private refreshing?: Promise<number>;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Resolves when `receivers` covers every live instance; otherwise rejects, so the message is sent again.
   * The count is re-read at most once a second, and again before declaring a shortfall.
   */
  async confirmReached(receivers: number, what: string): Promise<void> {
    const known = Date.now() - this.checkedAt < HEARTBEAT_MS ? this.expected : await this.refresh();
    if (receivers >= known) return;
    const expected = await this.refresh();
    if (receivers >= expected) return;
    throw new Error(`${what} reached ${receivers} of ${expected} API instances (a Redis subscription is coming back); it will be sent again`);
  }

  private refresh(): Promise<number> {
    this.refreshing ??= this.db
      .query<{ live: number }[]>(`SELECT count(*)::int AS live FROM realtime_instances WHERE seen_at > now() - interval '${ALIVE_FOR}'`)
      .then(([row]) => {
        this.expected = row.live;
        this.checkedAt = Date.now();
        return this.expected;
      })
      // PostgreSQL away: go on with the last count rather than hold every event back.
      .catch(() => this.expected)
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }
}
