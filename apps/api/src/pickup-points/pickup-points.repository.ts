import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { GovernorateCode, PickupPointView } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';

import { LIVE_LISTING } from '../common/listing-predicates';
/** A point's fields as stored, without the view's count. */
export type PickupPointFields = Omit<PickupPointView, 'id' | 'is_default' | 'active_listings'>;

/** A point with its owner and whether it is deleted, for the ownership checks. */
export interface PickupPointRow extends PickupPointFields {
  id: number;
  donor_id: number;
  is_default: boolean;
  deleted: boolean;
}

/**
 * Listings that keep a point from being deleted: available and still safe (an available item past its
 * safe time is expired, whether or not the job has marked it yet), or claimed by a pending request (a
 * fulfilled item stays `claimed` but has been handed over).
 */
const ACTIVE_LISTING = `((${LIVE_LISTING})
  OR (f.status = 'claimed' AND EXISTS (SELECT 1 FROM pickup_requests r WHERE r.food_id = f.id AND r.status = 'pending')))`;

const VIEW_COLUMNS = `p.id, p.label, p.governorate, p.area, p.address_line, p.landmark, p.lat, p.lng,
  p.contact_name, p.contact_phone, p.notes, p.is_default,
  (SELECT count(*) FROM food_items f WHERE f.pickup_point_id = p.id AND ${ACTIVE_LISTING})::int AS active_listings`;

const FIELDS = ['label', 'governorate', 'area', 'address_line', 'landmark', 'lat', 'lng', 'contact_name', 'contact_phone', 'notes'] as const;

/**
 * `pickup_points`: donors' places. Deleting only hides a point (`deleted_at`), so past listings and their
 * pickup details keep their place. Changes to one donor's points are serialised on the donor's account
 * row (lockDonor), which keeps the count limit and the one default exact under concurrent calls.
 */
@Injectable()
export class PickupPointsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Which of `ids` are live pickup points of the donor (an organisation's branches: docs/ORGANISATIONS.md). */
  async liveIdsOf(donorId: number, ids: number[], manager: EntityManager = this.db.manager): Promise<number[]> {
    const rows = await manager.query<{ id: number }[]>(
      `SELECT id FROM pickup_points WHERE donor_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL`,
      [donorId, ids],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Serialises changes to the donor's points until the transaction ends. FOR NO KEY UPDATE does not wait
   * for, or hold up, listings being inserted (their foreign key takes only KEY SHARE on the account).
   */
  async lockDonor(tx: EntityManager, donorId: number): Promise<void> {
    await tx.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [donorId]);
  }

  /** The donor's live points, oldest first. */
  list(donorId: number, manager: EntityManager = this.db.manager): Promise<PickupPointView[]> {
    return manager.query<PickupPointView[]>(
      `SELECT ${VIEW_COLUMNS} FROM pickup_points p WHERE p.donor_id = $1 AND p.deleted_at IS NULL ORDER BY p.created_at, p.id`,
      [donorId],
    );
  }

  async view(id: number, manager: EntityManager = this.db.manager): Promise<PickupPointView> {
    const [point] = await manager.query<PickupPointView[]>(`SELECT ${VIEW_COLUMNS} FROM pickup_points p WHERE p.id = $1`, [id]);
    return point;
  }

  async countLive(tx: EntityManager, donorId: number): Promise<number> {
    const [row] = await tx.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM pickup_points WHERE donor_id = $1 AND deleted_at IS NULL`,
      [donorId],
    );
    return row.count;
  }

  /** A point by id (deleted or not), locked for the rest of the transaction; undefined when none. */
  async lockById(tx: EntityManager, id: number): Promise<PickupPointRow | undefined> {
    const [point] = await tx.query<PickupPointRow[]>(
      `SELECT p.id, p.donor_id, p.deleted_at IS NOT NULL AS deleted, ${FIELDS.map((f) => `p.${f}`).join(', ')}, p.is_default
         FROM pickup_points p WHERE p.id = $1 FOR UPDATE`,
      [id],
    );
    return point;
  }

  /**
   * One of the donor's live points, held (FOR SHARE) until the transaction ends so that it cannot be
   * deleted under a listing being written; undefined when it is not the donor's or is deleted.
   */
  async lockLive(tx: EntityManager, donorId: number, id: number): Promise<{ id: number; governorate: GovernorateCode } | undefined> {
    const [point] = await tx.query<{ id: number; governorate: GovernorateCode }[]>(
      `SELECT id, governorate FROM pickup_points WHERE id = $1 AND donor_id = $2 AND deleted_at IS NULL FOR SHARE`,
      [id, donorId],
    );
    return point;
  }

  /** The donor's default point, held like lockLive; null when the donor has none. */
  async lockDefault(tx: EntityManager, donorId: number): Promise<{ id: number; governorate: GovernorateCode } | null> {
    const [point] = await tx.query<{ id: number; governorate: GovernorateCode }[]>(
      `SELECT id, governorate FROM pickup_points WHERE donor_id = $1 AND is_default AND deleted_at IS NULL FOR SHARE`,
      [donorId],
    );
    return point ?? null;
  }

  async insert(tx: EntityManager, donorId: number, point: PickupPointFields, isDefault: boolean): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO pickup_points (donor_id, ${FIELDS.join(', ')}, is_default)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [donorId, ...FIELDS.map((field) => point[field]), isDefault],
    );
    return row.id;
  }

  /** Replaces a point's fields. */
  async update(tx: EntityManager, id: number, point: PickupPointFields): Promise<void> {
    await tx.query(
      `UPDATE pickup_points SET (${FIELDS.join(', ')}) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11), updated_at = now() WHERE id = $1`,
      [id, ...FIELDS.map((field) => point[field])],
    );
  }

  /** Makes the point the donor's one default (the other loses it first: a partial unique index allows one). */
  async makeDefault(tx: EntityManager, donorId: number, id: number): Promise<void> {
    await tx.query(
      `UPDATE pickup_points SET is_default = false, updated_at = now() WHERE donor_id = $1 AND is_default AND id <> $2`,
      [donorId, id],
    );
    await tx.query(`UPDATE pickup_points SET is_default = true, updated_at = now() WHERE id = $1 AND NOT is_default`, [id]);
  }

  /** Available (still safe) or claimed listings using the point. */
  async activeListings(tx: EntityManager, id: number): Promise<number> {
    const [row] = await tx.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM food_items f WHERE f.pickup_point_id = $1 AND ${ACTIVE_LISTING}`,
      [id],
    );
    return row.count;
  }

  /**
   * A deleted donor's points (docs/OPERATIONS.md, "Account deletion"): their address, landmark, position,
   * contact and notes are erased and the points hidden; governorate, area and label stay for the impact
   * figures of the donor's past listings. Pickup details show an erased point as none.
   */
  async eraseOf(tx: EntityManager, donorId: number): Promise<void> {
    await tx.query(
      `UPDATE pickup_points
          SET address_line = NULL, landmark = NULL, lat = NULL, lng = NULL, contact_name = NULL, contact_phone = NULL, notes = NULL,
              erased_at = now(), deleted_at = coalesce(deleted_at, now()), is_default = false, updated_at = now()
        WHERE donor_id = $1 AND erased_at IS NULL`,
      [donorId],
    );
  }

  /** Hides the point; if it was the default, the donor's oldest remaining point becomes the default. */
  async softDelete(tx: EntityManager, donorId: number, id: number): Promise<void> {
    await tx.query(`UPDATE pickup_points SET deleted_at = now(), is_default = false, updated_at = now() WHERE id = $1`, [id]);
    await tx.query(
      `UPDATE pickup_points SET is_default = true, updated_at = now()
        WHERE id = (SELECT id FROM pickup_points WHERE donor_id = $1 AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM pickup_points WHERE donor_id = $1 AND deleted_at IS NULL AND is_default)`,
      [donorId],
    );
  }
}
