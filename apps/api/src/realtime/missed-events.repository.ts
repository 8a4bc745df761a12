import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AnyEventEnvelope } from '@food-link/contracts';
import type { DataSource } from 'typeorm';

export interface PublishedEvent {
  envelope: AnyEventEnvelope;
  recipients: number[];
}

/** Most events one replay sends; a gap longer than a few seconds at peak load is beyond what it is for. */
const REPLAY_LIMIT = 5000;

/** Reads back from the outbox the events handed to Redis from a moment on. */
@Injectable()
export class MissedEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async publishedSince(since: Date): Promise<PublishedEvent[]> {
    const rows = await this.db.query<{ id: string; type: AnyEventEnvelope['type']; data: AnyEventEnvelope['data']; recipients: number[]; occurred_at: Date }[]>(
      // occurred_at bounds the scan through its index: an event is handed over moments after it occurs.
      `SELECT id, type, data, recipients, occurred_at
         FROM outbox_events
        WHERE occurred_at >= $1::timestamptz - interval '1 minute' AND published_at >= $1::timestamptz
        ORDER BY occurred_at, id
        LIMIT ${REPLAY_LIMIT}`,
      [since],
    );
    return rows.map((row) => ({
      envelope: { id: row.id, type: row.type, occurredAt: row.occurred_at.toISOString(), data: row.data } as AnyEventEnvelope,
      recipients: row.recipients,
    }));
  }
}
