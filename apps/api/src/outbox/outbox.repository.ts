import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AnyEventEnvelope, DomainEventPayloads, DomainEventType } from '@food-link/contracts';
import type { Client } from 'pg';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import type { DomainEventJob } from './domain-event-job';

/** Processes without a running relay NOTIFY this channel after committing events (see OutboxService). */
export const OUTBOX_CHANNEL = 'outbox_events';

declare const valueType: unique symbol;

/**
 * A SQL expression whose value, as JSON, has the TypeScript type `V`. The phantom type is what lets a
 * payload written in SQL be checked against the contract at compile time (see `outboxInsertFrom`).
 */
export interface SqlExpr<V> {
  readonly sql: string;
  readonly [valueType]?: V;
}

/** A SQL expression of the given JSON type (the caller vouches for the SQL's type). */
export const sqlExpr = <V>(sql: string): SqlExpr<V> => ({ sql });
export const sqlInt = (sql: string): SqlExpr<number> => sqlExpr<number>(sql);

/** One SQL expression for every field of `T`, no more and no fewer. */
export type SqlFields<T> = { readonly [K in keyof T]-?: SqlExpr<T[K]> };

/** `jsonb_build_object(...)` with exactly the fields of `T`. */
export function jsonObject<T extends object>(fields: SqlFields<T>): SqlExpr<T> {
  const pairs = Object.entries(fields as Record<string, SqlExpr<unknown>>).map(([key, value]) => {
    if (!/^\w+$/.test(key)) throw new Error(`Unexpected payload field name: ${key}`);
    return `'${key}', ${value.sql}`;
  });
  return sqlExpr<T>(`jsonb_build_object(${pairs.join(', ')})`);
}

/** Every outbox row is written by a statement that starts like this (`outboxInsert`). */
const OUTBOX_INSERT = 'INSERT INTO outbox_events (id, type, data, recipients)';

function outboxInsert(source: string): string {
  return `${OUTBOX_INSERT} ${source}`;
}

/** OutboxService.record's row: the payload travels as a JSON parameter, typed by `insert`'s signature. */
const RECORD_SQL = outboxInsert('VALUES ($1, $2, $3, $4)');

/** OutboxService.recordMany's rows, one statement: $1 the type, then the ids, payloads and recipients (JSON arrays), in order. */
const RECORD_MANY_SQL = outboxInsert(`
  SELECT e.id, $1, e.data, ARRAY(SELECT jsonb_array_elements_text(e.recipients)::int)
    FROM unnest($2::uuid[], $3::jsonb[], $4::jsonb[]) WITH ORDINALITY AS e (id, data, recipients, position)
   ORDER BY e.position`);

/**
 * The outbox insert of a statement that writes its own event (the one-statement claim): one `type` event
 * per row of `from`, its payload built in SQL from `data`, which must name exactly the fields the
 * contract gives the event (`DomainEventPayloads[type]`), each with an expression of the field's type.
 */
export function outboxInsertFrom<T extends DomainEventType>(
  type: T,
  data: SqlFields<DomainEventPayloads[T]>,
  recipients: SqlExpr<number[]>,
  from: string,
): string {
  if (!/^[a-z.]+$/.test(type)) throw new Error(`Unexpected event type: ${type}`);
  return outboxInsert(`
    SELECT gen_random_uuid(), '${type}', ${jsonObject(data).sql},
           ${recipients.sql}
      FROM ${from}`);
}

interface OutboxRow {
  id: string;
  type: AnyEventEnvelope['type'];
  data: AnyEventEnvelope['data'];
  recipients: number[];
  occurred_at: Date;
}

const EVENT_COLUMNS = 'id, type, data, recipients, occurred_at';

/** SQL for the end of a lease starting now; its length in ms is the parameter `$2`. */
const LEASE_END = `now() + $2 * interval '1 millisecond'`;

/** What the change-mark query (`changeMark`) returns, read by food/change-mark.ts. */
export interface ChangeMarkRow {
  snapshot: string;
  last: string | null;
}

/** The change mark (see food/change-mark.ts): both values in one statement, hence from one snapshot. */
const CHANGE_MARK_SQL = `
  SELECT pg_current_snapshot()::text AS snapshot,
         (SELECT (extract(epoch FROM e.occurred_at) * 1000000)::bigint || '/' || e.id
            FROM outbox_events e
           ORDER BY e.occurred_at DESC, e.id DESC
           LIMIT 1) AS last`;

/**
 * `outbox_events`: recording events, the relay's and the lease keeper's batches, waking relays, and the
 * change mark of the cached reads. Rows come back as the job a relay sends (`DomainEventJob`).
 */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts one event in the caller's transaction. */
  async insert<T extends DomainEventType>(
    tx: EntityManager,
    id: string,
    type: T,
    data: DomainEventPayloads[T],
    recipients: readonly number[],
  ): Promise<void> {
    await tx.query(RECORD_SQL, [id, type, JSON.stringify(data), recipients]);
  }

  /**
   * Inserts several events of one type in the caller's transaction, in one statement (a batch of
   * listings); their `occurred_at` follow the order given.
   */
  async insertMany<T extends DomainEventType>(
    tx: EntityManager,
    type: T,
    events: readonly { id: string; data: DomainEventPayloads[T]; recipients: readonly number[] }[],
  ): Promise<void> {
    if (events.length === 0) return;
    await tx.query(RECORD_MANY_SQL, [
      type,
      events.map((event) => event.id),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.recipients)),
    ]);
  }

  /**
   * Sends `NOTIFY outbox_events`. @param connection the committing transaction's, still held by its
   * caller; else one from the pool.
   */
  async notify(connection?: QueryRunner): Promise<void> {
    await (connection ?? this.db).query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
  }

  /** Makes `client` (a connection of its own) receive the NOTIFYs above. */
  async listen(client: Client): Promise<void> {
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
  }

  /** Locks up to `limit` unpublished rows, oldest first, skipping those another relay holds. */
  async lockUnpublished(tx: EntityManager, limit: number): Promise<DomainEventJob[]> {
    const rows = await tx.query<OutboxRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM outbox_events
        WHERE published_at IS NULL
        ORDER BY occurred_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map(toJobData);
  }

  /** Marks rows published, with a lease of `leaseMs` starting now. */
  async markPublished(tx: EntityManager, eventIds: readonly string[], leaseMs: number): Promise<void> {
    await tx.query(`UPDATE outbox_events SET published_at = now(), lease_expires_at = ${LEASE_END} WHERE id = ANY($1::uuid[])`, [
      eventIds,
      leaseMs,
    ]);
  }

  /** Locks up to `limit` rows whose lease has expired, the longest expired first. */
  async lockExpiredLeases(tx: EntityManager, limit: number): Promise<DomainEventJob[]> {
    const rows = await tx.query<OutboxRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM outbox_events
        WHERE lease_expires_at < now()
        ORDER BY lease_expires_at
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map(toJobData);
  }

  /** Starts (or restarts) the lease of these events: `leaseMs` from now. */
  async renewLeases(eventIds: readonly string[], leaseMs: number, manager: EntityManager = this.db.manager): Promise<void> {
    if (eventIds.length === 0) return;
    await manager.query(`UPDATE outbox_events SET lease_expires_at = ${LEASE_END} WHERE id = ANY($1::uuid[])`, [eventIds, leaseMs]);
  }

  /** Ends the lease of these events: they are not looked up or sent again. */
  async settle(eventIds: readonly string[], manager: EntityManager = this.db.manager): Promise<void> {
    if (eventIds.length === 0) return;
    await manager.query(`UPDATE outbox_events SET lease_expires_at = NULL WHERE id = ANY($1::uuid[])`, [eventIds]);
  }

  /** The newest row and the snapshot, for the cached reads (see change-mark.ts). */
  async changeMark(manager: EntityManager = this.db.manager): Promise<ChangeMarkRow> {
    const [row] = await manager.query<ChangeMarkRow[]>(CHANGE_MARK_SQL);
    return row;
  }
}

/** The row as a `domain-events` job's data: the envelope clients receive and who hears of it privately. */
function toJobData(row: OutboxRow): DomainEventJob {
  const envelope = { id: row.id, type: row.type, occurredAt: row.occurred_at.toISOString(), data: row.data } as AnyEventEnvelope;
  return { envelope, recipients: row.recipients };
}
