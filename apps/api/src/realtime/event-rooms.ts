import { boardTopic, isGovernorateCode, LIVE_TOPICS, SOCKET_ROOMS, publicTopicOf, type DomainEventType, type WatchableTopic } from '@food-link/contracts';

/**
 * The governorate a board event is about: `data.governorate`, or `data.food.governorate` for the events
 * that carry the item's view (`food.listed`, `food.updated`); null when it names none.
 */
export function governorateOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as { governorate?: unknown; food?: { governorate?: unknown } | null };
  const governorate = record.governorate ?? record.food?.governorate;
  return isGovernorateCode(governorate) ? governorate : null;
}

/**
 * The rooms an event is broadcast to: the public topic's room when it has one (libs/contracts, as
 * docs/REALTIME.md says) and, for a board event about an item with a governorate, that governorate's
 * board (`topic:board:EG-C`), plus each concerned user's own room. All go in one emit, so a socket in
 * several of the rooms gets the event once. `stats.updated` is the exception: it is not broadcast to the
 * `counters` room as it comes but handed to each API instance's CountersCoalescer, which sends that room
 * at most one message per interval (see `isCoalesced`), so it has no rooms here. An event about an item
 * offered to its donor's partners alone (`partners` in its data: the offer cascade) goes to no public
 * topic, only to the users' rooms; the missed-event replay goes through here too.
 */
export function roomsFor(type: DomainEventType, recipients: readonly number[], data?: unknown, orgRooms: readonly string[] = []): string[] {
  const rooms = [...new Set([...recipients.map(SOCKET_ROOMS.user), ...orgRooms])];
  const topic = publicTopicOf(type);
  if (topic === null || topic === LIVE_TOPICS.counters || offeredToPartners(data)) return rooms;
  const governorate = topic === LIVE_TOPICS.board ? governorateOf(data) : null;
  const topics = governorate ? [SOCKET_ROOMS.topic(topic), SOCKET_ROOMS.topic(boardTopic(governorate) as WatchableTopic)] : [SOCKET_ROOMS.topic(topic)];
  return [...topics, ...rooms];
}

/** Whether the event is about an item offered to its donor's partner charities alone (non-empty `partners`). */
export function offeredToPartners(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const partners = (data as { partners?: unknown }).partners;
  return Array.isArray(partners) && partners.length > 0;
}

/** Whether an event goes to the `counters` topic, through each API instance's coalescer. */
export function isCoalesced(type: DomainEventType): type is 'stats.updated' {
  return publicTopicOf(type) === LIVE_TOPICS.counters;
}

/** The server-side message (Socket.IO serverSideEmit, through Redis) that carries `stats.updated` to every API instance. */
export const COUNTERS_FEED = 'counters.feed';

/**
 * The events an organisation's members hear beyond its account's room (docs/ORGANISATIONS.md, "Live
 * events"): the donor's listings' and claims' events also go to the branch room of the item's pickup point
 * (`branch:<id>`, joined by the branch managers and staff given it), and a claim's events to the room of the
 * member it is assigned to. `request.assigned` is the charity's own business: its assignees, no branch.
 * Other events (notifications, verification, moderation, the totals) stay in the rooms they name.
 */
const ORG_AUDIENCES: { readonly [T in DomainEventType]?: { branch: boolean } } = {
  'food.listed': { branch: true },
  'food.updated': { branch: true },
  'food.withdrawn': { branch: true },
  'food.claimed': { branch: true },
  'food.expired': { branch: true },
  'request.cancelled': { branch: true },
  'request.fulfilled': { branch: true },
  'request.not_collected': { branch: true },
  'request.received': { branch: true },
  'request.code_locked': { branch: true },
  'request.assigned': { branch: false },
  // Who is coming for the food: the donor's branch too, and the assignee (docs/REALTIME.md).
  'request.trip': { branch: true },
  'transport.offer': { branch: false },
};

/** What the organisation rooms of an event are looked up by, or null for an event they do not hear. */
export interface OrgAudienceQuery {
  foodId: number;
  requestId: number | null;
  /** Whether the branch room of the item's pickup point hears it. */
  branch: boolean;
  /** Members named by the event (an assignment's new and previous assignee), besides the claim's assignee. */
  members: number[];
}

export function orgAudienceOf(type: DomainEventType, data: unknown): OrgAudienceQuery | null {
  const audience = ORG_AUDIENCES[type];
  if (!audience || typeof data !== 'object' || data === null) return null;
  const record = data as { foodId?: unknown; requestId?: unknown; assigneeId?: unknown; previousAssigneeId?: unknown };
  if (typeof record.foodId !== 'number') return null;
  const members = [record.assigneeId, record.previousAssigneeId].filter((id): id is number => typeof id === 'number');
  return { foodId: record.foodId, requestId: typeof record.requestId === 'number' ? record.requestId : null, branch: audience.branch, members };
}
