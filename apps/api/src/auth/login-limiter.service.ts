import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/**
 * Counts failed logins per account and per client address in Redis (shared by every API instance),
 * falling back to this process's memory while Redis is away so logins keep working.
 */
@Injectable()
export class LoginLimiterService {
  private readonly byAccount: RateLimiterRedis;
  private readonly byAddress: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, config: AppConfig) {
    const limiter = (name: string, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.REDIS_PREFIX}login-fails:${name}`,
        points,
        duration: config.LOGIN_WINDOW_SECONDS,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration: config.LOGIN_WINDOW_SECONDS }),
      });
    this.byAccount = limiter('account', config.LOGIN_MAX_FAILS_PER_ACCOUNT);
    this.byAddress = limiter('address', config.LOGIN_MAX_FAILS_PER_ADDRESS);
  }

  /** Throws 429, with the seconds to wait, when the account or the address has used up its failures. */
  async assertAllowed(email: string, address: string): Promise<void> {
    const [account, origin] = await Promise.all([this.byAccount.get(email), this.byAddress.get(address)]);
    const blocked = [
      { state: account, limit: this.byAccount.points },
      { state: origin, limit: this.byAddress.points },
    ].filter(({ state, limit }) => state !== null && state.consumedPoints >= limit);
    if (blocked.length === 0) return;
    const waitMs = Math.max(...blocked.map(({ state }) => (state as RateLimiterRes).msBeforeNext));
    throw new TooManyAttemptsException(Math.ceil(waitMs / 1000));
  }

  async recordFailure(email: string, address: string): Promise<void> {
    // Going over the limit is answered on the next attempt; this one is an ordinary 401.
    await Promise.all([this.byAccount.consume(email), this.byAddress.consume(address)].map(ignoreOverLimit));
  }

  /** A successful login clears the account's count (the address keeps its own). */
  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.delete(email);
  }
}

export class TooManyAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        error: 'Too Many Requests',
        message: `Too many failed login attempts; try again in ${retryAfterSeconds} seconds`,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

async function ignoreOverLimit(attempt: Promise<RateLimiterRes>): Promise<void> {
  try {
    await attempt;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
