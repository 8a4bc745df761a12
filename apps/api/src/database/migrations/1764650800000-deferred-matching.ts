import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `food_items.deferred_match`: the `match` job (docs/NOTIFICATIONS.md, "Matching") of a listing that was
 * withheld (hidden by an operator, or its donor suspended) when its matching ran, so nobody was told of it
 * then. When the listing is put back (unhide, reinstatement) that job runs again, with its own key: charities
 * told before are not told twice, those never told are told once. Null when no matching is owed.
 */
export class DeferredMatching1764650800000 implements MigrationInterface {
  name = 'DeferredMatching1764650800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE food_items ADD COLUMN deferred_match jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE food_items DROP COLUMN deferred_match`);
  }
}
