import { CLAIM_CANCEL_CAUSES } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Moderation's follow-ups (docs/DOMAIN-RULES.md, "Trust: moderation"):
 * - `pickup_requests.cancel_cause`: why a claim was cancelled when its charity did not cancel it (an
 *   operator suspended the charity's or the donor's account); null otherwise. The worker tells the other
 *   party from it, so the board's public `request.cancelled` says nothing about anyone's account.
 * - `food_items.deferred_match`: the `match` job (docs/NOTIFICATIONS.md, "Matching") of a listing that was
 *   withheld (hidden by an operator, or its donor suspended) when its matching ran, so nobody was told of it
 *   then. When the listing is put back (unhide, reinstatement) that job runs, with its own key: charities
 *   told before are not told twice, those never told are told once. Null when no matching is owed.
 */
export class ModerationFollowUps1764650800000 implements MigrationInterface {
  name = 'ModerationFollowUps1764650800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE pickup_requests
        ADD COLUMN cancel_cause text,
        ADD CONSTRAINT pickup_requests_cancel_cause_check
          CHECK (cancel_cause IS NULL OR (status = 'cancelled' AND cancel_cause IN (${list(CLAIM_CANCEL_CAUSES)})))`);
    await db.query(`ALTER TABLE food_items ADD COLUMN deferred_match jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE food_items DROP COLUMN deferred_match`);
    await db.query(`ALTER TABLE pickup_requests DROP CONSTRAINT pickup_requests_cancel_cause_check, DROP COLUMN cancel_cause`);
  }
}
