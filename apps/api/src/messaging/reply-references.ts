import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { MessagingChannel } from '@food-link/contracts';
import type Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** How long a Claim button (or an SMS's "1") works: a listing's news is stale after this anyway. */
const REFERENCE_SECONDS = 48 * 3600;

/**
 * What a reply can do: claim new food; a standing charity's Confirm or Can't come of a standing collection's
 * day; the donor's Nothing today of a standing collection's day; a volunteer's Accept of a transport offer
 * and On my way of the pickup they took (`going`).
 */
export type ReplyAction = 'claim' | 'confirm' | 'decline' | 'skip' | 'accept' | 'going';
const ACTIONS: readonly ReplyAction[] = ['claim', 'confirm', 'decline', 'skip', 'accept', 'going'];
/** A reference's token: its action, a dot, 16 random bytes in base64url. */
const TOKEN = /^(claim|confirm|decline|skip|accept|going)\.[A-Za-z0-9_-]{22}$/;
/** Whether a text looks like a reference token (what a button's payload is). */
export const looksLikeReference = (text: string): boolean => TOKEN.test(text);

/** A standing collection's day: the schedule and its Cairo date. */
export interface ScheduleDay {
  scheduleId: number;
  date: string;
}

/**
 * What a reference stands for: one action of one user on one object (a listing; for `skip`, a schedule's
 * day; for `accept` and `going`, a pickup request).
 */
interface Reference {
  userId: number;
  action: ReplyAction;
  foodId: number;
  day?: ScheduleDay;
  requestId?: number;
}

/** What a redeemed reference lets its user do. */
export interface Redeemed {
  action: ReplyAction;
  foodId: number;
  day?: ScheduleDay;
  requestId?: number;
}

/**
 * Opaque, single-use references carried by reply buttons (docs/MESSAGING.md, "Replies that act"): 16 random
 * bytes (`claim.<base64url>`), kept in Redis only as an HMAC keyed with the server's secret, tied to the
 * user and the listing (or, for Nothing today, the schedule's day), for 48 hours. Redeemed once (the DEL that removes it decides), only by the user it
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

  /** The newest SMS reply number `digit` ("1", "2") of a user: the reference it stands for. */
  private smsKey(userId: number, digit: 1 | 2 = 1): string {
    return `${this.config.REDIS_PREFIX}reply-ref-sms:${userId}${digit === 1 ? '' : `:${digit}`}`;
  }

  /** A new reference to claiming `foodId` as `userId`, sent on `channel` (by SMS, what "1" means). */
  claim(userId: number, foodId: number, channel: MessagingChannel): Promise<string> {
    return this.make(userId, 'claim', foodId, channel === 'sms' ? 1 : null);
  }

  /**
   * A standing charity's two references of a standing collection's day (listing `foodId`): Confirm and
   * Can't come; by SMS, "1" and "2" (a second SMS reply after one of them finds nothing: each is single-use,
   * and the other is dropped with it).
   */
  async standing(userId: number, foodId: number, channel: MessagingChannel): Promise<{ confirm: string; decline: string }> {
    return {
      confirm: await this.make(userId, 'confirm', foodId, channel === 'sms' ? 1 : null),
      decline: await this.make(userId, 'decline', foodId, channel === 'sms' ? 2 : null),
    };
  }

  /**
   * The donor's Nothing today of a standing collection's day (`skip.<22>`), tied to the user and the day;
   * by SMS, "1".
   */
  skip(userId: number, day: ScheduleDay, channel: MessagingChannel): Promise<string> {
    return this.make(userId, 'skip', 0, channel === 'sms' ? 1 : null, day);
  }

  /**
   * A volunteer's reference to a pickup request (`accept`: its open transport offer; `going`: On my way of
   * the pickup assigned to them), tied to the user and the request; by SMS, "1".
   */
  pickup(userId: number, action: 'accept' | 'going', requestId: number, channel: MessagingChannel): Promise<string> {
    return this.make(userId, action, 0, channel === 'sms' ? 1 : null, undefined, requestId);
  }

  private async make(userId: number, action: ReplyAction, foodId: number, smsDigit: 1 | 2 | null, day?: ScheduleDay, requestId?: number): Promise<string> {
    const token = `${action}.${randomBytes(16).toString('base64url')}`;
    const reference: Reference = { userId, action, foodId, ...(day ? { day } : {}), ...(requestId !== undefined ? { requestId } : {}) };
    const pipeline = this.redis.multi().set(this.key(token), JSON.stringify(reference), 'EX', REFERENCE_SECONDS);
    if (smsDigit !== null) pipeline.set(this.smsKey(userId, smsDigit), token, 'EX', REFERENCE_SECONDS);
    // A new one-button message by SMS (a claim offer, a reminder, a transport offer) leaves no older "2" behind that would not belong to it.
    if (smsDigit === 1 && action !== 'confirm') pipeline.del(this.smsKey(userId, 2));
    await pipeline.exec();
    return token;
  }

  /**
   * What a reference lets this user do, once: the action and the listing; undefined for a forged, used,
   * expired or another's.
   */
  async redeem(userId: number, token: string): Promise<Redeemed | undefined> {
    const match = TOKEN.exec(token);
    if (!match || !ACTIONS.includes(match[1] as ReplyAction)) return undefined;
    const key = this.key(token);
    const stored = await this.redis.get(key);
    if (!stored) return undefined;
    const reference = JSON.parse(stored) as Reference;
    if (reference.userId !== userId || reference.action !== match[1]) return undefined;
    if (reference.action === 'skip' && !reference.day) return undefined;
    if ((reference.action === 'accept' || reference.action === 'going') && reference.requestId === undefined) return undefined;
    // Of two redemptions at once, the one whose DEL removed it wins.
    if ((await this.redis.del(key)) !== 1) return undefined;
    return {
      action: reference.action,
      foodId: reference.foodId,
      ...(reference.day ? { day: reference.day } : {}),
      ...(reference.requestId !== undefined ? { requestId: reference.requestId } : {}),
    };
  }

  /**
   * An SMS "1" or "2": the newest reference sent to the user by SMS under that number, once. A standing
   * day's Confirm or Can't come spends the other number with it (one answer to one offer).
   */
  async redeemSms(userId: number, digit: 1 | 2): Promise<Redeemed | undefined> {
    const token = await this.redis.getdel(this.smsKey(userId, digit));
    if (!token) return undefined;
    const redeemed = await this.redeem(userId, token);
    if (redeemed && (redeemed.action === 'confirm' || redeemed.action === 'decline')) {
      const other = await this.redis.getdel(this.smsKey(userId, digit === 1 ? 2 : 1));
      if (other) await this.redis.del(this.key(other));
    }
    return redeemed;
  }
}
