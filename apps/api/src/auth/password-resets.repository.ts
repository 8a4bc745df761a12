import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** Why a reset link does not work (or `open`: it does). */
export type ResetLinkState = 'open' | 'unknown' | 'expired' | 'used';

/** `password_resets` (migration 1764650300000): one row per link sent, keyed by the SHA-256 of its secret. */
@Injectable()
export class PasswordResetsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Records a new link for `userId`, valid `minutes`, and supersedes the account's earlier open links in
   * the same transaction, so only the newest link of an account ever works.
   */
  async issue(userId: number, tokenHash: Buffer, minutes: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE password_resets SET superseded_at = now() WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL`,
        [userId],
      );
      const [row] = await tx.query<{ id: string }[]>(
        `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING id`,
        [userId, tokenHash, minutes],
      );
      return Number(row.id);
    });
  }

  /**
   * What the reset e-mail needs, while the link still works (not used, superseded or past its time, its
   * account live): undefined otherwise, and then no e-mail is worth sending.
   */
  async openForMail(resetId: number): Promise<{ email: string; name: string; tokenHash: Buffer } | undefined> {
    const [row] = await this.db.query<{ email: string; name: string; token_hash: Buffer }[]>(
      `SELECT u.email, u.name, r.token_hash
         FROM password_resets r JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
        WHERE r.id = $1 AND r.used_at IS NULL AND r.superseded_at IS NULL AND r.expires_at > now()`,
      [resetId],
    );
    return row && { email: row.email, name: row.name, tokenHash: row.token_hash };
  }

  /** What became of the link with this hash (its account must still be live). */
  async state(tokenHash: Buffer, manager: EntityManager = this.db.manager): Promise<ResetLinkState> {
    const [row] = await manager.query<{ used: boolean; expired: boolean }[]>(
      `SELECT (r.used_at IS NOT NULL OR r.superseded_at IS NOT NULL) AS used, r.expires_at <= now() AS expired
         FROM password_resets r JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
        WHERE r.token_hash = $1`,
      [tokenHash],
    );
    if (!row) return 'unknown';
    if (row.used) return 'used';
    return row.expired ? 'expired' : 'open';
  }

  /**
   * Marks the link used if it is open, in one conditional UPDATE (so of two uses at once, one wins), and
   * returns its account; undefined when it was not open.
   */
  async consume(tx: EntityManager, tokenHash: Buffer): Promise<number | undefined> {
    const [row] = await returningRows<{ user_id: number }>(
      tx,
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND superseded_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [tokenHash],
    );
    return row?.user_id;
  }
}
