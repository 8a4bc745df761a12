import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DOMAIN_EVENTS, type FoodCategory, type ListingNeeds } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { OutboxService } from '../outbox/outbox.service';
import { PartnersService } from '../partners/partners.service';
import { publicFoodView, type NewOffer } from '../listings/food.repository';
import { ListingsService } from '../listings/listings.service';
import { offeredTo, offerRecipients } from '../listings/offer-visibility';

const MINUTE_MS = 60_000;

/**
 * What the open stage's job found. `early`: not due until `dueAt` (ms since the epoch); `passed`: a
 * standing offer went to the next charity of its waitlist, due again at `dueAt`.
 */
export type OpenOutcome =
  | { outcome: 'opened' }
  | { outcome: 'not_offered' }
  | { outcome: 'gone' }
  | { outcome: 'withheld' }
  | { outcome: 'early'; dueAt: number }
  | { outcome: 'passed'; dueAt: number };

/**
 * Told of a step of an offer inside its transaction: `declined` (the charity asked declined it) or
 * `passed_over` (its time ran out: the next was asked, or the board). Standing collections listen, to tell
 * a schedule's donor and charities (`schedule.occurrence`); the food module does not know schedules.
 */
export type OfferStepListener = (tx: EntityManager, foodId: number, step: 'declined' | 'passed_over') => Promise<void>;

/**
 * The offer cascade (docs/DOMAIN-RULES.md): a new listing of a donor with partner charities is offered to
 * them alone (OFFER_COOKED_MINUTES for cooked food, OFFER_OTHER_MINUTES otherwise), then reaches the open
 * board by a delayed job (worker/offer-scheduler.ts), which records `food.listed` again, without
 * partners, so the board and the charities' matching hear of it at that moment.
 */
@Injectable()
export class OfferCascade {
  private readonly stepListeners: OfferStepListener[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly food: ListingsService,
    private readonly partners: PartnersService,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
  ) {}

  /** Adds a listener told of each decline and pass-over, in the step's transaction. */
  onStep(listener: OfferStepListener): void {
    this.stepListeners.push(listener);
  }

  private async told(tx: EntityManager, foodId: number, step: 'declined' | 'passed_over'): Promise<void> {
    for (const listener of this.stepListeners) await listener(tx, foodId, step);
  }

  /** How long a listing of this category is offered to partners alone, in ms. */
  partnersStageMs(category: FoodCategory): number {
    const minutes = category === 'cooked_meal' ? this.config.OFFER_COOKED_MINUTES : this.config.OFFER_OTHER_MINUTES;
    return Math.round(minutes * MINUTE_MS);
  }

  /**
   * Where a listing the donor makes now starts: offered to the donor's eligible partners that can take it
   * (a snapshot) until the partners stage ends, or on the open board at once when none can.
   */
  async firstStage(tx: EntityManager, donorId: number, listing: ListingNeeds & { category: FoodCategory }, now: Date): Promise<NewOffer> {
    // Partners that cannot take it (capacity, hours, full today: PartnersService.takers) are passed over.
    const { takers: partnerIds } = await this.partners.takers(tx, await this.partners.eligibleIds(tx, donorId), listing, now);
    if (partnerIds.length === 0) return { stage: 'open', partnerIds: [], openAt: null };
    return { stage: 'partners', partnerIds, openAt: new Date(now.getTime() + this.partnersStageMs(listing.category)) };
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
      const outcome = await this.advance(tx, foodId, offer.offer_waitlist, new Date(now()));
      await this.told(tx, foodId, 'passed_over');
      return outcome;
    });
  }

  /**
   * A standing charity declines the listing offered to it alone (docs/DOMAIN-RULES.md, "Standing
   * collections"): the next charity of the waitlist is asked at once, or, with none left, the listing goes
   * on the open board. False, with nothing changed, when the listing is not (or no longer) offered to this
   * charity alone.
   */
  async decline(foodId: number, charityId: number, now: Date = new Date()): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const offer = await this.food.lockOffer(tx, foodId);
      if (!offer || offer.offer_stage !== 'partners' || offer.status !== 'available' || !offer.safe) return false;
      if (offer.offer_partner_ids.length !== 1 || offer.offer_partner_ids[0] !== charityId) return false;
      await this.advance(tx, foodId, offer.offer_waitlist, now);
      await this.told(tx, foodId, 'declined');
      return true;
    });
  }

  /**
   * The next step of a locked offer: the first charity of `waitlist` still an eligible partner is offered
   * it alone for STANDING_CONFIRM_MINUTES (`food.listed` names it, so it hears), the rest stay waiting;
   * with none, the listing goes on the open board and `food.listed` is recorded without partners.
   */
  private async advance(tx: EntityManager, foodId: number, waitlist: readonly number[], now: Date): Promise<OpenOutcome> {
    const item = await this.food.find(foodId, now, tx);
    if (!item) return { outcome: 'gone' };
    // The next that is still an eligible partner and can take it (PartnersService.takers); the others are passed over.
    const { takers } = await this.partners.takers(tx, waitlist, item, now);
    const next = takers.length > 0 ? waitlist.indexOf(takers[0]) : -1;
    if (next !== -1) {
      const dueAt = now.getTime() + Math.round(this.config.STANDING_CONFIRM_MINUTES * MINUTE_MS);
      await this.food.passOffer(tx, foodId, waitlist[next], waitlist.slice(next + 1), new Date(dueAt));
      const row = await this.food.find(foodId, now, tx);
      if (!row) return { outcome: 'gone' };
      await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId, food: publicFoodView(row), ...offeredTo(row) }, offerRecipients(row));
      return { outcome: 'passed', dueAt };
    }
    await this.food.openOffer(tx, foodId);
    const row = await this.food.find(foodId, now, tx);
    if (!row) return { outcome: 'gone' };
    await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId, food: publicFoodView(row), partners: undefined }, [row.donor_id]);
    return { outcome: 'opened' };
  }
}
