import { randomBytes } from 'node:crypto';
import { apiPath, EXTRA_ROUTES } from '@food-link/contracts';
import type { StoredNames } from './photo-storage';

/**
 * A stored photo's name: 128 random bits in hex, `-thumb` for the thumbnail, and the format. Names are
 * made here and nowhere else, never from anything a client sends, and a name read from a URL is used only
 * when it matches this pattern exactly: no separator, dot-dot or other character can reach a file path or
 * an object key.
 */
export const PHOTO_NAME_PATTERN = /^[0-9a-f]{32}(?:-thumb)?\.webp$/;

/** Every stored photo is re-encoded to WebP (photo-processor.ts). */
export const PHOTO_CONTENT_TYPE = 'image/webp';

export interface PhotoNames {
  name: string;
  thumbnailName: string;
}

/** Fresh names for a photo and its thumbnail; random, so a name says nothing and is never reused. */
export function newPhotoNames(): PhotoNames {
  const stem = randomBytes(16).toString('hex');
  return { name: `${stem}.webp`, thumbnailName: `${stem}-thumb.webp` };
}

export function isPhotoName(name: unknown): name is string {
  return typeof name === 'string' && PHOTO_NAME_PATTERN.test(name);
}

/** The public URL a stored photo is served at (`GET /api/photos/{name}`). */
export function photoUrl(name: string): string {
  return apiPath(EXTRA_ROUTES.photo, { name });
}

/** The photo stores' names: PHOTO_NAME_PATTERN, all WebP. */
export const PHOTO_NAMES: StoredNames = { valid: isPhotoName, contentType: () => PHOTO_CONTENT_TYPE };
