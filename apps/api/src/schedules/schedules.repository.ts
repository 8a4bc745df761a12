import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  Allergen,
  EidMode,
  FoodCategory,
  FoodUnit,
  GovernorateCode,
  OccurrenceStatus,
  RamadanMode,
  ScheduleView,
  ScheduleWindow,
  StorageKind,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A schedule's stored fields (what ScheduleBody gives, defaults applied). */
export interface ScheduleFields {
  pickup_point_id: number;
  food_name: string;
  description: string;
  category: FoodCategory;
  storage: StorageKind;
  unit: FoodUnit;
  quantity: number;
  weight_kg: number | null;
  allergens: Allergen[];
  rule: string;
  ramadan: RamadanMode;
  eids: EidMode;
  window: ScheduleWindow;
  partners: number[];
  starts_on: string;
  ends_on: string | null;
}

/** A stored schedule with what its occurrences are timed by (its point's governorate and position). */
export interface ScheduleRow extends ScheduleFields {
  id: number;
  donor_id: number;
  created_at: Date;
  governorate: GovernorateCode;
  lat: number | null;
  lng: number | null;
  /** Its pickup point was deleted: no day is listed until the donor moves it to a live point. */
  point_deleted: boolean;
}

/** A day's row: the donor's change and, once listed, its listing and what became of it. */
export interface OccurrenceRow {
  schedule_id: number;
  date: string;
  quantity: number | null;
  skipped: boolean;
  food_id: number | null;
  /** From its listing and request; null while it has none. */
  outcome: Exclude<OccurrenceStatus, 'planned' | 'skipped'> | null;
  /** While its listing is offered to standing charities alone, the one asked now; else null. */
  offered_to: number[] | null;
}

/** A running schedule (the materialiser's page) with its dates already listed or skipped. */
export interface RunningSchedule extends ScheduleRow {
  settled: string[];
}

/** A schedule a charity stands for, with what its week view shows of the donor and place. */
export interface StandingRow extends ScheduleRow {
  donor_name: string;
  area: string;
}

const SCHEDULE_COLUMNS = `s.id, s.donor_id, s.pickup_point_id, s.food_name, s.description, s.category::text AS category,
  s.storage::text AS storage, s.unit::text AS unit, s.quantity, s.weight_kg::float8 AS weight_kg, s.allergens,
  s.rule, s.ramadan, s.eids, s.time_window AS window, s.partner_ids AS partners,
  to_char(s.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(s.ends_on, 'YYYY-MM-DD') AS ends_on, s.created_at,
  p.governorate, p.lat::float8 AS lat, p.lng::float8 AS lng, (p.deleted_at IS NOT NULL) AS point_deleted`;
const SCHEDULE_FROM = `schedules s JOIN pickup_points p ON p.id = s.pickup_point_id`;

const FIELD_COLUMNS = `pickup_point_id, food_name, description, category, storage, unit, quantity, weight_kg, allergens,
  rule, ramadan, eids, time_window, partner_ids, starts_on, ends_on`;

function fieldValues(fields: ScheduleFields): unknown[] {
  return [
    fields.pickup_point_id,
    fields.food_name,
    fields.description,
    fields.category,
    fields.storage,
    fields.unit,
    fields.quantity,
    fields.weight_kg,
    fields.allergens,
    fields.rule,
    fields.ramadan,
    fields.eids,
    JSON.stringify(fields.window),
    fields.partners,
    fields.starts_on,
    fields.ends_on,
  ];
}

/**
 * What became of a listed day, from its listing and its request: collected once a request was fulfilled,
 * claimed while one is pending (or the item is claimed), listed while it is available and safe, else missed.
 */
const OUTCOME_SQL = `CASE
    WHEN o.food_id IS NULL THEN NULL
    WHEN EXISTS (SELECT 1 FROM pickup_requests r WHERE r.food_id = o.food_id AND r.status = 'fulfilled') THEN 'collected'
    WHEN f.status = 'claimed' THEN 'claimed'
    WHEN f.status = 'available' AND f.safe_until > now() THEN 'listed'
    ELSE 'missed' END`;

/** The public view of a stored schedule. */
export function scheduleView(row: ScheduleRow): ScheduleView {
  return {
    id: row.id,
    donor_id: row.donor_id,
    pickup_point_id: row.pickup_point_id,
    food_name: row.food_name,
    description: row.description,
    category: row.category,
    storage: row.storage,
    unit: row.unit,
    quantity: row.quantity,
    weight_kg: row.weight_kg,
    allergens: row.allergens,
    rule: row.rule,
    ramadan: row.ramadan,
    eids: row.eids,
    window: row.window,
    partners: row.partners,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    created_at: row.created_at.toISOString(),
    paused: row.point_deleted ? 'pickup_point_deleted' : null,
  };
}

/**
 * `schedules` and `schedule_occurrences` (docs/DOMAIN-RULES.md, "Standing collections"): the standing
 * collections' one writer. A day's row is made the first time anything happens to it (a change by the
 * donor, its listing), with `ON CONFLICT DO NOTHING` on its primary key, and then locked: the lock is
 * what lists each day once whatever workers race for it.
 */
@Injectable()
export class SchedulesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(tx: EntityManager, donorId: number, fields: ScheduleFields): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO schedules (donor_id, ${FIELD_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
      [donorId, ...fieldValues(fields)],
    );
    return row.id;
  }

  async update(tx: EntityManager, id: number, fields: ScheduleFields): Promise<void> {
    await tx.query(
      `UPDATE schedules SET (${FIELD_COLUMNS}) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17), updated_at = now()
        WHERE id = $1`,
      [id, ...fieldValues(fields)],
    );
  }

  async softDelete(tx: EntityManager, id: number): Promise<void> {
    await tx.query(`UPDATE schedules SET deleted_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** A schedule that is not deleted, locked for a change when `lock` (its occurrences' changes too). */
  async find(id: number, manager: EntityManager = this.db.manager, lock = false): Promise<ScheduleRow | undefined> {
    const [row] = await manager.query<ScheduleRow[]>(
      `SELECT ${SCHEDULE_COLUMNS} FROM ${SCHEDULE_FROM} WHERE s.id = $1 AND s.deleted_at IS NULL${lock ? ' FOR UPDATE OF s' : ''}`,
      [id],
    );
    return row;
  }

  /** The donor's schedules, oldest first. */
  async listOfDonor(donorId: number): Promise<ScheduleRow[]> {
    return this.db.query<ScheduleRow[]>(
      `SELECT ${SCHEDULE_COLUMNS} FROM ${SCHEDULE_FROM} WHERE s.donor_id = $1 AND s.deleted_at IS NULL ORDER BY s.id`,
      [donorId],
    );
  }

  /**
   * Schedules that may run between `from` and `to` (Cairo dates), from `afterId` on, one page in id order
   * (the materialiser walks them all), each with the dates of `from`..`to` already settled: listed or
   * skipped, nothing left to do (the materialiser passes a schedule with none due but those without a write).
   */
  async running(from: string, to: string, afterId: number, limit: number): Promise<RunningSchedule[]> {
    return this.db.query<RunningSchedule[]>(
      `SELECT ${SCHEDULE_COLUMNS},
              ARRAY(SELECT to_char(o.date, 'YYYY-MM-DD') FROM schedule_occurrences o
                     WHERE o.schedule_id = s.id AND o.date BETWEEN $1::date AND $2::date AND (o.food_id IS NOT NULL OR o.skipped)) AS settled
         FROM ${SCHEDULE_FROM}
        WHERE s.deleted_at IS NULL AND p.deleted_at IS NULL AND s.starts_on <= $2::date AND (s.ends_on IS NULL OR s.ends_on >= $1::date) AND s.id > $3
        ORDER BY s.id LIMIT $4`,
      [from, to, afterId, limit],
    );
  }

  /**
   * Of the schedules `ids`, those not deleted, read again and locked (FOR NO KEY UPDATE) for the rest of
   * the transaction, skipping any another transaction holds: a save or a day's change (which lists its
   * due days itself), or another materialiser's batch. So two materialisers share the work instead of
   * waiting on each other, and neither waits on a day another has just inserted.
   */
  async lockRunning(tx: EntityManager, ids: readonly number[]): Promise<ScheduleRow[]> {
    return tx.query<ScheduleRow[]>(
      `SELECT ${SCHEDULE_COLUMNS} FROM ${SCHEDULE_FROM}
        WHERE s.id = ANY($1::int[]) AND s.deleted_at IS NULL
        ORDER BY s.id FOR NO KEY UPDATE OF s SKIP LOCKED`,
      [[...ids]],
    );
  }

  /** The donor's live pickup point, held (FOR SHARE) until the schedule commits; undefined when it is not one. */
  async ownLivePoint(tx: EntityManager, donorId: number, pointId: number): Promise<{ id: number } | undefined> {
    const [point] = await tx.query<{ id: number }[]>(
      `SELECT id FROM pickup_points WHERE id = $1 AND donor_id = $2 AND deleted_at IS NULL FOR SHARE`,
      [pointId, donorId],
    );
    return point;
  }

  /** The rows of the schedule's days from `from` to `to`, with what became of each listed one. */
  async occurrenceRows(scheduleId: number, from: string, to: string, manager: EntityManager = this.db.manager): Promise<OccurrenceRow[]> {
    return this.occurrenceRowsOf([scheduleId], from, to, manager);
  }

  /** The rows of several schedules' days from `from` to `to` (a charity's week). */
  async occurrenceRowsOf(scheduleIds: readonly number[], from: string, to: string, manager: EntityManager = this.db.manager): Promise<OccurrenceRow[]> {
    return manager.query<OccurrenceRow[]>(
      `SELECT o.schedule_id, to_char(o.date, 'YYYY-MM-DD') AS date, o.quantity, o.skipped, o.food_id, ${OUTCOME_SQL} AS outcome,
              CASE WHEN f.offer_stage = 'partners' AND f.status = 'available' THEN f.offer_partner_ids END AS offered_to
         FROM schedule_occurrences o LEFT JOIN food_items f ON f.id = o.food_id
        WHERE o.schedule_id = ANY($1::int[]) AND o.date BETWEEN $2::date AND $3::date
        ORDER BY o.schedule_id, o.date`,
      [[...scheduleIds], from, to],
    );
  }

  /** The schedules (not deleted) that name the charity among their standing charities, by id. */
  async standingOf(charityId: number): Promise<StandingRow[]> {
    return this.db.query<StandingRow[]>(
      `SELECT ${SCHEDULE_COLUMNS}, d.name AS donor_name, p.area
         FROM ${SCHEDULE_FROM} JOIN users d ON d.id = s.donor_id
        WHERE s.partner_ids @> ARRAY[$1::int] AND s.deleted_at IS NULL AND p.deleted_at IS NULL
        ORDER BY s.id`,
      [charityId],
    );
  }

  /** The charity leaves a locked schedule's standing charities (the others keep their order). */
  async removePartner(tx: EntityManager, scheduleId: number, charityId: number): Promise<void> {
    await tx.query(`UPDATE schedules SET partner_ids = array_remove(partner_ids, $2::int), updated_at = now() WHERE id = $1`, [scheduleId, charityId]);
  }

  /** The day's row, made if it has none yet, locked for the rest of the transaction. */
  async lockOccurrence(tx: EntityManager, scheduleId: number, date: string): Promise<OccurrenceRow> {
    const [row] = await this.lockOccurrences(tx, [{ scheduleId, date }]);
    return row;
  }

  /**
   * The days' rows, made where there are none yet (one INSERT ... ON CONFLICT DO NOTHING on the primary
   * key), locked for the rest of the transaction (one SELECT ... FOR UPDATE), in schedule and date order.
   */
  async lockOccurrences(tx: EntityManager, days: readonly { scheduleId: number; date: string }[]): Promise<OccurrenceRow[]> {
    if (days.length === 0) return [];
    const parameters = [days.map((day) => day.scheduleId), days.map((day) => day.date)];
    await tx.query(
      `INSERT INTO schedule_occurrences (schedule_id, date)
       SELECT * FROM unnest($1::int[], $2::date[]) ORDER BY 1, 2 ON CONFLICT DO NOTHING`,
      parameters,
    );
    return tx.query<OccurrenceRow[]>(
      `SELECT o.schedule_id, to_char(o.date, 'YYYY-MM-DD') AS date, o.quantity, o.skipped, o.food_id, NULL AS outcome, NULL AS offered_to
         FROM schedule_occurrences o JOIN unnest($1::int[], $2::date[]) AS wanted (schedule_id, date)
           ON o.schedule_id = wanted.schedule_id AND o.date = wanted.date
        ORDER BY o.schedule_id, o.date FOR UPDATE OF o`,
      parameters,
    );
  }

  /** The donor's change of a locked day: its quantity (null: the schedule's) and whether it is skipped. */
  async changeOccurrence(tx: EntityManager, scheduleId: number, date: string, quantity: number | null, skipped: boolean): Promise<void> {
    await tx.query(
      `UPDATE schedule_occurrences SET quantity = $3, skipped = $4, updated_at = now() WHERE schedule_id = $1 AND date = $2`,
      [scheduleId, date, quantity, skipped],
    );
  }

  /**
   * The schedule day a listing was made for (food_id is unique), with who hears of it (its donor and standing
   * charities); undefined for other listings.
   */
  async dayOfListing(
    foodId: number,
    manager: EntityManager = this.db.manager,
  ): Promise<{ schedule_id: number; date: string; donor_id: number; partners: number[] } | undefined> {
    const [row] = await manager.query<{ schedule_id: number; date: string; donor_id: number; partners: number[] }[]>(
      `SELECT o.schedule_id, to_char(o.date, 'YYYY-MM-DD') AS date, s.donor_id, s.partner_ids AS partners
         FROM schedule_occurrences o JOIN schedules s ON s.id = o.schedule_id WHERE o.food_id = $1`,
      [foodId],
    );
    return row;
  }

  /**
   * The day's row for its donor's reminder (issue 29), made if it has none yet and locked for the rest of
   * the transaction: whether the donor skipped it, its listing, and whether it was reminded already.
   */
  async lockForReminder(tx: EntityManager, scheduleId: number, date: string): Promise<{ skipped: boolean; food_id: number | null; reminded: boolean; quantity: number | null }> {
    await tx.query(`INSERT INTO schedule_occurrences (schedule_id, date) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [scheduleId, date]);
    const [row] = await tx.query<{ skipped: boolean; food_id: number | null; reminded: boolean; quantity: number | null }[]>(
      `SELECT skipped, food_id, reminded_at IS NOT NULL AS reminded, quantity FROM schedule_occurrences WHERE schedule_id = $1 AND date = $2 FOR UPDATE`,
      [scheduleId, date],
    );
    return row;
  }

  /**
   * "Nothing today" of a locked day that was listed (its listing withdrawn in the same transaction): skipped,
   * and no longer tied to that listing, so that a day skipped is never one with a listing (the table's check)
   * and "collect this day after all" lists it anew.
   */
  async skipListedDay(tx: EntityManager, scheduleId: number, date: string): Promise<void> {
    await tx.query(
      `UPDATE schedule_occurrences SET skipped = true, food_id = NULL, listed_at = NULL, updated_at = now() WHERE schedule_id = $1 AND date = $2`,
      [scheduleId, date],
    );
  }

  /** A locked day's reminder was sent (once: lockForReminder reads it). */
  async markReminded(tx: EntityManager, scheduleId: number, date: string): Promise<void> {
    await tx.query(`UPDATE schedule_occurrences SET reminded_at = now(), updated_at = now() WHERE schedule_id = $1 AND date = $2`, [scheduleId, date]);
  }

  /** Who is coming for a day's listing: the charity holding its claim (pending, or collected already), or undefined. */
  async claimantOf(foodId: number, manager: EntityManager = this.db.manager): Promise<{ charity_id: number; charity_name: string } | undefined> {
    const [row] = await manager.query<{ charity_id: number; charity_name: string }[]>(
      `SELECT r.charity_id, c.name AS charity_name FROM pickup_requests r JOIN users c ON c.id = r.charity_id
        WHERE r.food_id = $1 AND r.status IN ('pending', 'fulfilled') ORDER BY r.id DESC LIMIT 1`,
      [foodId],
    );
    return row;
  }

  /** Locked days are listed, each as its `foodId` (one statement). */
  async markListed(tx: EntityManager, days: readonly { scheduleId: number; date: string; foodId: number }[]): Promise<void> {
    if (days.length === 0) return;
    await tx.query(
      `UPDATE schedule_occurrences o SET food_id = listed.food_id, listed_at = now(), updated_at = now()
         FROM unnest($1::int[], $2::date[], $3::int[]) AS listed (schedule_id, date, food_id)
        WHERE o.schedule_id = listed.schedule_id AND o.date = listed.date`,
      [days.map((day) => day.scheduleId), days.map((day) => day.date), days.map((day) => day.foodId)],
    );
  }
}
