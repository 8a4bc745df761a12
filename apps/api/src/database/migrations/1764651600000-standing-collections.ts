import { ALLERGENS, EID_MODES, LIMITS, RAMADAN_MODES, SCHEDULE_LIMITS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Standing collections (issue 27; docs/DOMAIN-RULES.md, "Standing collections"). `schedules`: a donor's
 * food that comes again and again at one of its pickup points, by a repeat rule and a window (kept as the
 * contract's jsonb), with its standing charities in order. `schedule_occurrences`: one row per schedule and
 * Cairo date that anything happened to: the donor's change of that day (a quantity, a skip) and, once
 * materialised, its one listing (`food_id`). The primary key (schedule_id, date) is what makes a day listed
 * exactly once, whatever workers race for it: each materialisation locks the day's row.
 */
export class StandingCollections1764651600000 implements MigrationInterface {
  name = 'StandingCollections1764651600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE schedules (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        donor_id int NOT NULL REFERENCES users (id),
        pickup_point_id int NOT NULL REFERENCES pickup_points (id),
        food_name varchar(${LIMITS.foodNameMaxLength}) NOT NULL CHECK (btrim(food_name) <> ''),
        description varchar(${LIMITS.descriptionMaxLength}) NOT NULL CHECK (btrim(description) <> ''),
        category food_category NOT NULL,
        storage storage_kind NOT NULL,
        unit food_unit NOT NULL,
        quantity int NOT NULL CHECK (quantity >= ${LIMITS.quantityMin} AND quantity <= ${LIMITS.quantityMax}),
        weight_kg numeric(7, 2) CHECK (weight_kg > 0 AND weight_kg <= ${LIMITS.weightKgMax}),
        allergens text[] NOT NULL DEFAULT '{}' CHECK (allergens <@ ARRAY[${list(ALLERGENS)}]::text[]),
        rule varchar(${SCHEDULE_LIMITS.ruleMaxLength}) NOT NULL,
        ramadan varchar(6) NOT NULL CHECK (ramadan IN (${list(RAMADAN_MODES)})),
        eids varchar(4) NOT NULL CHECK (eids IN (${list(EID_MODES)})),
        time_window jsonb NOT NULL,
        partner_ids int[] NOT NULL DEFAULT '{}',
        starts_on date NOT NULL,
        ends_on date CHECK (ends_on >= starts_on),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await db.query(`CREATE INDEX schedules_donor_idx ON schedules (donor_id, id) WHERE deleted_at IS NULL`);
    await db.query(`CREATE INDEX schedules_running_idx ON schedules (ends_on) WHERE deleted_at IS NULL`);
    await db.query(`CREATE INDEX schedules_partners_idx ON schedules USING gin (partner_ids) WHERE deleted_at IS NULL`);
    await db.query(`
      CREATE TABLE schedule_occurrences (
        schedule_id int NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
        date date NOT NULL,
        quantity int CHECK (quantity >= ${LIMITS.quantityMin} AND quantity <= ${LIMITS.quantityMax}),
        skipped boolean NOT NULL DEFAULT false,
        food_id int UNIQUE REFERENCES food_items (id),
        listed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (schedule_id, date),
        CHECK (NOT (skipped AND food_id IS NOT NULL))
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE schedule_occurrences`);
    await db.query(`DROP TABLE schedules`);
  }
}
