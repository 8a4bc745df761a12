import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idempotency_keys`: one row per (user, Idempotency-Key) of a signed-in write, kept 24 hours. While the
 * first attempt runs the row is locked for it (`attempt`, `locked_until`); the write that succeeds stores
 * its answer (`status_code`, `response`) in its own transaction, so a retry after a lost answer gets the
 * same answer instead of a second write.
 */
export class IdempotencyKeys1764480000000 implements MigrationInterface {
  name = 'IdempotencyKeys1764480000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE idempotency_keys (
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        attempt uuid NOT NULL,
        locked_until timestamptz NOT NULL,
        status_code smallint,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await db.query(`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE idempotency_keys`);
  }
}
