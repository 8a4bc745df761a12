import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERRORS, LIMITS, type PhotosResponse } from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { actingAccount, assertBranch, type AuthUser } from '../auth/auth-user';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { newPhotoNames, PHOTO_CONTENT_TYPE, photoUrl } from './photo-names';
import { PhotoProcessor, type ProcessedPhoto } from '../uploads/photo-processor';
import { PHOTO_STORAGE, type PhotoStorage, type StoredPhoto } from './photo-storage';
import { PhotosRepository, type NewPhoto, type PhotoItem, type PhotoRow } from './photos.repository';

/**
 * Called inside the transaction that changed an item's photos, after the change: where `food.updated`
 * is recorded (its payload is the item's public view, which the food module builds). Provide it under
 * PHOTOS_CHANGED; without a provider, a photo change announces nothing.
 */
export type PhotosChanged = (tx: EntityManager, foodId: number) => Promise<void>;
export const PHOTOS_CHANGED = Symbol('PhotosChanged');

/** Statuses in which the donor may still add or remove photos (not once the listing has ended). */
const CHANGEABLE: readonly string[] = ['available', 'claimed'];

/** The public URLs of an item's photos and thumbnails, in position order. */
export function photosView(rows: readonly PhotoRow[]): PhotosResponse {
  return { photo_urls: rows.map((row) => photoUrl(row.name)), thumbnail_urls: rows.map((row) => photoUrl(row.thumbnail_name)) };
}

/**
 * A food item's photos: added by its donor while the item is available or claimed (at most
 * LIMITS.photosPerItem), each re-encoded without metadata (PhotoProcessor) and stored (PhotoStorage), then
 * recorded in `food_photos` at the next free positions.
 *
 * Files are written before the rows that name them commit, and removed again when the transaction fails;
 * a crash in between leaves files no row names (harmless, never served by URL from a listing). Removed
 * photos' files go after the commit, for the same reason the other way round: a row never names a
 * missing file.
 */
@Injectable()
export class PhotosService {
  private readonly logger = new Logger('Photos');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly photos: PhotosRepository,
    private readonly processor: PhotoProcessor,
    @Inject(PHOTO_STORAGE) private readonly storage: PhotoStorage,
    private readonly answers: IdempotentAnswers,
    @Optional() @Inject(PHOTOS_CHANGED) private readonly changed?: PhotosChanged,
  ) {}

  /** An item's photos, for anyone (the item views carry the same URLs). */
  async view(foodId: number, manager?: EntityManager): Promise<PhotosResponse> {
    return photosView(await this.photos.list(foodId, manager));
  }

  /** A stored file by its name, or null. */
  file(name: string): Promise<StoredPhoto | null> {
    return this.storage.get(name);
  }

  /**
   * Adds the photos `read` yields (it is given how many the item has). Who may, and whether there is
   * room, is checked before the upload is read, and again under the item's lock before recording.
   */
  async upload(donor: AuthUser, foodId: number, read: (has: number) => Promise<Buffer[]>): Promise<PhotosResponse> {
    assertMayChange(donor, await this.photos.item(foodId));
    const has = (await this.photos.list(foodId)).length;
    assertRoom(has, 1);
    const files = await read(has);
    // Every file is checked and re-encoded before any is stored: one bad file refuses the whole upload.
    const processed: ProcessedPhoto[] = [];
    for (const file of files) processed.push(await this.processor.process(file));
    const stored = await this.store(processed);
    try {
      return await this.db.transaction(async (tx) => {
        assertMayChange(donor, await this.photos.lockItem(tx, foodId));
        const current = (await this.photos.list(foodId, tx)).length;
        assertRoom(current, stored.length);
        for (const [offset, photo] of stored.entries()) await this.photos.insert(tx, foodId, current + offset, photo);
        await this.changed?.(tx, foodId);
        return this.answers.storeWithin(tx, photosView(await this.photos.list(foodId, tx)));
      });
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
  }

  /** Removes the photo at `index` (0 first); the later ones move down. */
  async remove(donor: AuthUser, foodId: number, index: number): Promise<PhotosResponse> {
    const { answer, removed } = await this.db.transaction(async (tx) => {
      assertMayChange(donor, await this.photos.lockItem(tx, foodId));
      const row = await this.photos.removeAt(tx, foodId, index);
      if (!row) throw new NotFoundException(ERRORS.noPhotoAtIndex);
      await this.changed?.(tx, foodId);
      return { answer: await this.answers.storeWithin(tx, photosView(await this.photos.list(foodId, tx))), removed: row };
    });
    await this.discard([{ name: removed.name, thumbnailName: removed.thumbnail_name }]);
    return answer;
  }

  /** Writes each photo and its thumbnail under fresh names; if one write fails, the ones made are removed. */
  private async store(processed: readonly ProcessedPhoto[]): Promise<NewPhoto[]> {
    const stored: NewPhoto[] = [];
    try {
      for (const photo of processed) {
        const names = newPhotoNames();
        await this.storage.put(names.name, photo.photo, PHOTO_CONTENT_TYPE);
        stored.push({ ...names, width: photo.width, height: photo.height, bytes: photo.photo.length });
        await this.storage.put(names.thumbnailName, photo.thumbnail, PHOTO_CONTENT_TYPE);
      }
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
    return stored;
  }

  /**
   * Removes files no row names (any more). A failure is logged, not thrown: the answer stands, and the
   * left-over file is unreachable (its random name is in no listing).
   */
  private async discard(photos: readonly Pick<NewPhoto, 'name' | 'thumbnailName'>[]): Promise<void> {
    const names = photos.flatMap((photo) => [photo.name, photo.thumbnailName]);
    const results = await Promise.allSettled(names.map((name) => this.storage.delete(name)));
    results.forEach((result, at) => {
      if (result.status === 'rejected') this.logger.warn(`Could not remove photo file ${names[at]}: ${String(result.reason)}`);
    });
  }
}

/** 404 for no item, 403 for another donor's (or another branch's, for branch roles), 409 once the listing has ended. */
function assertMayChange(donor: AuthUser, item: PhotoItem | null): asserts item is PhotoItem {
  if (!item) throw new NotFoundException(ERRORS.foodNotFound);
  if (item.donor_id !== actingAccount(donor)) throw new ForbiddenException(ERRORS.ownPhotosOnly);
  // A branch manager or staff member: their branches' listings only (docs/ORGANISATIONS.md).
  assertBranch(donor, item.pickup_point_id);
  if (!CHANGEABLE.includes(item.status)) throw new ConflictException(ERRORS.photosClosed(item.status));
}

/** 409 when `adding` more photos would pass LIMITS.photosPerItem. */
function assertRoom(has: number, adding: number): void {
  if (has + adding > LIMITS.photosPerItem) throw new ConflictException(ERRORS.tooManyPhotos(LIMITS.photosPerItem, has));
}
