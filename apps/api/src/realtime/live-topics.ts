import { LIVE_TOPIC_NAMES, SOCKET_ROOMS, type LiveTopic, type WatchAck } from '@food-link/contracts';
import type { Socket } from 'socket.io';

/** More topics than exist in one message is a client bug or an abuse: the rest are refused unread. */
const MAX_TOPICS_PER_MESSAGE = 64;
/** A refused topic is echoed back at most this long. */
const MAX_ECHOED_LENGTH = 100;

const KNOWN: ReadonlySet<string> = new Set(LIVE_TOPIC_NAMES);
const ROOM_OF = new Map<LiveTopic, string>(LIVE_TOPIC_NAMES.map((topic) => [topic, SOCKET_ROOMS.topic(topic)]));

/**
 * Splits what a client sent into topics that exist and refused ones. `board:<governorate>` is refused
 * until food items carry a governorate (docs/REALTIME.md). A lone string counts as a one-topic list.
 */
export function sortTopics(input: unknown): { known: LiveTopic[]; refused: string[] } {
  const list: unknown[] = Array.isArray(input) ? input : [input];
  const known: LiveTopic[] = [];
  const refused: string[] = [];
  list.forEach((topic, index) => {
    if (index < MAX_TOPICS_PER_MESSAGE && typeof topic === 'string' && KNOWN.has(topic)) {
      if (!known.includes(topic as LiveTopic)) known.push(topic as LiveTopic);
    } else if (index < MAX_TOPICS_PER_MESSAGE) {
      refused.push((typeof topic === 'string' ? topic : String(JSON.stringify(topic))).slice(0, MAX_ECHOED_LENGTH));
    }
  });
  if (list.length > MAX_TOPICS_PER_MESSAGE) refused.push(`(${list.length - MAX_TOPICS_PER_MESSAGE} more not read)`);
  return { known, refused };
}

/** The topics a socket watches, from its rooms. */
export function watchedBy(socket: Socket): LiveTopic[] {
  return LIVE_TOPIC_NAMES.filter((topic) => socket.rooms.has(ROOM_OF.get(topic)!));
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
  void Promise.resolve(this.join(known.map((topic) => ROOM_OF.get(topic)!))).then(() => acknowledge(this, ack, refused));
}

/** `unwatch` handler: leaves the known topics' rooms, then acknowledges (refusing unknown ones as `watch` does). */
export function onUnwatch(this: Socket, topics: unknown, ack?: unknown): void {
  const { known, refused } = sortTopics(topics);
  void Promise.all(known.map((topic) => this.leave(ROOM_OF.get(topic)!))).then(() => acknowledge(this, ack, refused));
}
