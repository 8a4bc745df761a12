import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  endOfCairoDay,
  reliabilityScore,
  type AddedFoodItem,
  type Allergen,
  type BoardWindow,
  type DonorItemClaim,
  type DonorItemRequest,
  type DonorFoodItem,
  type FoodCategory,
  type FoodItemView,
  type FoodStatus,
  type FoodUnit,
  type GovernorateCode,
  type OfferStage,
  type ReceivedReport,
  type RequestStatus,
  type StorageKind,
} from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { offerVisibleSql, type OfferState } from './offer-visibility';
import { DataSource, type EntityManager } from 'typeorm';
import { haversineKmSql, returningRows } from '../common/sql';
import { openListingSql } from '../common/listing-predicates';

/**
 * A request's received report, as `pickup_requests` holds it. It, the report's mapping and the donor's view
 * of a request below are read by the donor's list here and by the claims owner (handover/requests.repository.ts),
 * which lies above this folder (docs/CONTRIBUTING.md, "Folders and their layers").
 */
export interface ReceivedRow {
  received_quantity: number | null;
  received_weight_kg: string | null;
  received_comment: string | null;
  received_at: Date | null;
}

/** What the charity reported it received, or null before it has (numeric columns arrive as text). */
export function receivedReport(row: ReceivedRow): ReceivedReport | null {
  if (!row.received_at) return null;
  return {
    received_quantity: row.received_quantity,
    received_weight_kg: row.received_weight_kg === null ? null : Number(row.received_weight_kg),
    comment: row.received_comment,
    received_at: row.received_at.toISOString(),
  };
}

/**
 * For the donor's list (`FoodRepository.donorItems`), which shows each item's current request with its
 * charity's reliability and what it reported it received, in its one query: add `DONOR_REQUEST_JOIN` after
 * the join of the request as `r`, select `DONOR_REQUEST_COLUMNS`, and map the row with
 * `donorRequestExtras`. The reliability view is filtered by the charity inside the lateral join, so only
 * that charity's requests of the period are counted (index pickup_requests_ended_idx).
 */
export const DONOR_REQUEST_JOIN = `LEFT JOIN LATERAL (
    SELECT rel.completed, rel.no_shows, rel.late_cancellations FROM charity_reliability rel WHERE rel.charity_id = r.charity_id
  ) rel ON true`;
export const DONOR_REQUEST_COLUMNS = `r.charity_id AS charity_user_id,
  EXISTS (SELECT 1 FROM charities vc WHERE vc.user_id = r.charity_id AND vc.verification_status = 'verified') AS charity_verified,
  coalesce(rel.completed, 0) AS reliability_completed, coalesce(rel.no_shows, 0) AS reliability_no_shows,
  coalesce(rel.late_cancellations, 0) AS reliability_late_cancellations,
  r.received_quantity, r.received_weight_kg, r.received_comment, r.received_at,
  coalesce((SELECT cp.phone FROM charity_profiles cp WHERE cp.user_id = r.charity_id),
           (SELECT m.phone FROM messaging_phones m WHERE m.user_id = r.charity_id AND m.verified_at IS NOT NULL)) AS charity_phone`;

/** The row of DONOR_REQUEST_COLUMNS. */
export interface DonorRequestRow extends ReceivedRow {
  charity_user_id: number;
  charity_verified: boolean;
  /** The charity's phone: its profile's, else its verified phone (as donationFacts tells the donor); null: none. */
  charity_phone: string | null;
  reliability_completed: number;
  reliability_no_shows: number;
  reliability_late_cancellations: number;
}

/** What DonorItemRequest adds to the spec's request fields, from a DonorRequestRow. */
export function donorRequestExtras(row: DonorRequestRow): Pick<DonorItemRequest, 'charity_user_id' | 'charity_verified' | 'charity_phone' | 'reliability' | 'received'> {
  const counts = {
    completed: row.reliability_completed,
    no_shows: row.reliability_no_shows,
    late_cancellations: row.reliability_late_cancellations,
  };
  return {
    charity_user_id: row.charity_user_id,
    charity_verified: row.charity_verified,
    charity_phone: row.charity_phone,
    reliability: { ...counts, score: reliabilityScore(counts) },
    received: receivedReport(row),
  };
}

/**
 * The item's side of the claim, for the claim's one statement (RequestsRepository.claim composes it as
 * its `claimed` CTE, so the claim stays one round trip while only this file writes `food_items`): $1 food
 * id, $2 today in Cairo, $3 charity id, `quantityParam` the quantity asked for (NULL: all that is left);
 * `extraCondition` is appended to its WHERE (the claim under an Idempotency-Key adds its key's lock). An
 * item still open (openListingSql), not past its date, offered to this charity (the open stage, or one of
 * the donor's partners), with at least the quantity asked for left and, for a donor who accepts verified
 * charities only, claimed by a verified one, gives up that quantity (docs/DOMAIN-RULES.md, "Partial
 * claims"): it stays `available` while anything is left, becomes `claimed` at 0, and leaves the cascade
 * (`open`); nothing is touched for a charity at its limit or suspended.
 *
 * Simultaneous claims never take more than there is: the `item` subquery locks the row (FOR UPDATE
 * re-reads it after waiting, so it sees what the claims before it left), and the UPDATE's condition
 * `quantity_left >= n` is checked again on that latest row; the CHECK (quantity_left >= 0) backs it up.
 * The subquery is also what tells the claim "all that is left" (RETURNING sees only the new row). The
 * item is found by its primary key alone: its availability is one CASE, which no index can serve
 * (docs/PERFORMANCE.md, log of 2026-11-24, "claims: where the regression was"). Returns the item's id,
 * donor, pickup point, when it must be collected by, the quantity claimed and what is left.
 */
export function claimListingSql(extraCondition = '', quantityParam = 'NULL'): string {
  const take = `coalesce(${quantityParam}::int, item.quantity_left)`;
  return `UPDATE food_items SET quantity_left = food_items.quantity_left - ${take},
                        status = CASE WHEN food_items.quantity_left - ${take} = 0 THEN 'claimed' ELSE 'available' END::food_status,
                        offer_stage = 'open', updated_at = now()
      FROM (SELECT id, quantity_left FROM food_items
             WHERE id = $1 AND EXISTS (SELECT 1 FROM charities WHERE user_id = $3 AND active_claims < claim_limit AND NOT account_suspended)
               FOR UPDATE) item
     WHERE food_items.id = item.id
       AND CASE WHEN food_items.status = 'available'
                THEN food_items.expiration_date >= $2::date AND ${openListingSql('food_items')}
                     AND (food_items.offer_stage = 'open' OR food_items.offer_partner_ids @> ARRAY[$3::int])
                     AND (NOT EXISTS (SELECT 1 FROM users d WHERE d.id = food_items.donor_id AND d.claims_verified_only)
                          OR EXISTS (SELECT 1 FROM charities WHERE user_id = $3 AND verification_status = 'verified'))
                ELSE false END
       AND item.quantity_left > 0 AND food_items.quantity_left >= ${take}
       AND EXISTS (SELECT 1 FROM charities WHERE user_id = $3 AND active_claims < claim_limit AND NOT account_suspended)${extraCondition}
     RETURNING food_items.id, food_items.donor_id, food_items.pickup_point_id,
               coalesce(food_items.pickup_until, food_items.safe_until) AS collect_by,
               ${take} AS quantity, food_items.quantity_left`;
}

/**
 * The order of an item's active claims (`pickup_requests r`) for the spec's calls and the donor's card,
 * whose clients act on the first: pending ones before fulfilled ones (the first is the one Donate can still
 * act on), each earliest first (docs/DOMAIN-RULES.md, "Partial claims").
 */
export const ACTIVE_CLAIM_ORDER = `r.status <> 'pending', r.created_at, r.id`;

/** How the item leaves a claim that ended: back on the board as it was, or relisted from now on. */
export type Release = 'as-listed' | 'from-now';

/** The item once a claim's quantity is given back: its status and what is left of it. */
export interface Released {
  status: FoodStatus;
  quantity_left: number;
}

/** A listing whose state changed with its donor's account (suspension, reinstatement, deletion), for its events. */
export interface AffectedListing extends OfferState {
  id: number;
  governorate: string | null;
}

/**
 * Where every food view reads from: the item, its pickup point (for governorate and area only) and its
 * photos (names in position order, aggregated per item).
 */
export const FOOD_VIEW_FROM = `food_items f
  LEFT JOIN pickup_points p ON p.id = f.pickup_point_id
  LEFT JOIN LATERAL (
    SELECT array_agg(ph.name ORDER BY ph.position) AS photo_names,
           array_agg(ph.thumbnail_name ORDER BY ph.position) AS thumbnail_names
      FROM food_photos ph WHERE ph.food_id = f.id
  ) ph ON true`;

/**
 * The columns every food view reads, from FOOD_VIEW_FROM. `$1` is the instant the view is taken at (a
 * timestamptz): `status` reports an available item whose safe time has passed by then as expired, before
 * the expiry job marks it. Of the pickup point only governorate and area are read: the address, landmark,
 * position and phone never reach a public view. (Exported for tools/bench/http.mjs, which runs the
 * board's query against PostgreSQL directly for comparison.)
 */
export const FOOD_VIEW_COLUMNS = `
  f.id, f.donor_id, f.food_name, f.quantity, f.quantity_left, f.description,
  to_char(f.expiration_date, 'YYYY-MM-DD') AS expiration_date,
  CASE WHEN f.status = 'available' AND f.safe_until <= $1::timestamptz THEN 'expired' ELSE f.status::text END AS status,
  p.governorate, p.area, f.pickup_from, f.pickup_until, f.safe_until,
  f.category::text AS category, f.storage::text AS storage, f.unit::text AS unit,
  f.weight_kg::float8 AS weight_kg, f.allergens, f.pickup_point_id, f.prepared_at,
  f.offer_stage, f.offer_partner_ids, f.offer_open_at, f.withheld, f.hidden_reason,
  ph.photo_names, ph.thumbnail_names`;

/** An item's offer, locked for the cascade's next step. */
export interface LockedOffer {
  offer_stage: OfferStage;
  offer_open_at: Date | null;
  offer_partner_ids: number[];
  offer_waitlist: number[];
  status: FoodStatus;
  safe: boolean;
  withheld: boolean;
}

/** A listing's place in the cascade when it is made. */
export interface NewOffer {
  stage: OfferStage;
  partnerIds: number[];
  openAt: Date | null;
  /** A standing offer's charities still to be asked after `partnerIds`, in order (docs/DOMAIN-RULES.md, "Standing collections"). */
  waitlist?: number[];
}

export interface FoodRow {
  id: number;
  donor_id: number;
  food_name: string;
  quantity: number;
  quantity_left: number;
  description: string;
  expiration_date: string;
  status: FoodStatus;
  governorate: GovernorateCode | null;
  area: string | null;
  pickup_from: Date | null;
  pickup_until: Date | null;
  safe_until: Date;
  category: FoodCategory;
  storage: StorageKind;
  unit: FoodUnit;
  weight_kg: number | null;
  allergens: Allergen[];
  pickup_point_id: number | null;
  prepared_at: Date | null;
  offer_stage: OfferStage;
  offer_partner_ids: number[];
  offer_open_at: Date | null;
  /** Hidden by an operator or its donor suspended: off every public read (offerVisibleSql). */
  withheld: boolean;
  /** The operator's reason when hidden (its donor sees it), else null. */
  hidden_reason: string | null;
  photo_names: string[] | null;
  thumbnail_names: string[] | null;
  distance_km?: number | null;
}

/** An item with its holding request's columns (null without one) and DONOR_REQUEST_COLUMNS. */
type DonorFoodRow = FoodRow &
  DonorRequestRow & {
    created_at: Date;
    request_id: number | null;
    request_status: RequestStatus | null;
    request_quantity: number | null;
    /** Every claim of the item (DonorItemClaim), `created_at` as jsonb gives it. */
    claims: DonorItemClaim[];
    charity_name: string | null;
    charity_email: string | null;
    /** The member who listed it and their name (docs/ORGANISATIONS.md); null for rows from before organisations. */
    listed_by: number | null;
    listed_by_name: string | null;
  };

/** What the stored listing holds, for editing it: every field a donor may change, as stored. */
export type StoredListing = Omit<ListingColumns, 'safe_until'> & OfferState & {
  id: number;
  /** What is not claimed of `quantity` (docs/DOMAIN-RULES.md, "Partial claims"). */
  quantity_left: number;
  status: FoodStatus;
  safe: boolean;
  created_at: Date;
  governorate: GovernorateCode | null;
};

/** A listing as stored: every column a donor's listing (new or edited) writes, `safe_until` computed. */
export interface ListingColumns {
  food_name: string;
  quantity: number;
  description: string;
  expiration_date: string;
  pickup_point_id: number | null;
  pickup_from: Date | null;
  pickup_until: Date | null;
  category: FoodCategory;
  storage: StorageKind;
  prepared_at: Date | null;
  unit: FoodUnit;
  weight_kg: number | null;
  allergens: readonly Allergen[];
  safe_until: Date;
}

/** The board's filters (GET /api/available), parsed. */
export interface BoardQuery {
  limit: number;
  offset: number;
  governorate?: GovernorateCode;
  category?: FoodCategory;
  storage?: StorageKind;
  near?: { lat: number; lng: number };
  window?: BoardWindow;
}

/** Where a photo is served: `/api/photos/<name>` (apps/api/src/photos). */
export const photoUrl = (name: string) => `/api/photos/${name}`;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A food item as everyone sees it (and as `food.listed` and `food.updated` carry it). */
export function publicFoodView(row: FoodRow): FoodItemView {
  const view: FoodItemView = {
    id: row.id,
    food_id: row.id,
    food_name: row.food_name,
    quantity: row.quantity,
    quantity_left: row.quantity_left,
    description: row.description,
    expiration_date: row.expiration_date,
    status: row.status,
    governorate: row.governorate,
    area: row.area,
    pickup_from: iso(row.pickup_from),
    pickup_until: iso(row.pickup_until),
    safe_until: row.safe_until.toISOString(),
    category: row.category,
    storage: row.storage,
    unit: row.unit,
    weight_kg: row.weight_kg,
    allergens: row.allergens,
    photo_urls: (row.photo_names ?? []).map(photoUrl),
    thumbnail_urls: (row.thumbnail_names ?? []).map(photoUrl),
  };
  // Only a `near` query measures distances; other answers leave the field out.
  if (row.distance_km !== undefined) view.distance_km = row.distance_km;
  return view;
}

/** A food item as its donor sees it. */
export function ownerFoodView(row: FoodRow): AddedFoodItem {
  return {
    ...publicFoodView(row),
    user_id: row.donor_id,
    pickup_point_id: row.pickup_point_id,
    prepared_at: iso(row.prepared_at),
    offer_stage: row.offer_stage,
    offer_open_at: iso(row.offer_open_at),
    offer_partner_ids: row.offer_partner_ids,
  };
}

function donorFoodItem(row: DonorFoodRow): DonorFoodItem {
  return {
    ...ownerFoodView(row),
    created_at: row.created_at.toISOString(),
    photo_count: row.photo_names?.length ?? 0,
    hidden_reason: row.hidden_reason,
    claims: row.claims.map((claim) => ({ ...claim, created_at: new Date(claim.created_at).toISOString() })),
    // Left out, not null, when not recorded (listings from before organisations).
    ...(row.listed_by !== null ? { listed_by: { user_id: row.listed_by, name: row.listed_by_name ?? '' } } : {}),
    request:
      row.request_id === null
        ? null
        : {
            request_id: row.request_id,
            status: row.request_status as RequestStatus,
            quantity: row.request_quantity as number,
            name: row.charity_name as string,
            email: row.charity_email as string,
            ...donorRequestExtras(row),
          },
  };
}

/** Haversine distance (km, Earth radius 6,371 km, two decimals) from `$lat,$lng` to the pickup point; NULL without a position. */
function distanceSql(lat: string, lng: string): string {
  // CASE first: least() ignores NULLs, so without it a point without a position would be half the globe away.
  return `CASE WHEN p.lat IS NOT NULL AND p.lng IS NOT NULL THEN round(${haversineKmSql(lat, lng, 'p.lat', 'p.lng')}::numeric, 2)::float8 END`;
}

/**
 * The board's statement and its parameters for `query` as of `asOf`: available items safe beyond `asOf`
 * and on the open board (plus, with `offeredTo`, those offered to that partner charity alone), filtered; by default soonest expiry first, with `near` nearest first (items without a position last).
 * `window=now` keeps items whose window (if any) has opened by `asOf` and not ended by then; `today`
 * those whose window opens before the next midnight in Cairo. The read cache passes the start of the
 * next minute as `asOf` (food-read-cache.ts), so a window opening within the current minute
 * already counts as open.
 * (Exported for tools/bench/http.mjs, which runs the same SQL against PostgreSQL directly.)
 */
export function boardStatement(query: BoardQuery, asOf: Date, offeredTo?: number): { sql: string; parameters: unknown[] } {
  const parameters: unknown[] = [asOf.toISOString()];
  const param = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  const where = [openListingSql('f', '$1::timestamptz')];
  // The open board; a partner charity's board also lists what is offered to it alone (offer cascade).
  where.push(offeredTo === undefined ? `f.offer_stage = 'open'` : `(f.offer_stage = 'open' OR f.offer_partner_ids @> ARRAY[${param(offeredTo)}::int])`);
  if (query.governorate) where.push(`p.governorate = ${param(query.governorate)}`);
  if (query.category) where.push(`f.category = ${param(query.category)}::food_category`);
  if (query.storage) where.push(`f.storage = ${param(query.storage)}::storage_kind`);
  if (query.window === 'now') {
    where.push(`(f.pickup_from IS NULL OR f.pickup_from <= $1::timestamptz)`, `(f.pickup_until IS NULL OR f.pickup_until > $1::timestamptz)`);
  } else if (query.window === 'today') {
    where.push(`COALESCE(f.pickup_from, $1::timestamptz) < ${param(endOfCairoDay(cairoDate(asOf)).toISOString())}::timestamptz`);
  }
  let distance = '';
  let order = 'f.expiration_date, f.id';
  if (query.near) {
    const lat = `${param(query.near.lat)}::float8`;
    const lng = `${param(query.near.lng)}::float8`;
    distance = `, ${distanceSql(lat, lng)} AS distance_km`;
    order = `distance_km NULLS LAST, f.expiration_date, f.id`;
  }
  const sql = `SELECT ${FOOD_VIEW_COLUMNS}${distance}
         FROM ${FOOD_VIEW_FROM}
        WHERE ${where.join(' AND ')}
        ORDER BY ${order}
        LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`;
  return { sql, parameters };
}

const LISTING_COLUMNS = `food_name, quantity, description, expiration_date, pickup_point_id, pickup_from, pickup_until,
  category, storage, prepared_at, unit, weight_kg, allergens, safe_until`;
/** LISTING_COLUMNS one by one, in listingValues' order. */
const LISTING_COLUMN_NAMES = LISTING_COLUMNS.split(',').map((column) => column.trim());
/** What insertMany writes of each new listing besides its id and donor. */
const NEW_ROW_COLUMNS = [...LISTING_COLUMN_NAMES, 'offer_stage', 'offer_partner_ids', 'offer_open_at', 'offer_waitlist'];

function listingValues(item: ListingColumns): unknown[] {
  return [
    item.food_name,
    item.quantity,
    item.description,
    item.expiration_date,
    item.pickup_point_id,
    item.pickup_from,
    item.pickup_until,
    item.category,
    item.storage,
    item.prepared_at,
    item.unit,
    item.weight_kg,
    [...item.allergens],
    item.safe_until,
  ];
}

/**
 * `food_items`: the column list and the row → view mapping of every food read, and the statements that
 * change an item's status. Every method takes the caller's transaction when it has one.
 */
@Injectable()
export class FoodRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A new listing at its first stage of the offer cascade; returns its row as every view reads it. */
  /** A new listing of account `donorId`; `listedBy` is the member who listed it (docs/ORGANISATIONS.md). */
  async insert(tx: EntityManager, donorId: number, item: ListingColumns, offer: NewOffer, listedBy: number | null = null): Promise<FoodRow> {
    const [food] = await tx.query<{ id: number }[]>(
      `INSERT INTO food_items (donor_id, ${LISTING_COLUMNS}, offer_stage, offer_partner_ids, offer_open_at, offer_waitlist, listed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id`,
      [donorId, ...listingValues(item), offer.stage, offer.partnerIds, offer.openAt, offer.waitlist ?? [], listedBy],
    );
    return (await this.find(food.id, new Date(), tx)) as FoodRow;
  }

  /**
   * Many new listings in one statement (a batch of standing collections' days, SchedulesService), each of
   * account `donorId` at its first stage of the offer cascade, listed by nobody in particular; returns
   * their rows as every view reads them, in the order given. The rows travel as one JSON parameter read
   * with the table's own row type, and their ids are drawn before the insert so that each row's id is
   * known (a RETURNING clause promises no order).
   */
  async insertMany(tx: EntityManager, items: readonly { donorId: number; listing: ListingColumns; offer: NewOffer }[]): Promise<FoodRow[]> {
    if (items.length === 0) return [];
    const rows = items.map(({ donorId, listing, offer }) => {
      const values = listingValues(listing);
      return {
        donor_id: donorId,
        ...Object.fromEntries(LISTING_COLUMN_NAMES.map((column, index) => [column, values[index]])),
        offer_stage: offer.stage,
        offer_partner_ids: offer.partnerIds,
        offer_open_at: offer.openAt,
        offer_waitlist: offer.waitlist ?? [],
      };
    });
    const added = await tx.query<{ id: number; position: string }[]>(
      `WITH wanted AS MATERIALIZED (
         SELECT nextval(pg_get_serial_sequence('food_items', 'id'))::int AS new_id, r.ordinality,
                r.donor_id, ${NEW_ROW_COLUMNS.map((column) => `r.${column}`).join(', ')}
           FROM jsonb_populate_recordset(NULL::food_items, $1::jsonb) WITH ORDINALITY AS r
       ), added AS (
         INSERT INTO food_items (id, donor_id, ${NEW_ROW_COLUMNS.join(', ')})
         OVERRIDING SYSTEM VALUE
         SELECT new_id, donor_id, ${NEW_ROW_COLUMNS.join(', ')} FROM wanted
       )
       SELECT new_id AS id, ordinality AS position FROM wanted`,
      [JSON.stringify(rows)],
    );
    const ids = added.sort((a, b) => Number(a.position) - Number(b.position)).map((row) => row.id);
    const views = new Map((await tx.query<FoodRow[]>(`SELECT ${FOOD_VIEW_COLUMNS} FROM ${FOOD_VIEW_FROM} WHERE f.id = ANY($2::int[])`, [new Date().toISOString(), ids])).map((row) => [row.id, row]));
    return ids.map((id) => views.get(id) as FoodRow);
  }

  /** An edited listing: every listing column replaced; returns its row as every view reads it. */
  async update(tx: EntityManager, foodId: number, item: ListingColumns): Promise<FoodRow> {
    await tx.query(
      // What is claimed stays claimed: the quantity left moves with the quantity (FoodService.update checks it stays positive).
      `UPDATE food_items SET (${LISTING_COLUMNS}) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15),
              quantity_left = quantity_left + $3 - quantity, updated_at = now()
        WHERE id = $1`,
      [foodId, ...listingValues(item)],
    );
    return (await this.find(foodId, new Date(), tx)) as FoodRow;
  }

  /** Demo data: an item in a given state, as if its story had happened. */
  async insertSeeded(tx: EntityManager, donorId: number, item: ListingColumns, status: FoodStatus, createdAt: Date): Promise<number> {
    const [food] = await tx.query<{ id: number }[]>(
      `INSERT INTO food_items (donor_id, ${LISTING_COLUMNS}, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) RETURNING id`,
      [donorId, ...listingValues(item), status, createdAt],
    );
    return food.id;
  }

  /**
   * The listing with its stored fields, locked for the rest of the transaction (editing or withdrawing
   * it); `safe` is false once its safe time has passed. Undefined when there is no such item.
   */
  async lockListing(tx: EntityManager, foodId: number): Promise<StoredListing | undefined> {
    const [row] = await tx.query<StoredListing[]>(
      `SELECT f.id, f.donor_id, f.status, f.safe_until > now() AS safe, f.created_at,
              f.food_name, f.quantity, f.quantity_left, f.description, to_char(f.expiration_date, 'YYYY-MM-DD') AS expiration_date,
              f.pickup_point_id, f.pickup_from, f.pickup_until, f.category::text AS category, f.storage::text AS storage,
              f.prepared_at, f.unit::text AS unit, f.weight_kg::float8 AS weight_kg, f.allergens,
              f.offer_stage, f.offer_partner_ids,
              (SELECT p.governorate FROM pickup_points p WHERE p.id = f.pickup_point_id) AS governorate
         FROM food_items f WHERE f.id = $1 FOR UPDATE`,
      [foodId],
    );
    return row;
  }

  /** Withdraws a locked item (its pending request, if any, is the claims owner's to end: HandoverService.endWithdrawn). */
  async markWithdrawn(tx: EntityManager, foodId: number): Promise<void> {
    await tx.query(`UPDATE food_items SET status = 'withdrawn', updated_at = now() WHERE id = $1`, [foodId]);
  }

  /** The requests holding an item (pending or fulfilled; partial claims: there may be several), locked, earliest first. */
  lockHoldingRequests(tx: EntityManager, foodId: number): Promise<{ id: number; status: RequestStatus }[]> {
    return tx.query<{ id: number; status: RequestStatus }[]>(
      `SELECT id, status FROM pickup_requests WHERE food_id = $1 AND status IN ('pending', 'fulfilled') ORDER BY created_at, id FOR UPDATE`,
      [foodId],
    );
  }

  /**
   * Marks available food whose safe time has passed as expired (an indexed query on
   * food_items_safe_until_idx); returns the items with their governorate, for the events.
   */
  expireUnsafe(tx: EntityManager): Promise<(OfferState & { id: number; governorate: GovernorateCode | null })[]> {
    return returningRows<OfferState & { id: number; governorate: GovernorateCode | null }>(
      tx,
      `UPDATE food_items f SET status = 'expired', updated_at = now()
        WHERE f.status = 'available' AND f.safe_until <= now()
        RETURNING f.id, f.donor_id, f.offer_stage, f.offer_partner_ids,
                  (SELECT p.governorate FROM pickup_points p WHERE p.id = f.pickup_point_id) AS governorate`,
      [],
    );
  }

  /**
   * The item of a claim that ended without a handover gives the claim's `quantity` back
   * (docs/DOMAIN-RULES.md, "Partial claims"). `as-listed` (a cancellation): back on the board as it was
   * listed, unless its window is over by now: then without one, like `from-now` (a window nobody can keep
   * would make the next claim end at once). `from-now` (not collected): back on the board from now on until
   * its safe time, that is without a window (a window comes whole: food_items_window_check; no window means
   * "collect now, until safe_until" to every reader). Either way it expires instead when less than
   * `minWindowMinutes` of its safe time (or its date, `today` in Cairo) is left. An item that is no longer
   * on offer or claimed (expired meanwhile, with other claims of it pending) keeps its status. Returns the
   * item's new status and what is left of it.
   */
  async release(tx: EntityManager, foodId: number, release: Release, minWindowMinutes: number, today: string, quantity: number): Promise<Released> {
    const [food] = await returningRows<Released>(
      tx,
      `UPDATE food_items
          SET status = CASE WHEN status NOT IN ('available', 'claimed') THEN status
                            WHEN safe_until - now() >= $3 * interval '1 minute' AND expiration_date >= $4::date
                            THEN 'available' ELSE 'expired' END::food_status,
              quantity_left = least(quantity, quantity_left + $5),
              pickup_from = CASE WHEN ($2 OR pickup_until <= now()) AND safe_until - now() >= $3 * interval '1 minute' THEN NULL ELSE pickup_from END,
              pickup_until = CASE WHEN ($2 OR pickup_until <= now()) AND safe_until - now() >= $3 * interval '1 minute' THEN NULL ELSE pickup_until END,
              updated_at = now()
        WHERE id = $1
        RETURNING status, quantity_left`,
      [foodId, release === 'from-now', minWindowMinutes, today, quantity],
    );
    return food;
  }

  /**
   * A deleted donor's listings leave the board for good: every available one (those whose claims the
   * deletion has just cancelled included) is marked expired. Returns them, for their events.
   */
  expireDonorListings(tx: EntityManager, donorId: number): Promise<AffectedListing[]> {
    return returningRows<AffectedListing>(
      tx,
      `UPDATE food_items f SET status = 'expired', updated_at = now()
        WHERE f.donor_id = $1 AND f.status = 'available'
        RETURNING f.id, f.donor_id, f.offer_stage, f.offer_partner_ids,
                  (SELECT p.governorate FROM pickup_points p WHERE p.id = f.pickup_point_id) AS governorate`,
      [donorId],
    );
  }

  /** Hides the listing with `reason` (an operator's), or (null) puts it back. */
  async setHidden(tx: EntityManager, foodId: number, reason: string | null): Promise<void> {
    await tx.query(
      `UPDATE food_items SET hidden_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, hidden_reason = $2, updated_at = now() WHERE id = $1`,
      [foodId, reason],
    );
  }

  /**
   * A suspended donor's available listings leave the board (`donor_suspended`), or, on reinstatement, every
   * listing so marked comes back. Returns the listings changed.
   */
  withholdDonorListings(tx: EntityManager, donorId: number, withheld: boolean): Promise<AffectedListing[]> {
    return returningRows<AffectedListing>(
      tx,
      `UPDATE food_items f SET donor_suspended = $2, updated_at = now()
        WHERE f.donor_id = $1 AND ${withheld ? `f.status = 'available' AND NOT f.donor_suspended` : 'f.donor_suspended'}
        RETURNING f.id, f.donor_id, f.offer_stage, f.offer_partner_ids,
                  (SELECT p.governorate FROM pickup_points p WHERE p.id = f.pickup_point_id) AS governorate`,
      [donorId, withheld],
    );
  }

  /** Keeps the `match` job of a withheld listing, to run when it is put back (the latest such job wins). */
  async deferMatch(foodId: number, job: unknown): Promise<void> {
    await this.db.query(`UPDATE food_items SET deferred_match = $2::jsonb WHERE id = $1`, [foodId, JSON.stringify(job)]);
  }

  /**
   * The listing owes no matching any more (it has just been matched): clears its deferred job, but only
   * if it is still the one the matching read (`eventId`; null: none), so one deferred meanwhile stays.
   */
  async clearDeferredMatch(foodId: number, eventId: string | null): Promise<void> {
    await this.db.query(
      `UPDATE food_items SET deferred_match = NULL
        WHERE id = $1 AND deferred_match IS NOT NULL AND deferred_match->>'eventId' IS NOT DISTINCT FROM $2::text`,
      [foodId, eventId],
    );
  }

  /** The governorate of an item's pickup point (null without one, or without such an item): board events carry it. */
  async governorateOf(foodId: number, manager: EntityManager = this.db.manager): Promise<GovernorateCode | null> {
    const [row] = await manager.query<{ governorate: GovernorateCode }[]>(
      `SELECT p.governorate FROM food_items f JOIN pickup_points p ON p.id = f.pickup_point_id WHERE f.id = $1`,
      [foodId],
    );
    return row?.governorate ?? null;
  }

  /**
   * A donor's items, newest first, each with the request that holds it (pending or fulfilled; a
   * withdrawn or not-collected request holds nothing), the claiming charity and its reliability, as of
   * `asOf`.
   */
  async donorItems(donorId: number, asOf: Date, manager: EntityManager = this.db.manager): Promise<DonorFoodItem[]> {
    const rows = await manager.query<DonorFoodRow[]>(
      `SELECT ${FOOD_VIEW_COLUMNS}, f.created_at,
              r.id AS request_id, r.status AS request_status, r.quantity AS request_quantity, c.name AS charity_name, c.email AS charity_email,
              claims.claims,
              f.listed_by, lb.name AS listed_by_name,
              ${DONOR_REQUEST_COLUMNS}
         FROM ${FOOD_VIEW_FROM}
         LEFT JOIN LATERAL (
           SELECT r.* FROM pickup_requests r WHERE r.food_id = f.id AND r.status IN ('pending', 'fulfilled')
            ORDER BY ${ACTIVE_CLAIM_ORDER} LIMIT 1
         ) r ON true
         LEFT JOIN LATERAL (
           SELECT coalesce(jsonb_agg(jsonb_build_object(
                    'request_id', ac.id, 'charity_user_id', ac.charity_id, 'name', acu.name, 'quantity', ac.quantity,
                    'status', ac.status, 'created_at', ac.created_at, 'received_quantity', ac.received_quantity)
                  ORDER BY ac.created_at, ac.id), '[]'::jsonb) AS claims
             FROM pickup_requests ac JOIN users acu ON acu.id = ac.charity_id
            WHERE ac.food_id = f.id
         ) claims ON true
         LEFT JOIN users c ON c.id = r.charity_id
         LEFT JOIN users lb ON lb.id = f.listed_by
         ${DONOR_REQUEST_JOIN}
        WHERE f.donor_id = $2
        ORDER BY f.created_at DESC, f.id DESC`,
      [asOf.toISOString(), donorId],
    );
    return rows.map(donorFoodItem);
  }

  /** The board (GET /api/available) for `query` as of `asOf` (with `offeredTo`, that partner charity's): see boardStatement. */
  async listAvailable(query: BoardQuery, asOf: Date, manager: EntityManager = this.db.manager, offeredTo?: number): Promise<FoodItemView[]> {
    const { sql, parameters } = boardStatement(query, asOf, offeredTo);
    const rows = await manager.query<FoodRow[]>(sql, parameters);
    return rows.map(publicFoodView);
  }

  async find(foodId: number, asOf: Date = new Date(), manager: EntityManager = this.db.manager): Promise<FoodRow | undefined> {
    const [row] = await manager.query<FoodRow[]>(`SELECT ${FOOD_VIEW_COLUMNS} FROM ${FOOD_VIEW_FROM} WHERE f.id = $2`, [
      asOf.toISOString(),
      foodId,
    ]);
    return row;
  }

  /**
   * The item's place in the offer cascade, locked for the rest of the transaction (the open stage's job);
   * undefined when there is no such item.
   */
  async lockOffer(
    tx: EntityManager,
    foodId: number,
  ): Promise<LockedOffer | undefined> {
    const [row] = await tx.query<LockedOffer[]>(
      `SELECT offer_stage, offer_open_at, offer_partner_ids, offer_waitlist, status, safe_until > now() AS safe, withheld
         FROM food_items WHERE id = $1 FOR UPDATE`,
      [foodId],
    );
    return row;
  }

  /** A locked item in the partners stage is offered to `partnerId` alone until `openAt`, `waitlist` after it. */
  async passOffer(tx: EntityManager, foodId: number, partnerId: number, waitlist: readonly number[], openAt: Date): Promise<void> {
    await tx.query(
      `UPDATE food_items SET offer_partner_ids = ARRAY[$2::int], offer_waitlist = $3::int[], offer_open_at = $4, updated_at = now()
        WHERE id = $1 AND offer_stage = 'partners'`,
      [foodId, partnerId, [...waitlist], openAt],
    );
  }

  /** Puts a locked item in the partners stage on the open board. */
  async openOffer(tx: EntityManager, foodId: number): Promise<void> {
    await tx.query(`UPDATE food_items SET offer_stage = 'open', updated_at = now() WHERE id = $1 AND offer_stage = 'partners'`, [foodId]);
  }

  /**
   * When each item still offered to partners alone reaches the open board: available ones only (an item
   * withdrawn, expired or claimed meanwhile never will). `foodId` narrows it to one item.
   */
  offersToOpen(foodId?: number): Promise<{ id: number; offer_open_at: Date }[]> {
    return this.db.query<{ id: number; offer_open_at: Date }[]>(
      `SELECT id, offer_open_at FROM food_items
        WHERE offer_stage = 'partners' AND status = 'available' AND ($1::int IS NULL OR id = $1)
        ORDER BY offer_open_at`,
      [foodId ?? null],
    );
  }

  /** The item as `viewer` may see it (offerVisibleSql), or undefined when there is no such item for them. */
  async findVisible(foodId: number, viewer: AuthUser | null, asOf: Date = new Date()): Promise<FoodRow | undefined> {
    const parameters: unknown[] = [asOf.toISOString(), foodId];
    const param = (value: unknown) => `$${parameters.push(value)}`;
    const [row] = await this.db.query<FoodRow[]>(
      `SELECT ${FOOD_VIEW_COLUMNS} FROM ${FOOD_VIEW_FROM} WHERE f.id = $2 AND ${offerVisibleSql(viewer, param)}`,
      parameters,
    );
    return row;
  }

  /** The item's donor, or undefined when there is no such item (for `viewer`: see offerVisibleSql). */
  async donorIdOf(foodId: number, viewer: AuthUser | null): Promise<number | undefined> {
    const parameters: unknown[] = [foodId];
    const param = (value: unknown) => `$${parameters.push(value)}`;
    const [food] = await this.db.query<{ donor_id: number }[]>(
      `SELECT f.donor_id FROM food_items f WHERE f.id = $1 AND ${offerVisibleSql(viewer, param)}`,
      parameters,
    );
    return food?.donor_id;
  }

  /** Whether anything is offered to this charity alone right now (its board is then its own, not the cached one). */
  async hasOffersFor(charityId: number): Promise<boolean> {
    const [row] = await this.db.query<{ offered: boolean }[]>(
      `SELECT EXISTS (
         SELECT 1 FROM food_items f
          WHERE f.offer_stage = 'partners' AND f.offer_partner_ids @> ARRAY[$1::int] AND f.status = 'available' AND NOT f.withheld
       ) AS offered`,
      [charityId],
    );
    return row.offered;
  }

  /**
   * The stored status and whether its safe time (or its date, `today` in Cairo) has passed, or undefined
   * when there is no such item.
   */
  async offerState(foodId: number, today: string = cairoDate()): Promise<{ status: FoodStatus; expired: boolean } | undefined> {
    const [food] = await this.db.query<{ status: FoodStatus; expired: boolean }[]>(
      `SELECT status, safe_until <= now() OR expiration_date < $2::date AS expired FROM food_items WHERE id = $1`,
      [foodId, today],
    );
    return food;
  }
}
