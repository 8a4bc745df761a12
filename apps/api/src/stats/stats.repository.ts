import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DomainEventPayloads } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

export type Totals = DomainEventPayloads['stats.updated'];

/**
 * The impact projection (`impact_stats`, one row; `impact_charities`; `processed_events`, the event ids
 * already counted) and the totals computed from the tables it is checked against.
 */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async projection(manager: EntityManager = this.db.manager): Promise<Totals> {
    const [row] = await manager.query<{ total_meals: string; total_charities: number }[]>(
      'SELECT total_meals, total_charities FROM impact_stats',
    );
    return { totalMeals: Number(row.total_meals), totalCharities: row.total_charities };
  }

  /** The totals computed from fulfilled requests. */
  async fromTables(manager: EntityManager = this.db.manager): Promise<Totals> {
    const [row] = await manager.query<{ meals: string; charities: string }[]>(
      `SELECT coalesce(sum(f.quantity), 0) AS meals, count(DISTINCT r.charity_id) AS charities
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.status = 'fulfilled'`,
    );
    return { totalMeals: Number(row.meals), totalCharities: Number(row.charities) };
  }

  /** Records that the event has been counted; false when it already was. */
  async markProcessed(tx: EntityManager, eventId: string): Promise<boolean> {
    const [first] = await tx.query<{ event_id: string }[]>(
      `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`,
      [eventId],
    );
    return Boolean(first);
  }

  /** The portions and the charity of a fulfilled request, or undefined when it is not fulfilled. */
  async fulfilledDonation(tx: EntityManager, requestId: number): Promise<{ quantity: number; charity_id: number } | undefined> {
    const [donation] = await tx.query<{ quantity: number; charity_id: number }[]>(
      `SELECT f.quantity, r.charity_id FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.id = $1 AND r.status = 'fulfilled'`,
      [requestId],
    );
    return donation;
  }

  /** Counts a charity among those that received food; false when it already was. */
  async addCharity(tx: EntityManager, charityId: number): Promise<boolean> {
    const added = await tx.query<unknown[]>(
      `INSERT INTO impact_charities (charity_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING charity_id`,
      [charityId],
    );
    return added.length > 0;
  }

  /** Adds to the totals; returns the new ones. */
  async addToTotals(tx: EntityManager, meals: number, charities: number): Promise<Totals> {
    const [totals] = await returningRows<{ total_meals: string; total_charities: number }>(
      tx,
      `UPDATE impact_stats
          SET total_meals = total_meals + $1, total_charities = total_charities + $2, updated_at = now()
        RETURNING total_meals, total_charities`,
      [meals, charities],
    );
    return { totalMeals: Number(totals.total_meals), totalCharities: totals.total_charities };
  }

  /** Keeps the projection from changing under a rebuild until the transaction ends. */
  async lockProjection(tx: EntityManager): Promise<void> {
    await tx.query('LOCK TABLE impact_stats, impact_charities IN EXCLUSIVE MODE');
  }

  /** Rewrites the charities that received food from the fulfilled requests. */
  async rebuildCharities(tx: EntityManager): Promise<void> {
    await tx.query('DELETE FROM impact_charities');
    await tx.query(`INSERT INTO impact_charities (charity_id) SELECT DISTINCT charity_id FROM pickup_requests WHERE status = 'fulfilled'`);
  }

  async setTotals(tx: EntityManager, totals: Totals): Promise<void> {
    await tx.query('UPDATE impact_stats SET total_meals = $1, total_charities = $2, updated_at = now()', [
      totals.totalMeals,
      totals.totalCharities,
    ]);
  }
}
