import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../monitoring/metrics.service';
import { REDIS } from '../redis/redis.module';

interface Entry {
  count: number;
  at: number;
}

/**
 * Counts sockets across API instances: each instance writes its own count to one Redis hash every
 * OPS_SNAPSHOT_MS, and readers add up the entries that are fresh. An instance that died stops being
 * counted after three intervals and is then removed.
 */
@Injectable()
export class SocketCensus implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly instanceId = randomUUID();
  private readonly key: string;
  private timer?: NodeJS.Timeout;
  private local = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    this.key = `${config.REDIS_PREFIX}ops:sockets`;
  }

  connected(): void {
    this.local += 1;
    this.metrics.connectedSockets.set(this.local);
  }

  disconnected(): void {
    this.local = Math.max(0, this.local - 1);
    this.metrics.connectedSockets.set(this.local);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.report(), this.config.OPS_SNAPSHOT_MS);
    void this.report();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.hdel(this.key, this.instanceId).catch(() => undefined);
  }

  /** Sockets on every instance, or null while Redis cannot be asked. */
  async total(): Promise<number | null> {
    try {
      await this.report();
      const entries = await this.redis.hgetall(this.key);
      const freshSince = Date.now() - 3 * this.config.OPS_SNAPSHOT_MS;
      let total = 0;
      const stale: string[] = [];
      for (const [instance, value] of Object.entries(entries)) {
        const entry = JSON.parse(value) as Entry;
        if (entry.at >= freshSince) total += entry.count;
        else stale.push(instance);
      }
      if (stale.length > 0) await this.redis.hdel(this.key, ...stale);
      return total;
    } catch {
      return null;
    }
  }

  private async report(): Promise<void> {
    const entry: Entry = { count: this.local, at: Date.now() };
    await this.redis.hset(this.key, this.instanceId, JSON.stringify(entry)).catch(() => undefined);
  }
}
