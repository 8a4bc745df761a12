import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox and the impact-stats projection.
 *
 * - `outbox_events`: each state change writes its domain event here in the same transaction; the relay
 *   publishes unpublished rows to BullMQ. An insert trigger NOTIFYs relays at commit.
 * - `processed_events`: ids of events whose effects were applied, so a re-delivered event changes nothing.
 * - `impact_stats` (one row) and `impact_charities`: the totals the landing page shows, kept current by the
 *   workers and rebuilt from the tables by `npm run stats:check -- --fix`.
 */
export class EventOutbox1763856000000 implements MigrationInterface {
  name = 'EventOutbox1763856000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY,
        type text NOT NULL,
        data jsonb NOT NULL,
        recipients int[] NOT NULL DEFAULT '{}',
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        published_at timestamptz
      )`);
    await db.query(`CREATE INDEX outbox_events_unpublished_idx ON outbox_events (occurred_at) WHERE published_at IS NULL`);
    await db.query(`
      CREATE FUNCTION outbox_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_events', '');
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER outbox_events_notify AFTER INSERT ON outbox_events
      FOR EACH STATEMENT EXECUTE FUNCTION outbox_events_notify()`);

    await db.query(`
      CREATE TABLE processed_events (
        event_id uuid PRIMARY KEY,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE impact_stats (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        total_meals bigint NOT NULL CHECK (total_meals >= 0),
        total_charities int NOT NULL CHECK (total_charities >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE TABLE impact_charities (charity_id int PRIMARY KEY REFERENCES users (id))`);
    await db.query(`
      INSERT INTO impact_charities (charity_id)
      SELECT DISTINCT charity_id FROM pickup_requests WHERE status = 'fulfilled'`);
    await db.query(`
      INSERT INTO impact_stats (total_meals, total_charities)
      SELECT coalesce((SELECT sum(f.quantity) FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
                        WHERE r.status = 'fulfilled'), 0),
             (SELECT count(*) FROM impact_charities)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE impact_charities`);
    await db.query(`DROP TABLE impact_stats`);
    await db.query(`DROP TABLE processed_events`);
    await db.query(`DROP TRIGGER outbox_events_notify ON outbox_events`);
    await db.query(`DROP FUNCTION outbox_events_notify()`);
    await db.query(`DROP TABLE outbox_events`);
  }
}
