import { ForbiddenException } from '@nestjs/common';
import { ERRORS, type OrgKind, type OrgRole, type UserType } from '@food-link/contracts';

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
