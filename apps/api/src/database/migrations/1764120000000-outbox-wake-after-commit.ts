import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the outbox insert trigger that sent `NOTIFY outbox_events`. A transaction that has sent a NOTIFY
 * takes one database-wide lock at commit and keeps it until its commit record is flushed, so every
 * writing transaction's commit queued behind every other's. Relays are now woken by the process that
 * committed, after the commit (OutboxService); `LISTEN outbox_events` still serves processes without a
 * relay of their own, which NOTIFY outside their transaction.
 */
export class OutboxWakeAfterCommit1764120000000 implements MigrationInterface {
  name = 'OutboxWakeAfterCommit1764120000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER outbox_events_notify ON outbox_events`);
    await db.query(`DROP FUNCTION outbox_events_notify()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION outbox_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_events', '');
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER outbox_events_notify AFTER INSERT ON outbox_events
      FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_notify()`);
  }
}
