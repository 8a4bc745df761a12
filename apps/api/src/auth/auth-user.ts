import { ForbiddenException } from '@nestjs/common';
import { BRANCH_ROLES, ERRORS, type OrgKind, type OrgRole, type UserType } from '@food-link/contracts';

/** The signed-in user's place in an organisation (docs/ORGANISATIONS.md), read with the session. */
export interface Membership {
  orgId: number;
  /** The organisation's account: the `donor_id` / `charity_id` its listings and claims name. */
  accountId: number;
  kind: OrgKind;
  role: OrgRole;
  /** The branches (pickup points) of a branch manager or staff member; empty for other roles. */
  pickupPointIds: number[];
}

/** The signed-in user, as the session token vouches for it. */
export interface AuthUser {
  id: number;
  userType: UserType;
  /**
   * The user's organisation: null for operators and for a donor or charity user in none (a removed
   * member, who may still sign in and accept an invitation). Absent where no session was read.
   */
  org?: Membership | null;
}

/**
 * The account a donor or charity user acts for: its organisation's account (its own id for an
 * organisation's admin made from it). A user in no organisation acts for nobody: 403.
 */
export function accountOf(user: AuthUser): number {
  if (user.userType === 'operator') return user.id;
  if (!user.org) throw new ForbiddenException(ERRORS.notInOrganisation);
  return user.org.accountId;
}

/** As accountOf, for reads that compare: -1 (nobody's) for a user in no organisation. */
export function actingAccount(user: AuthUser): number {
  if (user.userType === 'operator') return user.id;
  return user.org?.accountId ?? -1;
}

/**
 * The branches a member is limited to: a branch manager's or staff member's pickup points, or null for
 * everyone else (the whole organisation; operators).
 */
export function branchesOf(user: AuthUser): number[] | null {
  return user.org && BRANCH_ROLES.includes(user.org.role) ? user.org.pickupPointIds : null;
}

/** 403 unless the member may act at pickup point `pointId` (a branch manager or staff member: one of their branches). */
export function assertBranch(user: AuthUser, pointId: number | null): void {
  const branches = branchesOf(user);
  if (branches && (pointId === null || !branches.includes(pointId))) throw new ForbiddenException(ERRORS.branchNotYours);
}

/** The member's organisation, or 403 when the user is in none. */
export function membershipOf(user: AuthUser): Membership {
  if (!user.org) throw new ForbiddenException(ERRORS.notInOrganisation);
  return user.org;
}

/** Claims carried in a session token. */
export interface TokenClaims {
  sub: string;
  typ: UserType;
  /** The account's session version when the token was issued (absent in tokens from before it existed: 0). */
  ver?: number;
}
