import type { UserType } from '@food-link/contracts';

/** The signed-in user, as the session token vouches for it. */
export interface AuthUser {
  id: number;
  userType: UserType;
}

/** Claims carried in a session token. */
export interface TokenClaims {
  sub: string;
  typ: UserType;
  /** The account's session version when the token was issued (absent in tokens from before it existed: 0). */
  ver?: number;
}
