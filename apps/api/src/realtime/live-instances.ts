import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MetricsService } from '../monitoring/metrics.service';
import { LiveInstancesRepository } from './live-instances.repository';

/** Each API instance refreshes its row this often (and counts as alive for 5 s after). */
const HEARTBEAT_MS = 1000;

/**
 * The registry of live API instances (`realtime_instances`), as an API instance sees it: its own entry,
 * refreshed every second with the sockets it holds and removed on a graceful shutdown, and the sockets
 * of every instance, for operators. Publishers read the same registry (LiveInstances) to know how many
 * instances a message must reach.
 */
@Injectable()
export class LiveInstanceRegistry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RealtimeInstance');
  private readonly id = randomUUID();
  private timer?: NodeJS.Timeout;
  private failing = false;
  private sockets = 0;

  constructor(
    private readonly registry: LiveInstancesRepository,
    private readonly metrics: MetricsService,
  ) {}

  connected(): void {
    this.sockets += 1;
    this.metrics.connectedSockets.set(this.sockets);
  }

  disconnected(): void {
    this.sockets = Math.max(0, this.sockets - 1);
    this.metrics.connectedSockets.set(this.sockets);
  }

  /** Sockets on every live instance: this one's as of now, the others' as of their last refresh. */
  async totalSockets(): Promise<number> {
    return this.sockets + (await this.registry.socketsElsewhere(this.id));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.registry.remove(this.id).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    try {
      await this.registry.beat(this.id, this.sockets);
      this.failing = false;
    } catch (error) {
      // While PostgreSQL is away the row ages out and publishers stop waiting for this instance.
      if (!this.failing) this.logger.warn(`Could not record this instance as live: ${(error as Error).message}`);
      this.failing = true;
    }
  }
}

/**
 * How many API instances (the registry's live entries) a published message should reach: Redis
 * pub/sub drops what is published while a subscriber is disconnected, so after a Redis restart an
 * instance whose subscription comes back later than the worker's connection would miss events for good.
 * Publishers compare PUBLISH's receiver count with the live instances and fail the job when one is
 * missing; BullMQ retries it (clients ignore the copies they already have, by event id). And how many
 * sockets they hold, for operators.
 */
@Injectable()
export class LiveInstances {
  private expected = 0;
  private checkedAt = 0;
  private refreshing?: Promise<number>;

  constructor(private readonly registry: LiveInstancesRepository) {}

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
    this.refreshing ??= this.registry
      .countAlive()
      .then((live) => {
        this.expected = live;
        this.checkedAt = Date.now();
        return this.expected;
      })
      // PostgreSQL away: go on with the last count rather than hold every event back.
      .catch(() => this.expected)
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }
}
