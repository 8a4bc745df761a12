import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LIMITS, type FoodStatus } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** What the photo rules need of a food item. */
export interface PhotoItem {
  donor_id: number;
  status: FoodStatus;
  /** Its branch: a branch manager or staff member changes the photos of their branches' listings only. */
  pickup_point_id: number | null;
}

/** One photo of an item, at its position (0 first). */
export interface PhotoRow {
  position: number;
  name: string;
  thumbnail_name: string;
}

/** A re-encoded photo, stored, about to be recorded. */
export interface NewPhoto {
  name: string;
  thumbnailName: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * `food_photos`: up to LIMITS.photosPerItem photos per item at positions 0, 1, 2 without gaps (the table's
 * CHECK and primary key hold the bound even against a bug here). Reads the donor and status of
 * `food_items`, which the photo rules depend on; the item views read this table themselves.
 */
@Injectable()
export class PhotosRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async item(foodId: number, manager: EntityManager = this.db.manager): Promise<PhotoItem | null> {
    const [row] = await manager.query<PhotoItem[]>(`SELECT donor_id, status, pickup_point_id FROM food_items WHERE id = $1`, [foodId]);
    return row ?? null;
  }

  /**
   * The item, locked until the transaction ends, so that two uploads, or an upload and a removal, of the
   * same item take positions one after the other, and its status cannot change under them. FOR NO KEY
   * UPDATE still lets other rows refer to the item (a claim's request) meanwhile.
   */
  async lockItem(tx: EntityManager, foodId: number): Promise<PhotoItem | null> {
    const [row] = await tx.query<PhotoItem[]>(`SELECT donor_id, status, pickup_point_id FROM food_items WHERE id = $1 FOR NO KEY UPDATE`, [foodId]);
    return row ?? null;
  }

  /** The item's photos in order. */
  list(foodId: number, manager: EntityManager = this.db.manager): Promise<PhotoRow[]> {
    return manager.query<PhotoRow[]>(
      `SELECT position, name, thumbnail_name FROM food_photos WHERE food_id = $1 ORDER BY position`,
      [foodId],
    );
  }

  async insert(tx: EntityManager, foodId: number, position: number, photo: NewPhoto): Promise<void> {
    await tx.query(
      `INSERT INTO food_photos (food_id, position, name, thumbnail_name, width, height, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [foodId, position, photo.name, photo.thumbnailName, photo.width, photo.height, photo.bytes],
    );
  }

  /** Removes the photo at `position` and moves the later ones down one place; the removed row, or null. */
  async removeAt(tx: EntityManager, foodId: number, position: number): Promise<PhotoRow | null> {
    const [removed] = await returningRows<PhotoRow>(
      tx,
      `DELETE FROM food_photos WHERE food_id = $1 AND position = $2 RETURNING position, name, thumbnail_name`,
      [foodId, position],
    );
    if (!removed) return null;
    // One row at a time, lowest first: the primary key is checked row by row, so a single
    // `SET position = position - 1` could collide with a row not yet moved.
    for (let next = position + 1; next < LIMITS.photosPerItem; next += 1) {
      await tx.query(`UPDATE food_photos SET position = $3 WHERE food_id = $1 AND position = $2`, [foodId, next, next - 1]);
    }
    return removed;
  }
}
