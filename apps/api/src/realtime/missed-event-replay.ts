import { Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Server } from 'socket.io';
import { CountersCoalescer } from './counters-coalescer';
import { isCoalesced } from './event-rooms';
import { MissedEventsRepository } from './missed-events.repository';
import { RealtimePublisher } from './realtime-publisher';

/**
 * How far before its subscription dropped an instance looks back. PUBLISH counts a subscriber once the
 * message is in Redis's output buffer for it, not once it has arrived: when Redis restarts (or the link
 * drops) the last messages can be counted and lost all the same, and the publisher, seeing every instance
 * counted, does not send them again. Covers that, and jobs that took a moment between hand-over and publish.
 */
export const REPLAY_LOOKBACK_MS = 10_000;

/**
 * After an API instance's Redis subscription comes back from a drop, sends its own sockets again the
 * events published from shortly before the drop (from the outbox, in PostgreSQL). Clients drop the ids
 * they already have and ignore events older than what they hold, so a repeat changes nothing for them.
 */
@Injectable()
export class MissedEventReplay {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly events: MissedEventsRepository,
    private readonly counters: CountersCoalescer,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Watches `subscriber` (the adapter's subscription connection) and replays to `server` after each drop. */
  watch(subscriber: Redis, server: Server): void {
    let droppedAt: number | null = null;
    subscriber.on('close', () => {
      droppedAt ??= Date.now();
    });
    subscriber.on('ready', () => {
      if (droppedAt === null) return;
      const since = new Date(droppedAt - REPLAY_LOOKBACK_MS);
      droppedAt = null;
      void this.replay(server, since);
    });
  }

  async replay(server: Server, since: Date): Promise<number> {
    try {
      const events = await this.events.publishedSince(since);
      for (const { envelope, recipients } of events) {
        if (isCoalesced(envelope.type)) this.counters.offer(envelope as Parameters<CountersCoalescer['offer']>[0]);
        const rooms = await this.publisher.roomsOf(envelope, recipients);
        if (rooms.length > 0) server.local.to(rooms).emit(envelope.type, envelope);
      }
      if (events.length > 0) this.logger.log(`Redis subscription back: sent ${events.length} recent event(s) again to this instance's sockets`);
      return events.length;
    } catch (error) {
      this.logger.warn(`Redis subscription back, but recent events could not be read again: ${(error as Error).message}`);
      return 0;
    }
  }
}
