import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DOMAIN_EVENTS, type DomainEventPayloads, type TotalCharitiesResponse, type TotalMealsResponse } from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';
import { OutboxService } from '../events/outbox.service';

type Totals = DomainEventPayloads['stats.updated'];

export interface StatsCheck {
  projection: Totals;
  fromTables: Totals;
  consistent: boolean;
}

/**
 * Impact totals: portions handed over in fulfilled donations, and the distinct charities that received
 * them. Reads come from a one-row projection the workers keep current, so they cost one primary-key read.
 */
@Injectable()
export class StatsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async totalMeals(): Promise<TotalMealsResponse> {
    return { totalMeals: (await this.projection(this.db.manager)).totalMeals };
  }

  async totalCharities(): Promise<TotalCharitiesResponse> {
    return { totalCharities: (await this.projection(this.db.manager)).totalCharities };
  }

  /**
   * Counts one fulfilled request into the totals, once per event id however often the event is
   * delivered, and records `stats.updated` in the same transaction. Returns false for a repeat.
   */
  async applyFulfilment(eventId: string, requestId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [first] = await tx.query<{ event_id: string }[]>(
        `INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`,
        [eventId],
      );
      if (!first) return false;
      const [donation] = await tx.query<{ quantity: number; charity_id: number }[]>(
        `SELECT f.quantity, r.charity_id FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
          WHERE r.id = $1 AND r.status = 'fulfilled'`,
        [requestId],
      );
      if (!donation) throw new Error(`Request ${requestId} is not fulfilled; its event cannot count`);
      const newCharity = await tx.query<unknown[]>(
        `INSERT INTO impact_charities (charity_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING charity_id`,
        [donation.charity_id],
      );
      const [totals] = await returningRows<{ total_meals: string; total_charities: number }>(
        tx,
        `UPDATE impact_stats
            SET total_meals = total_meals + $1, total_charities = total_charities + $2, updated_at = now()
          RETURNING total_meals, total_charities`,
        [donation.quantity, newCharity.length],
      );
      await this.outbox.record(tx, DOMAIN_EVENTS.statsUpdated, {
        totalMeals: Number(totals.total_meals),
        totalCharities: totals.total_charities,
      });
      return true;
    });
  }

  /** Compares the projection with the totals computed from the tables. */
  async check(): Promise<StatsCheck> {
    const [projection, fromTables] = await Promise.all([this.projection(this.db.manager), this.fromTables(this.db.manager)]);
    return { projection, fromTables, consistent: sameTotals(projection, fromTables) };
  }

  /** Rewrites the projection from the tables (announcing the result when it changed). */
  async rebuild(): Promise<StatsCheck> {
    return this.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE impact_stats, impact_charities IN EXCLUSIVE MODE');
      const projection = await this.projection(tx);
      await tx.query('DELETE FROM impact_charities');
      await tx.query(`INSERT INTO impact_charities (charity_id) SELECT DISTINCT charity_id FROM pickup_requests WHERE status = 'fulfilled'`);
      const fromTables = await this.fromTables(tx);
      await tx.query('UPDATE impact_stats SET total_meals = $1, total_charities = $2, updated_at = now()', [
        fromTables.totalMeals,
        fromTables.totalCharities,
      ]);
      const consistent = sameTotals(projection, fromTables);
      if (!consistent) await this.outbox.record(tx, DOMAIN_EVENTS.statsUpdated, fromTables);
      return { projection, fromTables, consistent };
    });
  }

  private async projection(manager: EntityManager): Promise<Totals> {
    const [row] = await manager.query<{ total_meals: string; total_charities: number }[]>(
      'SELECT total_meals, total_charities FROM impact_stats',
    );
    return { totalMeals: Number(row.total_meals), totalCharities: row.total_charities };
  }

  private async fromTables(manager: EntityManager): Promise<Totals> {
    const [row] = await manager.query<{ meals: string; charities: string }[]>(
      `SELECT coalesce(sum(f.quantity), 0) AS meals, count(DISTINCT r.charity_id) AS charities
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.status = 'fulfilled'`,
    );
    return { totalMeals: Number(row.meals), totalCharities: Number(row.charities) };
  }
}

function sameTotals(a: Totals, b: Totals): boolean {
  return a.totalMeals === b.totalMeals && a.totalCharities === b.totalCharities;
}
