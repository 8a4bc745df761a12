import { setTimeout as sleep } from 'node:timers/promises';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** After Redis fails or times out, the limits stay in memory this long before Redis is tried again. */
const REDIS_PAUSE_MS = 5000;

/** The slowdown starts at a pair's third failure, at this, and doubles up to LOGIN_MAX_DELAY_MS. */
const FIRST_DELAY_MS = 250;
const FREE_FAILURES = 2;

/** A login attempt that has been counted: settle it once the password has been checked. */
export interface LoginAttempt {
  /** The password was right: the attempt is not counted, and the pair's earlier failures are forgiven. */
  succeeded(): Promise<void>;
  /** The password could not be checked (the database is away): the attempt is not counted. */
  abandoned(): Promise<void>;
}

/**
 * Login, sign-up and password-reset limits, in Redis so every API instance shares them, and in this process's memory
 * while Redis is away or does not answer within REDIS_COMMAND_TIMEOUT_MS (the request-path client's
 * commandTimeout), so logins keep working, promptly, and stay limited.
 *
 * Logins follow OWASP's advice: failures are counted per account-and-address pair (someone guessing from
 * one address cannot lock the owner out from another), with a generous limit per address across accounts.
 * Each attempt is counted atomically (one INCR) before its password is verified, so a burst of parallel
 * guesses gets no more verifications than the limit; a successful login gives its point back.
 */
@Injectable()
export class LoginLimiterService {
  private readonly byPair: SharedLimiter;
  private readonly byAddress: SharedLimiter;
  private readonly registrations: SharedLimiter;
  private readonly resetsByPair: SharedLimiter;
  private readonly resetsByAddress: SharedLimiter;
  private readonly maxDelayMs: number;

  constructor(@Inject(REDIS) redis: Redis, config: AppConfig) {
    const limiter = (name: string, points: number, duration: number) =>
      new SharedLimiter(
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${config.REDIS_PREFIX}limits:${name}`,
          points,
          duration,
          rejectIfRedisNotReady: true,
        }),
        new RateLimiterMemory({ points, duration }),
      );
    this.byPair = limiter('login-pair', config.LOGIN_MAX_FAILS_PER_PAIR, config.LOGIN_WINDOW_SECONDS);
    this.byAddress = limiter('login-address', config.LOGIN_MAX_FAILS_PER_ADDRESS, config.LOGIN_WINDOW_SECONDS);
    this.registrations = limiter('register-address', config.REGISTER_MAX_PER_ADDRESS, config.REGISTER_WINDOW_SECONDS);
    this.resetsByPair = limiter('reset-pair', config.RESET_MAX_PER_ACCOUNT, config.RESET_WINDOW_SECONDS);
    this.resetsByAddress = limiter('reset-address', config.RESET_MAX_PER_ADDRESS, config.RESET_WINDOW_SECONDS);
    this.maxDelayMs = config.LOGIN_MAX_DELAY_MS;
  }

  /**
   * Counts a login attempt before its password is checked: 429 (with the seconds to wait) when the pair
   * or the address has used up its failures; otherwise waits the pair's slowdown and returns the attempt.
   * An attempt that is never settled stays counted as a failure.
   */
  async begin(email: string, address: string): Promise<LoginAttempt> {
    const pair = pairKey(email, address);
    const pairState = await consumeOrRefuse(this.byPair, pair, 'Too many failed login attempts');
    try {
      await consumeOrRefuse(this.byAddress, address, 'Too many failed login attempts from this address');
    } catch (error) {
      // Refused for the address: this attempt is not the pair's failure.
      await this.byPair.reward(pair).catch(() => undefined);
      throw error;
    }
    const delay = this.delayAfter(pairState.consumedPoints - 1);
    if (delay > 0) await sleep(delay);
    let settled = false;
    const settle = async (forgivePair: boolean) => {
      if (settled) return;
      settled = true;
      // Best effort: a limit store that fails now costs the user one point, never the login.
      await Promise.all([
        (forgivePair ? this.byPair.delete(pair) : this.byPair.reward(pair)).catch(() => undefined),
        this.byAddress.reward(address).catch(() => undefined),
      ]);
    };
    return { succeeded: () => settle(true), abandoned: () => settle(false) };
  }

  /**
   * Counts a password check of a signed-in account (confirming an account's deletion) as a login attempt
   * of the pair (account, address), against the same limits: a stolen session cannot guess its way
   * through the password either. Settle it as a login's.
   */
  beginPasswordCheck(userId: number, address: string): Promise<LoginAttempt> {
    // `user:<id>` has no `@`, so it never meets an e-mail's pair.
    return this.begin(`user:${userId}`, address);
  }

  /** Counts a sign-up from `address`: 429 once the address has made REGISTER_MAX_PER_ADDRESS in the window. */
  async registration(address: string): Promise<void> {
    await consumeOrRefuse(this.registrations, address, 'Too many sign-ups from this address');
  }

  /**
   * Counts a password reset request from client `address`, across e-mail addresses; false once the address
   * has made RESET_MAX_PER_ADDRESS in the window. Checked before the request is taken for work, so a flood
   * from one address neither queues nor crowds out anyone else's requests. It says nothing about any
   * account, so the caller may await it before answering (and answers alike either way).
   */
  allowsResetFrom(address: string): Promise<boolean> {
    return allows(this.resetsByAddress, address);
  }

  /**
   * Counts a password reset request for `email` from `address`: false once that account-and-address pair
   * has used RESET_MAX_PER_ACCOUNT in the window. Per pair, as logins are counted: requests a stranger
   * makes for someone's address, from the stranger's address, never use up the allowance of the owner's
   * own address. Addresses without an account are counted alike, so the limit tells nothing either.
   */
  allowsResetFor(email: string, address: string): Promise<boolean> {
    return allows(this.resetsByPair, pairKey(email, address));
  }

  /** The slowdown before a pair's next password check, after `failures` failures in the window. */
  private delayAfter(failures: number): number {
    if (failures < FREE_FAILURES || this.maxDelayMs === 0) return 0;
    return Math.min(this.maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 20));
  }
}

/** Whether the limiter grants `key` a point; a limiter that cannot count at all (never expected) grants it: one more e-mail beats none. */
async function allows(limiter: SharedLimiter, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    return true;
  }
}

/** E-mails arrive lower-cased; the separator cannot appear in an address. */
function pairKey(email: string, address: string): string {
  return `${email.toLowerCase()}|${address}`;
}

/**
 * A limiter kept in Redis, and in this process's memory while Redis fails or does not answer within the
 * client's commandTimeout. After a failure, Redis is left alone for REDIS_PAUSE_MS, so an outage costs
 * one timeout every few seconds rather than one per request.
 */
class SharedLimiter {
  private pausedUntil = 0;

  constructor(
    private readonly redis: RateLimiterRedis,
    private readonly memory: RateLimiterMemory,
  ) {}

  get points(): number {
    return this.redis.points;
  }

  consume(key: string): Promise<RateLimiterRes> {
    return this.run((limiter) => limiter.consume(key));
  }

  reward(key: string): Promise<RateLimiterRes> {
    return this.run((limiter) => limiter.reward(key));
  }

  delete(key: string): Promise<boolean> {
    return this.run((limiter) => limiter.delete(key));
  }

  private async run<T>(operation: (limiter: RateLimiterRedis | RateLimiterMemory) => Promise<T>): Promise<T> {
    if (Date.now() >= this.pausedUntil) {
      try {
        return await operation(this.redis);
      } catch (error) {
        // Over the limit is an answer; anything else (refused, closed, timed out) is Redis being away.
        if (error instanceof RateLimiterRes) throw error;
        this.pausedUntil = Date.now() + REDIS_PAUSE_MS;
      }
    }
    return operation(this.memory);
  }
}

async function consumeOrRefuse(limiter: SharedLimiter, key: string, message: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new TooManyAttemptsException(message, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    // Not even memory could count it (never expected): let the attempt through rather than fail the login.
    return new RateLimiterRes(limiter.points, 0, 1, true);
  }
}

/** 429 with `Retry-After` (the error filter sets the header from `retryAfterSeconds`). */
export class TooManyAttemptsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        error: 'Too Many Requests',
        message: `${message}; try again in ${retryAfterSeconds} seconds`,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
