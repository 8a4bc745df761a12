import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TransportOfferState, Vehicle, VolunteerProfileBody } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface VolunteerProfileRow {
  vehicle: Vehicle;
  capacity_kg: number;
  governorates: string[];
  hours_from: string;
  hours_until: string;
}

export interface OfferRow {
  id: number;
  request_id: number;
  charity_id: number;
  offered_by: number | null;
  note: string | null;
  told: number[];
  declined: number[];
  state: TransportOfferState;
  created_at: Date;
  expires_at: Date;
  accepted_by: number | null;
  accepted_by_name: string | null;
  food_id: number;
  food_name: string;
  weight_kg: number | null;
  governorate: string | null;
  area: string | null;
  window_start: Date | null;
  window_end: Date | null;
}

export interface TripRow {
  volunteer_id: number;
  volunteer_name: string;
  on_the_way_at: Date | null;
  eta_at: Date | null;
  delivered_at: Date | null;
}

export interface DayStopRow {
  request_id: number;
  food_id: number;
  food_name: string;
  donor_name: string;
  address_line: string | null;
  area: string | null;
  phone: string | null;
  lat: number | null;
  lng: number | null;
  window_start: Date | null;
  window_end: Date | null;
  weight_kg: number | null;
  pickup_code: string | null;
  status: string;
  on_the_way_at: Date | null;
  eta_at: Date | null;
  delivered_at: Date | null;
}

/**
 * What a claim weighs: its share of the listing's estimated weight (partial claims: docs/DOMAIN-RULES.md),
 * as impact counts it (stats.repository.ts). Matching and the day's load use it, not the whole listing's.
 */
const CLAIM_WEIGHT = `round(f.weight_kg * r.quantity / f.quantity, 2)::float8`;

const OFFER_COLUMNS = `o.id, o.request_id, o.charity_id, o.offered_by, o.note, o.told, o.declined, o.state, o.created_at, o.expires_at,
       o.accepted_by, ab.name AS accepted_by_name, f.id AS food_id, f.food_name, ${CLAIM_WEIGHT} AS weight_kg,
       p.governorate, p.area, f.pickup_from AS window_start, coalesce(r.collect_by, f.pickup_until) AS window_end`;
const OFFER_FROM = `transport_offers o
  JOIN pickup_requests r ON r.id = o.request_id
  JOIN food_items f ON f.id = r.food_id
  LEFT JOIN pickup_points p ON p.id = f.pickup_point_id
  LEFT JOIN users ab ON ab.id = o.accepted_by`;

/**
 * Owner of `volunteer_profiles`, `transport_offers`, `request_trips` and `trip_orders` (issue 28;
 * docs/DOMAIN-RULES.md, "Volunteers and their trips"). It reads the claims, items and pickup points it
 * joins; their writes stay with their owners (the assignee: ClaimsService).
 */
@Injectable()
export class TransportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every day order the volunteer chose, oldest day first (their personal-data export). */
  tripOrdersOf(volunteerId: number): Promise<{ date: string; request_ids: number[] }[]> {
    return this.db.query(
      `SELECT to_char(trip_date, 'YYYY-MM-DD') AS date, request_ids FROM trip_orders WHERE volunteer_id = $1 ORDER BY trip_date`,
      [volunteerId],
    );
  }

  async profile(userId: number): Promise<VolunteerProfileRow | undefined> {
    const [row] = await this.db.query<VolunteerProfileRow[]>(
      `SELECT vehicle, capacity_kg::float8 AS capacity_kg, governorates::text[] AS governorates,
              to_char(hours_from, 'HH24:MI') AS hours_from, to_char(hours_until, 'HH24:MI') AS hours_until
         FROM volunteer_profiles WHERE user_id = $1`,
      [userId],
    );
    return row;
  }

  async saveProfile(userId: number, body: VolunteerProfileBody): Promise<void> {
    await this.db.query(
      `INSERT INTO volunteer_profiles (user_id, vehicle, capacity_kg, governorates, hours_from, hours_until)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET vehicle = EXCLUDED.vehicle, capacity_kg = EXCLUDED.capacity_kg,
         governorates = EXCLUDED.governorates, hours_from = EXCLUDED.hours_from, hours_until = EXCLUDED.hours_until, updated_at = now()`,
      [userId, body.vehicle, body.capacity_kg, body.governorates, body.hours.from, body.hours.until],
    );
  }

  /**
   * The organisation's volunteers whose vehicle carries `weightKg` (any, when the listing gives no weight)
   * and whose governorates include `governorate` (any, for a listing without a pickup point's governorate).
   */
  async fittingVolunteers(manager: EntityManager, orgId: number, weightKg: number | null, governorate: string | null): Promise<number[]> {
    const rows = await manager.query<{ user_id: number }[]>(
      `SELECT m.user_id
         FROM organisation_members m JOIN volunteer_profiles v ON v.user_id = m.user_id
        WHERE m.organisation_id = $1 AND m.role = 'volunteer'
          AND ($2::numeric IS NULL OR v.capacity_kg >= $2::numeric)
          AND ($3::text IS NULL OR $3::text = ANY (v.governorates::text[]))
        ORDER BY m.user_id`,
      [orgId, weightKg, governorate],
    );
    return rows.map((row) => row.user_id);
  }

  /** The claim's weight (its share of the listing's) and the pickup's governorate, for matching. */
  async requestCargo(manager: EntityManager, requestId: number): Promise<{ weight_kg: number | null; governorate: string | null }> {
    const [row] = await manager.query<{ weight_kg: number | null; governorate: string | null }[]>(
      `SELECT ${CLAIM_WEIGHT} AS weight_kg, p.governorate
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id LEFT JOIN pickup_points p ON p.id = f.pickup_point_id
        WHERE r.id = $1`,
      [requestId],
    );
    return row ?? { weight_kg: null, governorate: null };
  }

  /** A new open offer; the partial unique index refuses a second open one for the claim. */
  async insertOffer(
    tx: EntityManager,
    offer: { requestId: number; charityId: number; offeredBy: number; note: string | null; told: number[]; minutes: number },
  ): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO transport_offers (request_id, charity_id, offered_by, note, told, expires_at)
       SELECT $1, $2, $3, $4, $5, greatest(now(), least(now() + make_interval(mins => $6), coalesce(r.collect_by, f.pickup_until, now() + make_interval(mins => $6))))
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id WHERE r.id = $1
       RETURNING id`,
      [offer.requestId, offer.charityId, offer.offeredBy, offer.note, offer.told, offer.minutes],
    );
    return row.id;
  }

  async offer(offerId: number, manager: EntityManager = this.db.manager): Promise<OfferRow | undefined> {
    const [row] = await manager.query<OfferRow[]>(`SELECT ${OFFER_COLUMNS} FROM ${OFFER_FROM} WHERE o.id = $1`, [offerId]);
    return row;
  }

  /** The open offers told to the volunteer, that they have not declined, soonest to end first. */
  async openOffersFor(userId: number): Promise<OfferRow[]> {
    return this.db.query<OfferRow[]>(
      `SELECT ${OFFER_COLUMNS} FROM ${OFFER_FROM}
        WHERE o.state = 'open' AND $1 = ANY (o.told) AND NOT $1 = ANY (o.declined) AND o.expires_at > now()
          -- A claim cancelled, handed over or assigned since the offer was made is no longer on offer, though
          -- the offer's row ends only with its job or an accept (which would refuse it: 409).
          AND r.status = 'pending' AND r.assignee_id IS NULL
        ORDER BY o.expires_at, o.id LIMIT 100`,
      [userId],
    );
  }

  /** The open offer of a pickup request, if there is one (at most one: the partial unique index). */
  async openOfferOf(requestId: number): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }[]>(`SELECT id FROM transport_offers WHERE request_id = $1 AND state = 'open'`, [requestId]);
    return row?.id;
  }

  /** What a volunteer who took a pickup needs at the door: the food's name, the pickup code and the address. */
  async pickupOf(requestId: number): Promise<{ food_name: string; pickup_code: string; address: string | null } | undefined> {
    const [row] = await this.db.query<{ food_name: string; pickup_code: string; address: string | null }[]>(
      `SELECT f.food_name, r.pickup_code, nullif(concat_ws(', ', p.address_line, p.area), '') AS address
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
         LEFT JOIN pickup_points p ON p.id = f.pickup_point_id AND p.erased_at IS NULL
        WHERE r.id = $1`,
      [requestId],
    );
    return row;
  }

  /**
   * Accepts the open offer for `userId`, told of it and not having declined it: one conditional update of
   * the offer's row. Of many volunteers accepting at once, the first takes the row's lock and the others
   * find it no longer open once it commits: exactly one wins.
   */
  async accept(tx: EntityManager, offerId: number, userId: number): Promise<boolean> {
    // An UPDATE answers [rows, count] (TypeORM).
    const [, count] = await tx.query<[unknown, number]>(
      `UPDATE transport_offers SET state = 'accepted', accepted_by = $2, ended_at = now()
        WHERE id = $1 AND state = 'open' AND $2 = ANY (told) AND NOT $2 = ANY (declined)`,
      [offerId, userId],
    );
    return count === 1;
  }

  /** Records the volunteer's decline; the offer ends (expired) when every volunteer told has declined. Answers the state after. */
  async decline(tx: EntityManager, offerId: number, userId: number): Promise<TransportOfferState | undefined> {
    const [[row]] = await tx.query<[{ state: TransportOfferState }[], number]>(
      `UPDATE transport_offers
          SET declined = array_append(declined, $2),
              state = CASE WHEN cardinality(declined) + 1 >= cardinality(told) THEN 'expired' ELSE state END,
              ended_at = CASE WHEN cardinality(declined) + 1 >= cardinality(told) THEN now() END
        WHERE id = $1 AND state = 'open' AND $2 = ANY (told) AND NOT $2 = ANY (declined)
        RETURNING state`,
      [offerId, userId],
    );
    return row?.state;
  }

  /**
   * Ends an open offer: `expired` (nobody accepted it by its time; only once due) or `withdrawn` (its
   * claim ended or was assigned meanwhile). Answers whether it ended now.
   */
  async end(tx: EntityManager, offerId: number, state: 'expired' | 'withdrawn', onlyWhenDue: boolean): Promise<boolean> {
    const [, count] = await tx.query<[unknown, number]>(
      `UPDATE transport_offers SET state = $2, ended_at = now()
        WHERE id = $1 AND state = 'open' AND (NOT $3 OR expires_at <= now())`,
      [offerId, state, onlyWhenDue],
    );
    return count === 1;
  }

  /** The open offers and when each ends (a worker's start schedules their expiry again). */
  openOffers(): Promise<{ id: number; expires_at: Date }[]> {
    return this.db.query(`SELECT id, expires_at FROM transport_offers WHERE state = 'open' ORDER BY id`);
  }

  /** The claim's trip while `volunteerId` is its assignee (a trip of a volunteer who gave it back is not shown). */
  async trip(requestId: number, manager: EntityManager = this.db.manager): Promise<TripRow | undefined> {
    const [row] = await manager.query<TripRow[]>(
      `SELECT r.assignee_id AS volunteer_id, u.name AS volunteer_name, t.on_the_way_at, t.eta_at, t.delivered_at
         FROM pickup_requests r
         JOIN users u ON u.id = r.assignee_id
         LEFT JOIN request_trips t ON t.request_id = r.id AND t.volunteer_id = r.assignee_id
        WHERE r.id = $1`,
      [requestId],
    );
    return row;
  }

  /** The assignee set off: when, and when they expect to arrive. */
  async markOnTheWay(tx: EntityManager, requestId: number, volunteerId: number, etaMinutes: number): Promise<void> {
    await tx.query(
      `INSERT INTO request_trips (request_id, volunteer_id, on_the_way_at, eta_at)
       VALUES ($1, $2, now(), now() + make_interval(mins => $3))
       ON CONFLICT (request_id) DO UPDATE SET volunteer_id = EXCLUDED.volunteer_id, on_the_way_at = EXCLUDED.on_the_way_at,
         eta_at = EXCLUDED.eta_at, delivered_at = NULL`,
      [requestId, volunteerId, etaMinutes],
    );
  }

  async markDelivered(tx: EntityManager, requestId: number, volunteerId: number): Promise<void> {
    await tx.query(
      `INSERT INTO request_trips (request_id, volunteer_id, delivered_at) VALUES ($1, $2, now())
       ON CONFLICT (request_id) DO UPDATE SET delivered_at = now(),
         on_the_way_at = CASE WHEN request_trips.volunteer_id = EXCLUDED.volunteer_id THEN request_trips.on_the_way_at END,
         eta_at = CASE WHEN request_trips.volunteer_id = EXCLUDED.volunteer_id THEN request_trips.eta_at END,
         volunteer_id = EXCLUDED.volunteer_id`,
      [requestId, volunteerId],
    );
  }

  /**
   * The volunteer's pickups of a Cairo day (by the window's start, or the claim's time without a window):
   * claims assigned to them, pending or handed over.
   */
  dayStops(volunteerId: number, date: string): Promise<DayStopRow[]> {
    return this.db.query<DayStopRow[]>(
      `SELECT r.id AS request_id, f.id AS food_id, f.food_name, d.name AS donor_name, p.address_line, p.area, p.contact_phone AS phone,
              p.lat, p.lng, f.pickup_from AS window_start, coalesce(r.collect_by, f.pickup_until) AS window_end,
              ${CLAIM_WEIGHT} AS weight_kg, r.pickup_code, r.status::text AS status,
              t.on_the_way_at, t.eta_at, t.delivered_at
         FROM pickup_requests r
         JOIN food_items f ON f.id = r.food_id
         JOIN users d ON d.id = f.donor_id
         LEFT JOIN pickup_points p ON p.id = f.pickup_point_id AND p.erased_at IS NULL
         LEFT JOIN request_trips t ON t.request_id = r.id AND t.volunteer_id = r.assignee_id
        WHERE r.assignee_id = $1 AND r.status IN ('pending', 'fulfilled')
          AND (coalesce(f.pickup_from, r.created_at) AT TIME ZONE 'Africa/Cairo')::date = $2::date
        ORDER BY r.id
        LIMIT 200`,
      [volunteerId, date],
    );
  }

  /** The charity's base (its notification profile), where a volunteer's day starts by default. */
  async charityBase(charityId: number): Promise<{ lat: number; lng: number } | undefined> {
    const [row] = await this.db.query<{ lat: number; lng: number }[]>(
      `SELECT base_lat AS lat, base_lng AS lng FROM charity_profiles WHERE user_id = $1 AND base_lat IS NOT NULL AND base_lng IS NOT NULL`,
      [charityId],
    );
    return row;
  }

  async tripOrder(volunteerId: number, date: string): Promise<number[] | undefined> {
    const [row] = await this.db.query<{ request_ids: number[] }[]>(`SELECT request_ids FROM trip_orders WHERE volunteer_id = $1 AND trip_date = $2`, [volunteerId, date]);
    return row?.request_ids;
  }

  async saveTripOrder(volunteerId: number, date: string, requestIds: number[]): Promise<void> {
    await this.db.query(
      `INSERT INTO trip_orders (volunteer_id, trip_date, request_ids) VALUES ($1, $2, $3)
       ON CONFLICT (volunteer_id, trip_date) DO UPDATE SET request_ids = EXCLUDED.request_ids, updated_at = now()`,
      [volunteerId, date, requestIds],
    );
  }

  /** The charity's admins and coordinators: who hear of its transport (an offer back, a pickup given back, a delivery). */
  async coordinators(charityAccountId: number, manager: EntityManager = this.db.manager): Promise<number[]> {
    const rows = await manager.query<{ user_id: number }[]>(
      `SELECT m.user_id FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id
        WHERE o.account_id = $1 AND m.role IN ('admin', 'coordinator') ORDER BY m.user_id`,
      [charityAccountId],
    );
    return rows.map((row) => row.user_id);
  }
}
