import { LIMITS, TRUST_AUDIT_ACTIONS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** The reliability view, counting the no-shows `noShows` selects. */
const reliabilityView = (noShows: string) => `
  CREATE OR REPLACE VIEW charity_reliability AS
  SELECT charity_id,
         count(*) FILTER (WHERE status::text = 'fulfilled')::int AS completed,
         count(*) FILTER (WHERE ${noShows})::int AS no_shows,
         count(*) FILTER (WHERE status::text = 'cancelled' AND late_cancellation)::int AS late_cancellations
    FROM pickup_requests
   WHERE ended_at > now() - interval '${LIMITS.reliabilityDays} days'
   GROUP BY charity_id`;

/**
 * A donor could suspend any charity by reporting a no-show the moment it claimed (docs/DOMAIN-RULES.md,
 * "The handover"): a no-show counts (toward reliability and the automatic suspension) only when it was
 * recorded after the collect-by time (`no_show_counts`), and not once an operator overturned it
 * (`no_show_overturned_*`, with the audit action `overturn_no_show`). Rows recorded before keep counting.
 */
export class NoShowCounting1764651460000 implements MigrationInterface {
  name = 'NoShowCounting1764651460000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE pickup_requests
        ADD COLUMN no_show_counts boolean NOT NULL DEFAULT true,
        ADD COLUMN no_show_overturned_at timestamptz,
        ADD COLUMN no_show_overturned_by int REFERENCES users (id) ON DELETE SET NULL,
        ADD COLUMN no_show_overturn_reason varchar(${LIMITS.commentMaxLength})`);
    await db.query(reliabilityView(`status::text = 'not_collected' AND no_show_counts AND no_show_overturned_at IS NULL`));
    await db.query(`ALTER TABLE verification_audit DROP CONSTRAINT verification_audit_action_check`);
    await db.query(`ALTER TABLE verification_audit ADD CONSTRAINT verification_audit_action_check CHECK (action IN (${list(TRUST_AUDIT_ACTIONS)}))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM verification_audit WHERE action = 'overturn_no_show'`);
    await db.query(`ALTER TABLE verification_audit DROP CONSTRAINT verification_audit_action_check`);
    await db.query(
      `ALTER TABLE verification_audit ADD CONSTRAINT verification_audit_action_check CHECK (action IN (${list(TRUST_AUDIT_ACTIONS.filter((action) => action !== 'overturn_no_show'))}))`,
    );
    await db.query(reliabilityView(`status::text = 'not_collected'`));
    await db.query(`
      ALTER TABLE pickup_requests
        DROP COLUMN no_show_counts, DROP COLUMN no_show_overturned_at, DROP COLUMN no_show_overturned_by, DROP COLUMN no_show_overturn_reason`);
  }
}
