import type { OfferStage } from '@food-link/contracts';
import { actingAccount, type AuthUser } from '../auth/auth-user';

/*
 * The offer cascade's privacy, in one place: while a listing is offered to its donor's partner charities
 * alone, no one else may see it (reads), and its events reach only its donor and partners (writes).
 */

/**
 * Who may see an item in the partners stage of the offer cascade: its donor, its partner charities (the
 * snapshot taken when it was listed) and operators. For anyone else it does not exist (404, and no board
 * lists it) until its open stage. A withheld item (hidden by an operator, or its donor suspended:
 * docs/VERIFICATION.md, "Moderation") exists only for its donor and operators, whatever its stage.
 * Every read of one item for a user goes through this condition; `param`
 * adds the viewer's id to the statement's parameters. `null`: someone not signed in.
 */
export function offerVisibleSql(viewer: AuthUser | null, param: (value: unknown) => string): string {
  if (viewer?.userType === 'operator') return 'true';
  if (!viewer) return `(f.offer_stage = 'open' AND NOT f.withheld)`;
  // A member sees what their organisation's account would (docs/ORGANISATIONS.md).
  const id = param(actingAccount(viewer));
  return `(f.donor_id = ${id} OR (NOT f.withheld AND (f.offer_stage = 'open' OR f.offer_partner_ids @> ARRAY[${id}::int])))`;
}

/** The item's stage in the cascade, as its events carry it (see offeredTo). */
export interface OfferState {
  donor_id: number;
  offer_stage: OfferStage;
  offer_partner_ids: number[];
}

/**
 * While an item is offered to its donor's partners alone, its events name them (`partners`), which keeps
 * them off the public topics (event-rooms.ts): spread into an event's data.
 */
export function offeredTo(item: OfferState): { partners: number[] | undefined } {
  return { partners: item.offer_stage === 'partners' ? item.offer_partner_ids : undefined };
}

/** Who hears an item's events privately: its donor and, in the partners stage, its partners. */
export function offerRecipients(item: OfferState): number[] {
  return item.offer_stage === 'partners' ? [item.donor_id, ...item.offer_partner_ids] : [item.donor_id];
}
