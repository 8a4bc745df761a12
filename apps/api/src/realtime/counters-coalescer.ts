import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { COUNTERS_INTERVAL_MS, LIVE_TOPICS, SOCKET_ROOMS, type EventEnvelope } from '@food-link/contracts';
import type { Server } from 'socket.io';
import { AppConfig } from '../config/app-config';
import type { BroadcastPacer } from './paced-redis-adapter';

const COUNTERS_ROOM = SOCKET_ROOMS.topic(LIVE_TOPICS.counters);

type StatsEnvelope = EventEnvelope<'stats.updated'>;

/**
 * Sends this API instance's `counters` watchers at most one `stats.updated` per COUNTERS_INTERVAL_MS,
 * carrying the latest totals: the first change after a quiet spell goes out at once, and the changes of a
 * burst wait for the end of the interval, when only the newest is sent. A burst of fulfilments is thus one
 * message, and the last message is always the newest totals.
 *
 * A message is not sent before the previous one has been written to every watcher: the instance's adapter
 * writes broadcasts in slices, one after another (BroadcastPacer), and a crowd large enough that one
 * message takes longer to write than the interval would otherwise queue message after stale message, each
 * written in full, the delay growing without end (18,000 watchers: 10 s at p50, docs/PERFORMANCE.md). So
 * the interval stretches to the time a message takes to reach everyone, and what goes out next is the newest.
 *
 * "Newest" is by `occurredAt`: a `stats.updated` is recorded after its transaction has locked the totals'
 * row (and `occurred_at` is the clock at insertion), so its order is the order of the totals themselves,
 * even when several workers publish out of order. An older one arriving late is dropped, as is a repeat.
 */
@Injectable()
export class CountersCoalescer implements OnApplicationShutdown {
  private server?: Server;
  private latest?: StatsEnvelope;
  /** Whether `latest` has not been sent yet. */
  private pending = false;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private timer?: NodeJS.Timeout;
  /** Whether the last message is still being written to the watchers (see the class comment). */
  private writing = false;
  /** For tests and the benchmark: offers taken, and messages sent. */
  readonly counts = { offered: 0, sent: 0 };

  /** The shortest time between two messages; tests may shorten it. */
  intervalMs = COUNTERS_INTERVAL_MS;
  /** The most counters messages (one per watcher) this instance writes per second. */
  private readonly messagesPerSecond: number;

  constructor(config: AppConfig) {
    this.messagesPerSecond = config.COUNTERS_MESSAGES_PER_SECOND;
  }

  /** The time between two messages for the watchers this instance has now. */
  get currentIntervalMs(): number {
    const watchers = this.server?.sockets?.adapter?.rooms?.get(COUNTERS_ROOM)?.size ?? 0;
    return Math.max(this.intervalMs, (watchers * 1000) / this.messagesPerSecond);
  }

  attach(server: Server): void {
    this.server = server;
  }

  offer(envelope: StatsEnvelope): void {
    const latest = this.latest;
    if (latest && (envelope.id === latest.id || envelope.occurredAt < latest.occurredAt)) return;
    this.counts.offered++;
    this.latest = envelope;
    this.pending = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.writing) return;
    const wait = this.lastSentAt + this.currentIntervalMs - performance.now();
    if (wait <= 0) return this.flush();
    this.timer = setTimeout(this.flush, wait);
  }

  private readonly flush = (): void => {
    this.timer = undefined;
    if (!this.pending || !this.latest || !this.server) return;
    this.pending = false;
    this.lastSentAt = performance.now();
    this.counts.sent++;
    this.server.local.to(COUNTERS_ROOM).emit(this.latest.type, this.latest);
    const pacer = (this.server.sockets?.adapter as { pacer?: BroadcastPacer } | undefined)?.pacer;
    if (!pacer) return;
    this.writing = true;
    pacer.afterWritten(this.written);
  };

  private readonly written = (): void => {
    this.writing = false;
    if (this.pending) this.schedule();
  };

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }
}
