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
 * Who hears of each event (docs/REALTIME.md): `true` when it also goes to the `public` room (everyone,
 * signed in or not), `false` when only the users it concerns receive it. Written out per type so that a
 * new event cannot be added without deciding.
 */
const SENT_TO_PUBLIC_ROOM: { readonly [T in DomainEventType]: boolean } = {
  'food.listed': true,
  'food.claimed': true,
  'request.cancelled': true,
  'request.fulfilled': false,
  'food.expired': true,
  'stats.updated': true,
};

/** The events sent to the `public` room; the others reach only the users they concern. */
export const PUBLIC_DOMAIN_EVENT_TYPES: readonly DomainEventType[] = DOMAIN_EVENT_TYPES.filter((type) => SENT_TO_PUBLIC_ROOM[type]);

/** The `data` of each event. Public rooms receive these too, so they carry no personal data. */
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

/** Socket.IO rooms. The server, never the client, decides who joins which. */
export const SOCKET_ROOMS = {
  public: 'public',
  operators: 'operators',
  user: (userId: number) => `user:${userId}`,
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
