import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong pickup codes are counted per request (docs/DOMAIN-RULES.md, "The handover"): after
 * LIMITS.pickupCodeTries of them, codes are refused for that request, so the six digits cannot be guessed
 * (one in a million a try) by trying them all.
 */
export class PickupCodeTries1764651200000 implements MigrationInterface {
  name = 'PickupCodeTries1764651200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pickup_requests ADD COLUMN wrong_codes smallint NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pickup_requests DROP COLUMN wrong_codes`);
  }
}
