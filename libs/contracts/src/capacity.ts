import type { StorageKind } from './domain';
import { cairoDate } from './dates';

/*
 * Charity capacity and needs (issue 27; docs/DOMAIN-RULES.md, "Charity capacity"): whether a charity can
 * take a listing, by what its profile says. Written once: the standing offers, their waitlist, the
 * partner cascade and the donor's view call it; matching (charity-profiles.repository.ts) says the same
 * in SQL, and a test holds the two together.
 */

/** Why a charity cannot take a listing. */
export const CAPACITY_PROBLEMS = ['full_today', 'storage', 'capacity', 'hours'] as const;
export type CapacityProblem = (typeof CAPACITY_PROBLEMS)[number];

/** What of a charity's profile decides (a charity without a profile has said nothing, so takes anything). */
export interface CharityCapacity {
  storage: readonly string[];
  chilled_capacity_kg: number | null;
  frozen_capacity_kg: number | null;
  /** `HH:MM` Cairo times, or null: any time. */
  receiving_from: string | null;
  receiving_until: string | null;
  /** The Cairo date it said it is full, or null. */
  full_on: string | null;
}

/** What of a listing decides. */
export interface ListingNeeds {
  storage: StorageKind;
  weight_kg: number | null;
  pickup_from: Date | null;
  pickup_until: Date | null;
}

const CAIRO_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const clockOf = (instant: Date) => CAIRO_CLOCK.format(instant);

/**
 * Why the charity cannot take the listing now, or null when it can: full today; a storage kind it does
 * not keep (a chilled listing never goes to a charity without a fridge); more kg than its fridge or
 * freezer holds (0: it has none); a pickup window that does not meet its receiving hours (Cairo clock).
 */
export function capacityProblem(charity: CharityCapacity | null | undefined, listing: ListingNeeds, now: Date = new Date()): CapacityProblem | null {
  if (!charity) return null;
  if (charity.full_on !== null && charity.full_on === cairoDate(now)) return 'full_today';
  if (!charity.storage.includes(listing.storage)) return 'storage';
  const capacity = listing.storage === 'chilled' ? charity.chilled_capacity_kg : listing.storage === 'frozen' ? charity.frozen_capacity_kg : null;
  if (capacity !== null && (capacity === 0 || (listing.weight_kg ?? 0) > capacity)) return 'capacity';
  if (charity.receiving_from !== null && charity.receiving_until !== null && listing.pickup_from && listing.pickup_until) {
    const from = clockOf(listing.pickup_from);
    const until = clockOf(listing.pickup_until);
    // A window past midnight ends on the clock before it starts: it meets hours that reach its start.
    const meets = until > from ? from < charity.receiving_until && until > charity.receiving_from : from < charity.receiving_until || until > charity.receiving_from;
    if (!meets) return 'hours';
  }
  return null;
}
