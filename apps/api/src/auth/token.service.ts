import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { USER_TYPES, type UserType } from '@food-link/contracts';
import type { AuthUser, TokenClaims } from './auth-user';

/** Issues and checks session tokens (HS256 JWTs). */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  /** A session token; `ttlSeconds` shortens it below JWT_TTL_SECONDS (bull-board's cookie). */
  issue(userId: number, userType: UserType, ttlSeconds?: number): Promise<string> {
    const claims: TokenClaims = { sub: String(userId), typ: userType };
    return this.jwt.signAsync(claims, ttlSeconds ? { expiresIn: ttlSeconds } : undefined);
  }

  /** The user a token stands for, or null when it is forged, expired or malformed. */
  async verify(token: string): Promise<AuthUser | null> {
    try {
      const claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: ['HS256'] });
      const id = Number(claims.sub);
      if (!Number.isSafeInteger(id) || id < 1 || !USER_TYPES.includes(claims.typ)) return null;
      return { id, userType: claims.typ };
    } catch {
      // Any verification failure means the same to the caller: no valid session.
      return null;
    }
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
