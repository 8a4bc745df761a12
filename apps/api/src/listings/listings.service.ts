import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS, type FoodStatus } from '@food-link/contracts';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../outbox/outbox.service';
import { FoodRepository, publicFoodView, type AffectedListing, type FoodRow, type ListingColumns, type Release, type Released } from './food.repository';
import { offeredTo, offerRecipients } from './offer-visibility';

/**
 * The listings owner's door for other modules (docs/CONTRIBUTING.md, "Reaching the database"): only
 * `FoodRepository` writes `food_items`, and code outside `listings/` reaches it through this service, never
 * the repository (FoodModule's calls, the read cache and the offer cascade too: ListingsModule alone
 * provides it). The transitions of a claim (its end, a withdrawal) are the claims owner's (HandoverService),
 * which calls `release` and `markWithdrawn` here for the item's side.
 */
@Injectable()
export class ListingsService {
  constructor(
    private readonly food: FoodRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** The item as every view reads it, as of `asOf`, in the caller's transaction when given. */
  find(foodId: number, asOf: Date = new Date(), manager?: EntityManager): Promise<FoodRow | undefined> {
    return this.food.find(foodId, asOf, manager);
  }

  /** The item's donor for `viewer` (offerVisibleSql), or undefined. */
  donorIdOf(...args: Parameters<FoodRepository['donorIdOf']>): Promise<number | undefined> {
    return this.food.donorIdOf(...args);
  }

  /** Items still offered to partners alone and when they open (FoodRepository.offersToOpen). */
  offersToOpen(foodId?: number): Promise<{ id: number; offer_open_at: Date }[]> {
    return this.food.offersToOpen(foodId);
  }

  /** The item of a claim that ended without a handover goes back on offer, or expires (FoodRepository.release). */
  release(tx: EntityManager, foodId: number, release: Release, minWindowMinutes: number, today: string, quantity: number): Promise<Released> {
    return this.food.release(tx, foodId, release, minWindowMinutes, today, quantity);
  }

  /** A locked item is withdrawn by its donor. */
  markWithdrawn(tx: EntityManager, foodId: number): Promise<void> {
    return this.food.markWithdrawn(tx, foodId);
  }

  /** A locked item in the partners stage goes on the open board. */
  openOffer(tx: EntityManager, foodId: number): Promise<void> {
    return this.food.openOffer(tx, foodId);
  }

  /** A locked item's standing offer passes to the next charity (OfferCascade.passOn). */
  passOffer(tx: EntityManager, foodId: number, partnerId: number, waitlist: readonly number[], openAt: Date): Promise<void> {
    return this.food.passOffer(tx, foodId, partnerId, waitlist, openAt);
  }

  /** An operator hides a listing (`reason`) or puts it back (null). */
  setHidden(tx: EntityManager, foodId: number, reason: string | null): Promise<void> {
    return this.food.setHidden(tx, foodId, reason);
  }

  /** A suspended donor's available listings are withheld, or (false) every one so withheld comes back. */
  withholdDonorListings(tx: EntityManager, donorId: number, withheld: boolean): Promise<AffectedListing[]> {
    return this.food.withholdDonorListings(tx, donorId, withheld);
  }

  /** A deleted donor's available listings expire. */
  expireDonorListings(tx: EntityManager, donorId: number): Promise<AffectedListing[]> {
    return this.food.expireDonorListings(tx, donorId);
  }

  /** Keeps a withheld listing's `match` job for when it is put back. */
  deferMatch(foodId: number, job: unknown): Promise<void> {
    return this.food.deferMatch(foodId, job);
  }

  /** Clears the listing's deferred `match` job if it is still the one read (`eventId`). */
  clearDeferredMatch(foodId: number, eventId: string | null): Promise<void> {
    return this.food.clearDeferredMatch(foodId, eventId);
  }

  /**
   * Tells the boards an item changed outside an edit (its photos, say): `food.updated` with its public
   * view as `tx` sees it, in the same transaction as the change.
   */
  async announceUpdate(tx: EntityManager, foodId: number): Promise<void> {
    const row = await this.food.find(foodId, new Date(), tx);
    if (!row) return;
    await this.outbox.record(tx, DOMAIN_EVENTS.foodUpdated, { foodId, food: publicFoodView(row), ...offeredTo(row) }, offerRecipients(row));
  }

  // The food calls' own reads and writes (FoodService, FoodReadCache, OfferCascade), one repository call each.

  /** A donor's new item, with its place in the offer cascade. */
  insert(...args: Parameters<FoodRepository['insert']>): ReturnType<FoodRepository['insert']> {
    return this.food.insert(...args);
  }

  /** New items of standing collections' days, many in one statement. */
  insertMany(...args: Parameters<FoodRepository['insertMany']>): ReturnType<FoodRepository['insertMany']> {
    return this.food.insertMany(...args);
  }

  /** A donor's edit of a locked item. */
  update(...args: Parameters<FoodRepository['update']>): ReturnType<FoodRepository['update']> {
    return this.food.update(...args);
  }

  /** Locks an item for a change by its donor. */
  lockListing(...args: Parameters<FoodRepository['lockListing']>): ReturnType<FoodRepository['lockListing']> {
    return this.food.lockListing(...args);
  }

  /** Locks the requests holding a claimed item. */
  lockHoldingRequests(...args: Parameters<FoodRepository['lockHoldingRequests']>): ReturnType<FoodRepository['lockHoldingRequests']> {
    return this.food.lockHoldingRequests(...args);
  }

  /** The expiry job: available items past their safe time expire. */
  expireUnsafe(...args: Parameters<FoodRepository['expireUnsafe']>): ReturnType<FoodRepository['expireUnsafe']> {
    return this.food.expireUnsafe(...args);
  }

  /** The donor's list, in one query (behind the read cache). */
  donorItems(...args: Parameters<FoodRepository['donorItems']>): ReturnType<FoodRepository['donorItems']> {
    return this.food.donorItems(...args);
  }

  /** The board, in one query (behind the read cache). */
  listAvailable(...args: Parameters<FoodRepository['listAvailable']>): ReturnType<FoodRepository['listAvailable']> {
    return this.food.listAvailable(...args);
  }

  /** The item if `viewer` may see it. */
  findVisible(...args: Parameters<FoodRepository['findVisible']>): ReturnType<FoodRepository['findVisible']> {
    return this.food.findVisible(...args);
  }

  /** Whether any item is offered to the charity alone among the donor's partners. */
  hasOffersFor(...args: Parameters<FoodRepository['hasOffersFor']>): ReturnType<FoodRepository['hasOffersFor']> {
    return this.food.hasOffersFor(...args);
  }

  /** Locks an item's offer state for the cascade. */
  lockOffer(...args: Parameters<FoodRepository['lockOffer']>): ReturnType<FoodRepository['lockOffer']> {
    return this.food.lockOffer(...args);
  }

  /** Demo data: an item in a given state. */
  insertSeeded(tx: EntityManager, donorId: number, item: ListingColumns, status: FoodStatus, createdAt: Date): Promise<number> {
    return this.food.insertSeeded(tx, donorId, item, status, createdAt);
  }
}
