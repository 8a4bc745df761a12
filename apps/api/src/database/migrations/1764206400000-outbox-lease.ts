import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `outbox_events.lease_expires_at`: set when the relay hands a row to Redis, cleared once its job has
 * finished there. A row whose lease has expired has its job looked up again, and is handed over again if
 * Redis no longer has it (Redis lost its data while the job waited). Rows published before this migration
 * count as finished.
 */
export class OutboxLease1764206400000 implements MigrationInterface {
  name = 'OutboxLease1764206400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE outbox_events ADD COLUMN lease_expires_at timestamptz`);
    await db.query(`CREATE INDEX outbox_events_lease_idx ON outbox_events (lease_expires_at) WHERE lease_expires_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX outbox_events_lease_idx`);
    await db.query(`ALTER TABLE outbox_events DROP COLUMN lease_expires_at`);
  }
}
