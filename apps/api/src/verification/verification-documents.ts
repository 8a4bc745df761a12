import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, PayloadTooLargeException } from '@nestjs/common';
import { ERRORS, LIMITS, type DocumentType } from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { multipartParts } from '../uploads/multipart-parts';
import type { StoredNames } from '../photos/photo-storage';

/**
 * A stored verification document's name: `doc-`, 128 random bits in hex and its format. Made here only,
 * never from a client's words; the photo stores refuse it (it is not a photo name), so it can never be
 * served by the public photo URL, even from the same bucket.
 */
export const DOCUMENT_NAME_PATTERN = /^doc-[0-9a-f]{32}\.(pdf|webp)$/;

export const DOCUMENT_NAMES: StoredNames = {
  valid: (name: unknown): name is string => typeof name === 'string' && DOCUMENT_NAME_PATTERN.test(name),
  contentType: (name) => (name.endsWith('.pdf') ? 'application/pdf' : 'image/webp'),
};

export function newDocumentName(type: DocumentType): string {
  return `doc-${randomBytes(16).toString('hex')}.${type === 'application/pdf' ? 'pdf' : 'webp'}`;
}

/**
 * A PDF by its content: the `%PDF-1.x` or `2.x` header at the start and an `%%EOF` marker in the last KB
 * (a truncated upload has none). Whatever the file's name or declared type says.
 */
export function isPdf(data: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(data.toString('latin1', 0, 8))) return false;
  return data.toString('latin1', Math.max(0, data.length - 1024)).includes('%%EOF');
}

/** The form of `POST /api/charity/verification`: its text fields, and the file `document`. */
export interface VerificationUpload {
  fields: Record<string, string>;
  document: Buffer | null;
}

const MEGABYTE = 1024 * 1024;

/**
 * Reads the multipart form: text fields by name (the last of a repeated name), the one file `document`
 * (at most LIMITS.documentMaxBytes: 413). Files under other names are refused (400 naming `document`).
 */
export async function readVerificationUpload(request: FastifyRequest): Promise<VerificationUpload> {
  if (!request.isMultipart()) throw new BadRequestException([ERRORS.documentRequired]);
  const fields: Record<string, string> = Object.create(null);
  let document: Buffer | null = null;
  let stray = false;
  try {
    for await (const part of multipartParts(request, { files: 1, fileSize: LIMITS.documentMaxBytes })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'document') stray = true;
        else if (part.data.length > 0) document = part.data;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeException(ERRORS.documentTooLarge(LIMITS.documentMaxBytes / MEGABYTE));
    if (code === 'FST_FILES_LIMIT') throw new BadRequestException([ERRORS.documentRequired]);
    if (typeof code === 'string' && (code.startsWith('FST_') || code === 'ECONNRESET')) throw new BadRequestException([ERRORS.documentUnreadable]);
    if (error instanceof Error && /multipart|part|boundary|Unexpected end|aborted/i.test(error.message)) {
      throw new BadRequestException([ERRORS.documentUnreadable]);
    }
    throw error;
  }
  if (stray || !document) throw new BadRequestException([ERRORS.documentRequired]);
  return { fields, document };
}

/** 409 for a submission from a status that does not allow one. */
export function notSubmittable(status: string): ConflictException {
  return new ConflictException(ERRORS.verificationNotSubmittable(status));
}
