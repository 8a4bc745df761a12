import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for reading the outbox as history: the operator console lists the latest events (all, or of one
 * type) and counts events per minute over the last hour.
 */
export class OutboxHistoryIndexes1763942400000 implements MigrationInterface {
  name = 'OutboxHistoryIndexes1763942400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX outbox_events_occurred_idx ON outbox_events (occurred_at DESC, id DESC)`);
    await db.query(`CREATE INDEX outbox_events_type_occurred_idx ON outbox_events (type, occurred_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX outbox_events_type_occurred_idx`);
    await db.query(`DROP INDEX outbox_events_occurred_idx`);
  }
}
