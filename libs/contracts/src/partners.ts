import { z } from 'zod';
import { LIMITS } from './domain';
import { count, dateTime, id, positiveId, queryNumber, said } from './fields';
import { CHARITY_SEARCH_PAGE_MAX, MAX_PARTNERS, OFFER_STAGES } from './partners-constants';

/*
 * The offer cascade (docs/DOMAIN-RULES.md, "The offer cascade"): a donor
 * names partner charities, and a new listing is offered to them alone for a while before it reaches the
 * open board.
 */

/** `PUT /api/donor/partners`: the whole list, replacing the last (an empty list names none). */
export const PartnersBody = z
  .object({
    charity_ids: z
      .array(positiveId(), { error: 'must be a list' })
      .max(MAX_PARTNERS, { error: `must not list more than ${MAX_PARTNERS}` })
      .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a charity' })
      .meta({ description: "The partner charities' accounts (`user_id` of GET /api/charities), at most 10", example: [7, 12] }),
  })
  .meta({ id: 'PartnersBody' });
export type PartnersBody = z.infer<typeof PartnersBody>;

/** A charity as a donor looking for partners sees it: its account, public number and name, nothing private. */
export const CharitySummary = z
  .object({
    user_id: id("The charity's account (what PartnersBody lists)", 7),
    charity_id: id("The charity's public number", 3),
    name: said('The organisation', 'Ahl Masr Foundation'),
  })
  .meta({ id: 'CharitySummary' });
export type CharitySummary = z.infer<typeof CharitySummary>;

/** `GET /api/donor/partners`: the donor's partner charities, in the order the donor listed them. */
export const PartnersView = z
  .object({ charities: z.array(CharitySummary).max(MAX_PARTNERS) })
  .meta({ id: 'PartnersView' });
export type PartnersView = z.infer<typeof PartnersView>;

/** `GET /api/charities?search=&limit=&offset=`. */
export const CharitySearchQuery = z.object({
  search: z
    .string({ error: 'must be a string' })
    .trim()
    .max(LIMITS.nameMaxLength, { error: `must be shorter than or equal to ${LIMITS.nameMaxLength} characters` })
    .default('')
    .meta({ description: 'Part of the name, any case; empty lists every charity by name', example: 'masr' }),
  limit: queryNumber({ min: 1, max: CHARITY_SEARCH_PAGE_MAX, default: 20 }, { description: 'At most this many charities' }),
  offset: queryNumber({ min: 0, max: 100_000, default: 0 }, { description: 'Skip this many first' }),
});
export type CharitySearchQuery = z.infer<typeof CharitySearchQuery>;

/** `GET /api/charities`: one page, by name. */
export const CharitySearchResponse = z
  .object({
    items: z.array(CharitySummary),
    total: count('Charities matching the search, on every page', 42),
  })
  .meta({ id: 'CharitySearchResponse' });
export type CharitySearchResponse = z.infer<typeof CharitySearchResponse>;

/** What the donor's views of an item say about its place in the cascade. */
export const offerFields = {
  offer_stage: z.enum(OFFER_STAGES).meta({ description: '`partners`: offered to the donor\'s partner charities alone; `open`: on the open board', example: 'open' }),
  offer_open_at: dateTime('When the item reaches (or reached) the open board; null when it was open from the start').nullable(),
  offer_partner_ids: z.array(id('A partner charity\'s account')).meta({ description: 'The partner charities it was offered to first (empty: none)' }),
};
