import { z } from 'zod';
import { LIMITS } from './domain';
import { count, dateTime, egyptianMobile, id, oneOf, said, text } from './fields';
import { Reliability } from './http';
import { AUDIT_ACTIONS, DECISIONS_NEEDING_REASON, DOCUMENT_TYPES, VERIFICATION_DECISIONS, VERIFICATION_STATUSES } from './verification-constants';

/*
 * Charity verification (docs/DOMAIN-RULES.md, "Trust: charity verification"; docs/VERIFICATION.md): a charity submits its Ministry of Social
 * Solidarity registration, an operator decides, and the status sets how many claims it may hold.
 */

/** The text fields of `POST /api/charity/verification` (the file `document` comes beside them). */
export const VerificationFields = z
  .object({
    moss_number: text(30, { description: 'The Ministry of Social Solidarity registration number', example: '1234/2019' }).refine(
      (value) => /^[0-9][0-9/-]*$/.test(value),
      { error: 'must be digits, with / or - between them' },
    ),
    address: text(LIMITS.addressMaxLength, { description: "The charity's registered address", example: '12 Tahrir St, Dokki, Giza' }),
    contact_phone: egyptianMobile({ description: 'A mobile number operators may call' }),
  })
  .meta({ id: 'VerificationFields' });
export type VerificationFields = z.infer<typeof VerificationFields>;

const status = () => z.enum(VERIFICATION_STATUSES).meta({ example: 'pending' });
const optionalTime = (description: string) => dateTime(description).nullable();

/** `GET /api/charity/verification`, and the answer of every call that changes it. */
export const VerificationView = z
  .object({
    status: status(),
    reason: said("The operator's reason for the last rejection or suspension", 'The registration number does not match the document').nullable(),
    submitted_at: optionalTime('When the charity last submitted'),
    decided_at: optionalTime("When an operator last decided"),
    claiming_suspended_until: optionalTime('Claiming is suspended until then after repeated no-shows (null: not suspended)'),
    claim_limit: count('How many pending claims the charity may hold now', 2),
  })
  .meta({ id: 'VerificationView' });
export type VerificationView = z.infer<typeof VerificationView>;

/** `GET /api/ops/verifications?status=`. */
export const OpsVerificationsQuery = z.object({
  status: oneOf(VERIFICATION_STATUSES, { description: 'Whose verification is in this status (suspended includes claiming suspended after no-shows)' }).default('pending'),
});
export type OpsVerificationsQuery = z.infer<typeof OpsVerificationsQuery>;

/**
 * One no-show of a charity, as operators review it: `counts` is false when the donor reported it before the
 * collect-by time (it ended the claim but counts against nothing), `overturned_at` set when an operator
 * overturned it (it no longer counts).
 */
export const NoShowEntry = z
  .object({
    request_id: id('The request (what POST /api/ops/requests/{requestId}/overturn-no-show takes)', 42),
    donor_id: id("The item's donor", 5),
    ended_at: dateTime('When it was recorded'),
    counts: z.boolean().meta({ description: 'Recorded after the collect-by time (an earlier report counts against nothing)' }),
    overturned_at: optionalTime('When an operator overturned it (null: it stands)'),
    overturn_reason: said("The operator's reason", 'The donor gave the wrong address').nullable(),
  })
  .meta({ id: 'NoShowEntry' });
export type NoShowEntry = z.infer<typeof NoShowEntry>;

/** `POST /api/ops/requests/{requestId}/overturn-no-show`. */
export const OverturnNoShowBody = z
  .object({
    reason: text(LIMITS.commentMaxLength, { description: 'Why (the audit trail keeps it; the charity is told)', example: 'The donor gave the wrong address' }),
  })
  .meta({ id: 'OverturnNoShowBody' });
export type OverturnNoShowBody = z.infer<typeof OverturnNoShowBody>;

/** The answer of an overturn: the charity's reliability and verification after it. */
export const OverturnNoShowResponse = z
  .object({
    request_id: id('The request', 42),
    charity_id: id("The charity's account", 7),
    reliability: Reliability,
    verification: VerificationView,
  })
  .meta({ id: 'OverturnNoShowResponse' });
export type OverturnNoShowResponse = z.infer<typeof OverturnNoShowResponse>;

/** One charity in the operators' review queue. */
export const OpsVerificationItem = z
  .object({
    user_id: id("The charity's account (what POST /api/ops/verifications/{userId} takes)", 7),
    charity_id: id("The charity's public number", 3),
    name: said('The organisation', 'Ahl Masr Foundation'),
    email: said("The account's e-mail", 'ahl.masr@demo.foodlink.eg'),
    status: status(),
    moss_number: said('The registration number submitted', '1234/2019').nullable(),
    address: said('The address submitted', '12 Tahrir St, Dokki, Giza').nullable(),
    contact_phone: said('The contact submitted', '+201001234567').nullable(),
    submitted_at: optionalTime('When it was submitted'),
    decided_at: optionalTime('When an operator last decided'),
    reason: said('The last decision\'s reason', 'Expired registration').nullable(),
    claiming_suspended_until: optionalTime('Claiming suspended until (no-shows)'),
    document_url: said('Where operators open the document (with their session)', '/api/ops/verifications/7/document').nullable(),
    document_type: z.enum(DOCUMENT_TYPES).nullable().meta({ description: 'PDF or WebP image' }),
    reliability: Reliability,
    no_show_list: z.array(NoShowEntry).meta({ description: `Its no-shows of the last ${LIMITS.reliabilityDays} days, newest first` }),
  })
  .meta({ id: 'OpsVerificationItem' });
export type OpsVerificationItem = z.infer<typeof OpsVerificationItem>;

/** `POST /api/ops/verifications/{userId}`. */
export const VerificationDecisionBody = z
  .object({
    decision: oneOf(VERIFICATION_DECISIONS, { description: 'What the operator decides' }),
    reason: text(LIMITS.commentMaxLength, { description: 'Why (required to reject or suspend; the charity is told)', example: 'The document is unreadable' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (DECISIONS_NEEDING_REASON.includes(body.decision) && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `is required to ${body.decision}` });
    }
  })
  .meta({ id: 'VerificationDecisionBody' });
export type VerificationDecisionBody = z.infer<typeof VerificationDecisionBody>;

/** One line of a charity's audit trail. */
export const VerificationAuditEntry = z
  .object({
    id: id('The entry', 1),
    actor_id: id('Who acted (null: the platform itself)', 1).nullable(),
    action: z.enum(AUDIT_ACTIONS),
    subject_id: id('Whose account', 7),
    reason: said('Why', 'Three no-shows in 30 days').nullable(),
    status_before: status(),
    status_after: status(),
    created_at: dateTime('When'),
  })
  .meta({ id: 'VerificationAuditEntry' });
export type VerificationAuditEntry = z.infer<typeof VerificationAuditEntry>;
