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
  type RequestStatus,
  type UserIdResponse,
} from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { returningRows } from '../common/sql';
import { OutboxService } from '../events/outbox.service';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.service';
import { FOOD_VIEW_COLUMNS, ownerFoodView, publicFoodView, type FoodRow } from './food-views';

interface DonorFoodRow extends FoodRow {
  created_at: Date;
  request_id: number | null;
  request_status: RequestStatus | null;
  charity_name: string | null;
  charity_email: string | null;
}

@Injectable()
export class FoodService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly answers: IdempotentAnswers,
  ) {}

  async add(donor: AuthUser, body: AddFoodBody): Promise<AddedFoodItem> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<FoodRow[]>(
        `INSERT INTO food_items AS f (donor_id, food_name, quantity, description, expiration_date)
         VALUES ($2, $3, $4, $5, $6)
         RETURNING ${FOOD_VIEW_COLUMNS}`,
        [cairoDate(), donor.id, body.food_name, body.quantity, body.description, body.expiration_date],
      );
      await this.outbox.record(tx, DOMAIN_EVENTS.foodListed, { foodId: row.id, food: publicFoodView(row) }, [donor.id]);
      return this.answers.storeWithin(tx, ownerFoodView(row));
    });
  }

  /** Marks food whose date has passed in Cairo as expired, announcing each item. Returns how many. */
  async expirePastDate(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const expired = await returningRows<{ id: number; donor_id: number }>(
        tx,
        `UPDATE food_items SET status = 'expired', updated_at = now()
          WHERE status = 'available' AND expiration_date < $1::date
          RETURNING id, donor_id`,
        [cairoDate()],
      );
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
  async donorItems(donorId: number, today: string = cairoDate(), manager: EntityManager = this.db.manager): Promise<DonorFoodItem[]> {
    const rows = await manager.query<DonorFoodRow[]>(
      `SELECT ${FOOD_VIEW_COLUMNS}, f.created_at,
              r.id AS request_id, r.status AS request_status, c.name AS charity_name, c.email AS charity_email
         FROM food_items f
         LEFT JOIN pickup_requests r ON r.food_id = f.id AND r.status IN ('pending', 'fulfilled')
         LEFT JOIN users c ON c.id = r.charity_id
        WHERE f.donor_id = $2
        ORDER BY f.created_at DESC, f.id DESC`,
      [today, donorId],
    );
    return rows.map((row) => ({
      ...ownerFoodView(row),
      created_at: row.created_at.toISOString(),
      request:
        row.request_id === null
          ? null
          : {
              request_id: row.request_id,
              status: row.request_status as RequestStatus,
              name: row.charity_name as string,
              email: row.charity_email as string,
            },
    }));
  }

  /**
   * Food anyone may claim now: available and not past its date in Cairo (`today`), soonest expiry first.
   * Read straight from the database; GET /api/available serves it through FoodReadCache.
   */
  async listAvailable(
    { limit, offset }: AvailableQuery,
    today: string = cairoDate(),
    manager: EntityManager = this.db.manager,
  ): Promise<FoodItemView[]> {
    const rows = await manager.query<FoodRow[]>(
      `SELECT ${FOOD_VIEW_COLUMNS}
         FROM food_items f
        WHERE f.status = 'available' AND f.expiration_date >= $1::date
        ORDER BY f.expiration_date, f.id
        LIMIT $2 OFFSET $3`,
      [today, limit, offset],
    );
    return rows.map(publicFoodView);
  }

  async findOne(foodId: number): Promise<FoodItemView> {
    return publicFoodView(await this.findRow(foodId));
  }

  async donorOf(foodId: number): Promise<UserIdResponse> {
    return { user_id: (await this.findRow(foodId)).donor_id };
  }

  private async findRow(foodId: number): Promise<FoodRow> {
    const [row] = await this.db.query<FoodRow[]>(`SELECT ${FOOD_VIEW_COLUMNS} FROM food_items f WHERE f.id = $2`, [
      cairoDate(),
      foodId,
    ]);
    if (!row) throw new NotFoundException(ERRORS.foodNotFound);
    return row;
  }
}
