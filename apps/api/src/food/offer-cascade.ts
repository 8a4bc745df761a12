import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DOMAIN_EVENTS, type FoodCategory } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../outbox/outbox.service';
import { PartnersService } from '../partners/partners.service';
import { publicFoodView, type NewOffer } from '../listings/food.repository';
import { ListingsService } from '../listings/listings.service';

const MINUTE_MS = 60_000;

/** What the open stage's job found. `early`: not due until `dueAt` (ms since the epoch). */
export type OpenOutcome = { outcome: 'opened' } | { outcome: 'not_offered' } | { outcome: 'gone' } | { outcome: 'withheld' } | { outcome: 'early'; dueAt: number };

/**
 * The offer cascade (docs/DOMAIN-RULES.md): a new listing of a donor with partner charities is offered to
 * them alone (OFFER_COOKED_MINUTES for cooked food, OFFER_OTHER_MINUTES otherwise), then reaches the open
 * board by a delayed job (worker/offer-scheduler.ts), which records `food.listed` again, without
 * partners, so the board and the charities' matching hear of it at that moment.
 */
@Injectable()
export class OfferCascade {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly food: ListingsService,
    private readonly partners: PartnersService,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
  ) {}

  /** How long a listing of this category is offered to partners alone, in ms. */
  partnersStageMs(category: FoodCategory): number {
    const minutes = category === 'cooked_meal' ? this.config.OFFER_COOKED_MINUTES : this.config.OFFER_OTHER_MINUTES;
    return Math.round(minutes * MINUTE_MS);
  }

  /**
   * Where a listing the donor makes now starts: offered to the donor's eligible partners (a snapshot) until
   * the partners stage ends, or on the open board at once when the donor has none.
   */
  async firstStage(tx: EntityManager, donorId: number, category: FoodCategory, now: Date): Promise<NewOffer> {
    const partnerIds = await this.partners.eligibleIds(tx, donorId);
    if (partnerIds.length === 0) return { stage: 'open', partnerIds: [], openAt: null };
    return { stage: 'partners', partnerIds, openAt: new Date(now.getTime() + this.partnersStageMs(category)) };
  }

  /**
   * The open stage, in one transaction holding the item's row lock (so a claim, an edit or a withdrawal at
   * the same moment comes wholly before or after): an item still offered to partners alone, available and
   * safe, goes on the open board and `food.listed` is recorded without partners. Anything else changes
   * nothing: a claim ended the cascade (the stage is already open), or the item was withdrawn or expired.
   * A withheld item (hidden by an operator, or its donor suspended) stays in the partners stage: telling
   * the board of it would show it, and matching would tell charities of food they cannot see; it opens
   * when it is put back (ModerationService). A run before `offer_open_at` changes nothing and says when to
   * run again.
   */
  async openToBoard(foodId: number, now: () => number = Date.now): Promise<OpenOutcome> {
    return this.db.transaction(async (tx) => {
      const offer = await this.food.lockOffer(tx, foodId);
      if (!offer || offer.offer_stage !== 'partners') return { outcome: 'not_offered' };
      const dueAt = (offer.offer_open_at as Date).getTime();
      if (now() < dueAt) return { outcome: 'early', dueAt };
      if (offer.status !== 'available' || !offer.safe) return { outcome: 'gone' };
      if (offer.withheld) return { outcome: 'withheld' };
      await this.food.openOffer(tx, foodId);
      const row = await this.food.find(foodId, new Date(), tx);
      if (!row) return { outcome: 'gone' };
      await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId, food: publicFoodView(row), partners: undefined }, [row.donor_id]);
      return { outcome: 'opened' };
    });
  }
}
