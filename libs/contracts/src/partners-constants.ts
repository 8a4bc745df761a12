/*
 * The offer cascade: the paths, values and rules without their zod shapes (those are in `partners.ts`), so
 * the web app's screens use them without loading zod (issue 30; docs/PERFORMANCE.md).
 */

/** The calls of the cascade. */
export const PARTNER_ROUTES = {
  /** GET and PUT `{ charity_ids }` (donors): the signed-in donor's partner charities. */
  donorPartners: '/api/donor/partners',
  /** GET `?search=&limit=&offset=` (donors): charities a donor may name, by organisation name. */
  charities: '/api/charities',
} as const;

/** The most partner charities a donor may name. */
export const MAX_PARTNERS = 10;
/** The most charities one search answers. */
export const CHARITY_SEARCH_PAGE_MAX = 50;

/**
 * Where a listing is in the cascade: `partners` while only the donor's partner charities see it (until
 * `offer_open_at`), `open` once it is on the open board (at once for a donor without partners; a claim
 * during the partners stage also ends the cascade, so the item returns to the open board if that claim
 * is cancelled).
 */
export const OFFER_STAGES = ['partners', 'open'] as const;
export type OfferStage = (typeof OFFER_STAGES)[number];
