import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DOMAIN_EVENTS, type CharityInfo, type CharityRequestItem, type RequestStatus } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { outboxInsertFrom, sqlExpr, sqlInt } from '../events/outbox.repository';

/** A request with the item it concerns, as the ownership checks need it. */
export interface RequestRow {
  id: number;
  food_id: number;
  charity_id: number;
  donor_id: number;
  status: RequestStatus;
}

interface CharityRequestRow extends Omit<CharityRequestItem, 'requestId' | 'created_at'> {
  created_at: Date;
}

/**
 * The claim as one statement. Its outbox row is the one `OutboxService.record` would write (id, type,
 * data, recipients: the donor and the charity); its payload is built from the contract's
 * `food.claimed` fields (outboxInsertFrom), so it cannot drift from them. $1 food id, $2 today in
 * Cairo, $3 charity id.
 */
const CLAIM_SQL = `
  WITH claimed AS (
    UPDATE food_items SET status = 'claimed', updated_at = now()
     WHERE id = $1 AND status = 'available' AND expiration_date >= $2::date
     RETURNING id, donor_id
  ), request AS (
    INSERT INTO pickup_requests (food_id, charity_id)
    SELECT id, $3::int FROM claimed
    RETURNING id, food_id
  ), event AS (
    ${outboxInsertFrom(
      DOMAIN_EVENTS.foodClaimed,
      { foodId: sqlInt('request.food_id'), requestId: sqlInt('request.id') },
      sqlExpr<number[]>('ARRAY[claimed.donor_id, $3::int]'),
      'request CROSS JOIN claimed',
    )}
  )
  SELECT id AS request_id FROM request`;

/** `pickup_requests`: the claim, status changes, and the reads that join the item and the people. */
@Injectable()
export class RequestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Claims an item still on offer and not past its date (`today` in Cairo) and records `food.claimed`, in
   * one statement that is its own transaction. Resolves with the new request's id, or undefined when the item was not on offer (a
   * lost race on the partial unique index rejects with its unique violation).
   */
  async claim(foodId: number, today: string, charityId: number): Promise<number | undefined> {
    const rows = await this.db.query<{ request_id: number }[]>(CLAIM_SQL, [foodId, today, charityId]);
    return rows[0]?.request_id;
  }

  /** Demo data: a request in a given state. */
  async insertSeeded(tx: EntityManager, foodId: number, charityId: number, status: RequestStatus): Promise<void> {
    await tx.query(`INSERT INTO pickup_requests (food_id, charity_id, status) VALUES ($1, $2, $3)`, [foodId, charityId, status]);
  }

  async setStatus(tx: EntityManager, requestId: number, status: Exclude<RequestStatus, 'pending'>): Promise<void> {
    await tx.query(`UPDATE pickup_requests SET status = $2, updated_at = now() WHERE id = $1`, [requestId, status]);
  }

  /** The request with its item's donor; `lock` locks both for the rest of the transaction. */
  async find(requestId: number, manager: EntityManager = this.db.manager, lock = false): Promise<RequestRow | undefined> {
    const [request] = await manager.query<RequestRow[]>(
      `SELECT r.id, r.food_id, r.charity_id, r.status, f.donor_id
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.id = $1 ${lock ? 'FOR UPDATE OF r, f' : ''}`,
      [requestId],
    );
    return request;
  }

  /** A charity's requests, newest first, with each item and its donor. */
  async listForCharity(charityId: number): Promise<CharityRequestItem[]> {
    const rows = await this.db.query<CharityRequestRow[]>(
      `SELECT r.id AS request_id, r.food_id, r.status, r.created_at,
              f.food_name, f.quantity, to_char(f.expiration_date, 'YYYY-MM-DD') AS expiration_date,
              d.id AS donor_user_id, d.name, d.email
         FROM pickup_requests r
         JOIN food_items f ON f.id = r.food_id
         JOIN users d ON d.id = f.donor_id
        WHERE r.charity_id = $1
        ORDER BY r.created_at DESC, r.id DESC`,
      [charityId],
    );
    return rows.map((row) => ({ ...row, requestId: row.request_id, created_at: row.created_at.toISOString() }));
  }

  /** The charities holding the item's current (pending or fulfilled) request. */
  currentCharities(foodId: number): Promise<CharityInfo[]> {
    return this.db.query<CharityInfo[]>(
      `SELECT c.name, c.email
         FROM pickup_requests r JOIN users c ON c.id = r.charity_id
        WHERE r.food_id = $1 AND r.status IN ('pending', 'fulfilled')`,
      [foodId],
    );
  }

  /** The item's current (pending or fulfilled) request. */
  async currentForFood(foodId: number): Promise<{ id: number; charity_id: number } | undefined> {
    const [request] = await this.db.query<{ id: number; charity_id: number }[]>(
      `SELECT id, charity_id FROM pickup_requests WHERE food_id = $1 AND status IN ('pending', 'fulfilled')`,
      [foodId],
    );
    return request;
  }

  /** True when the charity has asked for any of the donor's food. */
  async charityAskedDonor(charityId: number, donorId: number): Promise<boolean> {
    const [link] = await this.db.query<unknown[]>(
      `SELECT 1 FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.charity_id = $1 AND f.donor_id = $2 LIMIT 1`,
      [charityId, donorId],
    );
    return Boolean(link);
  }
}
