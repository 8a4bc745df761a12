import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `users.deleted_at`: set when a user deletes their account (or an operator does it for them). The row
 * stays, anonymised, so the past donations and requests that point at it keep counting; a deleted
 * account has no sessions and cannot sign in.
 */
export class AccountDeletion1764486000000 implements MigrationInterface {
  name = 'AccountDeletion1764486000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN deleted_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users DROP COLUMN deleted_at`);
  }
}
