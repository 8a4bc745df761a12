import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cairoDate, type AvailableQuery } from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxRepository } from '../events/outbox.repository';
import { changeMarkOf, readMarkOf, type ChangeMark } from './change-mark';
import { FoodRepository } from './food.repository';
import { Coalesced, FreshCache, type Loaded } from './fresh-cache';

/** A response body serialised once: the bytes and their strong entity tag. */
export interface JsonBody {
  body: Buffer;
  etag: string;
}

/** What Fastify sends for a JSON reply; a cached body goes out with the same type. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** 1,000 items of the longest fields (Arabic text, 3 bytes a character) are ~3.5 MB; a donor's list has no limit. */
const MAX_BYTES_EACH = 32 * 1024 * 1024;
/** The default board, plus whatever pages clients ask for (one day's pages at a time). */
const MAX_BOARDS = 16;
/** Donors' own lists: the donors signed in and looking at their dashboards. */
const MAX_DONORS = 64;
/** The safety net behind the change mark (see change-mark.ts): a minute at most, even if no change is seen. */
const MAX_AGE_MS = 60_000;

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
 * The two big food reads, served from memory as serialised bodies: the available board (per Cairo date,
 * limit and offset) and a donor's own list (per Cairo date and donor). Every request first reads the
 * database's change mark (one tiny query, shared by the requests waiting for it), so a change committed by
 * any process is seen by the next request to any process; see FreshCache and change-mark.ts. A new day in
 * Cairo is a new key: the board leaves out food dated before today, and the donor list shows it expired.
 */
@Injectable()
export class FoodReadCache {
  private readonly marks: Coalesced<ChangeMark>;
  private readonly boards: FreshCache<JsonBody>;
  private readonly donors: FreshCache<JsonBody>;
  private day?: string;
  private todayMinute = Number.NaN;
  private todayValue = '';

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly food: FoodRepository,
    private readonly outbox: OutboxRepository,
  ) {
    this.marks = new Coalesced(async () => changeMarkOf(await this.outbox.changeMark()));
    const options = {
      readMark: () => this.marks.next(),
      sizeOf: (value: JsonBody) => value.body.length,
      maxBytes: MAX_BYTES_EACH,
      maxAgeMs: MAX_AGE_MS,
    };
    this.boards = new FreshCache<JsonBody>({ ...options, maxEntries: MAX_BOARDS });
    this.donors = new FreshCache<JsonBody>({ ...options, maxEntries: MAX_DONORS });
  }

  /** The body of GET /api/available for `query`, as of a moment after this call. */
  available({ limit, offset }: AvailableQuery): Promise<JsonBody> {
    const today = this.currentDay();
    return this.boards.get(`${today}|${limit}|${offset}`, () =>
      this.read((tx) => this.food.listAvailable({ limit, offset }, today, tx)),
    );
  }

  /** The body of GET /api/donor/{donorId}, as of a moment after this call. The caller checks who may see it. */
  donorItems(donorId: number): Promise<JsonBody> {
    const today = this.currentDay();
    return this.donors.get(`${today}|${donorId}`, () => this.read((tx) => this.food.donorItems(donorId, today, tx)));
  }

  /**
   * Today in Cairo: the keys and the queries use the same value. Worked out once a minute: Cairo's offset
   * from UTC is whole hours (summer time included), so its date only changes on a whole UTC minute.
   */
  today(): string {
    const now = Date.now();
    const minute = Math.floor(now / 60_000);
    if (minute !== this.todayMinute) {
      this.todayValue = cairoDate(new Date(now));
      this.todayMinute = minute;
    }
    return this.todayValue;
  }

  private currentDay(): string {
    const today = this.today();
    if (today !== this.day) {
      // Yesterday's bodies can never be asked for again.
      this.boards.clear();
      this.donors.clear();
      this.day = today;
    }
    return today;
  }

  /** The mark and the value in one snapshot (REPEATABLE READ: every statement sees the first one's). */
  private async read(query: (tx: EntityManager) => Promise<unknown>): Promise<Loaded<JsonBody>> {
    const { row, value } = await this.db.transaction('REPEATABLE READ', async (tx) => {
      const mark = await this.outbox.changeMark(tx);
      return { row: mark, value: await query(tx) };
    });
    return { value: jsonBody(value), mark: readMarkOf(changeMarkOf(row)) };
  }
}
