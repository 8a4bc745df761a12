import type { FoodItemView } from './http';

/**
 * Live domain events (docs/REALTIME.md). Each is emitted under its name with one `EventEnvelope`.
 * The string values never change once shipped: stored jobs and old clients depend on them.
 */
export const DOMAIN_EVENTS = {
  foodListed: 'food.listed',
  foodClaimed: 'food.claimed',
  requestCancelled: 'request.cancelled',
  requestFulfilled: 'request.fulfilled',
  foodExpired: 'food.expired',
  statsUpdated: 'stats.updated',
} as const;

export type DomainEventType = (typeof DOMAIN_EVENTS)[keyof typeof DOMAIN_EVENTS];
export const DOMAIN_EVENT_TYPES = Object.values(DOMAIN_EVENTS) as DomainEventType[];

/**
 * Public topics (docs/REALTIME.md, version 2): what a socket may `watch`. A socket hears only the topics it
 * watches, plus its private room(s), which the server decides. `board:<governorate code>` joins these once
 * food items carry a governorate; until then it is refused like any unknown topic.
 */
export const LIVE_TOPICS = {
  /** `stats.updated` only, coalesced to at most one message per COUNTERS_INTERVAL_MS. */
  counters: 'counters',
  /** The public board's changes. */
  board: 'board',
} as const;

export type LiveTopic = (typeof LIVE_TOPICS)[keyof typeof LIVE_TOPICS];
export const LIVE_TOPIC_NAMES = Object.values(LIVE_TOPICS) as LiveTopic[];

/** A `counters` watcher gets at most one `stats.updated` per this many milliseconds, carrying the latest totals. */
export const COUNTERS_INTERVAL_MS = 250;

/**
 * The public topic each event goes to, or `null` when only the users it concerns (their private rooms)
 * hear of it. Written out per type so that a new event cannot be added without deciding.
 */
const PUBLIC_TOPIC: { readonly [T in DomainEventType]: LiveTopic | null } = {
  'food.listed': 'board',
  'food.claimed': 'board',
  'request.cancelled': 'board',
  'request.fulfilled': null,
  'food.expired': 'board',
  'stats.updated': 'counters',
};

/** The public topic an event goes to (null: private rooms only). */
export function publicTopicOf(type: DomainEventType): LiveTopic | null {
  return PUBLIC_TOPIC[type] ?? null;
}

/** The events each public topic carries. */
export const TOPIC_EVENT_TYPES: { readonly [K in LiveTopic]: readonly DomainEventType[] } = {
  counters: DOMAIN_EVENT_TYPES.filter((type) => PUBLIC_TOPIC[type] === 'counters'),
  board: DOMAIN_EVENT_TYPES.filter((type) => PUBLIC_TOPIC[type] === 'board'),
};

/** The events some public topic carries; the others reach only the users they concern. */
export const PUBLIC_DOMAIN_EVENT_TYPES: readonly DomainEventType[] = DOMAIN_EVENT_TYPES.filter((type) => PUBLIC_TOPIC[type] !== null);

/** What clients send to choose their public topics, and the batched form of server messages. */
export const LIVE_MESSAGES = {
  /** `socket.emit('watch', topics[], ack)`: adds topics; the ack receives a WatchAck. */
  watch: 'watch',
  /** `socket.emit('unwatch', topics[], ack)`: removes topics; the ack receives a WatchAck. */
  unwatch: 'unwatch',
  /** `{ events: [envelope, ...] }`, in order: a server may send several events at once this way. */
  events: 'events',
} as const;

/** The acknowledgement of `watch` and `unwatch`. */
export interface WatchAck {
  /** Every topic the socket now watches. */
  watching: LiveTopic[];
  /** Topics asked for that do not exist (never silently ignored). */
  refused: string[];
}

/** The `data` of each event. Public topics carry these too, so they carry no personal data. */
export interface DomainEventPayloads {
  'food.listed': { foodId: number; food: FoodItemView };
  'food.claimed': { foodId: number; requestId: number };
  'request.cancelled': { foodId: number; requestId: number };
  'request.fulfilled': { foodId: number; requestId: number };
  'food.expired': { foodId: number };
  'stats.updated': { totalMeals: number; totalCharities: number };
}

export interface EventEnvelope<T extends DomainEventType = DomainEventType> {
  /** The domain event's uuid: the same event may arrive twice; clients drop ids they have seen. */
  id: string;
  type: T;
  /** When the change was made (ISO-8601); events about one item are ordered by it. */
  occurredAt: string;
  data: DomainEventPayloads[T];
}

/** Any envelope, narrowed by its `type`. */
export type AnyEventEnvelope = { [T in DomainEventType]: EventEnvelope<T> }[DomainEventType];

/** The batched message (`events`): several envelopes for one socket, in order. */
export interface EventBatch {
  events: AnyEventEnvelope[];
}

/**
 * Socket.IO rooms. The server alone decides the private ones; a socket joins a topic's room only by
 * watching that topic (and only topics that exist).
 */
export const SOCKET_ROOMS = {
  operators: 'operators',
  user: (userId: number) => `user:${userId}`,
  topic: (topic: LiveTopic) => `topic:${topic}`,
} as const;

/** BullMQ queues and their job names. */
export const QUEUES = {
  domainEvents: 'domain-events',
  maintenance: 'maintenance',
} as const;

export const MAINTENANCE_JOBS = {
  expireFood: 'expire-food',
  purgeIdempotencyKeys: 'purge-idempotency-keys',
} as const;
