import { OFFER_STAGES } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The offer cascade (docs/DOMAIN-RULES.md): a donor's partner charities, and on each listing its stage,
 * the partners it was offered to (a snapshot taken when it was listed: later changes of the donor's list
 * do not touch listings already made) and when it reaches the open board.
 *
 * The stage is text with a CHECK rather than an enum: a later stage can be added, and used, in the same
 * migration run (a new enum value cannot be).
 */
export class OfferCascade1764650200000 implements MigrationInterface {
  name = 'OfferCascade1764650200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE donor_partners (
        donor_id int NOT NULL REFERENCES users (id),
        charity_id int NOT NULL REFERENCES users (id),
        position smallint NOT NULL CHECK (position >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (donor_id, charity_id),
        CHECK (donor_id <> charity_id)
      )`);
    await db.query(`CREATE INDEX donor_partners_charity_idx ON donor_partners (charity_id)`);

    // Every listing so far is on the open board.
    await db.query(`
      ALTER TABLE food_items
        ADD COLUMN offer_stage varchar(10) NOT NULL DEFAULT 'open' CHECK (offer_stage IN (${list(OFFER_STAGES)})),
        ADD COLUMN offer_partner_ids int[] NOT NULL DEFAULT '{}',
        ADD COLUMN offer_open_at timestamptz,
        ADD CONSTRAINT food_items_offer_check
          CHECK (offer_stage <> 'partners' OR (offer_open_at IS NOT NULL AND cardinality(offer_partner_ids) > 0))`);
    // "Is anything offered to me?" (a partner's board) and the worker's start-up scan: both only look at
    // listings in the partners stage, which are few and short-lived.
    await db.query(`CREATE INDEX food_items_offer_partners_idx ON food_items USING gin (offer_partner_ids) WHERE offer_stage = 'partners'`);
    await db.query(`CREATE INDEX food_items_offer_open_idx ON food_items (offer_open_at) WHERE offer_stage = 'partners'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX food_items_offer_open_idx`);
    await db.query(`DROP INDEX food_items_offer_partners_idx`);
    await db.query(`
      ALTER TABLE food_items
        DROP CONSTRAINT food_items_offer_check, DROP COLUMN offer_stage, DROP COLUMN offer_partner_ids, DROP COLUMN offer_open_at`);
    await db.query(`DROP TABLE donor_partners`);
  }
}
