import { BadRequestException, Injectable } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';
import sharp from 'sharp';
import { PrioritySemaphore } from '../common/priority-semaphore';

/** The long side of a stored photo and of its thumbnail, in pixels (never enlarged). */
export const PHOTO_MAX_SIDE = 1600;
export const THUMBNAIL_MAX_SIDE = 400;

/**
 * The most pixels an upload may decode to. A 5 MB file can claim to be 60,000 × 60,000 pixels (a
 * decompression bomb: gigabytes once decoded); this refuses it from the header, before decoding. 100
 * megapixels leaves room for any phone's full-resolution mode (108 MP sensors shoot 12,000 × 9,000).
 */
export const MAX_INPUT_PIXELS = 100_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface ProcessedPhoto {
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * The format a file's first bytes announce (JPEG's SOI marker, PNG's signature, a RIFF container of
 * WebP), whatever its name or declared type says; `null` for anything else. Checked before the image
 * library sees the file, so that it never parses the formats it could (SVG, TIFF, HEIF, GIF…) but we do
 * not accept.
 */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Re-encodes uploads with sharp (libvips): turned upright by their EXIF orientation, then written as new
 * WebP files that carry no metadata at all (sharp copies none unless asked), so EXIF with its GPS
 * position, XMP and IPTC are gone; at most PHOTO_MAX_SIDE pixels on the long side, with a
 * THUMBNAIL_MAX_SIDE thumbnail.
 *
 * The API runs on 2 cores beside PostgreSQL and Redis: one image at a time, on one libvips thread, and
 * without libvips's operation cache (uploads are never the same image twice), so uploads cannot starve
 * the board or the claims.
 */
@Injectable()
export class PhotoProcessor {
  private readonly oneAtATime = new PrioritySemaphore(1);

  constructor() {
    sharp.concurrency(1);
    sharp.cache(false);
  }

  /** The re-encoded photo and thumbnail; 400 naming `photo` when the file is not a JPEG, PNG or WebP image. */
  async process(data: Buffer): Promise<ProcessedPhoto> {
    const announced = sniffImageFormat(data);
    if (!announced) throw notAnImage();
    return this.oneAtATime.run(0, () => reencode(data, announced));
  }
}

async function reencode(data: Buffer, announced: ImageFormat): Promise<ProcessedPhoto> {
  // Only the first frame of an animated WebP or PNG; the pixel limit is checked against the header.
  const input = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const { format } = await input.metadata();
    if (format !== announced) throw notAnImage();
    const upright = input.autoOrient();
    const [photo, thumbnail] = await Promise.all([
      upright
        .clone()
        .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer(),
    ]);
    return { photo: photo.data, thumbnail, width: photo.info.width, height: photo.info.height };
  } catch (error) {
    if (error instanceof BadRequestException) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new BadRequestException([ERRORS.photoTooManyPixels(MAX_INPUT_PIXELS / 1_000_000)]);
    }
    // libvips refused the file: corrupt or truncated. Bad input, never a 500.
    throw notAnImage();
  }
}

function notAnImage(): BadRequestException {
  return new BadRequestException([ERRORS.photoNotImage]);
}
