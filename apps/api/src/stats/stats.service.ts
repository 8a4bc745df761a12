import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DOMAIN_EVENTS, type TotalCharitiesResponse, type TotalMealsResponse } from '@food-link/contracts';
import { DataSource } from 'typeorm';
import { OutboxService } from '../events/outbox.service';
import { StatsRepository, type Totals } from './stats.repository';

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
    private readonly stats: StatsRepository,
    private readonly outbox: OutboxService,
  ) {}

  async totalMeals(): Promise<TotalMealsResponse> {
    return { totalMeals: (await this.stats.projection()).totalMeals };
  }

  async totalCharities(): Promise<TotalCharitiesResponse> {
    return { totalCharities: (await this.stats.projection()).totalCharities };
  }

  /**
   * Counts one fulfilled request into the totals, once per event id however often the event is
   * delivered, and records `stats.updated` in the same transaction. Returns false for a repeat.
   */
  async applyFulfilment(eventId: string, requestId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.stats.markProcessed(tx, eventId))) return false;
      const donation = await this.stats.fulfilledDonation(tx, requestId);
      if (!donation) throw new Error(`Request ${requestId} is not fulfilled; its event cannot count`);
      const newCharity = await this.stats.addCharity(tx, donation.charity_id);
      const totals = await this.stats.addToTotals(tx, donation.quantity, newCharity ? 1 : 0);
      await this.outbox.record(tx, DOMAIN_EVENTS.statsUpdated, totals);
      return true;
    });
  }

  /** Compares the projection with the totals computed from the tables. */
  async check(): Promise<StatsCheck> {
    const [projection, fromTables] = await Promise.all([this.stats.projection(), this.stats.fromTables()]);
    return { projection, fromTables, consistent: sameTotals(projection, fromTables) };
  }

  /** Rewrites the projection from the tables (announcing the result when it changed). */
  async rebuild(): Promise<StatsCheck> {
    return this.db.transaction(async (tx) => {
      await this.stats.lockProjection(tx);
      const projection = await this.stats.projection(tx);
      await this.stats.rebuildCharities(tx);
      const fromTables = await this.stats.fromTables(tx);
      await this.stats.setTotals(tx, fromTables);
      const consistent = sameTotals(projection, fromTables);
      if (!consistent) await this.outbox.record(tx, DOMAIN_EVENTS.statsUpdated, fromTables);
      return { projection, fromTables, consistent };
    });
  }
}

function sameTotals(a: Totals, b: Totals): boolean {
  return a.totalMeals === b.totalMeals && a.totalCharities === b.totalCharities;
}
