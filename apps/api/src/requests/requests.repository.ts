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

/** What the claim stores as its answer under an Idempotency-Key (idempotency.interceptor.ts). */
export interface ClaimAnswer {
  userId: number;
  key: string;
  attempt: string;
  statusCode: number;
  message: string;
}

/**
 * The claim as one statement. Its outbox row is the one `OutboxService.record` would write (id, type,
 * data, recipients: the donor and the charity); its payload is built from the contract's
 * `food.claimed` fields (outboxInsertFrom), so it cannot drift from them. $1 food id, $2 today in
 * Cairo, $3 charity id.
 *
 * Under an Idempotency-Key attempt (`underKey`) it first locks the attempt's key, claims nothing if a
 * retry has taken the key over, and stores the answer with the claim, so both commit together: $4 the
 * key, $5 the attempt, $6 the answer's status code, $7 its message.
 */
function claimSql(underKey: boolean): string {
  return `
  WITH ${
    underKey
      ? `idempotency_key AS (
    SELECT user_id, key FROM idempotency_keys
     WHERE user_id = $3 AND key = $4 AND attempt = $5 AND status_code IS NULL
       FOR UPDATE
  ), `
      : ''
  }claimed AS (
    UPDATE food_items SET status = 'claimed', updated_at = now()
     WHERE id = $1 AND status = 'available' AND expiration_date >= $2::date${underKey ? ' AND EXISTS (SELECT 1 FROM idempotency_key)' : ''}
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
  )${
    underKey
      ? `, answer AS (
    UPDATE idempotency_keys k
       SET status_code = $6, response = jsonb_build_object('message', $7::text, 'request_id', request.id, 'status', 'pending')
      FROM request, idempotency_key
     WHERE k.user_id = idempotency_key.user_id AND k.key = idempotency_key.key
  )`
      : ''
  }
  SELECT id AS request_id FROM request`;
}

const CLAIM_SQL = claimSql(false);
const IDEMPOTENT_CLAIM_SQL = claimSql(true);

/** `pickup_requests`: the claim, status changes, and the reads that join the item and the people. */
@Injectable()
export class RequestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Claims an item still on offer and not past its date (`today` in Cairo) and records `food.claimed`, in
   * one statement that is its own transaction; with `answer`, under an Idempotency-Key attempt whose
   * answer it stores too. Resolves with the new request's id, or undefined when the item was not on offer (a
   * lost race on the partial unique index rejects with its unique violation).
   */
  async claim(foodId: number, today: string, charityId: number, answer?: ClaimAnswer): Promise<number | undefined> {
    const rows = answer
      ? await this.db.query<{ request_id: number }[]>(IDEMPOTENT_CLAIM_SQL, [
          foodId,
          today,
          charityId,
          answer.key,
          answer.attempt,
          answer.statusCode,
          answer.message,
        ])
      : await this.db.query<{ request_id: number }[]>(CLAIM_SQL, [foodId, today, charityId]);
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

  /**
   * A charity's requests, newest first, with each item and its donor. A donor's e-mail is given only
   * where the charity holds a live (pending or fulfilled) request for the donor's food, or to operators
   * (`everyEmail`); otherwise it is null.
   */
  async listForCharity(charityId: number, everyEmail: boolean): Promise<CharityRequestItem[]> {
    const rows = await this.db.query<CharityRequestRow[]>(
      `SELECT r.id AS request_id, r.food_id, r.status, r.created_at,
              f.food_name, f.quantity, to_char(f.expiration_date, 'YYYY-MM-DD') AS expiration_date,
              d.id AS donor_user_id, d.name,
              CASE WHEN $2 OR d.id IN (SELECT lf.donor_id
                                         FROM pickup_requests lr JOIN food_items lf ON lf.id = lr.food_id
                                        WHERE lr.charity_id = $1 AND lr.status IN ('pending', 'fulfilled'))
                   THEN d.email END AS email
         FROM pickup_requests r
         JOIN food_items f ON f.id = r.food_id
         JOIN users d ON d.id = f.donor_id
        WHERE r.charity_id = $1
        ORDER BY r.created_at DESC, r.id DESC`,
      [charityId, everyEmail],
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

  /**
   * Whether the charity has asked for any of the donor's food: `live` while one of those requests is
   * pending or fulfilled, `ended` when all are cancelled, null when it never asked.
   */
  async charityLinkToDonor(charityId: number, donorId: number): Promise<'live' | 'ended' | null> {
    const [link] = await this.db.query<{ live: boolean }[]>(
      `SELECT bool_or(r.status IN ('pending', 'fulfilled')) AS live
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.charity_id = $1 AND f.donor_id = $2
       HAVING count(*) > 0`,
      [charityId, donorId],
    );
    return link ? (link.live ? 'live' : 'ended') : null;
  }
}
