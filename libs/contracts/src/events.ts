import type { FoodItemView } from './http';
import type { ImpactTotalsResponse } from './impact';
import type { NotificationView } from './notifications';
import { isGovernorateCode, type GovernorateCode } from './places';
import type { VerificationView } from './verification';
import type { AuditAction } from './verification-constants';
import type { ModerationAction } from './moderation-constants';

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
  foodUpdated: 'food.updated',
  foodWithdrawn: 'food.withdrawn',
  requestNotCollected: 'request.not_collected',
  requestReceived: 'request.received',
  notificationCreated: 'notification.created',
  charityVerification: 'charity.verification',
  accountModeration: 'account.moderation',
  requestCodeLocked: 'request.code_locked',
  charityClaimsPaused: 'charity.claims_paused',
  scheduleOccurrence: 'schedule.occurrence',
  requestAssigned: 'request.assigned',
  requestTrip: 'request.trip',
  transportOffer: 'transport.offer',
} as const;

export type DomainEventType = (typeof DOMAIN_EVENTS)[keyof typeof DOMAIN_EVENTS];
export const DOMAIN_EVENT_TYPES = Object.values(DOMAIN_EVENTS) as DomainEventType[];

/**
 * Public topics (docs/REALTIME.md, version 2): what a socket may `watch`. A socket hears only the topics it
 * watches, plus its private room(s), which the server decides. Besides these, `board:<governorate code>`
 * (boardTopic) carries the board's changes for items picked up in that governorate.
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
  'food.updated': 'board',
  'food.withdrawn': 'board',
  'request.not_collected': 'board',
  'request.received': null,
  'notification.created': null,
  'charity.verification': null,
  'account.moderation': null,
  'request.code_locked': null,
  'charity.claims_paused': null,
  'schedule.occurrence': null,
  'request.assigned': null,
  'request.trip': null,
  'transport.offer': null,
};

/** The board's changes for items picked up in one governorate: `board:EG-C`. */
export type GovernorateBoardTopic = `board:${GovernorateCode}`;
/** Every topic a socket may watch: the fixed ones and one board per governorate. */
export type WatchableTopic = LiveTopic | GovernorateBoardTopic;

/** The topic of the board's changes in one governorate (ISO 3166-2:EG code): `board:EG-C`. */
export function boardTopic(governorate: string): string {
  return `board:${governorate}`;
}

/** True for `counters`, `board` and `board:<one of the 27 codes>`. */
export function isWatchableTopic(value: unknown): value is WatchableTopic {
  if (typeof value !== 'string') return false;
  if ((LIVE_TOPIC_NAMES as readonly string[]).includes(value)) return true;
  return value.startsWith('board:') && isGovernorateCode(value.slice('board:'.length));
}

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
  watching: WatchableTopic[];
  /** Topics asked for that do not exist (never silently ignored). */
  refused: string[];
}

/**
 * The `data` of each event. Public topics carry these too, so they carry no personal data (a food item's
 * place goes no further than its governorate and area). `governorate` on the board's events is the item's
 * (null without a pickup point): it routes the event to `board:<governorate>` as well as `board`. It is
 * required (null, not absent, for an item without a pickup point), so an event recorded without it does
 * not compile: a charity whose board watches `board:EG-xx` would never hear it. `partners` keeps an item
 * offered to partners alone off every public topic: optional on the wire, but required of the server that
 * records the event (RecordedEventData).
 */
export interface DomainEventPayloads {
  /**
   * On the board, or (with `partners`) offered first to the donor's partner charities alone: then it goes
   * only to those users' rooms, never to a public topic, until the open stage lists it again without them.
   * `restored`: back from an operator's hide or its donor's suspension, not new; charities already told of
   * it are not told again (docs/NOTIFICATIONS.md, "Matching").
   */
  'food.listed': { foodId: number; food: FoodItemView; partners?: number[]; restored?: boolean };
  /**
   * `quantityLeft`: what is still unclaimed after this claim (docs/DOMAIN-RULES.md, "Partial claims"): more
   * than 0, the item stays on the board showing it; absent in events recorded before partial claims.
   */
  'food.claimed': { foodId: number; requestId: number; governorate: string | null; quantityLeft?: number };
  /** `quantityLeft`: what is unclaimed once the claim's quantity is given back (absent in older events). */
  'request.cancelled': { foodId: number; requestId: number; governorate: string | null; quantityLeft?: number };
  'request.fulfilled': { foodId: number; requestId: number };
  /** With `partners`, it was still offered to them alone: only the users' rooms hear it. */
  'food.expired': { foodId: number; governorate: string | null; partners?: number[] };
  /** The landing's counters: the spec's two and the weight-based figures (GET /api/impact/totals). */
  'stats.updated': ImpactTotalsResponse;
  /** The donor edited an available item: its new public view (with `partners`: still offered to them alone, see food.listed). */
  'food.updated': { foodId: number; food: FoodItemView; partners?: number[] };
  /**
   * The donor withdrew the item; `requestId` is the (earliest) claim it ended, `requestIds` every claim it
   * ended (partial claims: each charity hears it privately too).
   * With `partners`, it was still offered to them alone: only the users' rooms hear it.
   */
  'food.withdrawn': { foodId: number; requestId?: number | null; requestIds?: number[]; governorate: string | null; partners?: number[] };
  /** Nobody came: the request ended not collected; `relisted` when the item went back on the board. */
  'request.not_collected': { foodId: number; requestId: number; relisted: boolean; governorate: string | null; quantityLeft?: number };
  /** The charity reported what it received (the donor's card shows it). */
  'request.received': { foodId: number; requestId: number };
  /** A new in-app notification for the user whose room hears it, and its unread count now. */
  'notification.created': { notification: NotificationView; unread: number };
  /** An operator's decision on the charity's verification, or claiming suspended after no-shows: its room only. */
  'charity.verification': { charityId: number; action: AuditAction; verification: VerificationView };
  /**
   * An operator hid or put back one of the user's listings (`foodId`), or suspended or reinstated the user's
   * account: its room only (a suspended account's sockets are closed by then; it hears it by notification).
   */
  'account.moderation': { userId: number; action: ModerationAction; reason: string | null; foodId: number | null };
  /**
   * Someone entered LIMITS.pickupCodeTries wrong pickup codes for the request: codes are refused for it from
   * now on (Donate without a code stays allowed). To the donor's room and the operators' feed, once.
   */
  'request.code_locked': { foodId: number; requestId: number; donorId: number; wrongCodes: number };
  /**
   * The charity cancelled QUICK_CANCELS_MAX claims soon after making them (claim-and-cancel harvests
   * addresses): its claiming is paused until `until`. To its room and the operators' feed.
   */
  'charity.claims_paused': { charityId: number; until: string; quickCancels: number };
  /**
   * A day of a standing collection changed (docs/DOMAIN-RULES.md, "Standing collections"): listed, confirmed
   * by a standing charity, declined, passed over (no answer in time, or the last went to the open board),
   * skipped or changed by the donor. To the donor's room and each standing charity's, never a public
   * topic: the donor's schedules page and the charities' week views fetch the day again.
   */
  /** `charityId`: with `skipped`, the standing charity whose confirmed claim the donor's "Nothing today" ended. */
  'schedule.occurrence': { scheduleId: number; date: string; change: OccurrenceChange; charityId?: number };
  /**
   * A charity's admin or coordinator assigned a pending claim to a member (`assigneeId`), or unassigned it
   * (`assigneeId` null); `previousAssigneeId` is who had it before (null when nobody). To the charity's room
   * (its admins and coordinators), the member it is assigned to and the one it was taken from, while they
   * are members (docs/ORGANISATIONS.md, "Live events").
   */
  'request.assigned': {
    foodId: number;
    requestId: number;
    assigneeId: number | null;
    previousAssigneeId: number | null;
    /** The volunteer gave the pickup back themselves (issue 28): the coordinators are told at once. */
    returned?: boolean;
  };
  /**
   * The assigned volunteer set off (`on_the_way`, with the ETA) or delivered the food to the charity
   * (`delivered`): to the donor's room (and the item's branch) and the charity's, and the assignee's
   * (docs/REALTIME.md). The donor's card fetches who is coming (GET /api/requests/{id}/trip) or reads it here.
   */
  'request.trip': { foodId: number; requestId: number; stage: 'on_the_way' | 'delivered'; assigneeId: number; eta: string | null };
  /**
   * A transport offer of a claim to the charity's volunteers changed (`offered`, `accepted`, `declined`,
   * `expired`): to the charity's room and the volunteers told of it (docs/REALTIME.md).
   */
  'transport.offer': { foodId: number; requestId: number; offerId: number; change: 'offered' | 'accepted' | 'declined' | 'expired'; expiresAt: string; assigneeId: number | null };
}

/** What happened to a day of a standing collection (`schedule.occurrence`). */
export const OCCURRENCE_CHANGES = ['listed', 'confirmed', 'declined', 'passed_over', 'skipped', 'changed'] as const;
export type OccurrenceChange = (typeof OCCURRENCE_CHANGES)[number];

/**
 * What the server records for an event: its payload with every field the rooms are routed by
 * (apps/api/src/realtime/event-rooms.ts) stated, so that leaving one out does not compile. `governorate`
 * is required in the payload itself; `partners` (optional on the wire: absent means the open board) must be
 * given here, as the partner charities or `undefined`, which JSON leaves out.
 */
export type RecordedEventData<T extends DomainEventType> = DomainEventPayloads[T] & {
  [K in Extract<keyof DomainEventPayloads[T], 'partners'>]-?: DomainEventPayloads[T][K] | undefined;
};

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
  /** A donor's branch (pickup point): the sockets of the branch managers and staff given it hear its listings' events. */
  branch: (pickupPointId: number) => `branch:${pickupPointId}`,
  topic: (topic: WatchableTopic) => `topic:${topic}`,
} as const;

/** BullMQ queues and their job names. */
export const QUEUES = {
  domainEvents: 'domain-events',
  maintenance: 'maintenance',
  handover: 'handover',
  offers: 'offers',
  notifications: 'notifications',
  schedules: 'schedules',
  /** WhatsApp and SMS sends, at the provider's rate (docs/MESSAGING.md, "The sending queue"). */
  messaging: 'messaging',
} as const;

/**
 * Jobs of the `offers` queue: one delayed job per listing offered to partners first, at its
 * `offer_open_at`, that puts it on the open board (job id `open-to-board-<foodId>`).
 */
export const OFFER_JOBS = {
  openToBoard: 'open-to-board',
} as const;

/**
 * Jobs of the `notifications` queue (docs/NOTIFICATIONS.md): `match` finds the charities a listing suits
 * (one per event), `deliver` sends one notification to one user by one channel (job id
 * `<key>-<userId>-<channel>`, so it is never sent twice), `remind` is a request's delayed reminder,
 * `reset-mail` sends a password reset link (job id `reset-mail-<reset id>`, docs/ACCOUNT-RECOVERY.md).
 */
export const NOTIFICATION_JOBS = {
  match: 'match',
  deliver: 'deliver',
  remind: 'remind',
  resetMail: 'reset-mail',
  /** An organisation's invitation link (docs/ORGANISATIONS.md). */
  inviteMail: 'invite-mail',
} as const;

/** Jobs of the `messaging` queue: `send`, one notification to one user's verified phone (job id `<key>-<userId>-phone`). */
export const MESSAGING_JOBS = {
  send: 'send',
} as const;

/** Jobs of the `handover` queue: one delayed job per pending request, at the end of its window plus the grace period. */
export const HANDOVER_JOBS = {
  notCollected: 'not-collected',
  /** A transport offer nobody accepted by its time goes back to the coordinator (job id `transport-offer-end-<offer id>`). */
  transportOfferEnd: 'transport-offer-end',
} as const;

/**
 * Jobs of the `schedules` queue (docs/DOMAIN-RULES.md, "Standing collections"): `materialise`, repeated
 * every SCHEDULE_CHECK_MS, lists every schedule's days whose lead time has begun.
 */
export const SCHEDULE_JOBS = {
  materialise: 'materialise',
  /** Reminds the donors of their standing collections' days SCHEDULE_REMINDER_MINUTES before each window opens. */
  remind: 'remind',
} as const;

export const MAINTENANCE_JOBS = {
  expireFood: 'expire-food',
  purgeIdempotencyKeys: 'purge-idempotency-keys',
  liftClaimingSuspensions: 'lift-claiming-suspensions',
} as const;
