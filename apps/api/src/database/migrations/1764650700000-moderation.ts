import { LIMITS, TRUST_AUDIT_ACTIONS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Moderation and the donor's verified-only option (docs/DOMAIN-RULES.md, "Trust: moderation and verified-only claims"; docs/VERIFICATION.md, "Moderation"):
 * - `users.suspended_at` / `suspension_reason`: an operator suspended the account (it cannot sign in or use
 *   a session); `users.claims_verified_only`: a donor's "only verified charities may claim my food".
 * - `food_items.hidden_at` / `hidden_reason`: an operator hid the listing (its donor sees why);
 *   `donor_suspended`: an available listing of a suspended donor. `withheld` (generated) is either, the one
 *   condition every public read adds: no read path can check one and forget the other.
 * - `verification_audit` becomes the trust audit trail: it also records moderation (`food_id` names the
 *   listing of hide and unhide; the verification statuses are left null for moderation lines).
 */
export class Moderation1764650700000 implements MigrationInterface {
  name = 'Moderation1764650700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        ADD COLUMN suspended_at timestamptz,
        ADD COLUMN suspension_reason varchar(${LIMITS.commentMaxLength}),
        ADD COLUMN claims_verified_only boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT users_suspension_check CHECK ((suspended_at IS NULL) = (suspension_reason IS NULL))`);
    await db.query(`
      ALTER TABLE food_items
        ADD COLUMN hidden_at timestamptz,
        ADD COLUMN hidden_reason varchar(${LIMITS.commentMaxLength}),
        ADD COLUMN donor_suspended boolean NOT NULL DEFAULT false,
        ADD COLUMN withheld boolean GENERATED ALWAYS AS (hidden_at IS NOT NULL OR donor_suspended) STORED,
        ADD CONSTRAINT food_items_hidden_check CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL))`);
    await db.query(`ALTER TABLE verification_audit DROP CONSTRAINT verification_audit_action_check`);
    await db.query(`
      ALTER TABLE verification_audit
        ADD CONSTRAINT verification_audit_action_check CHECK (action IN (${list(TRUST_AUDIT_ACTIONS)})),
        ALTER COLUMN status_before DROP NOT NULL,
        ALTER COLUMN status_after DROP NOT NULL,
        ADD COLUMN food_id int REFERENCES food_items (id)`);
    // The console's trail: newest first, across subjects.
    await db.query(`CREATE INDEX verification_audit_created_idx ON verification_audit (created_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX verification_audit_created_idx`);
    await db.query(`DELETE FROM verification_audit WHERE status_before IS NULL OR status_after IS NULL`);
    await db.query(`ALTER TABLE verification_audit DROP CONSTRAINT verification_audit_action_check, DROP COLUMN food_id`);
    await db.query(`
      ALTER TABLE verification_audit
        ALTER COLUMN status_before SET NOT NULL, ALTER COLUMN status_after SET NOT NULL,
        ADD CONSTRAINT verification_audit_action_check CHECK (action IN ('verify', 'reject', 'suspend', 'reinstate', 'submit', 'auto_suspend'))`);
    await db.query(`
      ALTER TABLE food_items
        DROP CONSTRAINT food_items_hidden_check, DROP COLUMN withheld, DROP COLUMN hidden_at, DROP COLUMN hidden_reason, DROP COLUMN donor_suspended`);
    await db.query(`
      ALTER TABLE users
        DROP CONSTRAINT users_suspension_check, DROP COLUMN suspended_at, DROP COLUMN suspension_reason, DROP COLUMN claims_verified_only`);
  }
}
