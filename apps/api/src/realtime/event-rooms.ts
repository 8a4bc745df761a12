import { PUBLIC_DOMAIN_EVENT_TYPES, SOCKET_ROOMS, type DomainEventType } from '@food-link/contracts';

/** Which events everyone hears (libs/contracts, as docs/REALTIME.md says); the others reach only the users they concern. */
const PUBLIC_EVENTS: ReadonlySet<DomainEventType> = new Set(PUBLIC_DOMAIN_EVENT_TYPES);

/** The rooms an event goes to: `public` when everyone hears of it, plus each concerned user's own room. */
export function roomsFor(type: DomainEventType, recipients: readonly number[]): string[] {
  const rooms = recipients.map(SOCKET_ROOMS.user);
  return PUBLIC_EVENTS.has(type) ? [SOCKET_ROOMS.public, ...rooms] : rooms;
}
