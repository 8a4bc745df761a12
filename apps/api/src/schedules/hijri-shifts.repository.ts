import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HijriShiftView } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { HijriShifts } from './hijri';

/** `hijri_shifts`: the operator's shifts of Hijri years from Umm al-Qura (docs/DOMAIN-RULES.md, "Standing collections"). */
@Injectable()
export class HijriShiftsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every shift, by year: what the Ramadan and Eid evaluation takes. */
  async shifts(manager: EntityManager = this.db.manager): Promise<HijriShifts> {
    const rows = await manager.query<{ hijri_year: number; days: number }[]>(`SELECT hijri_year, days FROM hijri_shifts`);
    return Object.fromEntries(rows.map((row) => [row.hijri_year, row.days]));
  }

  /** Every shift, newest year first. */
  list(): Promise<HijriShiftView[]> {
    return this.db.query<HijriShiftView[]>(
      `SELECT hijri_year, days, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at FROM hijri_shifts ORDER BY hijri_year DESC`,
    );
  }

  /** Sets a year's shift (0 removes it). */
  async set(year: number, days: number, operatorId: number): Promise<void> {
    if (days === 0) {
      await this.db.query(`DELETE FROM hijri_shifts WHERE hijri_year = $1`, [year]);
      return;
    }
    await this.db.query(
      `INSERT INTO hijri_shifts (hijri_year, days, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (hijri_year) DO UPDATE SET days = EXCLUDED.days, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [year, days, operatorId],
    );
  }
}
