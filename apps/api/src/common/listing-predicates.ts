/**
 * The listing predicates, written here and nowhere else (issue 25): the listings owner
 * (listings/food.repository.ts, the only writer of `food_items`) and every read that asks whether a listing
 * is live or open use these fragments. They sit in common/ so that a reading repository of another
 * feature (pickup points, notifications) need not import the food folder for them.
 */
/**
 * A live listing, written here only: available and safe at `at` (`now()` by default; an available item past
 * its safe time is expired, whether or not the expiry job has marked it yet), withheld or not. `alias` is
 * the `food_items` alias of the statement ('' for its bare columns).
 */
export function liveListingSql(alias = 'f', at = 'now()'): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('status')} = 'available' AND ${column('safe_until')} > ${at}`;
}

/**
 * The open-listing predicate, written here only: an item anyone may still claim is live (liveListingSql)
 * and not withheld (hidden by an operator, or its donor suspended). Every read that asks "is it open?"
 * uses it: the board, the claim, the notifications' facts (OPEN_LISTING for the alias `f` as of now).
 */
export function openListingSql(alias = 'f', at = 'now()'): string {
  return `${liveListingSql(alias, at)} AND NOT ${alias ? `${alias}.withheld` : 'withheld'}`;
}

/** The open-listing predicate for `food_items f` as of now (see openListingSql). */
export const OPEN_LISTING = openListingSql();

/** A live listing of `food_items f` as of now (see liveListingSql). */
export const LIVE_LISTING = liveListingSql();

