import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The API instances that hold sockets, each refreshing its row every second. Publishers compare how many
 * instances a message reached with how many are alive, so an instance whose Redis subscription is still
 * coming back (after a Redis restart) is waited for instead of silently missing events.
 */
export class RealtimeInstances1764028800000 implements MigrationInterface {
  name = 'RealtimeInstances1764028800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE realtime_instances (id uuid PRIMARY KEY, seen_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE realtime_instances`);
  }
}
