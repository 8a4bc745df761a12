import { z } from 'zod';
import { LIMITS } from './domain';
import { dateTime, emailText, id, said, text } from './fields';
import { VERIFICATION_STATUSES } from './verification-constants';
import { TRUST_AUDIT_ACTIONS } from './moderation-constants';

/*
 * Moderation (docs/DOMAIN-RULES.md, "Trust: moderation and verified-only claims"; docs/VERIFICATION.md, "Moderation"): operators hide a listing with a
 * reason its donor sees, and suspend a donor's or a charity's account. Every action is reversible and goes
 * into the same audit trail as verification decisions (`verification_audit`).
 */

/** `POST /api/ops/food/{id}/hide` and `POST /api/ops/users/{id}/suspend`: the reason the person is told. */
export const ModerationReasonBody = z
  .object({
    reason: text(LIMITS.commentMaxLength, { description: 'Why (the donor or the account holder is told)', example: 'The photo shows something else' }),
  })
  .meta({ id: 'ModerationReasonBody' });
export type ModerationReasonBody = z.infer<typeof ModerationReasonBody>;

/** The answer of hide and unhide: whether the listing is hidden now, and why. */
export const HiddenListingView = z
  .object({
    food_id: id('The listing', 12),
    hidden: z.boolean().meta({ description: 'Hidden by an operator (off the board and every public read)' }),
    hidden_reason: said("The operator's reason, shown to the donor", 'The photo shows something else').nullable(),
  })
  .meta({ id: 'HiddenListingView' });
export type HiddenListingView = z.infer<typeof HiddenListingView>;

/** The answer of suspend and reinstate. */
export const AccountSuspensionView = z
  .object({
    user_id: id('The account', 7),
    suspended: z.boolean().meta({ description: 'Suspended: cannot sign in or use a session; its available listings are off the board' }),
    suspension_reason: said("The operator's reason", 'Reselling donated food').nullable(),
    suspended_at: dateTime('Since when (null: not suspended)').nullable(),
  })
  .meta({ id: 'AccountSuspensionView' });
export type AccountSuspensionView = z.infer<typeof AccountSuspensionView>;

/** `GET /api/ops/users?email=`. */
export const OpsUserLookupQuery = z.object({
  email: emailText(LIMITS.emailMaxLength, { description: "The account's e-mail, any case", example: 'ahl.masr@demo.foodlink.eg' }),
});
export type OpsUserLookupQuery = z.infer<typeof OpsUserLookupQuery>;

/** An account found by its e-mail (operators). */
export const OpsUserLookup = z
  .object({
    user_id: id('The account', 7),
    name: said('Its name', 'Ahl Masr Foundation'),
    user_type: z.enum(['donor', 'charity', 'operator']),
    suspended: z.boolean(),
  })
  .meta({ id: 'OpsUserLookup' });
export type OpsUserLookup = z.infer<typeof OpsUserLookup>;

/** `GET /api/ops/search?q=`: a name, an e-mail or a phone number, or part of one (operators). */
export const OpsSearchQuery = z.object({
  q: text(100, { minLength: 2, description: 'Part of a name (an account, a charity, a listing), an e-mail or a phone number', example: 'masr' }),
});
export type OpsSearchQuery = z.infer<typeof OpsSearchQuery>;

/** An account found by the console's search, with what to act on it. */
export const OpsFoundAccount = OpsUserLookup.extend({
  email: said("The account's e-mail", 'ahl.masr@demo.foodlink.eg'),
  phone: said('A phone number it gave (charity profile or verification, or a pickup point), if any', '+201001234567').nullable(),
}).meta({ id: 'OpsFoundAccount' });
export type OpsFoundAccount = z.infer<typeof OpsFoundAccount>;

/** A listing found by the console's search (its name, or its donor's name, e-mail or phone). */
export const OpsFoundListing = z
  .object({
    food_id: id('The listing', 12),
    food_name: said('Its name', 'Koshary boxes'),
    status: said('Its status', 'available'),
    hidden: z.boolean().meta({ description: 'Hidden by an operator' }),
    donor_user_id: id('Its donor', 7),
    donor_name: said("Its donor's name", 'Koshary El Tahrir'),
  })
  .meta({ id: 'OpsFoundListing' });
export type OpsFoundListing = z.infer<typeof OpsFoundListing>;

/** What the console's search found: at most OPS_SEARCH_MAX accounts and as many listings, newest first. */
export const OpsSearchResult = z
  .object({ accounts: z.array(OpsFoundAccount), listings: z.array(OpsFoundListing) })
  .meta({ id: 'OpsSearchResult' });
export type OpsSearchResult = z.infer<typeof OpsSearchResult>;

const optionalStatus = () => z.enum(VERIFICATION_STATUSES).nullable().meta({ description: 'Verification status (verification actions only)' });

/** One line of the trust audit trail (verification decisions and moderation). */
export const TrustAuditEntry = z
  .object({
    id: id('The entry', 1),
    actor_id: id('Who acted (null: the platform itself)', 1).nullable(),
    actor_name: said('Their name', 'Operator').nullable(),
    action: z.enum(TRUST_AUDIT_ACTIONS),
    subject_id: id('Whose account (for a listing: its donor)', 7),
    subject_name: said('Its name', 'Koshary El Tahrir'),
    food_id: id('The listing (hide and unhide)', 12).nullable(),
    reason: said('Why', 'The photo shows something else').nullable(),
    status_before: optionalStatus(),
    status_after: optionalStatus(),
    created_at: dateTime('When'),
  })
  .meta({ id: 'TrustAuditEntry' });
export type TrustAuditEntry = z.infer<typeof TrustAuditEntry>;

/** `GET/PUT /api/donor/settings`. */
export const DonorSettings = z
  .object({
    verified_only: z.boolean({ error: 'must be true or false' }).meta({ description: 'Only verified charities may claim my listings' }),
  })
  .meta({ id: 'DonorSettings' });
export type DonorSettings = z.infer<typeof DonorSettings>;
