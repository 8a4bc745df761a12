import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  addImpact,
  DOMAIN_EVENTS,
  donationImpact,
  factorsOn,
  NO_IMPACT,
  wholeMeals,
  type ImpactFactor,
  type ImpactFigures,
  type ImpactTotalsResponse,
  type TotalCharitiesResponse,
  type TotalMealsResponse,
} from '@food-link/contracts';
import { DataSource } from 'typeorm';
import { OutboxService } from '../outbox/outbox.service';
import { rollupKeys, StatsRepository, type DonationInput, type LedgerRow, type RollupKey, type Totals } from './stats.repository';

export interface StatsCheck {
  projection: Totals;
  fromTables: Totals;
  consistent: boolean;
  /** Rollups (per donor, charity, governorate, month) whose figures differ from the tables'. */
  differingRollups: string[];
}

/** The projection as the source tables give it: per donation, per rollup, overall. */
export interface ComputedImpact {
  rows: LedgerRow[];
  rollups: Map<RollupKey, ImpactFigures>;
  meals: number;
  totals: Totals;
}

/** Computes every donation with the factors valid on its date, and sums them as the projection keeps them. */
export function computeImpact(donations: DonationInput[], factors: ImpactFactor[]): ComputedImpact {
  const rows: LedgerRow[] = [];
  const rollups = new Map<RollupKey, ImpactFigures>();
  let overall = NO_IMPACT;
  for (const donation of donations) {
    const figures = donationImpact(donation, factorsOn(factors, donation.fulfilled_on));
    const { request_id, donor_id, charity_id, pickup_point_id, governorate, fulfilled_on } = donation;
    rows.push({ request_id, donor_id, charity_id, pickup_point_id, governorate, fulfilled_on, ...figures });
    for (const key of rollupKeys(donation)) rollups.set(key, addImpact(rollups.get(key) ?? NO_IMPACT, figures));
    overall = addImpact(overall, figures);
  }
  for (const [key, figures] of rollups) if (isZero(figures)) rollups.delete(key);
  const totals: Totals = {
    totalMeals: wholeMeals(overall.meals),
    totalCharities: new Set(donations.map((donation) => donation.charity_id)).size,
    kg: overall.kg,
    co2e_kg: overall.co2e_kg,
    water_l: overall.water_l,
  };
  return { rows, rollups, meals: overall.meals, totals };
}

/**
 * Impact totals (docs/DOMAIN-RULES.md, "Units and impact"; docs/IMPACT.md): kg, meals, CO2e and water of fulfilled donations, with what
 * the charity reported received replacing the donor's estimate, overall and per donor, charity,
 * governorate and month; and the distinct charities that received food. Reads come from a projection the
 * workers keep current, so the landing's counters cost one primary-key read.
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

  async totals(): Promise<ImpactTotalsResponse> {
    return this.stats.projection();
  }

  /**
   * Brings one donation's figures in the projection up to date after `request.fulfilled` or
   * `request.received`: recomputes them from the tables and applies the difference from what was counted
   * (so a report replaces the estimate, and events about one request may arrive in any order). Once per
   * event id however often it is delivered; records `stats.updated` in the same transaction when the
   * totals moved. Returns false for a repeat.
   */
  async applyDonation(eventId: string, requestId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.stats.markProcessed(tx, eventId))) return false;
      const donation = await this.stats.donationInput(tx, requestId);
      if (!donation) throw new Error(`Request ${requestId} is not fulfilled; its event cannot count`);
      const counted = await this.stats.lockLedgerRow(tx, donation);
      const { rows } = computeImpact([donation], await this.stats.factors(tx));
      const now = rows[0];
      const changes = new Map<RollupKey, ImpactFigures>();
      for (const key of rollupKeys(counted)) changes.set(key, addImpact(changes.get(key) ?? NO_IMPACT, counted, -1));
      for (const key of rollupKeys(now)) changes.set(key, addImpact(changes.get(key) ?? NO_IMPACT, now));
      for (const [key, change] of changes) if (isZero(change)) changes.delete(key);
      await this.stats.saveLedgerRow(tx, now);
      const newCharity = await this.stats.addCharity(tx, donation.charity_id);
      await this.stats.addToRollups(tx, changes);
      const overall = addImpact(now, counted, -1);
      if (!newCharity && isZero(overall)) return true;
      const totals = await this.stats.addToTotals(tx, overall, newCharity ? 1 : 0);
      await this.outbox.record(tx, DOMAIN_EVENTS.statsUpdated, totals);
      return true;
    });
  }

  /** Compares the projection (totals and every rollup) with what the tables give. */
  async check(): Promise<StatsCheck> {
    return this.db.transaction('REPEATABLE READ', async (tx) => {
      const computed = computeImpact(await this.stats.allDonationInputs(tx), await this.stats.factors(tx));
      return compare(await this.stats.projection(tx), await this.stats.rollups(tx), computed);
    });
  }

  /** Rewrites the projection from the tables (announcing the totals when they changed). */
  async rebuild(): Promise<StatsCheck> {
    return this.db.transaction(async (tx) => {
      await this.stats.lockProjection(tx);
      const computed = computeImpact(await this.stats.allDonationInputs(tx), await this.stats.factors(tx));
      const result = compare(await this.stats.projection(tx), await this.stats.rollups(tx), computed);
      await this.stats.rewrite(tx, computed.rows, computed.rollups, computed.meals, computed.totals);
      if (!sameTotals(result.projection, result.fromTables)) await this.outbox.record(tx, DOMAIN_EVENTS.statsUpdated, computed.totals);
      return result;
    });
  }

  /** The impact factors, for the impact report (ImpactService). */
  factors(...args: Parameters<StatsRepository['factors']>): ReturnType<StatsRepository['factors']> {
    return this.stats.factors(...args);
  }
}

function compare(projection: Totals, rollups: Map<RollupKey, ImpactFigures>, computed: ComputedImpact): StatsCheck {
  const differingRollups = [...new Set([...rollups.keys(), ...computed.rollups.keys()])]
    .filter((key) => !sameFigures(rollups.get(key) ?? NO_IMPACT, computed.rollups.get(key) ?? NO_IMPACT))
    .sort();
  const consistent = sameTotals(projection, computed.totals) && differingRollups.length === 0;
  return { projection, fromTables: computed.totals, consistent, differingRollups };
}

const isZero = (figures: ImpactFigures) => sameFigures(figures, NO_IMPACT);

function sameFigures(a: ImpactFigures, b: ImpactFigures): boolean {
  return a.kg === b.kg && a.meals === b.meals && a.co2e_kg === b.co2e_kg && a.water_l === b.water_l;
}

function sameTotals(a: Totals, b: Totals): boolean {
  return a.totalMeals === b.totalMeals && a.totalCharities === b.totalCharities && a.kg === b.kg && a.co2e_kg === b.co2e_kg && a.water_l === b.water_l;
}
