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
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccountSuspension } from '../auth/users.service';
import type { OfferState } from '../listings/offer-visibility';

/** A listing as moderation needs it, locked. */
export interface ModeratedListing extends OfferState {
  id: number;
  status: string;
  safe: boolean;
  hidden_reason: string | null;
  governorate: string | null;
}

/** An account as moderation needs it, locked. */
export type ModeratedAccount = AccountSuspension;

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

  /** A live account, locked until the transaction ends. */
  async lockAccount(tx: EntityManager, userId: number): Promise<ModeratedAccount | undefined> {
    const [row] = await tx.query<ModeratedAccount[]>(
      `SELECT id, user_type, suspended_at, suspension_reason FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [userId],
    );
    return row;
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
}
