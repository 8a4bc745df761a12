import { Injectable } from '@nestjs/common';
import type { FoodStatus } from '@food-link/contracts';
import type { EntityManager } from 'typeorm';
import { FoodRepository, type AffectedListing, type FoodRow, type ListingColumns, type Release } from './food.repository';

/**
 * The listings owner's door for other modules (docs/CONTRIBUTING.md, "Reaching the database"): only
 * `FoodRepository` writes `food_items`, and code outside `food/` reaches it through this service, never
 * the repository. The transitions of a claim (its end, a withdrawal) are the claims owner's
 * (HandoverService), which calls `release` and `markWithdrawn` here for the item's side.
 */
@Injectable()
export class ListingsService {
  constructor(private readonly food: FoodRepository) {}

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
  release(tx: EntityManager, foodId: number, release: Release, minWindowMinutes: number, today: string): Promise<FoodStatus> {
    return this.food.release(tx, foodId, release, minWindowMinutes, today);
  }

  /** A locked item is withdrawn by its donor. */
  markWithdrawn(tx: EntityManager, foodId: number): Promise<void> {
    return this.food.markWithdrawn(tx, foodId);
  }

  /** A locked item in the partners stage goes on the open board. */
  openOffer(tx: EntityManager, foodId: number): Promise<void> {
    return this.food.openOffer(tx, foodId);
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

  /** Demo data: an item in a given state. */
  insertSeeded(tx: EntityManager, donorId: number, item: ListingColumns, status: FoodStatus, createdAt: Date): Promise<number> {
    return this.food.insertSeeded(tx, donorId, item, status, createdAt);
  }
}
