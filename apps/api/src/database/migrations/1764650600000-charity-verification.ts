import { AUDIT_ACTIONS, DOCUMENT_TYPES, LIMITS, VERIFICATION_STATUSES } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Charity verification (docs/DOMAIN-RULES.md, "Trust: charity verification"; docs/VERIFICATION.md):
 * - `charities` gains its verification: the status (text with a CHECK, not an enum, so a new status does not
 *   need a migration of its own before use), what the charity submitted (MoSS number, address, contact and
 *   its document's stored name and type), the last decision's reason and times, and a claiming suspension
 *   after repeated no-shows (`claiming_suspended_until`).
 * - `claim_limit` (the claim trigger's bound) now follows the status: existing charities start unverified,
 *   with LIMITS.unverifiedClaimsMax; claims they already hold stay (the bound applies to new claims).
 * - `verification_audit`: every decision, submission and automatic suspension, with who (null: the
 *   platform), why and the status before and after. Rows are only ever inserted.
 */
export class CharityVerification1764650600000 implements MigrationInterface {
  name = 'CharityVerification1764650600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charities
        ADD COLUMN verification_status text NOT NULL DEFAULT 'unverified' CHECK (verification_status IN (${list(VERIFICATION_STATUSES)})),
        ADD COLUMN moss_number varchar(30),
        ADD COLUMN address varchar(${LIMITS.addressMaxLength}),
        ADD COLUMN contact_phone varchar(20),
        ADD COLUMN document_key varchar(64),
        ADD COLUMN document_type text CHECK (document_type IN (${list(DOCUMENT_TYPES)})),
        ADD COLUMN verification_reason varchar(${LIMITS.commentMaxLength}),
        ADD COLUMN submitted_at timestamptz,
        ADD COLUMN decided_at timestamptz,
        ADD COLUMN claiming_suspended_until timestamptz,
        ADD CONSTRAINT charities_submission_check CHECK (
          verification_status = 'unverified' OR (moss_number IS NOT NULL AND document_key IS NOT NULL AND submitted_at IS NOT NULL))`);
    await db.query(`ALTER TABLE charities ALTER COLUMN claim_limit SET DEFAULT ${LIMITS.unverifiedClaimsMax}`);
    await db.query(`UPDATE charities SET claim_limit = ${LIMITS.unverifiedClaimsMax}`);
    // The review queue: oldest submission first, per status.
    await db.query(`CREATE INDEX charities_verification_idx ON charities (verification_status, submitted_at)`);
    await db.query(`CREATE INDEX charities_claiming_suspended_idx ON charities (claiming_suspended_until) WHERE claiming_suspended_until IS NOT NULL`);

    await db.query(`
      CREATE TABLE verification_audit (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_id int REFERENCES users (id) ON DELETE SET NULL,
        action text NOT NULL CHECK (action IN (${list(AUDIT_ACTIONS)})),
        subject_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason varchar(${LIMITS.commentMaxLength}),
        status_before text NOT NULL CHECK (status_before IN (${list(VERIFICATION_STATUSES)})),
        status_after text NOT NULL CHECK (status_after IN (${list(VERIFICATION_STATUSES)})),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX verification_audit_subject_idx ON verification_audit (subject_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE verification_audit`);
    await db.query(`DROP INDEX charities_claiming_suspended_idx`);
    await db.query(`DROP INDEX charities_verification_idx`);
    await db.query(`ALTER TABLE charities ALTER COLUMN claim_limit SET DEFAULT ${LIMITS.activeClaimsMax}`);
    await db.query(`UPDATE charities SET claim_limit = ${LIMITS.activeClaimsMax}`);
    await db.query(`
      ALTER TABLE charities
        DROP CONSTRAINT charities_submission_check,
        DROP COLUMN verification_status, DROP COLUMN moss_number, DROP COLUMN address, DROP COLUMN contact_phone,
        DROP COLUMN document_key, DROP COLUMN document_type, DROP COLUMN verification_reason, DROP COLUMN submitted_at,
        DROP COLUMN decided_at, DROP COLUMN claiming_suspended_until`);
  }
}
