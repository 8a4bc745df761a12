import { PUSH_ENDPOINT_MAX_LENGTH } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `push_subscriptions`: the browsers a user has asked to receive Web Push on (docs/PUSH.md). An endpoint
 * is one browser's subscription at its push service, so it belongs to one account at a time (unique).
 * `failures` counts failed sends since the last success (`last_success_at`); the service drops a
 * subscription the push service says is gone (404/410) or that keeps failing.
 */
export class PushSubscriptions1764650100000 implements MigrationInterface {
  name = 'PushSubscriptions1764650100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE push_subscriptions (
        id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        endpoint varchar(${PUSH_ENDPOINT_MAX_LENGTH}) NOT NULL CONSTRAINT push_subscriptions_endpoint_key UNIQUE,
        p256dh varchar(100) NOT NULL,
        auth varchar(50) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_success_at timestamptz,
        failures int NOT NULL DEFAULT 0 CHECK (failures >= 0)
      )`);
    await db.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE push_subscriptions`);
  }
}
