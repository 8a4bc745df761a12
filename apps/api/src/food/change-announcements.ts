import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import type { ChangeMark } from './change-mark';

/**
 * The Redis channel on which every process announces, once a transaction that recorded domain events has
 * committed (OutboxService.committed), that cached reads may have changed. The message carries nothing:
 * what changed is still told by the change mark.
 */
export const changesChannel = (redisPrefix: string) => `${redisPrefix}read-cache:changed`;

/**
 * How long a change mark read from the database stands for "now" while the channel is up and announces
 * nothing: the bound on a change whose announcement was lost (a process that died between its commit and
 * its publish, a publish that failed, a write made outside the application). One mark read per this
 * period at most, instead of one per request (shared by the requests waiting for it).
 */
export const MARK_TRUST_MS = 250;

/**
 * When a cached read may skip the change-mark query: the last mark read from the database still stands
 * while the announcement channel has been up since before that read was issued, nothing was announced
 * since it was issued, and it is younger than `trustMs`. Otherwise (channel down, an announcement, too
 * old) the mark is read from the database as before. Kept free of Redis so it can be tested alone.
 */
export class MarkTrust {
  /** Moves on every announcement and every change of the channel's state. */
  private epoch = 0;
  private listening = false;
  private trusted?: { mark: ChangeMark; issuedAt: number };

  constructor(
    private readonly trustMs = MARK_TRUST_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The channel is up: from now on every committed change is announced. */
  listen(): void {
    this.listening = true;
    this.changed();
  }

  /** The channel is down (or not yet up): announcements may be missed, so no mark is trusted. */
  deaf(): void {
    this.listening = false;
    this.changed();
  }

  /** A change was announced. */
  changed(): void {
    this.epoch += 1;
    this.trusted = undefined;
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Runs a database read of the mark, and trusts its answer if nothing was announced while it ran. */
  async read(readMark: () => Promise<ChangeMark>): Promise<ChangeMark> {
    const epoch = this.epoch;
    const listening = this.listening;
    const issuedAt = this.now();
    const mark = await readMark();
    if (listening && this.listening && epoch === this.epoch) this.trusted = { mark, issuedAt };
    return mark;
  }

  /** The trusted mark, if one still stands. */
  current(): ChangeMark | undefined {
    const trusted = this.trusted;
    if (!trusted || !this.listening) return undefined;
    if (this.now() - trusted.issuedAt >= this.trustMs) {
      this.trusted = undefined;
      return undefined;
    }
    return trusted.mark;
  }

  /**
   * The current mark: the trusted one, decided one turn of the event loop later (so that an announcement
   * already received by the socket, in the same poll as this request, is handled first), else `read()`.
   */
  mark(read: () => Promise<ChangeMark>): Promise<ChangeMark> {
    if (!this.current()) return read();
    return new Promise((resolve) => setImmediate(() => resolve(this.current() ?? read())));
  }
}

/**
 * This process's subscription to the announcements (an HTTP process's cached reads use it): one Redis
 * connection of its own, subscribed again after every reconnection; while it is not subscribed, the
 * cached reads read the mark from the database on every request, as they did before it existed.
 */
@Injectable()
export class ChangeAnnouncements implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ReadCache');
  readonly trust = new MarkTrust();
  private subscriber?: Redis;

  constructor(private readonly config: AppConfig) {}

  onModuleInit(): void {
    const channel = changesChannel(this.config.REDIS_PREFIX);
    const subscriber = new Redis(this.config.REDIS_URL, { autoResubscribe: false, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = subscriber;
    let reported = false;
    const down = (reason: string) => {
      this.trust.deaf();
      if (!reported) this.logger.warn(`Change announcements unavailable (${reason}); cached reads check the database on every request`);
      reported = true;
    };
    subscriber.on('message', (received: string) => {
      if (received === channel) this.trust.changed();
    });
    subscriber.on('error', (error: Error) => down(error.message));
    subscriber.on('close', () => this.trust.deaf());
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).then(
        () => {
          if (subscriber.status !== 'ready') return;
          this.trust.listen();
          if (reported) this.logger.log('Change announcements restored');
          reported = false;
        },
        (error: Error) => down(error.message),
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.trust.deaf();
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
