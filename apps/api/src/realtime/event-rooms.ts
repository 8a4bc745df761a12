import { SOCKET_ROOMS, type DomainEventType } from '@food-link/contracts';

/** Which events everyone hears (docs/REALTIME.md); the others reach only the users they concern. */
const PUBLIC_EVENTS: Record<DomainEventType, boolean> = {
  'food.listed': true,
  'food.claimed': true,
  'request.cancelled': true,
  'request.fulfilled': false,
  'food.expired': true,
  'stats.updated': true,
};

/** The rooms an event goes to: `public` when everyone hears of it, plus each concerned user's own room. */
export function roomsFor(type: DomainEventType, recipients: readonly number[]): string[] {
  const rooms = recipients.map(SOCKET_ROOMS.user);
  return PUBLIC_EVENTS[type] ? [SOCKET_ROOMS.public, ...rooms] : rooms;
}
