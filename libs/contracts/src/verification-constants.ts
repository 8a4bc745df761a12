import { LIMITS } from './domain';

/*
 * Charity verification (docs/VERIFICATION.md): the paths, values and rules without their zod shapes (those
 * are in `verification.ts`), so the web app's screens use them without loading zod (issue 30;
 * docs/PERFORMANCE.md).
 */

/** Where a charity's verification stands. Only operators' decisions move it past `pending`. */
export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected', 'suspended'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** An operator's decisions. */
export const VERIFICATION_DECISIONS = ['verify', 'reject', 'suspend', 'reinstate'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/**
 * The state machine: each decision, the statuses it may be taken from and the status it leads to. Anything
 * else is refused (409). `reinstate` also lifts a claiming suspension after no-shows, whatever the status
 * (then the status stays as it is).
 */
export const VERIFICATION_TRANSITIONS: { readonly [D in VerificationDecision]: { from: readonly VerificationStatus[]; to: VerificationStatus } } = {
  verify: { from: ['pending'], to: 'verified' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['verified'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'verified' },
};

/** Decisions that need a reason, which the charity is told. */
export const DECISIONS_NEEDING_REASON: readonly VerificationDecision[] = ['reject', 'suspend'];

/** A charity may submit (or resubmit) its verification from these statuses. */
export const SUBMITTABLE_STATUSES: readonly VerificationStatus[] = ['unverified', 'rejected'];

/** Repeated no-shows (docs/DOMAIN-RULES.md, "Trust: charity verification"): this many within `withinDays` suspend claiming for `suspendDays`. */
export const NO_SHOW_SUSPENSION = { noShows: 3, withinDays: 30, suspendDays: 7 } as const;

/** How many pending claims a charity may hold: none while suspended, 5 verified, 2 otherwise. */
export function claimLimitFor(status: VerificationStatus, claimingSuspended: boolean): number {
  if (status === 'suspended' || claimingSuspended) return 0;
  return status === 'verified' ? LIMITS.activeClaimsMax : LIMITS.unverifiedClaimsMax;
}

/** The document kinds accepted, by content: a PDF, or an image re-encoded to WebP. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What the audit trail records: the decisions, the automatic suspension after no-shows, and an operator's overturn of a no-show. */
export const AUDIT_ACTIONS = [...VERIFICATION_DECISIONS, 'submit', 'auto_suspend', 'overturn_no_show'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
