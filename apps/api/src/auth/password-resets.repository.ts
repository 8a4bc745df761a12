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
   * Records a new link for `userId`, valid `minutes`. The account's other open links stay open: a
   * request anyone can make for the address must not void the link its owner asked for. Using any one
   * of them ends them all (`consume`).
   */
  async issue(userId: number, tokenHash: Buffer, minutes: number): Promise<number> {
    const [row] = await this.db.query<{ id: string }[]>(
      `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING id`,
      [userId, tokenHash, minutes],
    );
    return Number(row.id);
  }

  /**
   * What the reset e-mail needs, while the link still works (not used, not ended by the use of another
   * link of the account, not past its time, its account live): undefined otherwise, and then no e-mail is worth sending.
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
   * Marks the link used if it is open, in one conditional UPDATE after locking its account (so of two uses
   * at once, of this link or of two links of the account, one wins), ends
   * the account's other open links (`superseded_at`) in the same transaction, and returns its account;
   * undefined when it was not open.
   */
  async consume(tx: EntityManager, tokenHash: Buffer): Promise<number | undefined> {
    // The account's row first: two of its links used at once take turns, and the second finds itself ended.
    await tx.query(`SELECT u.id FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 FOR UPDATE OF u`, [tokenHash]);
    const [row] = await returningRows<{ user_id: number }>(
      tx,
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND superseded_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [tokenHash],
    );
    if (!row) return undefined;
    await tx.query(
      `UPDATE password_resets SET superseded_at = now() WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL`,
      [row.user_id],
    );
    return row.user_id;
  }
}
