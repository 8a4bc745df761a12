import { isWatchableTopic, LIVE_TOPIC_NAMES, SOCKET_ROOMS, type WatchableTopic, type WatchAck } from '@food-link/contracts';
import type { Socket } from 'socket.io';

/** More topics than exist in one message is a client bug or an abuse: the rest are refused unread. */
const MAX_TOPICS_PER_MESSAGE = 64;
/** A refused topic is echoed back at most this long. */
const MAX_ECHOED_LENGTH = 100;

const TOPIC_ROOM_PREFIX = SOCKET_ROOMS.topic('' as WatchableTopic);

/**
 * Splits what a client sent into topics that exist (`counters`, `board`, and `board:<governorate>` for
 * one of the 27 ISO 3166-2:EG codes) and refused ones. A lone string counts as a one-topic list.
 */
export function sortTopics(input: unknown): { known: WatchableTopic[]; refused: string[] } {
  const list: unknown[] = Array.isArray(input) ? input : [input];
  const known: WatchableTopic[] = [];
  const refused: string[] = [];
  list.forEach((topic, index) => {
    if (index < MAX_TOPICS_PER_MESSAGE && isWatchableTopic(topic)) {
      if (!known.includes(topic)) known.push(topic);
    } else if (index < MAX_TOPICS_PER_MESSAGE) {
      refused.push((typeof topic === 'string' ? topic : String(JSON.stringify(topic))).slice(0, MAX_ECHOED_LENGTH));
    }
  });
  if (list.length > MAX_TOPICS_PER_MESSAGE) refused.push(`(${list.length - MAX_TOPICS_PER_MESSAGE} more not read)`);
  return { known, refused };
}

/** The topics a socket watches, from its rooms: the fixed topics first, then its governorates' boards. */
export function watchedBy(socket: Socket): WatchableTopic[] {
  const fixed = LIVE_TOPIC_NAMES.filter((topic) => socket.rooms.has(SOCKET_ROOMS.topic(topic)));
  const boards: WatchableTopic[] = [];
  for (const room of socket.rooms) {
    if (!room.startsWith(TOPIC_ROOM_PREFIX)) continue;
    const topic = room.slice(TOPIC_ROOM_PREFIX.length);
    if (topic.startsWith('board:') && isWatchableTopic(topic)) boards.push(topic);
  }
  return [...fixed, ...boards.sort()];
}

function acknowledge(socket: Socket, ack: unknown, refused: string[]): void {
  if (typeof ack === 'function') (ack as (reply: WatchAck) => void)({ watching: watchedBy(socket), refused });
}

/**
 * `watch` handler, shared by every socket (Socket.IO calls listeners with the socket as `this`, so no
 * closure is kept per connection). Joins the known topics' rooms, then acknowledges.
 */
export function onWatch(this: Socket, topics: unknown, ack?: unknown): void {
  const { known, refused } = sortTopics(topics);
  // The in-memory and Redis adapters join synchronously; the promise form is awaited for any other.
  void Promise.resolve(this.join(known.map((topic) => SOCKET_ROOMS.topic(topic)))).then(() => acknowledge(this, ack, refused));
}

/** `unwatch` handler: leaves the known topics' rooms, then acknowledges (refusing unknown ones as `watch` does). */
export function onUnwatch(this: Socket, topics: unknown, ack?: unknown): void {
  const { known, refused } = sortTopics(topics);
  void Promise.all(known.map((topic) => this.leave(SOCKET_ROOMS.topic(topic)))).then(() => acknowledge(this, ack, refused));
}
