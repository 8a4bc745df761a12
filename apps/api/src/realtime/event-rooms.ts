import { LIVE_TOPICS, SOCKET_ROOMS, publicTopicOf, type DomainEventType } from '@food-link/contracts';

/**
 * The rooms an event is broadcast to: the public topic's room when it has one (libs/contracts, as
 * docs/REALTIME.md says), plus each concerned user's own room. `stats.updated` is the exception: it is
 * not broadcast to the `counters` room as it comes but handed to each API instance's CountersCoalescer,
 * which sends that room at most one message per interval (see `isCoalesced`), so it has no rooms here.
 */
export function roomsFor(type: DomainEventType, recipients: readonly number[]): string[] {
  const rooms = recipients.map(SOCKET_ROOMS.user);
  const topic = publicTopicOf(type);
  return topic === null || topic === LIVE_TOPICS.counters ? rooms : [SOCKET_ROOMS.topic(topic), ...rooms];
}

/** Whether an event goes to the `counters` topic, through each API instance's coalescer. */
export function isCoalesced(type: DomainEventType): type is 'stats.updated' {
  return publicTopicOf(type) === LIVE_TOPICS.counters;
}

/** The server-side message (Socket.IO serverSideEmit, through Redis) that carries `stats.updated` to every API instance. */
export const COUNTERS_FEED = 'counters.feed';
