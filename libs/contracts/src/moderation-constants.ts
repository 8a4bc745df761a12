import { AUDIT_ACTIONS } from './verification-constants';

/*
 * Moderation (docs/VERIFICATION.md, "Moderation"): the paths, values and rules without their zod shapes
 * (those are in `moderation.ts`), so the web app's screens use them without loading zod (issue 30;
 * docs/PERFORMANCE.md).
 */

/** Operators' moderation actions, as the audit trail names them. */
export const MODERATION_ACTIONS = ['hide', 'unhide', 'suspend_account', 'reinstate_account'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Why a pending claim was cancelled by someone other than its charity (`pickup_requests.cancel_cause`): the
 * charity's account was suspended (it can neither collect nor cancel), or the donor's (the charity must not
 * travel to it). The party that did not cause it is told (docs/DOMAIN-RULES.md, "Trust: moderation").
 */
export const CLAIM_CANCEL_CAUSES = ['charity_suspended', 'donor_suspended'] as const;
export type ClaimCancelCause = (typeof CLAIM_CANCEL_CAUSES)[number];

/** Every action the trust audit trail records: verification's and moderation's. */
export const TRUST_AUDIT_ACTIONS = [...AUDIT_ACTIONS, ...MODERATION_ACTIONS] as const;
export type TrustAuditAction = (typeof TRUST_AUDIT_ACTIONS)[number];

/** `GET /api/ops/moderation/audit` answers at most this many lines, newest first. */
export const TRUST_AUDIT_MAX = 200;

export const OPS_SEARCH_MAX = 10;
