import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DOMAIN_EVENTS,
  LIMITS,
  mapUrl,
  type CharityInfo,
  type ClaimCancelCause,
  type CharityRequestItem,
  type FoodCategory,
  type FoodStatus,
  type GovernorateCode,
  type PickupDetails,
  type ReceivedBody,
  type ReceivedReport,
  type RequestStatus,
  type StorageKind,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedRows, returningRows } from '../common/sql';
import { actingAccount, type AuthUser } from '../auth/auth-user';
import type { MyPickup } from '@food-link/contracts';
import { outboxInsertFrom, sqlExpr, sqlInt } from '../outbox/outbox.repository';
import { ACTIVE_CLAIM_ORDER, claimListingSql, receivedReport, type ReceivedRow } from '../listings/food.repository';
import { offerVisibleSql } from '../listings/offer-visibility';

/**
 * A request with the item it concerns, as the ownership checks and the handover rules need it:
 * `window_start` is when the charity may come (the item's `pickup_from`, or the claim's time for a listing
 * without a window), `governorate` the item's pickup point's (null without one).
 */
export interface RequestRow {
  id: number;
  food_id: number;
  charity_id: number;
  donor_id: number;
  status: RequestStatus;
  pickup_code: string | null;
  collect_by: Date | null;
  window_start: Date;
  safe_until: Date;
  governorate: string | null;
  received_at: Date | null;
  ended_at: Date | null;
  /** Wrong pickup codes entered for the request so far. */
  wrong_codes: number;
  /** When the charity claimed it. */
  claimed_at: Date;
  /** The item's pickup point (an organisation's branch), and its name. */
  pickup_point_id: number | null;
  food_name: string;
  /** The charity's member assigned to collect it (docs/ORGANISATIONS.md), or null. */
  assignee_id: number | null;
  /** How many of the listing's units the claim holds (docs/DOMAIN-RULES.md, "Partial claims"). */
  quantity: number;
}

interface CharityRequestRow extends Omit<CharityRequestItem, 'requestId' | 'created_at' | 'pickup_from' | 'pickup_until' | 'safe_until' | 'received' | 'claimed_by' | 'assignee'> {
  created_at: Date;
  claimed_by: number | null;
  claimed_by_name: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  pickup_from: Date | null;
  pickup_until: Date | null;
  safe_until: Date;
  received_quantity: number | null;
  received_weight_kg: string | null;
  received_comment: string | null;
  received_at: Date | null;
}


interface PickupDetailsRow {
  request_id: number;
  food_id: number;
  status: RequestStatus;
  food_name: string;
  category: FoodCategory;
  storage: StorageKind;
  pickup_from: Date | null;
  pickup_until: Date | null;
  safe_until: Date;
  donor_id: number;
  charity_id: number;
  assignee_id: number | null;
  donor_name: string;
  charity_name: string;
  pickup_code: string | null;
  point_id: number | null;
  label: string;
  governorate: GovernorateCode;
  area: string;
  address_line: string;
  landmark: string | null;
  lat: number | null;
  lng: number | null;
  contact_name: string;
  contact_phone: string;
  notes: string | null;
}

/** The pickup details with who may see them; `pickup_code` is the caller's to withhold. */
export type PickupDetailsWithParties = PickupDetails & { donor_id: number; charity_id: number; assignee_id: number | null; pickup_point_id: number | null };


/** A RequestRow's columns, of `pickup_requests r JOIN food_items f`. */
const REQUEST_ROW_COLUMNS = `r.id, r.food_id, r.charity_id, r.status, r.pickup_code, r.received_at, r.ended_at, r.wrong_codes, r.created_at AS claimed_at,
              coalesce(r.collect_by, f.pickup_until, f.safe_until) AS collect_by,
              coalesce(f.pickup_from, r.created_at) AS window_start, f.safe_until, f.donor_id,
              (SELECT p.governorate FROM pickup_points p WHERE p.id = f.pickup_point_id) AS governorate,
              f.pickup_point_id, f.food_name, r.assignee_id, r.quantity`;


/** Why an item could not be claimed: its status, quantities, and whether it is past its time or for verified charities only. */
export interface OfferStateRow {
  status: FoodStatus;
  quantity: number;
  quantity_left: number;
  expired: boolean;
  verified_only: boolean;
}

/** The claim's one row: the new request, or none and whether the charity was at its limit. */
interface ClaimRow {
  request_id: number | null;
  at_limit: boolean;
}

/** What a claim did: the new request's id, or none; `atLimit` when the charity held its limit of pending claims. */
export interface ClaimOutcome {
  requestId?: number;
  atLimit: boolean;
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
 * The claim as one statement: the item's side is the listings owner's (claimListingSql, in
 * food.repository.ts), the request's and the event's are here. Its outbox row is the one `OutboxService.record` would write (id, type,
 * data, recipients: the donor and the charity); its payload is built from the contract's
 * `food.claimed` fields (outboxInsertFrom), so it cannot drift from them. $1 food id, $2 today in
 * Cairo, $3 charity id, $4 the new pickup code, $6 (under a key: $10) the quantity asked for (NULL: all that is left).
 *
 * Only an item still safe (`safe_until` ahead) is claimed; the request keeps when it must be collected by
 * (`collect_by`: the end of the window, or the end of the safe time without one). The item is found by its
 * primary key alone: its availability is one CASE, which no index can serve, because without statistics
 * (a fresh table; autovacuum off) the planner preferred the partial index of available items by safe time
 * and read every available item to find one (docs/PERFORMANCE.md, log of 2026-11-24, "claims: where the regression was").
 *
 * An item offered to the donor's partners alone (the offer cascade) is claimed only by one of them, and
 * the claim ends the cascade: the item's stage becomes `open`, so it returns to the open board if the
 * claim is cancelled, and its open-stage job finds nothing to do.
 *
 * The claim limit: the insert passes through the claim-limit trigger (migration 1764570000000), which
 * counts the slot on the charity's row under its lock and raises FLCLM when the charity already holds its
 * limit of pending requests; the whole statement, the item's change included, then rolls back. That stays
 * the rule, for simultaneous claims too. Before it, the statement reads the charity's row as of its
 * snapshot and does not touch the item of a charity that is at its limit there: such a refusal locks,
 * writes and rolls back nothing, and answers `at_limit` instead of raising (its item stays free for the
 * other claimants meanwhile).
 *
 * A withheld item (hidden by an operator, or its donor suspended) is not claimed, nor does a charity whose
 * account is suspended claim anything (`account_suspended`, which the trigger checks too; migration
 * 1764651100000): it is answered as at its limit, and the refusal says why. A donor who accepts
 * verified charities only (`users.claims_verified_only`) has its items claimed by verified charities
 * alone: one primary-key lookup of the donor's row, and of the charity's only for such a donor.
 *
 * Under an Idempotency-Key attempt (`underKey`) it first locks the attempt's key, claims nothing if a
 * retry has taken the key over, and stores the answer with the claim, so both commit together: $5 the
 * key, $6 the attempt, $7 the answer's status code, $8 its message.
 *
 * An organisation's member claims for its account (docs/ORGANISATIONS.md): $3 is the account, the member
 * who claimed ($5, or $9 under a key) is recorded as `claimed_by`, owns the attempt's key, and is the actor
 * of the organisation's `claimed` activity entry, written by the same statement.
 */
function claimSql(underKey: boolean): string {
  const member = underKey ? '$9::int' : '$5::int';
  const quantity = underKey ? '$10' : '$6';
  return `
  WITH ${
    underKey
      ? `idempotency_key AS (
    SELECT user_id, key FROM idempotency_keys
     WHERE user_id = ${member} AND key = $5 AND attempt = $6 AND status_code IS NULL
       FOR UPDATE
  ), `
      : ''
  }claimed AS (
    ${claimListingSql(underKey ? '\n       AND EXISTS (SELECT 1 FROM idempotency_key)' : '', quantity)}
  ), request AS (
    INSERT INTO pickup_requests (food_id, charity_id, pickup_code, collect_by, claimed_by, quantity)
    SELECT id, $3::int, $4::varchar, collect_by, ${member}, quantity FROM claimed
    RETURNING id, food_id
  ), activity AS (
    INSERT INTO organisation_activity (organisation_id, action, actor_id, subject, food_id, request_id, pickup_point_id)
    SELECT o.id, 'claimed', ${member}, left(f.food_name, 200), request.food_id, request.id, claimed.pickup_point_id
      FROM request CROSS JOIN claimed JOIN organisations o ON o.account_id = $3 JOIN food_items f ON f.id = request.food_id
  ), event AS (
    ${outboxInsertFrom(
      DOMAIN_EVENTS.foodClaimed,
      {
        foodId: sqlInt('request.food_id'),
        requestId: sqlInt('request.id'),
        governorate: sqlExpr<string | null>('point.governorate'),
        quantityLeft: sqlInt('claimed.quantity_left'),
      },
      sqlExpr<number[]>('ARRAY[claimed.donor_id, $3::int]'),
      'request CROSS JOIN claimed LEFT JOIN pickup_points point ON point.id = claimed.pickup_point_id',
    )}
  )${
    underKey
      ? `, answer AS (
    UPDATE idempotency_keys k
       SET status_code = $7, response = jsonb_build_object('message', $8::text, 'request_id', request.id, 'status', 'pending')
      FROM request, idempotency_key
     WHERE k.user_id = idempotency_key.user_id AND k.key = idempotency_key.key
  )`
      : ''
  }
  SELECT (SELECT id FROM request) AS request_id,
         NOT EXISTS (SELECT 1 FROM charities WHERE user_id = $3 AND active_claims < claim_limit AND NOT account_suspended) AS at_limit`;
}

const CLAIM_SQL = claimSql(false);
const IDEMPOTENT_CLAIM_SQL = claimSql(true);

/** `pickup_requests`: the claim, status changes, and the reads that join the item and the people. */
@Injectable()
export class RequestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Claims an item still on offer, safe and not past its date (`today` in Cairo) and records
   * `food.claimed`, in one statement that is its own transaction (a prepared statement: the claim is the
   * hot path); with `answer`, under an Idempotency-Key attempt whose answer it stores too. Resolves with the
   * new request's id, or without one when nothing was claimed: `atLimit` when the charity held its limit of
   * pending claims as the statement began, otherwise the item was not on offer. (A lost race on the partial
   * unique index rejects with its unique violation, a charity that reached its limit meanwhile with SQLSTATE
   * FLCLM: see isClaimLimitError.)
   */
  async claim(
    foodId: number,
    today: string,
    charityId: number,
    pickupCode: string,
    answer?: ClaimAnswer,
    claimedBy: number = charityId,
    quantity: number | null = null,
  ): Promise<ClaimOutcome> {
    const [row] = answer
      ? await preparedRows<ClaimRow>(this.db, 'claim-under-key', IDEMPOTENT_CLAIM_SQL, [
          foodId,
          today,
          charityId,
          pickupCode,
          answer.key,
          answer.attempt,
          answer.statusCode,
          answer.message,
          claimedBy,
          quantity,
        ])
      : await preparedRows<ClaimRow>(this.db, 'claim', CLAIM_SQL, [foodId, today, charityId, pickupCode, claimedBy, quantity]);
    return { requestId: row.request_id ?? undefined, atLimit: row.at_limit };
  }

  /**
   * Demo data: a request in a given state, as if its story had happened. A request that is no longer
   * pending has ended now (which reliability counts) unless `story.endedAt` says when.
   */
  async insertSeeded(
    tx: EntityManager,
    foodId: number,
    charityId: number,
    status: RequestStatus,
    story: { pickupCode?: string; endedAt?: Date; lateCancellation?: boolean; received?: ReceivedBody } = {},
  ): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO pickup_requests (food_id, charity_id, status, pickup_code, collect_by, ended_at, late_cancellation,
                                    received_quantity, received_weight_kg, received_comment, received_at)
       SELECT $1, $2, $3, $4, coalesce(f.pickup_until, f.safe_until),
              CASE WHEN $3::request_status <> 'pending' THEN coalesce($5::timestamptz, now()) END, $6,
              $7, $8, $9, CASE WHEN $10 THEN now() END
         FROM food_items f WHERE f.id = $1
       RETURNING id`,
      [
        foodId,
        charityId,
        status,
        story.pickupCode ?? null,
        story.endedAt ?? null,
        story.lateCancellation ?? false,
        story.received?.received_quantity ?? null,
        story.received?.received_weight_kg ?? null,
        story.received?.comment ?? null,
        story.received !== undefined,
      ],
    );
    return row.id;
  }

  /**
   * Ends a pending request: every status but pending ends it now (`ended_at`, which reliability counts by).
   * `cancelCause`: a cancellation the charity did not make (an operator's suspension of either account).
   * `noShowCounts`: for a no-show, whether it counts (recorded after the collect-by time).
   */
  async end(
    tx: EntityManager,
    requestId: number,
    status: Exclude<RequestStatus, 'pending'>,
    lateCancellation = false,
    cancelCause: ClaimCancelCause | null = null,
    noShowCounts = true,
  ): Promise<void> {
    await tx.query(
      `UPDATE pickup_requests SET status = $2, ended_at = now(), updated_at = now(), late_cancellation = $3, cancel_cause = $4, no_show_counts = $5
        WHERE id = $1`,
      [requestId, status, lateCancellation, cancelCause, noShowCounts],
    );
  }

  /**
   * Overturns a no-show (the caller holds the request's lock and has checked it is one): it no longer
   * counts toward reliability or suspension. Returns false when it was overturned already.
   */
  async overturnNoShow(tx: EntityManager, requestId: number, operatorId: number, reason: string): Promise<boolean> {
    const rows = await returningRows<{ id: number }>(
      tx,
      `UPDATE pickup_requests SET no_show_overturned_at = now(), no_show_overturned_by = $2, no_show_overturn_reason = $3, updated_at = now()
        WHERE id = $1 AND status = 'not_collected' AND no_show_overturned_at IS NULL
        RETURNING id`,
      [requestId, operatorId, reason],
    );
    return rows.length > 0;
  }

  /**
   * Ends every pending request of the item (partial claims: there may be several) as `status` (the donor
   * withdrew the item); returns them with their charities, earliest first. A fulfilled request is left alone.
   */
  async endPendingOf(tx: EntityManager, foodId: number, status: Exclude<RequestStatus, 'pending'>): Promise<{ request_id: number; charity_id: number }[]> {
    const ended = await returningRows<{ request_id: number; charity_id: number }>(
      tx,
      `UPDATE pickup_requests SET status = $2, ended_at = now(), updated_at = now()
        WHERE food_id = $1 AND status = 'pending'
        RETURNING id AS request_id, charity_id`,
      [foodId, status],
    );
    return ended.sort((x, y) => x.request_id - y.request_id);
  }

  /** Stores what the charity received (replacing an earlier report) and returns the report. */
  async saveReceived(tx: EntityManager, requestId: number, body: ReceivedBody): Promise<ReceivedReport> {
    const [row] = await returningRows<ReceivedRow>(
      tx,
      `UPDATE pickup_requests
          SET received_quantity = $2, received_weight_kg = $3, received_comment = $4,
              received_at = now(), updated_at = now()
        WHERE id = $1
        RETURNING received_quantity, received_weight_kg, received_comment, received_at`,
      [requestId, body.received_quantity ?? null, body.received_weight_kg ?? null, body.comment ?? null],
    );
    return receivedReport(row) as ReceivedReport;
  }

  /** When a pending request must be collected by, for scheduling its not-collected job; undefined when none is pending. */
  async pendingCollectBy(requestId: number): Promise<Date | undefined> {
    const [row] = await this.db.query<{ collect_by: Date | null }[]>(
      `SELECT coalesce(r.collect_by, f.pickup_until, f.safe_until) AS collect_by
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.id = $1 AND r.status = 'pending'`,
      [requestId],
    );
    return row?.collect_by ?? undefined;
  }

  /** Every pending request with its collect-by time, for scheduling their jobs again (a worker's start). */
  pendingCollectTimes(): Promise<{ id: number; collect_by: Date }[]> {
    return this.db.query<{ id: number; collect_by: Date }[]>(
      `SELECT r.id, coalesce(r.collect_by, f.pickup_until, f.safe_until) AS collect_by
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.status = 'pending'`,
    );
  }

  /** The pickup details of a request (the full pickup point, even one deleted since), with its parties. */
  async pickupDetails(requestId: number): Promise<PickupDetailsWithParties | undefined> {
    const [row] = await this.db.query<PickupDetailsRow[]>(
      `SELECT r.id AS request_id, r.food_id, r.status, r.pickup_code, r.charity_id, r.assignee_id,
              f.food_name, f.category, f.storage, f.pickup_from, f.pickup_until, f.safe_until, f.donor_id,
              d.name AS donor_name, c.name AS charity_name,
              p.id AS point_id, p.label, p.governorate, p.area, p.address_line, p.landmark, p.lat, p.lng,
              p.contact_name, p.contact_phone, p.notes
         FROM pickup_requests r
         JOIN food_items f ON f.id = r.food_id
         JOIN users d ON d.id = f.donor_id
         JOIN users c ON c.id = r.charity_id
         LEFT JOIN pickup_points p ON p.id = f.pickup_point_id AND p.erased_at IS NULL -- a deleted donor's point is erased: none
        WHERE r.id = $1`,
      [requestId],
    );
    if (!row) return undefined;
    const point =
      row.point_id === null
        ? null
        : {
            label: row.label,
            governorate: row.governorate,
            area: row.area,
            address_line: row.address_line,
            landmark: row.landmark,
            lat: row.lat,
            lng: row.lng,
            contact_name: row.contact_name,
            contact_phone: row.contact_phone,
            notes: row.notes,
            map_url: row.lat !== null && row.lng !== null ? mapUrl(row.lat, row.lng) : null,
          };
    return {
      request_id: row.request_id,
      food_id: row.food_id,
      status: row.status,
      food_name: row.food_name,
      category: row.category,
      storage: row.storage,
      pickup_from: row.pickup_from?.toISOString() ?? null,
      pickup_until: row.pickup_until?.toISOString() ?? null,
      safe_until: row.safe_until.toISOString(),
      serve_within_minutes: LIMITS.serveWithinMinutes,
      point,
      donor_name: row.donor_name,
      charity_name: row.charity_name,
      pickup_code: row.pickup_code,
      donor_id: row.donor_id,
      charity_id: row.charity_id,
      assignee_id: row.assignee_id,
      pickup_point_id: row.point_id,
    };
  }

  /**
   * Why an item could not be claimed by `charity`: its stored status and whether it is past its safe time
   * or date (`today` in Cairo), and whether its donor accepts verified charities only and this one is not;
   * undefined when there is no such item for that charity (offerVisibleSql).
   */
  async offerState(foodId: number, today: string, charity: AuthUser): Promise<OfferStateRow | undefined> {
    const parameters: unknown[] = [foodId, today];
    const param = (value: unknown) => `$${parameters.push(value)}`;
    const [food] = await this.db.query<OfferStateRow[]>(
      `SELECT f.status, f.quantity, f.quantity_left, (f.safe_until <= now() OR f.expiration_date < $2::date) AS expired,
              (d.claims_verified_only AND NOT EXISTS (
                 SELECT 1 FROM charities c WHERE c.user_id = ${param(actingAccount(charity))} AND c.verification_status = 'verified')) AS verified_only
         FROM food_items f JOIN users d ON d.id = f.donor_id WHERE f.id = $1 AND ${offerVisibleSql(charity, param)}`,
      parameters,
    );
    return food;
  }

  /** Whether the account is a charity's (and not deleted). */
  async isCharity(userId: number): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM charities c JOIN users u ON u.id = c.user_id WHERE c.user_id = $1 AND u.deleted_at IS NULL`, [userId]);
    return rows.length > 0;
  }

  /** The charity's record over the reliability period (the view charity_reliability); zeros without history. */
  async reliabilityCounts(charityId: number, manager: EntityManager = this.db.manager): Promise<{ completed: number; no_shows: number; late_cancellations: number }> {
    const [row] = await manager.query<{ completed: number; no_shows: number; late_cancellations: number }[]>(
      `SELECT completed, no_shows, late_cancellations FROM charity_reliability WHERE charity_id = $1`,
      [charityId],
    );
    return row ?? { completed: 0, no_shows: 0, late_cancellations: 0 };
  }

  /**
   * The charity's own cancellations (not an operator's) made within `minutes` of their claim, over the last
   * `hours`: quick ones, the signature of claiming to read an address.
   */
  async countQuickCancels(tx: EntityManager, charityId: number, minutes: number, hours: number): Promise<number> {
    const [row] = await tx.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM pickup_requests
        WHERE charity_id = $1 AND status = 'cancelled' AND cancel_cause IS NULL
          AND ended_at > now() - make_interval(hours => $3) AND ended_at - created_at < make_interval(mins => $2)`,
      [charityId, minutes, hours],
    );
    return row.count;
  }

  /** Counts one more wrong pickup code for a request the transaction has locked; the count now. */
  async countWrongCode(tx: EntityManager, requestId: number): Promise<number> {
    const [row] = await returningRows<{ wrong_codes: number }>(
      tx,
      `UPDATE pickup_requests SET wrong_codes = wrong_codes + 1 WHERE id = $1 RETURNING wrong_codes`,
      [requestId],
    );
    return row.wrong_codes;
  }

  /** The request with its item's donor; `lock` locks both for the rest of the transaction. */
  async find(requestId: number, manager: EntityManager = this.db.manager, lock = false): Promise<RequestRow | undefined> {
    const [request] = await manager.query<RequestRow[]>(
      `SELECT ${REQUEST_ROW_COLUMNS}
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.id = $1 ${lock ? 'FOR UPDATE OF r, f' : ''}`,
      [requestId],
    );
    return request;
  }

  /**
   * Every pending request a charity holds (`charityId`), or on a donor's listings (`donorId`), locked with
   * its item for the rest of the transaction, oldest first: what an account's suspension cancels.
   */
  lockPending(tx: EntityManager, whose: { charityId: number } | { donorId: number }): Promise<RequestRow[]> {
    const [condition, userId] = 'charityId' in whose ? ['r.charity_id = $1', whose.charityId] : ['f.donor_id = $1', whose.donorId];
    return tx.query<RequestRow[]>(
      `SELECT ${REQUEST_ROW_COLUMNS}
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE ${condition} AND r.status = 'pending'
        ORDER BY r.id
          FOR UPDATE OF r, f`,
      [userId],
    );
  }

  /**
   * A charity's requests, newest first, with each item, where and when to collect it, what the charity
   * reported it received, and its donor. A donor's e-mail is given only where the charity holds a live
   * (pending or fulfilled) request for the donor's food, or to operators (`everyEmail`); otherwise it is null.
   */
  /** `assignee`: only the requests assigned to this member (a volunteer's; docs/ORGANISATIONS.md). */
  async listForCharity(charityId: number, everyEmail: boolean, assignee: number | null = null): Promise<CharityRequestItem[]> {
    const rows = await this.db.query<CharityRequestRow[]>(
      `SELECT r.id AS request_id, r.food_id, r.status, r.created_at,
              f.food_name, f.quantity, r.quantity AS claimed_quantity, to_char(f.expiration_date, 'YYYY-MM-DD') AS expiration_date,
              p.governorate, p.area, f.pickup_from, f.pickup_until, f.safe_until, f.unit,
              r.received_quantity, r.received_weight_kg, r.received_comment, r.received_at,
              d.id AS donor_user_id, d.name,
              r.claimed_by, cb.name AS claimed_by_name, r.assignee_id, an.name AS assignee_name,
              CASE WHEN $2 OR d.id IN (SELECT lf.donor_id
                                         FROM pickup_requests lr JOIN food_items lf ON lf.id = lr.food_id
                                        WHERE lr.charity_id = $1 AND lr.status IN ('pending', 'fulfilled'))
                   THEN d.email END AS email
         FROM pickup_requests r
         JOIN food_items f ON f.id = r.food_id
         JOIN users d ON d.id = f.donor_id
         LEFT JOIN pickup_points p ON p.id = f.pickup_point_id
         LEFT JOIN users cb ON cb.id = r.claimed_by
         LEFT JOIN users an ON an.id = r.assignee_id
        WHERE r.charity_id = $1 AND ($3::int IS NULL OR r.assignee_id = $3)
        ORDER BY r.created_at DESC, r.id DESC`,
      [charityId, everyEmail, assignee],
    );
    return rows.map(({ received_quantity, received_weight_kg, received_comment, received_at, claimed_by, claimed_by_name, assignee_id, assignee_name, ...row }) => ({
      ...row,
      // The members who acted (docs/ORGANISATIONS.md), left out when not recorded (claims from before
      // organisations) or nobody is assigned: the specification's answer stays as it was for them.
      ...(claimed_by !== null ? { claimed_by: { user_id: claimed_by, name: claimed_by_name ?? '' } } : {}),
      ...(assignee_id !== null ? { assignee: { user_id: assignee_id, name: assignee_name ?? '' } } : {}),
      requestId: row.request_id,
      created_at: row.created_at.toISOString(),
      pickup_from: row.pickup_from?.toISOString() ?? null,
      pickup_until: row.pickup_until?.toISOString() ?? null,
      safe_until: row.safe_until.toISOString(),
      received: receivedReport({ received_quantity, received_weight_kg, received_comment, received_at }),
    }));
  }

  /** Assigns the request to a member of its charity, or unassigns it (null). */
  async setAssignee(tx: EntityManager, requestId: number, assigneeId: number | null): Promise<void> {
    await tx.query(`UPDATE pickup_requests SET assignee_id = $2, updated_at = now() WHERE id = $1`, [requestId, assigneeId]);
  }

  /** Records the donor's member who confirmed the handover (docs/ORGANISATIONS.md). */
  async setCollectedBy(tx: EntityManager, requestId: number, memberId: number): Promise<void> {
    await tx.query(`UPDATE pickup_requests SET collected_by = $2 WHERE id = $1`, [requestId, memberId]);
  }

  /** A member's name, for an assignment's answer. */
  async memberName(userId: number, manager: EntityManager = this.db.manager): Promise<string | undefined> {
    const [row] = await manager.query<{ name: string }[]>(`SELECT name FROM users WHERE id = $1`, [userId]);
    return row?.name;
  }

  /**
   * The pending and fulfilled claims assigned to a member, soonest window first, with what they need to
   * collect them: the address, the branch's phone and the pickup code.
   */
  async assignedTo(assigneeId: number): Promise<MyPickup[]> {
    const rows = await this.db.query<
      {
        request_id: number;
        food_id: number;
        food_name: string;
        quantity: number;
        status: string;
        pickup_code: string | null;
        donor_name: string;
        address_line: string | null;
        area: string | null;
        phone: string | null;
        window_start: Date | null;
        window_end: Date | null;
        unit: MyPickup['unit'];
        received_quantity: number | null;
        received_weight_kg: string | null;
        received_comment: string | null;
        received_at: Date | null;
      }[]
    >(
      `SELECT r.id AS request_id, r.food_id, f.food_name, r.quantity, f.unit, r.status::text AS status, r.pickup_code, d.name AS donor_name,
              r.received_quantity, r.received_weight_kg, r.received_comment, r.received_at,
              p.address_line, p.area, p.contact_phone AS phone, f.pickup_from AS window_start, coalesce(r.collect_by, f.pickup_until) AS window_end
         FROM pickup_requests r
         JOIN food_items f ON f.id = r.food_id
         JOIN users d ON d.id = f.donor_id
         LEFT JOIN pickup_points p ON p.id = f.pickup_point_id AND p.erased_at IS NULL
        WHERE r.assignee_id = $1 AND r.status IN ('pending', 'fulfilled')
        ORDER BY r.status = 'fulfilled', coalesce(f.pickup_from, r.created_at), r.id
        LIMIT 200`,
      [assigneeId],
    );
    return rows.map((row) => ({
      request_id: row.request_id,
      food_id: row.food_id,
      food_name: row.food_name,
      quantity: row.quantity,
      status: row.status,
      pickup_code: row.pickup_code ?? '',
      donor_name: row.donor_name,
      address: row.address_line ? `${row.address_line}, ${row.area}` : '',
      phone: row.phone,
      window_start: row.window_start?.toISOString() ?? null,
      window_end: row.window_end?.toISOString() ?? null,
      unit: row.unit,
      received: receivedReport(row),
    }));
  }

  /**
   * Every charity holding an active (pending or fulfilled) claim of the item (partial claims: there may be
   * several), each once, in ACTIVE_CLAIM_ORDER of its first such claim: the first is the one
   * currentForFood answers.
   */
  currentCharities(foodId: number): Promise<CharityInfo[]> {
    return this.db.query<CharityInfo[]>(
      `SELECT c.name, c.email
         FROM (SELECT DISTINCT ON (r.charity_id) r.charity_id, r.status, r.created_at, r.id
                 FROM pickup_requests r
                WHERE r.food_id = $1 AND r.status IN ('pending', 'fulfilled')
                ORDER BY r.charity_id, ${ACTIVE_CLAIM_ORDER}) r
         JOIN users c ON c.id = r.charity_id
        ORDER BY ${ACTIVE_CLAIM_ORDER}`,
      [foodId],
    );
  }

  /**
   * The item's earliest active request (ACTIVE_CLAIM_ORDER: the earliest pending one, else the earliest
   * fulfilled one); with `charityId`, that charity's.
   */
  async currentForFood(foodId: number, charityId: number | null = null): Promise<{ id: number; charity_id: number } | undefined> {
    const [request] = await this.db.query<{ id: number; charity_id: number }[]>(
      `SELECT r.id, r.charity_id FROM pickup_requests r
        WHERE r.food_id = $1 AND r.status IN ('pending', 'fulfilled') AND ($2::int IS NULL OR r.charity_id = $2)
        ORDER BY ${ACTIVE_CLAIM_ORDER} LIMIT 1`,
      [foodId, charityId],
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
