import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DocumentType, VerificationFields, VerificationStatus } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** A charity's verification as stored (`charities`). */
export interface VerificationRow {
  user_id: number;
  status: VerificationStatus;
  reason: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  claiming_suspended_until: Date | null;
  claim_limit: number;
  /** The charity's account is suspended by an operator (moderation): it claims nothing. */
  account_suspended: boolean;
  /** Claiming paused after quick cancellations (QUICK_CANCELS_MAX), until then. */
  claims_paused_until: Date | null;
  document_key: string | null;
  document_type: DocumentType | null;
}

/** The verification columns of `charities c`, as VerificationRow names them (readers compose it too). */
export const CHARITY_ROW_COLUMNS = `c.user_id, c.verification_status AS status, c.verification_reason AS reason, c.submitted_at, c.decided_at,
  c.claiming_suspended_until, c.claim_limit, c.account_suspended, c.claims_paused_until, c.document_key, c.document_type`;

/** The changes a decision or submission writes (undefined: unchanged). */
export interface VerificationChange {
  status: VerificationStatus;
  reason?: string | null;
  decided?: boolean;
  claimingSuspendedUntil?: Date | null;
  claimLimit: number;
  submission?: VerificationFields & { documentKey: string; documentType: DocumentType };
}

/**
 * `charities` (a charity's public number, verification, claim limit and suspensions; one-to-one with its
 * account): its one writer (docs/CONTRIBUTING.md, "Reaching the database"). Registration and moderation reach
 * it through UsersService, the verification decisions, the no-show suspension and the quick-cancel pause
 * through CharitiesService; the readers (verification.repository.ts, the claim's statement) compose
 * CHARITY_ROW_COLUMNS into their own SELECTs.
 */
@Injectable()
export class CharitiesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Gives a charity account its charity number; returns it. */
  async insert(userId: number, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = await manager.query<{ id: number }[]>(`INSERT INTO charities (user_id) VALUES ($1) RETURNING id`, [userId]);
    return row.id;
  }

  /**
   * Marks a charity's row as its account's suspension changes: the claim-slot trigger refuses every claim of
   * a suspended charity. Updating the row takes its lock, which a claim's trigger also takes, so a claim in
   * flight either commits before (and is then cancelled with the others) or is refused after.
   */
  async setAccountSuspended(tx: EntityManager, userId: number, suspended: boolean): Promise<void> {
    await tx.query(`UPDATE charities SET account_suspended = $2 WHERE user_id = $1`, [userId, suspended]);
  }

  /** Pauses the charity's claiming until `until` (quick cancellations); the claim-slot trigger reads it. */
  async pauseClaims(tx: EntityManager, userId: number, until: Date): Promise<void> {
    await tx.query(`UPDATE charities SET claims_paused_until = $2 WHERE user_id = $1`, [userId, until]);
  }

  /** Writes a verification change (the caller holds the row's lock) and returns the row after it. */
  async changeVerification(tx: EntityManager, userId: number, change: VerificationChange): Promise<VerificationRow> {
    const sets = ['verification_status = $2', 'claim_limit = $3'];
    const params: unknown[] = [userId, change.status, change.claimLimit];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (change.reason !== undefined) set('verification_reason', change.reason);
    if (change.decided) sets.push('decided_at = now()');
    if (change.claimingSuspendedUntil !== undefined) set('claiming_suspended_until', change.claimingSuspendedUntil);
    if (change.submission) {
      const { moss_number, address, contact_phone, documentKey, documentType } = change.submission;
      set('moss_number', moss_number);
      set('address', address);
      set('contact_phone', contact_phone);
      set('document_key', documentKey);
      set('document_type', documentType);
      sets.push('submitted_at = now()');
    }
    const [row] = await returningRows<VerificationRow>(tx, `UPDATE charities c SET ${sets.join(', ')} WHERE c.user_id = $1 RETURNING ${CHARITY_ROW_COLUMNS}`, params);
    return row;
  }

  /**
   * A deleted charity's submission (docs/OPERATIONS.md, "Account deletion"): its registration number,
   * address, phone and document are erased (the status and the audit trail stay). Returns the document's
   * storage key, which the caller removes from storage once the deletion committed.
   */
  async eraseSubmission(tx: EntityManager, userId: number): Promise<string | null> {
    const [row] = await returningRows<{ document_key: string | null }>(
      tx,
      `UPDATE charities c SET moss_number = NULL, address = NULL, contact_phone = NULL, document_key = NULL, document_type = NULL,
              verification_erased_at = now()
         FROM (SELECT user_id, document_key FROM charities WHERE user_id = $1 FOR UPDATE) old
        WHERE c.user_id = old.user_id
        RETURNING old.document_key`,
      [userId],
    );
    return row?.document_key ?? null;
  }

  /**
   * Claiming suspensions whose time is over: their claim limit goes back to what the status allows
   * (`limits`: the limit per status). Returns the charities released.
   */
  async liftEndedSuspensions(limits: Readonly<Record<VerificationStatus, number>>): Promise<number[]> {
    const rows = await this.db.transaction((tx) =>
      returningRows<{ user_id: number }>(
        tx,
        `UPDATE charities SET claiming_suspended_until = NULL, claim_limit = ($1::jsonb ->> verification_status)::int
          WHERE claiming_suspended_until <= now() RETURNING user_id`,
        [JSON.stringify(limits)],
      ),
    );
    return rows.map((row) => row.user_id);
  }
}
