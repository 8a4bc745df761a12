import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DomainEventType, EventsPerMinute, OpsEventView, OutboxBacklog } from '@food-link/contracts';
import { DataSource } from 'typeorm';

interface EventRow {
  id: string;
  type: DomainEventType;
  occurred_at: Date;
  published_at: Date | null;
  food_id: number | null;
  request_id: number | null;
}

/**
 * What the outbox says about the event flow, for operators: the backlog, the latest events, the rate per
 * minute. (Recording and relaying events is OutboxRepository's.)
 */
@Injectable()
export class OutboxMonitorRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Served by the partial index on unpublished rows, so it stays cheap however large the outbox grows. */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = await this.db.query<{ unpublished: string; oldest_age: number | null }[]>(
      `SELECT count(*) AS unpublished, extract(epoch FROM now() - min(occurred_at))::float8 AS oldest_age
         FROM outbox_events WHERE published_at IS NULL`,
    );
    return {
      unpublished: Number(row.unpublished),
      oldestAgeSeconds: row.oldest_age === null ? null : Math.max(0, Math.round(row.oldest_age * 10) / 10),
    };
  }

  /** The latest events, newest first, optionally of one type. */
  async recent(limit: number, type?: DomainEventType): Promise<OpsEventView[]> {
    const rows = await this.db.query<EventRow[]>(
      `SELECT id, type, occurred_at, published_at,
              (data->>'foodId')::int AS food_id, (data->>'requestId')::int AS request_id
         FROM outbox_events
        WHERE $1::text IS NULL OR type = $1
        ORDER BY occurred_at DESC, id DESC
        LIMIT $2`,
      [type ?? null, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      occurredAt: row.occurred_at.toISOString(),
      publishedAt: row.published_at?.toISOString() ?? null,
      foodId: row.food_id,
      requestId: row.request_id,
    }));
  }

  /** Events recorded in each of the last 60 minutes (the current one included), oldest first. */
  async perMinute(): Promise<EventsPerMinute[]> {
    const rows = await this.db.query<{ minute: Date; count: string }[]>(
      `SELECT minutes.minute, count(e.id) AS count
         FROM generate_series(date_trunc('minute', now()) - interval '59 minutes', date_trunc('minute', now()),
                              interval '1 minute') AS minutes (minute)
         LEFT JOIN outbox_events e
           ON e.occurred_at >= minutes.minute AND e.occurred_at < minutes.minute + interval '1 minute'
        GROUP BY minutes.minute
        ORDER BY minutes.minute`,
    );
    return rows.map((row) => ({ minute: row.minute.toISOString(), count: Number(row.count) }));
  }

  async total(): Promise<number> {
    const [row] = await this.db.query<{ count: string }[]>('SELECT count(*) AS count FROM outbox_events');
    return Number(row.count);
  }
}
