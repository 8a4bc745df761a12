import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The standing offer's waitlist (docs/DOMAIN-RULES.md, "Standing collections"): a listing made from a
 * schedule's day is offered to one standing charity at a time (`offer_partner_ids`); `offer_waitlist`
 * holds the standing charities still to be asked, in order. When the one asked declines or its time
 * (`offer_open_at`) runs out, the next is asked; with none left, the listing goes on the open board.
 */
export class StandingOfferWaitlist1764651610000 implements MigrationInterface {
  name = 'StandingOfferWaitlist1764651610000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE food_items ADD COLUMN offer_waitlist int[] NOT NULL DEFAULT '{}'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE food_items DROP COLUMN offer_waitlist`);
  }
}
