import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { MessagingChannel } from '@food-link/contracts';
import type Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** How long a Claim button (or an SMS's "1") works: a listing's news is stale after this anyway. */
const REFERENCE_SECONDS = 48 * 3600;

/** What a reference stands for: one action of one user on one object. */
interface Reference {
  userId: number;
  action: 'claim';
  foodId: number;
}

/**
 * Opaque, single-use references carried by reply buttons (docs/MESSAGING.md, "Replies that act"): 16 random
 * bytes (`claim.<base64url>`), kept in Redis only as an HMAC keyed with the server's secret, tied to the
 * user and the listing, for 48 hours. Redeemed once (the DEL that removes it decides), only by the user it
 * was made for: a forged one finds nothing, a replayed one finds it gone. An SMS carries no button: the
 * newest claim reference sent to a user by SMS is what their "1" means.
 */
@Injectable()
export class ReplyReferences {
  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  private key(token: string): string {
    const digest = createHmac('sha256', this.config.jwtSecret).update(`reply-reference:${token}`).digest('base64url');
    return `${this.config.REDIS_PREFIX}reply-ref:${digest}`;
  }

  private smsKey(userId: number): string {
    return `${this.config.REDIS_PREFIX}reply-ref-sms:${userId}`;
  }

  /** A new reference to claiming `foodId` as `userId`, sent on `channel`. */
  async claim(userId: number, foodId: number, channel: MessagingChannel): Promise<string> {
    const token = `claim.${randomBytes(16).toString('base64url')}`;
    const reference: Reference = { userId, action: 'claim', foodId };
    const pipeline = this.redis.multi().set(this.key(token), JSON.stringify(reference), 'EX', REFERENCE_SECONDS);
    if (channel === 'sms') pipeline.set(this.smsKey(userId), token, 'EX', REFERENCE_SECONDS);
    await pipeline.exec();
    return token;
  }

  /** The listing a reference lets this user claim, once; undefined for a forged, used, expired or another's. */
  async redeem(userId: number, token: string): Promise<number | undefined> {
    if (!/^claim\.[A-Za-z0-9_-]{22}$/.test(token)) return undefined;
    const key = this.key(token);
    const stored = await this.redis.get(key);
    if (!stored) return undefined;
    const reference = JSON.parse(stored) as Reference;
    if (reference.userId !== userId) return undefined;
    // Of two redemptions at once, the one whose DEL removed it wins.
    return (await this.redis.del(key)) === 1 ? reference.foodId : undefined;
  }

  /** An SMS "1": the newest claim reference sent to the user by SMS, once. */
  async redeemSms(userId: number): Promise<number | undefined> {
    const token = await this.redis.getdel(this.smsKey(userId));
    return token ? this.redeem(userId, token) : undefined;
  }
}
