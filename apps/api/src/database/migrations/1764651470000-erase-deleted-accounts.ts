import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account's personal data is erased (Egypt's Personal Data Protection Law 151/2020;
 * docs/OPERATIONS.md, "Account deletion"): its pickup points lose their address, landmark, position,
 * contact and notes (`erased_at`; governorate, area and label stay for the impact figures of its past
 * donations), and a charity's verification loses its registration number, address, phone and document
 * (`verification_erased_at`; its status stays for the audit trail).
 */
export class EraseDeletedAccounts1764651470000 implements MigrationInterface {
  name = 'EraseDeletedAccounts1764651470000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE pickup_points
        ADD COLUMN erased_at timestamptz,
        ALTER COLUMN address_line DROP NOT NULL,
        ALTER COLUMN contact_name DROP NOT NULL,
        ALTER COLUMN contact_phone DROP NOT NULL,
        ADD CONSTRAINT pickup_points_erased_check CHECK (
          erased_at IS NOT NULL OR (address_line IS NOT NULL AND contact_name IS NOT NULL AND contact_phone IS NOT NULL))`);
    await db.query(`
      ALTER TABLE charities
        ADD COLUMN verification_erased_at timestamptz,
        DROP CONSTRAINT charities_submission_check,
        ADD CONSTRAINT charities_submission_check CHECK (
          verification_status = 'unverified' OR verification_erased_at IS NOT NULL
          OR (moss_number IS NOT NULL AND document_key IS NOT NULL AND submitted_at IS NOT NULL))`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Erased rows cannot get their data back: they go back to the shapes the old constraints allow.
    await db.query(`UPDATE charities SET verification_status = 'unverified' WHERE verification_erased_at IS NOT NULL`);
    await db.query(`
      ALTER TABLE charities
        DROP CONSTRAINT charities_submission_check,
        DROP COLUMN verification_erased_at,
        ADD CONSTRAINT charities_submission_check CHECK (
          verification_status = 'unverified' OR (moss_number IS NOT NULL AND document_key IS NOT NULL AND submitted_at IS NOT NULL))`);
    await db.query(`
      UPDATE pickup_points SET address_line = coalesce(address_line, '-'), contact_name = coalesce(contact_name, '-'),
             contact_phone = coalesce(contact_phone, '+201000000000') WHERE erased_at IS NOT NULL`);
    await db.query(`
      ALTER TABLE pickup_points
        DROP CONSTRAINT pickup_points_erased_check,
        DROP COLUMN erased_at,
        ALTER COLUMN address_line SET NOT NULL,
        ALTER COLUMN contact_name SET NOT NULL,
        ALTER COLUMN contact_phone SET NOT NULL`);
  }
}
