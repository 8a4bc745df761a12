import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { USER_TYPES, type UserType } from '@food-link/contracts';
import type { AuthUser, TokenClaims } from './auth-user';
import { SessionUsers } from './session-users';

/** The audience of bull-board's cookie tokens: accepted by bull-board only, refused as a session. */
const BOARD_AUDIENCE = 'foodlink:queue-board';

/** Issues and checks session tokens (HS256 JWTs). */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: SessionUsers,
  ) {}

  /** A session token, valid for JWT_TTL_SECONDS or until the account's session version moves past `version`. */
  issue(userId: number, userType: UserType, version: number): Promise<string> {
    const claims: TokenClaims = { sub: String(userId), typ: userType, ver: version };
    return this.jwt.signAsync(claims);
  }

  /**
   * A token for bull-board's cookie only: an operator's, short-lived, with an audience of its own, so the
   * cookie cannot be replayed as a session token on the API (verify refuses it) and a session token cannot
   * be planted as the cookie (verifyBoard refuses it).
   */
  async issueBoardToken(operatorId: number, ttlSeconds: number): Promise<string> {
    const claims: TokenClaims = { sub: String(operatorId), typ: 'operator', ver: (await this.users.currentVersion(operatorId)) ?? 0 };
    return this.jwt.signAsync(claims, { expiresIn: ttlSeconds, audience: BOARD_AUDIENCE });
  }

  /**
   * The user a session token stands for, or null when it is forged, expired, without an expiry, meant
   * for bull-board, malformed, or names an account that no longer exists. Throws only when the database
   * cannot be asked (answered 503).
   */
  async verify(token: string): Promise<AuthUser | null> {
    const session = await this.check(token);
    return session && session.suspensionReason === null ? session.user : null;
  }

  /**
   * As verify, but a suspended account's valid token is told apart (`suspensionReason` not null), so the
   * guard can answer why (403) rather than "no session". Everything else (sockets, viewers) uses verify.
   */
  async check(token: string): Promise<{ user: AuthUser; suspensionReason: string | null } | null> {
    const decoded = await this.decode(token, (claims) => claims.aud === undefined, {});
    if (!decoded) return null;
    const session = await this.users.current(decoded.user.id, decoded.user.userType, decoded.version);
    if (!session) return null;
    return { user: { ...decoded.user, org: session.org }, suspensionReason: session.suspensionReason };
  }

  /** The operator a bull-board cookie token stands for, or null (session tokens included). */
  async verifyBoard(token: string): Promise<AuthUser | null> {
    const decoded = await this.decode(token, (claims) => claims.aud === BOARD_AUDIENCE, { audience: BOARD_AUDIENCE });
    return decoded?.user.userType === 'operator' &&
      (await this.users.isCurrent(decoded.user.id, 'operator', decoded.version)) &&
      this.users.suspensionOf(decoded.user.id) === null
      ? decoded.user
      : null;
  }

  private async decode(
    token: string,
    accept: (claims: TokenClaims & { exp?: unknown; aud?: unknown }) => boolean,
    options: { audience?: string },
  ): Promise<{ user: AuthUser; version: number } | null> {
    let claims: TokenClaims & { exp?: unknown; aud?: unknown };
    try {
      claims = await this.jwt.verifyAsync(token, { algorithms: ['HS256'], ...options });
    } catch {
      // Any verification failure means the same to the caller: no valid session.
      return null;
    }
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id) || id < 1 || !USER_TYPES.includes(claims.typ)) return null;
    // A token that never expires is never one of ours.
    if (typeof claims.exp !== 'number' || !accept(claims)) return null;
    // Tokens issued before session versions existed carry none: they are of version 0.
    const version = claims.ver ?? 0;
    if (!Number.isSafeInteger(version) || version < 0) return null;
    return { user: { id, userType: claims.typ }, version };
  }

  /** Accepts `Bearer <token>` and the bare token, as the product's client sends it. */
  static fromAuthorizationHeader(header: string | undefined): string | null {
    if (!header) return null;
    const value = header.trim();
    const bearer = /^Bearer(?:\s+(.*))?$/i.exec(value);
    const token = bearer ? (bearer[1] ?? '').trim() : value;
    return token.length > 0 ? token : null;
  }
}
