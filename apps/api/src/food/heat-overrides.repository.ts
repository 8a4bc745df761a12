import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { GovernorateCode, HeatOverrideBody, HeatOverrideKey } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** At most this many overrides are listed (the newest dates first): a season's heatwaves fit many times over. */
const LIST_LIMIT = 1000;

/** `heat_overrides`: operators' heatwave highs per governorate and Cairo date, read by the safe-time rule. */
@Injectable()
export class HeatOverridesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The override's high (°C) for the governorate on the date, or undefined when there is none. */
  async highOn(governorate: GovernorateCode, date: string, manager: EntityManager = this.db.manager): Promise<number | undefined> {
    const [row] = await manager.query<{ high_c: number }[]>(
      `SELECT high_c::float8 AS high_c FROM heat_overrides WHERE governorate = $1 AND date = $2::date`,
      [governorate, date],
    );
    return row?.high_c;
  }

  /**
   * The overrides of several governorates and dates in one read (a batch of scheduled listings), keyed
   * `governorate date`; a pair without one is absent.
   */
  async highsOn(pairs: readonly { governorate: GovernorateCode; date: string }[], manager: EntityManager = this.db.manager): Promise<Map<string, number>> {
    if (pairs.length === 0) return new Map();
    const rows = await manager.query<{ key: string; high_c: number }[]>(
      `SELECT h.governorate || ' ' || to_char(h.date, 'YYYY-MM-DD') AS key, h.high_c::float8 AS high_c
         FROM heat_overrides h JOIN unnest($1::text[], $2::date[]) AS wanted (governorate, date)
           ON h.governorate = wanted.governorate AND h.date = wanted.date`,
      [pairs.map((pair) => pair.governorate), pairs.map((pair) => pair.date)],
    );
    return new Map(rows.map((row) => [row.key, row.high_c]));
  }

  /** Every override, newest date first. */
  list(): Promise<HeatOverrideBody[]> {
    return this.db.query<HeatOverrideBody[]>(
      `SELECT governorate, to_char(date, 'YYYY-MM-DD') AS date, high_c::float8 AS high_c
         FROM heat_overrides ORDER BY date DESC, governorate LIMIT $1`,
      [LIST_LIMIT],
    );
  }

  /** Sets (or replaces) the override of a governorate and date. */
  async upsert(override: HeatOverrideBody, operatorId: number): Promise<HeatOverrideBody> {
    const [row] = await this.db.query<HeatOverrideBody[]>(
      `INSERT INTO heat_overrides (governorate, date, high_c, set_by) VALUES ($1, $2::date, $3, $4)
       ON CONFLICT (governorate, date) DO UPDATE SET high_c = EXCLUDED.high_c, set_by = EXCLUDED.set_by, created_at = now()
       RETURNING governorate, to_char(date, 'YYYY-MM-DD') AS date, high_c::float8 AS high_c`,
      [override.governorate, override.date, override.high_c, operatorId],
    );
    return row;
  }

  /** Removes an override; false when there was none. */
  async remove(key: HeatOverrideKey): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await returningRows(tx, `DELETE FROM heat_overrides WHERE governorate = $1 AND date = $2::date RETURNING date`, [
        key.governorate,
        key.date,
      ]);
      return removed.length > 0;
    });
  }
}
