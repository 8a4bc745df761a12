import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  type AddedFoodItem,
  type DonorFoodItem,
  type FoodItemView,
  type FoodStatus,
  type RequestStatus,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/**
 * The columns every food view reads; `status` already reports an unmarked past-date item as expired.
 * `$1` is today in Cairo in every statement that uses them. (Exported for tools/bench/http.mjs, which
 * runs the board's query against PostgreSQL directly for comparison.)
 */
export const FOOD_VIEW_COLUMNS = `
  f.id, f.donor_id, f.food_name, f.quantity, f.description,
  to_char(f.expiration_date, 'YYYY-MM-DD') AS expiration_date,
  CASE WHEN f.status = 'available' AND f.expiration_date < $1::date THEN 'expired' ELSE f.status::text END AS status`;

export interface FoodRow {
  id: number;
  donor_id: number;
  food_name: string;
  quantity: number;
  description: string;
  expiration_date: string;
  status: FoodStatus;
}

interface DonorFoodRow extends FoodRow {
  created_at: Date;
  request_id: number | null;
  request_status: RequestStatus | null;
  charity_name: string | null;
  charity_email: string | null;
}

/** What a donor lists. */
export type NewFoodItem = Pick<FoodItemView, 'food_name' | 'quantity' | 'description' | 'expiration_date'>;

/** A food item as everyone sees it (and as `food.listed` carries it). */
export function publicFoodView(row: FoodRow): FoodItemView {
  return {
    id: row.id,
    food_id: row.id,
    food_name: row.food_name,
    quantity: row.quantity,
    description: row.description,
    expiration_date: row.expiration_date,
    status: row.status,
  };
}

/** A food item as its donor sees it. */
export function ownerFoodView(row: FoodRow): AddedFoodItem {
  return { ...publicFoodView(row), user_id: row.donor_id };
}

function donorFoodItem(row: DonorFoodRow): DonorFoodItem {
  return {
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
  };
}

/**
 * `food_items`: the column list and the row → view mapping of every food read, and the statements that
 * change an item's status. Every method takes the caller's transaction when it has one.
 */
@Injectable()
export class FoodRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(tx: EntityManager, donorId: number, item: NewFoodItem, today: string = cairoDate()): Promise<FoodRow> {
    const [row] = await tx.query<FoodRow[]>(
      `INSERT INTO food_items AS f (donor_id, food_name, quantity, description, expiration_date)
       VALUES ($2, $3, $4, $5, $6)
       RETURNING ${FOOD_VIEW_COLUMNS}`,
      [today, donorId, item.food_name, item.quantity, item.description, item.expiration_date],
    );
    return row;
  }

  /** Demo data: an item in a given state, as if its story had happened. */
  async insertSeeded(tx: EntityManager, donorId: number, item: NewFoodItem, status: FoodStatus): Promise<number> {
    const [food] = await tx.query<{ id: number }[]>(
      `INSERT INTO food_items (donor_id, food_name, quantity, description, expiration_date, status)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [donorId, item.food_name, item.quantity, item.description, item.expiration_date, status],
    );
    return food.id;
  }

  /** Marks available food dated before `today` as expired; returns the items. */
  expirePastDate(tx: EntityManager, today: string): Promise<{ id: number; donor_id: number }[]> {
    return returningRows<{ id: number; donor_id: number }>(
      tx,
      `UPDATE food_items SET status = 'expired', updated_at = now()
        WHERE status = 'available' AND expiration_date < $1::date
        RETURNING id, donor_id`,
      [today],
    );
  }

  /** After a cancelled request: the item goes back on offer, or expires if its date has passed. */
  async putBackOnOffer(tx: EntityManager, foodId: number, today: string): Promise<FoodStatus> {
    const [food] = await returningRows<{ status: FoodStatus }>(
      tx,
      `UPDATE food_items
          SET status = CASE WHEN expiration_date < $2::date THEN 'expired' ELSE 'available' END::food_status,
              updated_at = now()
        WHERE id = $1
        RETURNING status`,
      [foodId, today],
    );
    return food.status;
  }

  /** A donor's items, newest first, each with the request that holds it and the claiming charity. */
  async donorItems(donorId: number, today: string, manager: EntityManager = this.db.manager): Promise<DonorFoodItem[]> {
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
    return rows.map(donorFoodItem);
  }

  /** Available and not past `today`, soonest expiry first. */
  async listAvailable(
    { limit, offset }: { limit: number; offset: number },
    today: string,
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

  async find(foodId: number, today: string = cairoDate()): Promise<FoodRow | undefined> {
    const [row] = await this.db.query<FoodRow[]>(`SELECT ${FOOD_VIEW_COLUMNS} FROM food_items f WHERE f.id = $2`, [today, foodId]);
    return row;
  }

  /** The item's donor, or undefined when there is no such item. */
  async donorIdOf(foodId: number): Promise<number | undefined> {
    const [food] = await this.db.query<{ donor_id: number }[]>(`SELECT donor_id FROM food_items WHERE id = $1`, [foodId]);
    return food?.donor_id;
  }

  /** The stored status and whether the date has passed (`today`), or undefined when there is no such item. */
  async offerState(foodId: number, today: string): Promise<{ status: FoodStatus; expired: boolean } | undefined> {
    const [food] = await this.db.query<{ status: FoodStatus; expired: boolean }[]>(
      `SELECT status, expiration_date < $2::date AS expired FROM food_items WHERE id = $1`,
      [foodId, today],
    );
    return food;
  }
}
