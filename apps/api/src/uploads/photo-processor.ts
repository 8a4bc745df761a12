import { BadRequestException, Inject, Injectable, Optional } from '@nestjs/common';
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

/**
 * The most memory (MB) one image may take once decoded: width × height × channels × bytes per channel, read
 * from the header before anything is decoded (IMAGE_DECODE_MAX_MB). An interlaced PNG, a progressive JPEG
 * and a WebP are decoded whole, so this is what libvips really allocates for them: a 759 KB interlaced
 * 16-bit RGBA PNG of 9999 × 9999 claims 800 MB and is refused in milliseconds. 128 MB is a 40-megapixel
 * 8-bit RGB photo (phones shoot 12 to 24).
 */
export const DEFAULT_DECODE_MAX_MB = 128;

const MEGABYTE = 1024 * 1024;

/** Bytes per channel of libvips's band formats (sharp's `depth`). */
const BYTES_PER_CHANNEL: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** What decoding an image of this header would take, in bytes (unknown depths count as 16-bit). */
export function decodedBytes(meta: { width?: number; height?: number; channels?: number; depth?: string }): number {
  return (meta.width ?? 0) * (meta.height ?? 0) * (meta.channels ?? 4) * (BYTES_PER_CHANNEL[meta.depth ?? ''] ?? 2);
}

/** Nest token of the decode budget in MB (AppConfig.IMAGE_DECODE_MAX_MB); PhotoProcessor's default without it. */
export const IMAGE_DECODE_MAX_MB = Symbol('ImageDecodeMaxMb');

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
  private readonly decodeMaxBytes: number;

  /** `decodeMaxMb`: the decode budget of one image (IMAGE_DECODE_MAX_MB). */
  constructor(@Optional() @Inject(IMAGE_DECODE_MAX_MB) decodeMaxMb?: number) {
    this.decodeMaxBytes = (decodeMaxMb ?? DEFAULT_DECODE_MAX_MB) * MEGABYTE;
    sharp.concurrency(1);
    sharp.cache(false);
  }

  /** Images waiting for their turn, and decoding now (for the chaos bench and metrics). */
  get load(): { running: number; queued: number } {
    return { running: this.oneAtATime.running, queued: this.oneAtATime.queued };
  }

  /**
   * The re-encoded photo and thumbnail; 400 naming `photo` when the file is not a JPEG, PNG or WebP image,
   * or when its header claims more pixels or decoded memory than allowed. The header is read (a few KB
   * parsed, nothing decoded) before the image waits for its turn, so a bomb is refused at once and never
   * holds up the uploads behind it.
   */
  async process(data: Buffer): Promise<ProcessedPhoto> {
    const announced = sniffImageFormat(data);
    if (!announced) throw notAnImage();
    const meta = await sharp(data, { failOn: 'error', animated: false, limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw notAnImage();
      });
    if (meta.format !== announced || !meta.width || !meta.height) throw notAnImage();
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new BadRequestException([ERRORS.photoTooManyPixels(MAX_INPUT_PIXELS / 1_000_000)]);
    if (decodedBytes(meta) > this.decodeMaxBytes) throw new BadRequestException([ERRORS.photoTooMuchMemory(this.decodeMaxBytes / MEGABYTE)]);
    return this.oneAtATime.run(0, () => reencode(data, announced));
  }
}

async function reencode(data: Buffer, announced: ImageFormat): Promise<ProcessedPhoto> {
  // Only the first frame of an animated WebP or PNG; the pixel limit is checked against the header again.
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
