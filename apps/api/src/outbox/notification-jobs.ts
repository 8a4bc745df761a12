import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { QUEUES, type Language, type NotificationChannel, type NotificationData, type NotificationType } from '@food-link/contracts';
import { Queue, type DefaultJobOptions } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { bullPrefix } from './queue-options';

/** `match`: find the charities a listing (new, or back on the board) suits, or offer it to the donor's partners. */
export interface MatchJob {
  /** The event that put the listing on the board: the notifications' key comes from it. */
  eventId: string;
  foodId: number;
  /** The donor's partner charities: they alone are told (`food.offered`), no matching. */
  partners?: number[];
  /** Back on the board after this request ended: its charity is not told of it again. */
  endedRequestId?: number;
  /**
   * Back from an operator's hide or its donor's suspension (`food.listed` with `restored`): only the
   * matching the listing is owed runs (food_items.deferred_match, with that job's key), or nothing.
   */
  restored?: boolean;
}

/** `deliver`: one notification to one user by one channel (job id `<key>-<userId>-<channel>`). */
export interface DeliverJob {
  key: string;
  userId: number;
  channel: NotificationChannel;
  type: NotificationType;
  data: NotificationData;
  /** ISO time after which it is not worth sending (the food's safe time). */
  expiresAt?: string;
}

/** `remind`: a request's reminder, due at the job's delay. */
export interface RemindJob {
  requestId: number;
  type: 'pickup.soon' | 'pickup.ended';
}

/**
 * `reset-mail`: the e-mail with a password reset link (job id `reset-mail-<resetId>`). The link's secret
 * is sealed with a key derived from JWT_SECRET (auth/password-reset-mail.ts): Redis never holds a usable
 * link, nor the address, which the job reads from the reset's row.
 */
export interface ResetMailJob {
  resetId: number;
  language: Language;
  sealedToken: string;
}

/**
 * `invite-mail`: an organisation's invitation link (job id `invite-mail-<invitationId>`), sealed as the
 * reset link is (docs/ORGANISATIONS.md); the address and the language are read from the invitation's row.
 */
export interface InviteMailJob {
  invitationId: number;
  sealedToken: string;
}

export type NotificationJob = MatchJob | DeliverJob | RemindJob | ResetMailJob | InviteMailJob;

/** BullMQ job ids may not contain ':'. */
export function jobKey(...parts: (string | number)[]): string {
  return parts.join('-').replace(/:/g, '_');
}

/**
 * Every notification job retries NOTIFY_ATTEMPTS times with exponential backoff from NOTIFY_BACKOFF_MS,
 * and is kept after it finishes (completed a day, failed a week for operators): while it is kept, adding
 * the same job id again (the same event handled twice) adds nothing, so nothing is sent twice.
 */
export const notificationJobOptions = (config: AppConfig): DefaultJobOptions => ({
  attempts: config.NOTIFY_ATTEMPTS,
  backoff: { type: 'exponential', delay: config.NOTIFY_BACKOFF_MS },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
});

/**
 * The `notifications` queue as producers use it, in any process (an API instance as well as a worker):
 * a connection of its own, whose commands fail after one retry while Redis is away, so the caller (a
 * job, which retries) does not hang.
 */
@Injectable()
export class NotificationQueue implements OnApplicationShutdown {
  readonly queue: Queue<NotificationJob>;
  private readonly redis: Redis;
  private readonly logger = new Logger('Notifications');

  constructor(config: AppConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => {
      // A failed add fails the calling job, which retries; ioredis reconnects by itself.
    });
    this.queue = new Queue<NotificationJob>(QUEUES.notifications, {
      connection: this.redis,
      prefix: bullPrefix(config),
      defaultJobOptions: notificationJobOptions(config),
    });
    // Without a listener BullMQ prints every connection error. Said once per outage (each reconnection
    // attempt fails the same way); an add that fails throws to its caller anyway.
    let reported = false;
    this.redis.on('ready', () => (reported = false));
    this.queue.on('error', (error) => {
      if (reported) return;
      reported = true;
      this.logger.warn(`notifications queue: ${error.message} (said once until Redis is back)`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
