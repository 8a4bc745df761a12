import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PLATFORM_TIME_ZONE, type DomainEventPayloads, type FoodUnit, type ImpactFactor, type ImpactFigures } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

export type Totals = DomainEventPayloads['stats.updated'];

/** A rollup's dimension (impact_rollups): figures summed per donor, charity, governorate, month and both. */
export type RollupDimension = 'donor' | 'charity' | 'governorate' | 'month' | 'governorate_month';

/** Where a donation's figures are summed: `dimension:key` strings, e.g. `governorate_month:EG-C|2026-03`. */
export type RollupKey = `${RollupDimension}:${string}`;

/** A fulfilled request as the impact is computed from it (numeric columns converted). */
export interface DonationInput {
  request_id: number;
  donor_id: number;
  charity_id: number;
  pickup_point_id: number | null;
  governorate: string | null;
  /** The fulfilment date in Cairo, YYYY-MM-DD. */
  fulfilled_on: string;
  unit: FoodUnit;
  quantity: number;
  weight_kg: number | null;
  received_quantity: number | null;
  received_weight_kg: number | null;
}

/** The projection's row for one donation (`impact_donations`). */
export type LedgerRow = Pick<DonationInput, 'request_id' | 'donor_id' | 'charity_id' | 'pickup_point_id' | 'governorate' | 'fulfilled_on'> & ImpactFigures;

/** Stands for "no pickup point" in a governorate key. */
const NO_GOVERNORATE = '-';

/** The rollups a donation counts in. */
export function rollupKeys(donation: Pick<LedgerRow, 'donor_id' | 'charity_id' | 'governorate' | 'fulfilled_on'>): RollupKey[] {
  const governorate = donation.governorate ?? NO_GOVERNORATE;
  const month = donation.fulfilled_on.slice(0, 7);
  return [`donor:${donation.donor_id}`, `charity:${donation.charity_id}`, `governorate:${governorate}`, `month:${month}`, `governorate_month:${governorate}|${month}`];
}

/** A governorate key back to its code (null: no pickup point). */
export const governorateOfKey = (key: string): string | null => (key === NO_GOVERNORATE ? null : key);

const FIGURE_COLUMNS = 'kg::float8 AS kg, meals::float8 AS meals, co2e_kg::float8 AS co2e_kg, water_l::float8 AS water_l';

/**
 * The inputs of fulfilled donations; the fulfilment date is when the request ended, in Cairo. A claim of
 * part of a listing (docs/DOMAIN-RULES.md, "Partial claims") is its own donation: its quantity, and its share
 * of the listing's estimated weight.
 */
const DONATION_INPUTS = `
  SELECT r.id AS request_id, f.donor_id, r.charity_id, f.pickup_point_id, p.governorate,
         to_char((coalesce(r.ended_at, r.updated_at) AT TIME ZONE '${PLATFORM_TIME_ZONE}')::date, 'YYYY-MM-DD') AS fulfilled_on,
         f.unit, r.quantity, (f.weight_kg * r.quantity / f.quantity)::float8 AS weight_kg,
         r.received_quantity, r.received_weight_kg::float8 AS received_weight_kg
    FROM pickup_requests r
    JOIN food_items f ON f.id = r.food_id
    LEFT JOIN pickup_points p ON p.id = f.pickup_point_id
   WHERE r.status = 'fulfilled'`;

/**
 * The impact projection: `impact_stats` (one row), `impact_charities`, `impact_donations` (figures per
 * donation), `impact_rollups` (sums per donor, charity, governorate, month), and `processed_events`, the
 * event ids already applied; plus the source rows they are checked against.
 */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async projection(manager: EntityManager = this.db.manager): Promise<Totals> {
    const [row] = await manager.query<{ total_meals: string; total_charities: number; kg: number; co2e_kg: number; water_l: number }[]>(
      'SELECT total_meals, total_charities, kg::float8 AS kg, co2e_kg::float8 AS co2e_kg, water_l::float8 AS water_l FROM impact_stats',
    );
    return { totalMeals: Number(row.total_meals), totalCharities: row.total_charities, kg: row.kg, co2e_kg: row.co2e_kg, water_l: row.water_l };
  }

  /** Every version of every factor. */
  async factors(manager: EntityManager = this.db.manager): Promise<ImpactFactor[]> {
    return manager.query<ImpactFactor[]>(
      `SELECT name, value::float8 AS value, source, source_url, to_char(valid_from, 'YYYY-MM-DD') AS valid_from
         FROM impact_factors ORDER BY name, valid_from`,
    );
  }

  /** A fulfilled request's inputs, or undefined when it is not fulfilled. */
  async donationInput(tx: EntityManager, requestId: number): Promise<DonationInput | undefined> {
    const [row] = await tx.query<DonationInput[]>(`${DONATION_INPUTS} AND r.id = $1`, [requestId]);
    return row;
  }

  /** The inputs of every fulfilled request (for checks and rebuilds). */
  async allDonationInputs(manager: EntityManager = this.db.manager): Promise<DonationInput[]> {
    return manager.query<DonationInput[]>(`${DONATION_INPUTS} ORDER BY r.id`);
  }

  /**
   * The donation's projection row, locked for this transaction: created (with zero figures) when it is the
   * first event about it, so that concurrent events about one request take turns.
   */
  async lockLedgerRow(tx: EntityManager, donation: DonationInput): Promise<LedgerRow> {
    await tx.query(
      `INSERT INTO impact_donations (request_id, donor_id, charity_id, pickup_point_id, governorate, fulfilled_on)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [donation.request_id, donation.donor_id, donation.charity_id, donation.pickup_point_id, donation.governorate, donation.fulfilled_on],
    );
    const [row] = await tx.query<LedgerRow[]>(
      `SELECT request_id, donor_id, charity_id, pickup_point_id, governorate, to_char(fulfilled_on, 'YYYY-MM-DD') AS fulfilled_on, ${FIGURE_COLUMNS}
         FROM impact_donations WHERE request_id = $1 FOR UPDATE`,
      [donation.request_id],
    );
    return row;
  }

  async saveLedgerRow(tx: EntityManager, row: LedgerRow): Promise<void> {
    await tx.query(
      `UPDATE impact_donations
          SET donor_id = $2, charity_id = $3, pickup_point_id = $4, governorate = $5, fulfilled_on = $6,
              kg = $7, meals = $8, co2e_kg = $9, water_l = $10
        WHERE request_id = $1`,
      [row.request_id, row.donor_id, row.charity_id, row.pickup_point_id, row.governorate, row.fulfilled_on, row.kg, row.meals, row.co2e_kg, row.water_l],
    );
  }

  /** Adds each change to its rollup, in key order (so concurrent transactions lock rows in the same order). */
  async addToRollups(tx: EntityManager, changes: Map<RollupKey, ImpactFigures>): Promise<void> {
    for (const key of [...changes.keys()].sort()) {
      const change = changes.get(key) as ImpactFigures;
      const [dimension, ...rest] = key.split(':');
      await tx.query(
        `INSERT INTO impact_rollups AS r (dimension, key, kg, meals, co2e_kg, water_l) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (dimension, key) DO UPDATE
           SET kg = r.kg + EXCLUDED.kg, meals = r.meals + EXCLUDED.meals, co2e_kg = r.co2e_kg + EXCLUDED.co2e_kg, water_l = r.water_l + EXCLUDED.water_l`,
        [dimension, rest.join(':'), change.kg, change.meals, change.co2e_kg, change.water_l],
      );
    }
  }

  /** Every rollup with figures (rows that a correction brought back to zero are left out). */
  async rollups(manager: EntityManager = this.db.manager): Promise<Map<RollupKey, ImpactFigures>> {
    const rows = await manager.query<({ dimension: RollupDimension; key: string } & ImpactFigures)[]>(
      `SELECT dimension, key, ${FIGURE_COLUMNS} FROM impact_rollups WHERE kg <> 0 OR meals <> 0 OR co2e_kg <> 0 OR water_l <> 0`,
    );
    return new Map(rows.map(({ dimension, key, ...figures }) => [`${dimension}:${key}` as RollupKey, figures]));
  }

  /** Records that the event has been counted; false when it already was. */
  async markProcessed(tx: EntityManager, eventId: string): Promise<boolean> {
    const [first] = await tx.query<{ event_id: string }[]>(
      `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`,
      [eventId],
    );
    return Boolean(first);
  }

  /** Counts a charity among those that received food; false when it already was. */
  async addCharity(tx: EntityManager, charityId: number): Promise<boolean> {
    const added = await tx.query<unknown[]>(
      `INSERT INTO impact_charities (charity_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING charity_id`,
      [charityId],
    );
    return added.length > 0;
  }

  /** Adds to the overall figures (`total_meals` follows `meals`' whole part); returns the new totals. */
  async addToTotals(tx: EntityManager, change: ImpactFigures, charities: number): Promise<Totals> {
    const [totals] = await returningRows<{ total_meals: string; total_charities: number; kg: number; co2e_kg: number; water_l: number }>(
      tx,
      `UPDATE impact_stats
          SET kg = kg + $1, meals = meals + $2, co2e_kg = co2e_kg + $3, water_l = water_l + $4,
              total_meals = floor(meals + $2), total_charities = total_charities + $5, updated_at = now()
        RETURNING total_meals, total_charities, kg::float8 AS kg, co2e_kg::float8 AS co2e_kg, water_l::float8 AS water_l`,
      [change.kg, change.meals, change.co2e_kg, change.water_l, charities],
    );
    return { totalMeals: Number(totals.total_meals), totalCharities: totals.total_charities, kg: totals.kg, co2e_kg: totals.co2e_kg, water_l: totals.water_l };
  }

  /**
   * Keeps the projection from changing under a rebuild until the transaction ends. The tables are locked in
   * the order an event's transaction first writes them, so the two cannot deadlock.
   */
  async lockProjection(tx: EntityManager): Promise<void> {
    await tx.query('LOCK TABLE impact_donations, impact_charities, impact_rollups, impact_stats IN EXCLUSIVE MODE');
  }

  /** Rewrites the projection's tables from computed donations and their sums. */
  async rewrite(tx: EntityManager, rows: LedgerRow[], rollups: Map<RollupKey, ImpactFigures>, meals: number, totals: Totals): Promise<void> {
    await tx.query('DELETE FROM impact_charities');
    await tx.query(`INSERT INTO impact_charities (charity_id) SELECT DISTINCT charity_id FROM pickup_requests WHERE status = 'fulfilled'`);
    await tx.query('DELETE FROM impact_donations');
    await tx.query(
      `INSERT INTO impact_donations (request_id, donor_id, charity_id, pickup_point_id, governorate, fulfilled_on, kg, meals, co2e_kg, water_l)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(request_id int, donor_id int, charity_id int, pickup_point_id int,
              governorate varchar, fulfilled_on date, kg numeric, meals numeric, co2e_kg numeric, water_l numeric)`,
      [JSON.stringify(rows)],
    );
    await tx.query('DELETE FROM impact_rollups');
    const rollupRows = [...rollups].map(([key, figures]) => {
      const [dimension, ...rest] = key.split(':');
      return { dimension, key: rest.join(':'), ...figures };
    });
    await tx.query(
      `INSERT INTO impact_rollups (dimension, key, kg, meals, co2e_kg, water_l)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(dimension varchar, key varchar, kg numeric, meals numeric, co2e_kg numeric, water_l numeric)`,
      [JSON.stringify(rollupRows)],
    );
    await tx.query(
      `UPDATE impact_stats SET total_meals = $1, total_charities = $2, kg = $3, meals = $4, co2e_kg = $5, water_l = $6, updated_at = now()`,
      [totals.totalMeals, totals.totalCharities, totals.kg, meals, totals.co2e_kg, totals.water_l],
    );
  }
}
