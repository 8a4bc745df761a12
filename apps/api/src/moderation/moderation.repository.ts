import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  OPS_SEARCH_MAX,
  TRUST_AUDIT_MAX,
  type ModerationAction,
  type OfferStage,
  type OpsFoundAccount,
  type OpsFoundListing,
  type OpsUserLookup,
  type TrustAuditEntry,
  type UserType,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';
import type { OfferState } from '../food/offer-visibility';

/** A listing as moderation needs it, locked. */
export interface ModeratedListing extends OfferState {
  id: number;
  status: string;
  safe: boolean;
  hidden_reason: string | null;
  governorate: string | null;
}

/** An account as moderation needs it, locked. */
export interface ModeratedAccount {
  id: number;
  user_type: UserType;
  suspended_at: Date | null;
  suspension_reason: string | null;
}

/** A listing withheld or released with its donor's suspension. */
export interface AffectedListing extends OfferState {
  id: number;
  governorate: string | null;
}

const LISTING = `f.id, f.donor_id, f.status::text AS status, f.safe_until > now() AS safe, f.hidden_reason,
  f.offer_stage, f.offer_partner_ids, p.governorate`;

/**
 * Moderation's columns (migration 1764650700000): `food_items.hidden_*` and `donor_suspended`,
 * `users.suspended_at` / `suspension_reason` / `claims_verified_only`, and its lines of the trust audit
 * trail (`verification_audit`).
 */
@Injectable()
export class ModerationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async lockListing(tx: EntityManager, foodId: number): Promise<ModeratedListing | undefined> {
    const [row] = await tx.query<(ModeratedListing & { offer_stage: OfferStage })[]>(
      `SELECT ${LISTING} FROM food_items f LEFT JOIN pickup_points p ON p.id = f.pickup_point_id WHERE f.id = $1 FOR UPDATE OF f`,
      [foodId],
    );
    return row;
  }

  /** Hides the listing with `reason`, or (null) puts it back. */
  async setHidden(tx: EntityManager, foodId: number, reason: string | null): Promise<void> {
    await tx.query(
      `UPDATE food_items SET hidden_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, hidden_reason = $2, updated_at = now() WHERE id = $1`,
      [foodId, reason],
    );
  }

  /** A live account, locked until the transaction ends. */
  async lockAccount(tx: EntityManager, userId: number): Promise<ModeratedAccount | undefined> {
    const [row] = await tx.query<ModeratedAccount[]>(
      `SELECT id, user_type, suspended_at, suspension_reason FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [userId],
    );
    return row;
  }

  /**
   * Marks a charity's row as its account's suspension changes: the claim-slot trigger refuses every claim of
   * a suspended charity. Updating the row takes its lock, which a claim's trigger also takes, so a claim in
   * flight either commits before (and is then cancelled with the others) or is refused after.
   */
  async setCharityAccountSuspended(tx: EntityManager, userId: number, suspended: boolean): Promise<void> {
    await tx.query(`UPDATE charities SET account_suspended = $2 WHERE user_id = $1`, [userId, suspended]);
  }

  /** Suspends (with `reason`) or reinstates (null) the account; returns it after the change. */
  async setSuspended(tx: EntityManager, userId: number, reason: string | null): Promise<ModeratedAccount> {
    const [row] = await returningRows<ModeratedAccount>(
      tx,
      `UPDATE users SET suspended_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, suspension_reason = $2
        WHERE id = $1 RETURNING id, user_type, suspended_at, suspension_reason`,
      [userId, reason],
    );
    return row;
  }

  /**
   * A suspended donor's available listings leave the board (`donor_suspended`), or, on reinstatement, every
   * listing so marked comes back. Returns the listings changed.
   */
  async withholdDonorListings(tx: EntityManager, donorId: number, withheld: boolean): Promise<AffectedListing[]> {
    return returningRows<AffectedListing>(
      tx,
      `UPDATE food_items f SET donor_suspended = $2, updated_at = now()
        WHERE f.donor_id = $1 AND ${withheld ? `f.status = 'available' AND NOT f.donor_suspended` : 'f.donor_suspended'}
        RETURNING f.id, f.donor_id, f.offer_stage, f.offer_partner_ids,
                  (SELECT p.governorate FROM pickup_points p WHERE p.id = f.pickup_point_id) AS governorate`,
      [donorId, withheld],
    );
  }

  /** One line of the trust audit trail (moderation lines carry no verification statuses). */
  async audit(tx: EntityManager, line: { actorId: number; action: ModerationAction; subjectId: number; foodId: number | null; reason: string | null }): Promise<void> {
    await tx.query(`INSERT INTO verification_audit (actor_id, action, subject_id, food_id, reason) VALUES ($1, $2, $3, $4, $5)`, [
      line.actorId,
      line.action,
      line.subjectId,
      line.foodId,
      line.reason,
    ]);
  }

  /** The whole trail, newest first, at most TRUST_AUDIT_MAX lines; `subjectId` narrows it to one account. */
  async trail(subjectId?: number): Promise<TrustAuditEntry[]> {
    const rows = await this.db.query<(Omit<TrustAuditEntry, 'created_at'> & { created_at: Date })[]>(
      `SELECT a.id, a.actor_id, actor.name AS actor_name, a.action, a.subject_id, subject.name AS subject_name, a.food_id, a.reason,
              a.status_before, a.status_after, a.created_at
         FROM verification_audit a
         JOIN users subject ON subject.id = a.subject_id
         LEFT JOIN users actor ON actor.id = a.actor_id
        WHERE $1::int IS NULL OR a.subject_id = $1
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT ${TRUST_AUDIT_MAX}`,
      [subjectId ?? null],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async lookup(email: string): Promise<OpsUserLookup | undefined> {
    const [row] = await this.db.query<OpsUserLookup[]>(
      `SELECT id AS user_id, name, user_type, suspended_at IS NOT NULL AS suspended FROM users WHERE lower(email) = $1 AND deleted_at IS NULL`,
      [email],
    );
    return row;
  }

  /**
   * The console's search: accounts (never an operator's) by name, e-mail or a phone they gave, and listings
   * by name or by their donor's; newest first. `pattern` is an ILIKE pattern escaped with `!`; `digits` the
   * query's digits without leading zeros ('' when it holds too few to be a phone number).
   */
  async search(pattern: string, digits: string): Promise<{ accounts: OpsFoundAccount[]; listings: OpsFoundListing[] }> {
    const phones = `SELECT user_id, phone FROM charity_profiles WHERE phone IS NOT NULL
                    UNION ALL SELECT user_id, contact_phone FROM charities WHERE contact_phone IS NOT NULL
                    UNION ALL SELECT donor_id, contact_phone FROM pickup_points`;
    const accounts = await this.db.query<OpsFoundAccount[]>(
      `WITH phones AS (${phones})
       SELECT u.id AS user_id, u.name, u.user_type, u.suspended_at IS NOT NULL AS suspended, u.email,
              (SELECT p.phone FROM phones p WHERE p.user_id = u.id
                ORDER BY ($2 <> '' AND regexp_replace(p.phone, '[^0-9]', '', 'g') LIKE '%' || $2 || '%') DESC, p.phone LIMIT 1) AS phone
         FROM users u
        WHERE u.deleted_at IS NULL AND u.user_type <> 'operator'
          AND (u.name ILIKE $1 ESCAPE '!' OR u.email ILIKE $1 ESCAPE '!'
               OR ($2 <> '' AND EXISTS (SELECT 1 FROM phones p WHERE p.user_id = u.id AND regexp_replace(p.phone, '[^0-9]', '', 'g') LIKE '%' || $2 || '%')))
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT ${OPS_SEARCH_MAX}`,
      [pattern, digits],
    );
    const listings = await this.db.query<OpsFoundListing[]>(
      `SELECT f.id AS food_id, f.food_name, f.status::text AS status, f.hidden_at IS NOT NULL AS hidden, u.id AS donor_user_id, u.name AS donor_name
         FROM food_items f JOIN users u ON u.id = f.donor_id
        WHERE u.deleted_at IS NULL
          AND (f.food_name ILIKE $1 ESCAPE '!' OR u.name ILIKE $1 ESCAPE '!' OR u.email ILIKE $1 ESCAPE '!'
               OR ($2 <> '' AND EXISTS (SELECT 1 FROM pickup_points p WHERE p.donor_id = u.id AND regexp_replace(p.contact_phone, '[^0-9]', '', 'g') LIKE '%' || $2 || '%')))
        ORDER BY f.created_at DESC, f.id DESC
        LIMIT ${OPS_SEARCH_MAX}`,
      [pattern, digits],
    );
    return { accounts, listings };
  }

  async verifiedOnly(donorId: number): Promise<boolean> {
    const [row] = await this.db.query<{ claims_verified_only: boolean }[]>(`SELECT claims_verified_only FROM users WHERE id = $1`, [donorId]);
    return row?.claims_verified_only ?? false;
  }

  async setVerifiedOnly(donorId: number, value: boolean): Promise<void> {
    await this.db.query(`UPDATE users SET claims_verified_only = $2 WHERE id = $1`, [donorId, value]);
  }
}
