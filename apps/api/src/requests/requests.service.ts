import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  DOMAIN_EVENTS,
  ERRORS,
  type FoodStatus,
  type CharityInfo,
  type CharityRequestItem,
  type DonorInfoResponse,
  type FulfilResponse,
  type MessageResponse,
  type PickupRequestResponse,
  type RequestIdResponse,
  type RequestStatus,
  type RequestStatusResponse,
} from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { isUniqueViolation } from '../common/errors';
import { returningRows } from '../common/sql';
import { OutboxService } from '../events/outbox.service';
import { IdempotentAnswers, keyTakenOver } from '../idempotency/idempotent-answers.service';

/** A request with the item it concerns, as the ownership checks need it. */
interface RequestRow {
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
 * data, recipients: the donor and the charity), with data `{ foodId, requestId }` as `food.claimed`
 * carries it. $1 food id, $2 today in Cairo, $3 charity id, $4 the event type.
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
    INSERT INTO outbox_events (id, type, data, recipients)
    SELECT gen_random_uuid(), $4, jsonb_build_object('foodId', request.food_id, 'requestId', request.id),
           ARRAY[claimed.donor_id, $3::int]
      FROM request CROSS JOIN claimed
  )
  SELECT id AS request_id FROM request`;

/**
 * The claim under an Idempotency-Key attempt: CLAIM_SQL that first locks the attempt's key (claiming
 * nothing if a retry has taken it over) and stores the answer with the claim. $5 the key, $6 the
 * attempt, $7 the answer's status code, $8 the answer's message.
 */
const IDEMPOTENT_CLAIM_SQL = `
  WITH idempotency_key AS (
    SELECT user_id, key FROM idempotency_keys
     WHERE user_id = $3 AND key = $5 AND attempt = $6 AND status_code IS NULL
       FOR UPDATE
  ), claimed AS (
    UPDATE food_items SET status = 'claimed', updated_at = now()
     WHERE id = $1 AND status = 'available' AND expiration_date >= $2::date AND EXISTS (SELECT 1 FROM idempotency_key)
     RETURNING id, donor_id
  ), request AS (
    INSERT INTO pickup_requests (food_id, charity_id)
    SELECT id, $3::int FROM claimed
    RETURNING id, food_id
  ), event AS (
    INSERT INTO outbox_events (id, type, data, recipients)
    SELECT gen_random_uuid(), $4, jsonb_build_object('foodId', request.food_id, 'requestId', request.id),
           ARRAY[claimed.donor_id, $3::int]
      FROM request CROSS JOIN claimed
  ), answer AS (
    UPDATE idempotency_keys k
       SET status_code = $7, response = jsonb_build_object('message', $8::text, 'request_id', request.id, 'status', 'pending')
      FROM request, idempotency_key
     WHERE k.user_id = idempotency_key.user_id AND k.key = idempotency_key.key
  )
  SELECT id AS request_id FROM request`;

const PICKUP_REQUESTED = 'Pickup request submitted successfully';

@Injectable()
export class RequestsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly answers: IdempotentAnswers,
  ) {}

  /**
   * Claims an item for a charity in one statement, which is its own transaction: mark the item claimed if
   * it is still on offer, insert the request, and record `food.claimed` in the outbox. The conditional
   * update takes the item's row lock, so of many simultaneous claims exactly one sees it available (the
   * others wait for its commit, then find it claimed and insert nothing); the partial unique index backs
   * this up. One round trip instead of five (BEGIN, UPDATE, INSERT, INSERT, COMMIT) is what lets a claim
   * hold a pooled connection for only as long as the database needs.
   */
  async requestPickup(charity: AuthUser, foodId: number): Promise<PickupRequestResponse> {
    const attempt = this.answers.current();
    const parameters = [foodId, cairoDate(), charity.id, DOMAIN_EVENTS.foodClaimed];
    let rows: { request_id: number }[];
    try {
      rows = attempt
        ? await this.db.query(IDEMPOTENT_CLAIM_SQL, [...parameters, attempt.key, attempt.attempt, attempt.statusCode, PICKUP_REQUESTED])
        : await this.db.query(CLAIM_SQL, parameters);
    } catch (error) {
      if (isUniqueViolation(error, 'pickup_requests_one_active_per_food')) throw alreadyClaimed();
      throw error;
    }
    if (rows.length === 0) {
      if (attempt && !(await this.answers.holdsKey(attempt))) throw keyTakenOver();
      return this.explainUnclaimable(foodId);
    }
    if (attempt) attempt.answered = true;
    await this.outbox.committed();
    return { message: PICKUP_REQUESTED, request_id: rows[0].request_id, status: 'pending' };
  }

  /** The charity withdraws its pending request; the item goes back on offer (or expires, if its date passed). */
  async cancel(charity: AuthUser, requestId: number): Promise<MessageResponse> {
    return this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      if (request.charity_id !== charity.id) throw new ForbiddenException(ERRORS.requestOfAnotherCharity);
      assertPending(request);
      await tx.query(`UPDATE pickup_requests SET status = 'cancelled', updated_at = now() WHERE id = $1`, [requestId]);
      const [food] = await returningRows<{ status: FoodStatus }>(
        tx,
        `UPDATE food_items
            SET status = CASE WHEN expiration_date < $2::date THEN 'expired' ELSE 'available' END::food_status,
                updated_at = now()
          WHERE id = $1
          RETURNING status`,
        [request.food_id, cairoDate()],
      );
      const parties = [request.donor_id, request.charity_id];
      const event = { foodId: request.food_id, requestId };
      await this.outbox.record(tx, DOMAIN_EVENTS.requestCancelled, event, parties);
      // Boards must drop an item whose date passed while it was claimed, rather than show it again.
      if (food.status === 'expired') {
        await this.outbox.record(tx, DOMAIN_EVENTS.foodExpired, { foodId: request.food_id }, [request.donor_id]);
      }
      return this.answers.storeWithin(tx, { message: 'Request cancelled successfully' });
    });
  }

  /** The donor hands the food over: the request ends fulfilled and counts towards the impact totals. */
  async fulfil(donor: AuthUser, requestId: number): Promise<FulfilResponse> {
    return this.db.transaction(async (tx) => {
      const request = await this.lockRequest(tx, requestId);
      if (request.donor_id !== donor.id) throw new ForbiddenException(ERRORS.requestForAnotherDonor);
      assertPending(request);
      await tx.query(`UPDATE pickup_requests SET status = 'fulfilled', updated_at = now() WHERE id = $1`, [requestId]);
      await this.outbox.record(tx, DOMAIN_EVENTS.requestFulfilled, { foodId: request.food_id, requestId }, [
        request.donor_id,
        request.charity_id,
      ]);
      return this.answers.storeWithin<FulfilResponse>(tx, { message: 'Donation marked as fulfilled', status: 'fulfilled' });
    });
  }

  async listForCharity(viewer: AuthUser, charityId: number): Promise<CharityRequestItem[]> {
    const isOwner = viewer.userType === 'charity' && viewer.id === charityId;
    if (!isOwner && viewer.userType !== 'operator') throw new ForbiddenException(ERRORS.ownRequestsOnly);
    // A donor's e-mail is for charities with a live (pending or fulfilled) request for the donor's food.
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
      [charityId, viewer.userType === 'operator'],
    );
    return rows.map((row) => ({ ...row, requestId: row.request_id, created_at: row.created_at.toISOString() }));
  }

  /** The charity holding an item's current request, for the item's donor. */
  async charityInfoForFood(viewer: AuthUser, foodId: number): Promise<CharityInfo[]> {
    const food = await this.findFood(foodId);
    if (food.donor_id !== viewer.id && viewer.userType !== 'operator') {
      throw new ForbiddenException(ERRORS.claimantForDonorOnly);
    }
    const rows = await this.db.query<CharityInfo[]>(
      `SELECT c.name, c.email
         FROM pickup_requests r JOIN users c ON c.id = r.charity_id
        WHERE r.food_id = $1 AND r.status IN ('pending', 'fulfilled')`,
      [foodId],
    );
    if (rows.length === 0) throw new NotFoundException(ERRORS.noClaimingCharity);
    return rows;
  }

  /** The item's current (pending or fulfilled) request, for its donor or the charity that made it. */
  async requestIdForFood(viewer: AuthUser, foodId: number): Promise<RequestIdResponse> {
    const food = await this.findFood(foodId);
    const [request] = await this.db.query<{ id: number; charity_id: number }[]>(
      `SELECT id, charity_id FROM pickup_requests WHERE food_id = $1 AND status IN ('pending', 'fulfilled')`,
      [foodId],
    );
    const entitled = food.donor_id === viewer.id || viewer.userType === 'operator';
    if (!entitled && request?.charity_id !== viewer.id) {
      throw new ForbiddenException(ERRORS.requestForPartiesOnly);
    }
    if (!request) throw new NotFoundException(ERRORS.noCurrentRequest);
    return { requestId: request.id };
  }

  async status(viewer: AuthUser, requestId: number): Promise<RequestStatusResponse> {
    const request = await this.findRequest(this.db.manager, requestId);
    assertParty(viewer, request);
    return { status: request.status };
  }

  /**
   * A donor's name and e-mail: for the donor, operators, and charities that asked for the donor's food.
   * The e-mail is for arranging a pickup: a charity whose requests for the donor's food are all
   * cancelled gets the name only (`email: null`), so its request list still loads.
   */
  async donorInfo(viewer: AuthUser, donorId: number): Promise<DonorInfoResponse> {
    let showEmail = true;
    if (viewer.userType === 'charity') {
      const [link] = await this.db.query<{ live: boolean }[]>(
        `SELECT bool_or(r.status IN ('pending', 'fulfilled')) AS live
           FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
          WHERE r.charity_id = $1 AND f.donor_id = $2
         HAVING count(*) > 0`,
        [viewer.id, donorId],
      );
      if (!link) throw new ForbiddenException(ERRORS.noRequestForDonor);
      showEmail = link.live;
    } else if (viewer.id !== donorId && viewer.userType !== 'operator') {
      throw new ForbiddenException(ERRORS.ownDetailsOnly);
    }
    const [donor] = await this.db.query<DonorInfoResponse[]>(
      `SELECT name, email FROM users WHERE id = $1 AND user_type = 'donor'`,
      [donorId],
    );
    if (!donor) throw new NotFoundException(ERRORS.donorNotFound);
    return showEmail ? donor : { name: donor.name, email: null };
  }

  private async findFood(foodId: number): Promise<{ donor_id: number }> {
    const [food] = await this.db.query<{ donor_id: number }[]>(`SELECT donor_id FROM food_items WHERE id = $1`, [foodId]);
    if (!food) throw new NotFoundException(ERRORS.foodNotFound);
    return food;
  }

  private async findRequest(manager: EntityManager, requestId: number, lock = false): Promise<RequestRow> {
    const [request] = await manager.query<RequestRow[]>(
      `SELECT r.id, r.food_id, r.charity_id, r.status, f.donor_id
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.id = $1 ${lock ? 'FOR UPDATE OF r, f' : ''}`,
      [requestId],
    );
    if (!request) throw new NotFoundException(ERRORS.requestNotFound);
    return request;
  }

  /** Locks the request and its item for the rest of the transaction, so two changes cannot interleave. */
  private lockRequest(tx: EntityManager, requestId: number): Promise<RequestRow> {
    return this.findRequest(tx, requestId, true);
  }

  /** Works out why an item could not be claimed: it does not exist (404) or is not on offer (409). */
  private async explainUnclaimable(foodId: number): Promise<never> {
    const [food] = await this.db.query<{ status: string; expired: boolean }[]>(
      `SELECT status, expiration_date < $2::date AS expired FROM food_items WHERE id = $1`,
      [foodId, cairoDate()],
    );
    if (!food) throw new NotFoundException(ERRORS.foodNotFound);
    if (food.status === 'expired' || food.expired) throw new ConflictException(ERRORS.foodExpired);
    throw alreadyClaimed();
  }
}

function alreadyClaimed(): ConflictException {
  return new ConflictException(ERRORS.foodAlreadyClaimed);
}

function assertPending(request: RequestRow): void {
  if (request.status !== 'pending') throw new ConflictException(ERRORS.requestNotPending(request.status));
}

function assertParty(viewer: AuthUser, request: RequestRow): void {
  const isParty = viewer.id === request.charity_id || viewer.id === request.donor_id;
  if (!isParty && viewer.userType !== 'operator') throw new ForbiddenException(ERRORS.requestNotYours);
}
