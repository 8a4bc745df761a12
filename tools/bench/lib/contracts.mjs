// What the benchmarks take from libs/contracts instead of copying it: the event types, the public topics
// (docs/REALTIME.md, version 2) and which events each carries. Loaded from the built package
// (libs/contracts/dist, CommonJS), which `npm run build` makes and the API's build needs anyway.
import { createRequire } from 'node:module';

function load() {
  try {
    return createRequire(import.meta.url)('@food-link/contracts');
  } catch (error) {
    if (error.code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error('libs/contracts is not built: run `npm run build` (or `npm start` once) first', { cause: error });
  }
}

const contracts = load();

if (typeof contracts.publicTopicOf !== 'function' || !contracts.LIVE_TOPICS) {
  throw new Error('libs/contracts/dist has no public topics (an older build): run `npm run build`');
}

/** Every live domain event type (docs/REALTIME.md). */
export const DOMAIN_EVENT_TYPES = [...contracts.DOMAIN_EVENT_TYPES];
/** The domain event types some public topic carries; the others reach only the users they concern. */
export const PUBLIC_DOMAIN_EVENT_TYPES = [...contracts.PUBLIC_DOMAIN_EVENT_TYPES];
/** The public topics a socket may watch: `counters`, `board`. */
export const LIVE_TOPICS = { ...contracts.LIVE_TOPICS };
/** The events each topic carries. */
export const TOPIC_EVENT_TYPES = Object.fromEntries(Object.entries(contracts.TOPIC_EVENT_TYPES).map(([topic, types]) => [topic, [...types]]));
/** The public topic of an event type, or null (private rooms only). */
export const publicTopicOf = (type) => contracts.publicTopicOf(type);
/** Client and server message names (`watch`, `unwatch`, `events`). */
export const LIVE_MESSAGES = { ...contracts.LIVE_MESSAGES };
/** At most one `stats.updated` per this many ms per `counters` watcher. */
export const COUNTERS_INTERVAL_MS = contracts.COUNTERS_INTERVAL_MS;
