import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';

/** The content codings the API sends, in the order it prefers them when a client accepts both. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * Bodies smaller than this go out as they are: up to here a body fits the first round trip of a fresh
 * connection anyway, and the compressor's work and its headers buy little. Answers of single items,
 * errors and the small pages stay plain; a board of any size is compressed.
 */
export const COMPRESS_MIN_BYTES = 4096;

/**
 * JSON (also `+json` types) and HTML, what the API itself writes, whatever parameters their type
 * carries; other types as @fastify/compress judges them by mime-db (text yes; images such as photos,
 * already compressed, and event streams, no). Scripts and styles of the web app are compressed once when
 * it is built (web-app.ts sends their copies, and the plugin is registered after it).
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/html)\s*(?:;|$)/i;

/** @fastify/compress, for every route's JSON and HTML answers; request bodies are never decompressed. */
export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  encodings: [...CONTENT_CODINGS],
  threshold: COMPRESS_MIN_BYTES,
  customTypes: (contentType: string) => COMPRESSIBLE.test(contentType),
  globalDecompression: false,
};

/** The coding to send to a client with this Accept-Encoding, or undefined for the body as it is. */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const chosen = negotiate(header, [...CONTENT_CODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Both compressed copies of a body kept in memory and sent many times, made once on libuv's thread pool
 * (the event loop keeps serving meanwhile). Brotli at quality 5: within a few percent of its best size on
 * JSON at a small fraction of quality 11's time, which matters because a board is compressed again after
 * every change.
 */
export async function compressOnce(body: Buffer): Promise<Record<ContentCoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 6 }),
  ]);
  return { br, gzip: gz };
}
