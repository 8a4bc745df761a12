import { IMPACT_FACTOR_NAMES, INITIAL_IMPACT_FACTORS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const FIGURES = `
        kg numeric(16, 3) NOT NULL DEFAULT 0,
        meals numeric(16, 3) NOT NULL DEFAULT 0,
        co2e_kg numeric(16, 3) NOT NULL DEFAULT 0,
        water_l numeric(18, 1) NOT NULL DEFAULT 0`;

/**
 * Impact in kg, meals, CO2e and water (docs/DOMAIN-RULES.md, "Units and impact"; docs/IMPACT.md):
 * - `impact_factors`: versioned factors; a donation uses each name's row with the latest `valid_from` not
 *   after its fulfilment date in Cairo. A new version is a new row; rows are never edited.
 * - `impact_donations`: the projection's figures per fulfilled request (the charity's report replacing the
 *   estimate), so a later `request.received` applies only the difference.
 * - `impact_rollups`: the same figures summed per donor, charity, governorate, month and governorate-month.
 * - `impact_stats` gains the overall figures; `total_meals` becomes the whole part of `meals`.
 *
 * Donations fulfilled before this migration are not counted here (the computation lives in TypeScript,
 * libs/contracts impact.ts): run `npm run stats:check -- --fix` once after deploying (docs/OPERATIONS.md).
 */
export class Impact1764650500000 implements MigrationInterface {
  name = 'Impact1764650500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE impact_factors (
        name varchar(20) NOT NULL CHECK (name IN (${list(IMPACT_FACTOR_NAMES)})),
        valid_from date NOT NULL,
        value numeric(12, 4) NOT NULL CHECK (value > 0),
        source text NOT NULL CHECK (btrim(source) <> ''),
        source_url text NOT NULL CHECK (source_url ~ '^https://'),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, valid_from)
      )`);
    for (const factor of INITIAL_IMPACT_FACTORS) {
      await db.query(`INSERT INTO impact_factors (name, valid_from, value, source, source_url) VALUES ($1, $2, $3, $4, $5)`, [
        factor.name,
        factor.valid_from,
        factor.value,
        factor.source,
        factor.source_url,
      ]);
    }

    await db.query(`
      CREATE TABLE impact_donations (
        request_id int PRIMARY KEY REFERENCES pickup_requests (id),
        donor_id int NOT NULL,
        charity_id int NOT NULL,
        pickup_point_id int,
        governorate varchar(6),
        fulfilled_on date NOT NULL,
        ${FIGURES}
      )`);
    await db.query(`CREATE INDEX impact_donations_donor_idx ON impact_donations (donor_id, fulfilled_on)`);
    await db.query(`CREATE INDEX impact_donations_charity_idx ON impact_donations (charity_id, fulfilled_on)`);

    await db.query(`
      CREATE TABLE impact_rollups (
        dimension varchar(20) NOT NULL CHECK (dimension IN ('donor', 'charity', 'governorate', 'month', 'governorate_month')),
        key varchar(40) NOT NULL,
        ${FIGURES},
        PRIMARY KEY (dimension, key)
      )`);

    await db.query(`
      ALTER TABLE impact_stats
        ADD COLUMN kg numeric(16, 3) NOT NULL DEFAULT 0,
        ADD COLUMN meals numeric(16, 3) NOT NULL DEFAULT 0,
        ADD COLUMN co2e_kg numeric(16, 3) NOT NULL DEFAULT 0,
        ADD COLUMN water_l numeric(18, 1) NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE impact_stats DROP COLUMN kg, DROP COLUMN meals, DROP COLUMN co2e_kg, DROP COLUMN water_l`);
    await db.query(`DROP TABLE impact_rollups`);
    await db.query(`DROP TABLE impact_donations`);
    await db.query(`DROP TABLE impact_factors`);
  }
}
