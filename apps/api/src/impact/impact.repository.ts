import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ImpactFigures } from '@food-link/contracts';
import { DataSource } from 'typeorm';

/** Donations at the pickup points of parameter $2 (an organisation's branches), or all when it is null. */
const AT_POINTS = '($2::int[] IS NULL OR d.pickup_point_id = ANY($2))';

/** Sums of the projection's figures, converted from numeric. */
const SUMS = `coalesce(sum(d.kg), 0)::float8 AS kg, coalesce(sum(d.meals), 0)::float8 AS meals,
  coalesce(sum(d.co2e_kg), 0)::float8 AS co2e_kg, coalesce(sum(d.water_l), 0)::float8 AS water_l`;
const ROLLUP_FIGURES = 'kg::float8 AS kg, meals::float8 AS meals, co2e_kg::float8 AS co2e_kg, water_l::float8 AS water_l';

export type Side = 'donor' | 'charity';

/** A charity's Ministry of Social Solidarity number (`charities ch`), once an operator verified it; null otherwise. */
const VERIFIED_MOSS = `CASE WHEN ch.verification_status IN ('verified', 'suspended') THEN ch.moss_number END`;

/** One fulfilled donation of a month, as an acknowledgment lists it. */
export interface ReportRow extends ImpactFigures {
  request_id: number;
  food_name: string;
  fulfilled_on: string;
  /** The other side, by the name the app shows: the charity in a donor's report, the donor in a charity's. */
  counterpart_name: string;
  /** The charity's Ministry of Social Solidarity number, once an operator verified it (null otherwise). */
  moss_number: string | null;
}

/**
 * Reads of the impact projection (`impact_donations`, `impact_rollups`, stats.repository.ts keeps them):
 * one donor's or charity's donations grouped, and the public sums that name nobody.
 */
@Injectable()
export class ImpactRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The side's totals and its figures per Cairo month, oldest first. */
  /** `points`: only the donations at these pickup points (an organisation's branches), or null for all. */
  async months(side: Side, userId: number, points: number[] | null = null): Promise<(ImpactFigures & { month: string })[]> {
    return this.db.query(
      `SELECT to_char(d.fulfilled_on, 'YYYY-MM') AS month, ${SUMS}
         FROM impact_donations d WHERE d.${side}_id = $1 AND ${AT_POINTS} GROUP BY 1 ORDER BY 1`,
      [userId, points],
    );
  }

  /** A donor's figures per pickup point (null: listings without one), largest first. */
  async pickupPoints(donorId: number, points: number[] | null = null): Promise<(ImpactFigures & { pickup_point_id: number | null; label: string | null })[]> {
    return this.db.query(
      `SELECT d.pickup_point_id, p.label, ${SUMS}
         FROM impact_donations d LEFT JOIN pickup_points p ON p.id = d.pickup_point_id
        WHERE d.donor_id = $1 AND ${AT_POINTS} GROUP BY d.pickup_point_id, p.label ORDER BY kg DESC, d.pickup_point_id`,
      [donorId, points],
    );
  }

  /** Who was on the other side of the side's donations (charities fed, or donors received from), largest first. */
  async counterparts(side: Side, userId: number, points: number[] | null = null): Promise<{ user_id: number; name: string; kg: number; meals: number }[]> {
    const other = side === 'donor' ? 'charity' : 'donor';
    return this.db.query(
      `SELECT d.${other}_id AS user_id, u.name, coalesce(sum(d.kg), 0)::float8 AS kg, coalesce(sum(d.meals), 0)::float8 AS meals
         FROM impact_donations d JOIN users u ON u.id = d.${other}_id
        WHERE d.${side}_id = $1 AND ${AT_POINTS} GROUP BY d.${other}_id, u.name ORDER BY kg DESC, u.name`,
      [userId, points],
    );
  }

  /** The side's fulfilled donations in a Cairo month, by date. */
  async reportRows(side: Side, userId: number, month: string, points: number[] | null = null): Promise<ReportRow[]> {
    const other = side === 'donor' ? 'charity' : 'donor';
    return this.db.query(
      `SELECT d.request_id, f.food_name, to_char(d.fulfilled_on, 'YYYY-MM-DD') AS fulfilled_on, u.name AS counterpart_name,
              ${VERIFIED_MOSS} AS moss_number, d.kg::float8 AS kg, d.meals::float8 AS meals, d.co2e_kg::float8 AS co2e_kg, d.water_l::float8 AS water_l
         FROM impact_donations d
         JOIN pickup_requests r ON r.id = d.request_id
         JOIN food_items f ON f.id = r.food_id
         JOIN users u ON u.id = d.${other}_id
         LEFT JOIN charities ch ON ch.user_id = d.charity_id
        WHERE d.${side}_id = $1 AND to_char(d.fulfilled_on, 'YYYY-MM') = $2 AND ($3::int[] IS NULL OR d.pickup_point_id = ANY($3))
        ORDER BY d.fulfilled_on, d.request_id`,
      [userId, month, points],
    );
  }

  /** A charity's own MoSS number, once verified (null otherwise). */
  async verifiedMossNumber(charityId: number): Promise<string | null> {
    const [row] = await this.db.query<{ moss_number: string | null }[]>(`SELECT ${VERIFIED_MOSS} AS moss_number FROM charities ch WHERE ch.user_id = $1`, [charityId]);
    return row?.moss_number ?? null;
  }

  /** Public rollups of one dimension, by key. */
  async rollups(dimension: 'governorate' | 'month' | 'governorate_month'): Promise<(ImpactFigures & { key: string })[]> {
    return this.db.query(
      `SELECT key, ${ROLLUP_FIGURES} FROM impact_rollups
        WHERE dimension = $1 AND (kg <> 0 OR meals <> 0) ORDER BY key`,
      [dimension],
    );
  }

  async userName(userId: number): Promise<string> {
    const [row] = await this.db.query<{ name: string }[]>('SELECT name FROM users WHERE id = $1', [userId]);
    return row?.name ?? '';
  }
}
