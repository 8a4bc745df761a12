import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';

/** One part of a multipart body, read whole: a file's bytes or a text field's value (other values are skipped). */
export type ReadPart =
  | { type: 'file'; fieldname: string; filename: string; data: Buffer }
  | { type: 'field'; fieldname: string; value: string };

/** Limits of one reader: how many files, and how large each may be. */
export interface PartLimits {
  files: number;
  fileSize: number;
}

interface BufferedBody {
  parts: ReadPart[];
  /** What stopped the reading (a file too large, too many files, a malformed body), thrown again on replay. */
  error?: unknown;
}

const BUFFERED = Symbol('bufferedMultipart');
type WithBuffered = FastifyRequest & { [BUFFERED]?: BufferedBody };

/** An error as @fastify/multipart throws it, so the readers answer a replay exactly as a first reading. */
function multipartError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Reads a multipart body whole into memory, within `limits`, and keeps it on the request: the readers
 * (multipartParts) then replay it instead of reading the stream. For the idempotency interceptor, which
 * must know the files to fingerprint the request before the call runs. A reading error is kept and
 * thrown to the reader at the same point, so the answer is the reader's own (413, 409, 400).
 */
export async function bufferMultipart(request: FastifyRequest, limits: PartLimits): Promise<ReadPart[]> {
  const body: BufferedBody = { parts: [] };
  try {
    for await (const part of request.parts({ limits: { files: limits.files, fileSize: limits.fileSize } })) {
      if (part.type === 'file') body.parts.push({ type: 'file', fieldname: part.fieldname, filename: part.filename, data: await part.toBuffer() });
      else if (typeof part.value === 'string') body.parts.push({ type: 'field', fieldname: part.fieldname, value: part.value });
    }
  } catch (error) {
    body.error = error;
  }
  (request as WithBuffered)[BUFFERED] = body;
  return body.parts;
}

/**
 * The parts of a multipart body, each read whole: from the stream, or replayed from bufferMultipart
 * with the same limits applied (a file over `fileSize`: FST_REQ_FILE_TOO_LARGE; more than `files`:
 * FST_FILES_LIMIT, as @fastify/multipart throws them).
 */
export async function* multipartParts(request: FastifyRequest, limits: PartLimits): AsyncGenerator<ReadPart> {
  const buffered = (request as WithBuffered)[BUFFERED];
  if (!buffered) {
    for await (const part of request.parts({ limits: { files: limits.files, fileSize: limits.fileSize } })) {
      if (part.type === 'file') yield { type: 'file', fieldname: part.fieldname, filename: part.filename, data: await part.toBuffer() };
      else if (typeof part.value === 'string') yield { type: 'field', fieldname: part.fieldname, value: part.value };
    }
    return;
  }
  let files = 0;
  for (const part of buffered.parts) {
    if (part.type === 'file') {
      files += 1;
      if (files > limits.files) throw multipartError('FST_FILES_LIMIT', 'reach files limit');
      if (part.data.length > limits.fileSize) throw multipartError('FST_REQ_FILE_TOO_LARGE', 'request file too large');
    }
    yield part;
  }
  if (buffered.error !== undefined) throw buffered.error;
}

/**
 * A fingerprint of a multipart body for Idempotency-Key: each part in order, a field by its name and
 * value, a file by its field name and the SHA-256 of its bytes (not its file name, which a retry may
 * change without changing the request).
 */
export function multipartFingerprint(parts: readonly ReadPart[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    if (part.type === 'file') hash.update(`file ${JSON.stringify(part.fieldname)} ${createHash('sha256').update(part.data).digest('hex')}\n`);
    else hash.update(`field ${JSON.stringify(part.fieldname)} ${JSON.stringify(part.value)}\n`);
  }
  return hash.digest('hex');
}
