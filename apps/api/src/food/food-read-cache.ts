import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AvailableQuery } from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxService } from '../outbox/outbox.service';
import { changeMarkOf, readMarkOf, type ChangeMark } from './change-mark';
import { ListingsService } from '../listings/listings.service';
import { compressOnce, COMPRESS_MIN_BYTES, type ContentCoding } from '../common/compression';
import { Coalesced, FreshCache, type Loaded } from './fresh-cache';

/**
 * A response body serialised once: the bytes and their strong entity tag, and, from COMPRESS_MIN_BYTES
 * on, its brotli and gzip copies made once with it (sent as they are, never compressed per request).
 */
export interface JsonBody {
  body: Buffer;
  etag: string;
  encoded?: Record<ContentCoding, Buffer>;
}

/** What Fastify sends for a JSON reply; a cached body goes out with the same type. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** 1,000 items of the longest fields (Arabic text, 3 bytes a character) are ~3.5 MB; a donor's list has no limit. */
const MAX_BYTES_EACH = 32 * 1024 * 1024;
/** The default board, plus whatever pages clients ask for (one minute's pages at a time). */
const MAX_BOARDS = 16;
/**
 * Filtered boards (governorate, category, storage, near, window): charities' remembered filters repeat,
 * positions rarely do; least recently used go first, and MAX_BYTES_EACH bounds them all together.
 */
const MAX_FILTERED_BOARDS = 256;
/** Donors' own lists: the donors signed in and looking at their dashboards. */
const MAX_DONORS = 64;
/** The safety net behind the change mark (see change-mark.ts): a minute at most, even if no change is seen. */
const MAX_AGE_MS = 60_000;
const MINUTE_MS = 60_000;

/** The body and, when it is worth it, its compressed copies. */
export async function compressedJsonBody(value: unknown): Promise<JsonBody> {
  const json = jsonBody(value);
  if (json.body.length < COMPRESS_MIN_BYTES) return json;
  return { ...json, encoded: await compressOnce(json.body) };
}

/** Each coded copy is a different representation, so it has a strong tag of its own (RFC 9110 8.8.3.3). */
export function codedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/** Bytes held for a body: the body and its copies. */
export function jsonBodySize(value: JsonBody): number {
  return value.body.length + (value.encoded ? value.encoded.br.length + value.encoded.gzip.length : 0);
}

export function jsonBody(value: unknown): JsonBody {
  // Fastify serialises a reply without a response schema with JSON.stringify: the same bytes.
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (W/ ignored). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * The two big food reads, served from memory as serialised bodies: the available board (per minute and
 * query) and a donor's own list (per minute and donor). Every request first reads the database's change
 * mark (one tiny query, shared by the requests waiting for it), so a change committed by any process is
 * seen by the next request to any process; see FreshCache and change-mark.ts.
 *
 * Time changes these reads with no change in the database: an item leaves the board the moment its
 * `safe_until` passes. So each body is read as of the start of the *next* minute and kept under the key
 * of the current minute: an item whose safe time ends during this minute is already left out (at most a
 * minute early, never late), and every item shown stays safe until the body can no longer be served.
 * A new minute is a new key, and the previous minute's bodies are dropped.
 */
@Injectable()
export class FoodReadCache {
  private readonly marks: Coalesced<ChangeMark>;
  private readonly boards: FreshCache<JsonBody>;
  private readonly filteredBoards: FreshCache<JsonBody>;
  private readonly donors: FreshCache<JsonBody>;
  private minute = Number.NaN;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly food: ListingsService,
    private readonly outbox: OutboxService,
  ) {
    this.marks = new Coalesced(async () => changeMarkOf(await this.outbox.changeMark()));
    const options = {
      readMark: () => this.marks.next(),
      sizeOf: jsonBodySize,
      maxBytes: MAX_BYTES_EACH,
      maxAgeMs: MAX_AGE_MS,
    };
    this.boards = new FreshCache<JsonBody>({ ...options, maxEntries: MAX_BOARDS });
    this.filteredBoards = new FreshCache<JsonBody>({ ...options, maxEntries: MAX_FILTERED_BOARDS });
    this.donors = new FreshCache<JsonBody>({ ...options, maxEntries: MAX_DONORS });
  }

  /** The body of GET /api/available for `query`, as of a moment after this call. */
  available(query: AvailableQuery): Promise<JsonBody> {
    const minute = this.currentMinute();
    const asOf = new Date((minute + 1) * MINUTE_MS);
    const { limit, offset, governorate, category, storage, near, window } = query;
    const filtered = governorate !== undefined || category !== undefined || storage !== undefined || near !== undefined || window !== undefined;
    const load = () => this.read((tx) => this.food.listAvailable(query, asOf, tx));
    if (!filtered) return this.boards.get(`${minute}|${limit}|${offset}`, load);
    const key = [minute, limit, offset, governorate, category, storage, near && `${near.lat},${near.lng}`, window].join('|');
    return this.filteredBoards.get(key, load);
  }

  /**
   * The body of GET /api/available for a partner charity that has offers of its own (the offer cascade):
   * the open board plus what is offered to it alone, as of the same moment as the cached boards, read
   * straight from the database (such offers last minutes and concern a few charities each).
   */
  async availableOfferedTo(query: AvailableQuery, charityId: number): Promise<JsonBody> {
    const asOf = new Date((this.currentMinute() + 1) * MINUTE_MS);
    return compressedJsonBody(await this.food.listAvailable(query, asOf, undefined, charityId));
  }

  /** The body of GET /api/donor/{donorId}, as of a moment after this call. The caller checks who may see it. */
  donorItems(donorId: number): Promise<JsonBody> {
    const minute = this.currentMinute();
    const asOf = new Date((minute + 1) * MINUTE_MS);
    return this.donors.get(`${minute}|${donorId}`, () => this.read((tx) => this.food.donorItems(donorId, asOf, tx)));
  }

  /** The clock the keys and reads go by (a method, so a test can move it). */
  now(): number {
    return Date.now();
  }

  /** The current minute (since the epoch); entering a new one drops the bodies of the last. */
  private currentMinute(): number {
    const minute = Math.floor(this.now() / MINUTE_MS);
    if (minute !== this.minute) {
      // Earlier minutes' bodies can never be asked for again.
      this.boards.clear();
      this.filteredBoards.clear();
      this.donors.clear();
      this.minute = minute;
    }
    return minute;
  }

  /** The mark and the value in one snapshot (REPEATABLE READ: every statement sees the first one's). */
  private async read(query: (tx: EntityManager) => Promise<unknown>): Promise<Loaded<JsonBody>> {
    const { row, value } = await this.db.transaction('REPEATABLE READ', async (tx) => {
      const mark = await this.outbox.changeMark(tx);
      return { row: mark, value: await query(tx) };
    });
    return { value: await compressedJsonBody(value), mark: readMarkOf(changeMarkOf(row)) };
  }
}
