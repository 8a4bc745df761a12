import type { ChangeMarkRow } from '../outbox/outbox.repository';

/**
 * How a process tells, with one tiny query, whether anything that could change a cached read has been
 * committed since the read, by any process.
 *
 * Every change to food or requests records its domain event in `outbox_events` in the same transaction
 * (see OutboxService), so "no new committed outbox row" means "no change". The newest row by
 * `(occurred_at, id)` is one index-only lookup (`outbox_events_occurred_idx`). It is not enough on its
 * own: `occurred_at` is taken at insert, not at commit, so a transaction that was still running when the
 * cached read was taken can commit later with an *older* `occurred_at` and leave the newest row unchanged.
 * So a cached read also remembers which transactions were in progress in its snapshot
 * (`pg_current_snapshot()`, taken in the same snapshot as the read); once any of them has finished, the
 * read is no longer trusted. A transaction that had not yet written when the read's snapshot was taken
 * inserts its event later in time, hence with a newer `occurred_at` than any row the read saw, and moves
 * the newest row. Nothing is written to make this work: no counter row for every claim to contend on.
 *
 * The one assumption is that PostgreSQL's clock does not step backwards between the read and a later
 * write; the cache's maximum age bounds what a violated assumption could cost.
 */

/** `pg_current_snapshot()`: transactions below `xmin` are finished; from `xmax` on not yet started; `xip` in progress. */
export interface PgSnapshot {
  xmin: bigint;
  xmax: bigint;
  xip: bigint[];
}

/** What the database looked like at one moment, as far as cached reads are concerned. */
export interface ChangeMark {
  /** The newest outbox row, `<occurred_at in µs>/<id>`; null while the outbox is empty. */
  last: string | null;
  snapshot: PgSnapshot;
}

/** What a cached read keeps to be checked against later marks. */
export interface ReadMark {
  last: string | null;
  /** Transactions in progress when the read's snapshot was taken. */
  inProgress: bigint[];
}

/** Parses `xmin:xmax:xip1,xip2,...` (pg_snapshot's text form). */
export function parseSnapshot(text: string): PgSnapshot {
  const match = /^(\d+):(\d+):([\d,]*)$/.exec(text.trim());
  if (!match) throw new Error(`Unexpected pg_snapshot text: ${text}`);
  return {
    xmin: BigInt(match[1]),
    xmax: BigInt(match[2]),
    xip: match[3] ? match[3].split(',').map((xid) => BigInt(xid)) : [],
  };
}

export function changeMarkOf(row: ChangeMarkRow): ChangeMark {
  return { last: row.last ?? null, snapshot: parseSnapshot(row.snapshot) };
}

export function readMarkOf(mark: ChangeMark): ReadMark {
  return { last: mark.last, inProgress: mark.snapshot.xip };
}

/** True when the transaction had finished (committed or rolled back) before `snapshot` was taken. */
export function finishedBefore(xid: bigint, snapshot: PgSnapshot): boolean {
  if (xid < snapshot.xmin) return true;
  if (xid >= snapshot.xmax) return false;
  return !snapshot.xip.includes(xid);
}

/**
 * True when a read taken with `read` still shows everything committed before `now` was taken: the newest
 * outbox row is the same, and no transaction that was running at the read has finished since. Safe in
 * either order: if `now` is older than the read, the read is newer still. (A transaction that rolled back
 * also counts as finished: a needless reload, never a stale answer.)
 */
export function isCurrent(read: ReadMark, now: ChangeMark): boolean {
  return read.last === now.last && !read.inProgress.some((xid) => finishedBefore(xid, now.snapshot));
}
