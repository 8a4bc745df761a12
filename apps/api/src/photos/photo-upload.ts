import { BadRequestException, ConflictException, PayloadTooLargeException } from '@nestjs/common';
import { ERRORS, LIMITS } from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { multipartParts } from '../uploads/multipart-parts';

/** The form fields a photo may come in: `photo` (one file, or repeated) or `photos`. */
export const PHOTO_FIELDS: readonly string[] = ['photo', 'photos'];

const MEGABYTE = 1024 * 1024;

/**
 * Limits of every multipart body (registered with @fastify/multipart in app.setup.ts). Files are read into
 * memory, so each is bounded by LIMITS.photoMaxBytes and their number by the photos an item may have;
 * other fields are not used and are kept tiny.
 */
export const MULTIPART_LIMITS = {
  fileSize: LIMITS.photoMaxBytes,
  files: LIMITS.photosPerItem,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: LIMITS.photosPerItem + 10,
  headerPairs: 100,
};

/**
 * The photo files of a multipart upload, each at most LIMITS.photoMaxBytes, at most as many as the item has
 * room for (`room`). Their content is not looked at here (photo-processor.ts does). Answers 400 naming
 * `photo` for a body that is not multipart, carries no photo, or is malformed; 413 for a file too large;
 * 409 when more files come than the item has room for (`has` photos already).
 */
export async function readPhotoFiles(request: FastifyRequest, has: number): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new BadRequestException([ERRORS.photoRequired]);
  const files: Buffer[] = [];
  let strayField = false;
  try {
    for await (const part of multipartParts(request, { files: LIMITS.photosPerItem - has, fileSize: LIMITS.photoMaxBytes })) {
      if (part.type !== 'file') continue;
      // Read to the end even when refused, so the rest of the body can still be parsed and the answer sent.
      const data = part.data;
      if (!PHOTO_FIELDS.includes(part.fieldname)) strayField = true;
      // A form's empty file input arrives as a nameless empty part: nothing was chosen.
      else if (data.length > 0 || part.filename !== '') files.push(data);
    }
  } catch (error) {
    throw uploadError(error, has);
  }
  if (strayField || files.length === 0) throw new BadRequestException([ERRORS.photoRequired]);
  return files;
}

/** @fastify/multipart's and busboy's errors as the API's answers (they would otherwise be 500s). */
function uploadError(error: unknown, has: number): Error {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeException(ERRORS.photoTooLarge(LIMITS.photoMaxBytes / MEGABYTE));
    case 'FST_FILES_LIMIT':
      return new ConflictException(ERRORS.tooManyPhotos(LIMITS.photosPerItem, has));
    default:
      // Limits of parts and fields, a prototype-polluting field name, a body cut short, malformed or aborted.
      if (typeof code === 'string' && (code.startsWith('FST_') || code === 'ECONNRESET')) return new BadRequestException([ERRORS.photoUnreadable]);
      if (error instanceof Error && /multipart|part|boundary|Unexpected end|aborted/i.test(error.message)) {
        return new BadRequestException([ERRORS.photoUnreadable]);
      }
      return error instanceof Error ? error : new Error(String(error));
  }
}
