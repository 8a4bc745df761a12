import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  DOMAIN_EVENTS,
  ERRORS,
  type AddFoodBody,
  type AddedFoodItem,
  type AvailableQuery,
  type DonorFoodItem,
  type FoodItemView,
  type UserIdResponse,
} from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { OutboxService } from '../events/outbox.service';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.service';
import { FoodRepository, ownerFoodView, publicFoodView, type FoodRow } from './food.repository';

@Injectable()
export class FoodService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly food: FoodRepository,
    private readonly outbox: OutboxService,
    private readonly answers: IdempotentAnswers,
  ) {}

  async add(donor: AuthUser, body: AddFoodBody): Promise<AddedFoodItem> {
    return this.db.transaction(async (tx) => {
      const row = await this.food.insert(tx, donor.id, body);
      await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId: row.id, food: publicFoodView(row) }, [donor.id]);
      return this.answers.storeWithin(tx, ownerFoodView(row));
    });
  }

  /** Marks food whose date has passed in Cairo as expired, announcing each item. Returns how many. */
  async expirePastDate(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const expired = await this.food.expirePastDate(tx, cairoDate());
      for (const item of expired) {
        await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, { foodId: item.id }, [item.donor_id]);
      }
      return expired.length;
    });
  }

  /** Only the donor and operators see a donor's items (they name the charities that claimed them). */
  assertMaySeeDonorItems(viewer: AuthUser, donorId: number): void {
    const isOwner = viewer.userType === 'donor' && viewer.id === donorId;
    if (!isOwner && viewer.userType !== 'operator') {
      throw new ForbiddenException(ERRORS.ownDonationsOnly);
    }
  }

  /**
   * A donor's items, newest first, each with the request that holds it and the claiming charity, as of
   * `today` in Cairo. Read straight from the database, for whoever may see them (assertMaySeeDonorItems);
   * GET /api/donor/{userId} serves it through FoodReadCache.
   */
  donorItems(donorId: number, today: string = cairoDate(), manager?: EntityManager): Promise<DonorFoodItem[]> {
    return this.food.donorItems(donorId, today, manager);
  }

  /**
   * Food anyone may claim now: available and not past its date in Cairo (`today`), soonest expiry first.
   * Read straight from the database; GET /api/available serves it through FoodReadCache.
   */
  listAvailable(query: AvailableQuery, today: string = cairoDate(), manager?: EntityManager): Promise<FoodItemView[]> {
    return this.food.listAvailable(query, today, manager);
  }

  async findOne(foodId: number): Promise<FoodItemView> {
    return publicFoodView(await this.findRow(foodId));
  }

  async donorOf(foodId: number): Promise<UserIdResponse> {
    return { user_id: (await this.findRow(foodId)).donor_id };
  }

  private async findRow(foodId: number): Promise<FoodRow> {
    const row = await this.food.find(foodId);
    if (!row) throw new NotFoundException(ERRORS.foodNotFound);
    return row;
  }
}
