import { LIMITS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Charity capacity and needs (docs/DOMAIN-RULES.md, "Charity capacity"): fridge and freezer space for
 * donations (0: none; NULL: not said), the hours it can receive food (Cairo time, both or neither), and
 * the Cairo date it said it is full (`full_today` on the day it is set).
 */
export class CharityCapacity1764651620000 implements MigrationInterface {
  name = 'CharityCapacity1764651620000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charity_profiles
        ADD COLUMN chilled_capacity_kg numeric(7, 2) CHECK (chilled_capacity_kg >= 0 AND chilled_capacity_kg <= ${LIMITS.weightKgMax}),
        ADD COLUMN frozen_capacity_kg numeric(7, 2) CHECK (frozen_capacity_kg >= 0 AND frozen_capacity_kg <= ${LIMITS.weightKgMax}),
        ADD COLUMN receiving_from time,
        ADD COLUMN receiving_until time,
        ADD COLUMN full_on date,
        ADD CONSTRAINT charity_profiles_receiving_check CHECK ((receiving_from IS NULL) = (receiving_until IS NULL) AND receiving_until > receiving_from)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE charity_profiles DROP CONSTRAINT charity_profiles_receiving_check,
        DROP COLUMN chilled_capacity_kg, DROP COLUMN frozen_capacity_kg, DROP COLUMN receiving_from, DROP COLUMN receiving_until, DROP COLUMN full_on`);
  }
}
