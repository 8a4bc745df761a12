import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';

/** One browser's subscription, as the sender needs it. */
export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A browser's subscription as it arrives, for saving. */
export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one send, for the subscription's record. */
export type SendRecord = { id: number; outcome: 'delivered' | 'gone' | 'failed' };

/** `push_subscriptions`: the browsers each user receives Web Push on (docs/PUSH.md). */
@Injectable()
export class PushRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Saves the subscription for `userId`. An endpoint already saved moves to this user only when the keys
   * are the same too (the same browser, now signed in to another account); with other keys it stays
   * where it is and this answers false. The user's oldest subscriptions beyond `keep` are dropped.
   */
  async upsert(userId: number, subscription: NewPushSubscription, keep: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const saved = await tx.query<{ id: number }[]>(
        `INSERT INTO push_subscriptions AS s (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE
            SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, failures = 0,
                created_at = CASE WHEN s.user_id = EXCLUDED.user_id THEN s.created_at ELSE now() END
          WHERE s.user_id = EXCLUDED.user_id OR (s.p256dh = EXCLUDED.p256dh AND s.auth = EXCLUDED.auth)
         RETURNING id`,
        [userId, subscription.endpoint, subscription.p256dh, subscription.auth],
      );
      if (saved.length === 0) return false;
      await tx.query(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
        [userId, keep],
      );
      return true;
    });
  }

  /** Removes the user's subscription with this endpoint; false when the user has none. */
  async deleteOwn(userId: number, endpoint: string): Promise<boolean> {
    const deleted = await this.db.transaction((tx) =>
      returningRows<{ id: number }>(tx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id`, [userId, endpoint]),
    );
    return deleted.length > 0;
  }

  forUser(userId: number): Promise<StoredPushSubscription[]> {
    return this.db.query<StoredPushSubscription[]>(
      `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  }

  /**
   * Records sends: a delivery clears the failure count, a gone subscription is deleted, a failure is
   * counted and the subscription deleted once it has failed `maxFailures` times in a row.
   */
  async record(sends: SendRecord[], maxFailures: number): Promise<void> {
    const ids = (outcome: SendRecord['outcome']) => sends.filter((send) => send.outcome === outcome).map((send) => send.id);
    const [delivered, gone, failed] = [ids('delivered'), ids('gone'), ids('failed')];
    if (delivered.length > 0) {
      await this.db.query(`UPDATE push_subscriptions SET last_success_at = now(), failures = 0 WHERE id = ANY($1::int[])`, [delivered]);
    }
    if (gone.length > 0) await this.db.query(`DELETE FROM push_subscriptions WHERE id = ANY($1::int[])`, [gone]);
    if (failed.length > 0) {
      await this.db.query(`UPDATE push_subscriptions SET failures = failures + 1 WHERE id = ANY($1::int[])`, [failed]);
      await this.db.query(`DELETE FROM push_subscriptions WHERE id = ANY($1::int[]) AND failures >= $2`, [failed, maxFailures]);
    }
  }
}
