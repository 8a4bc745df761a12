import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset by e-mail (docs/ACCOUNT-RECOVERY.md).
 *
 * `password_resets`: one row per link sent. Only the SHA-256 of the link's secret is kept, so a copy of
 * the table opens no account. A link is used once (`used_at`, set by the same UPDATE that checks it), ends
 * at `expires_at`, and is `superseded_at` when a newer link is sent for the same account. Rows of a
 * deleted user go with it.
 *
 * `users.session_version`: carried in every session token (`ver`); raising it ends every session issued
 * before, which a reset does.
 */
export class PasswordResets1764650300000 implements MigrationInterface {
  name = 'PasswordResets1764650300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`);
    await db.query(`
      CREATE TABLE password_resets (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        superseded_at timestamptz
      )`);
    // Superseding finds an account's open links; the partial index stays as small as the open links are few.
    await db.query(`CREATE INDEX password_resets_open ON password_resets (user_id) WHERE used_at IS NULL AND superseded_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE password_resets`);
    await db.query(`ALTER TABLE users DROP COLUMN session_version`);
  }
}
