import type { Readable } from 'node:stream';

/** A stored file, ready to stream to a client. */
export interface StoredPhoto {
  stream: Readable;
  contentType: string;
  /** Its size, when the store says (it becomes Content-Length). */
  bytes?: number;
}

/**
 * Where photo files live: the local disk or an S3-compatible store (PHOTO_STORAGE). Callers pass only
 * names made by `newPhotoNames()` (photo-names.ts); each store refuses any other name all the same.
 */
export interface PhotoStorage {
  /** Stores `data` under `name`, replacing nothing: names are fresh. */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or `null` when there is none under that name. */
  get(name: string): Promise<StoredPhoto | null>;
  /** Removes the file; removing a file that is not there is not an error. */
  delete(name: string): Promise<void>;
}

/** Nest injection token of the configured `PhotoStorage`. */
export const PHOTO_STORAGE = Symbol('PhotoStorage');

/**
 * Which names a store accepts and the type each is served with. Photos are the default; verification
 * documents (apps/api/src/verification) use the same stores with names of their own, which no photo URL
 * can name.
 */
export interface StoredNames {
  valid(name: unknown): name is string;
  contentType(name: string): string;
}
