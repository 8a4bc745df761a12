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

/** Pending claims a charity may hold at once (LIMITS.activeClaimsMax): one more is refused with 409. */
export const ACTIVE_CLAIMS_MAX = contracts.LIMITS.activeClaimsMax;

/**
 * The charities a bench needs so that `claims` pending requests stay within the claim limit when spread
 * evenly (at least `atLeast`).
 */
export function charitiesForPendingClaims(claims, atLeast = 1) {
  return Math.max(atLeast, Math.ceil(claims / ACTIVE_CLAIMS_MAX));
}

/**
 * The bench's own count of each charity's pending claims (in flight included), so that its writes are
 * always valid: it claims only for a charity with a free slot, as a real charity would collect or cancel
 * before claiming more.
 */
export class ClaimSlots {
  constructor(charities) {
    this.held = new Map(charities.map((charity) => [charity, 0]));
  }

  /** Whether some charity may claim one more. */
  hasFree() {
    for (const count of this.held.values()) if (count < ACTIVE_CLAIMS_MAX) return true;
    return false;
  }

  /** A random charity with a free slot, its slot taken; null when every charity is at the limit. */
  take() {
    const free = [...this.held].filter(([, count]) => count < ACTIVE_CLAIMS_MAX);
    if (free.length === 0) return null;
    const [charity] = free[Math.floor(Math.random() * free.length)];
    this.held.set(charity, this.held.get(charity) + 1);
    return charity;
  }

  /** The claim ended (fulfilled, cancelled) or was never made. */
  release(charity) {
    this.held.set(charity, this.held.get(charity) - 1);
  }
}

/** The 409's message when a charity already holds ACTIVE_CLAIMS_MAX pending claims. */
export const CLAIM_LIMIT_MESSAGE = contracts.ERRORS.claimLimitReached(ACTIVE_CLAIMS_MAX);
/** The 409 of a claim of an item nothing is left of (a claim without a quantity). */
export const ALREADY_CLAIMED_MESSAGE = contracts.ERRORS.foodAlreadyClaimed;
/** The 409 of a second pending claim of one listing by one charity (partial claims). */
export const ALREADY_CLAIMING_MESSAGE = contracts.ERRORS.alreadyClaimingFood;
