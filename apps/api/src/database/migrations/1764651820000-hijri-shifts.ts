import { SCHEDULE_LIMITS } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator's Hijri shifts (docs/DOMAIN-RULES.md, "Standing collections"): for a Hijri year, how many
 * days (-1 or +1) Egypt's announced months run from Umm al-Qura's; a year without a row is not shifted.
 * Read by the Ramadan and Eid evaluation of standing collections.
 */
export class HijriShifts1764651820000 implements MigrationInterface {
  name = 'HijriShifts1764651820000';

  async up(db: QueryRunner): Promise<void> {
    const max = SCHEDULE_LIMITS.hijriShiftMaxDays;
    await db.query(`
      CREATE TABLE hijri_shifts (
        hijri_year int PRIMARY KEY CHECK (hijri_year BETWEEN ${SCHEDULE_LIMITS.hijriYearMin} AND ${SCHEDULE_LIMITS.hijriYearMax}),
        days smallint NOT NULL CHECK (days BETWEEN -${max} AND ${max} AND days <> 0),
        updated_by int,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE hijri_shifts`);
  }
}
