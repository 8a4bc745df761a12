import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sending on WhatsApp and SMS as notifications (issue 29; docs/MESSAGING.md), in `messaging/messaging.repository.ts`:
 * - `messaging_messages.kind` holds a notification's type (`donation.not_collected`: 22 characters);
 * - `messaging_phones.sms_fallback`: the user allows an SMS to the same phone when WhatsApp fails for good;
 * - `messaging_phones.quiet_start`, `quiet_end`: the user's quiet hours for their phone (Cairo time;
 *   messages held until they end). Both or neither.
 */
export class MessagingSending1764651810000 implements MigrationInterface {
  name = 'MessagingSending1764651810000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE messaging_messages ALTER COLUMN kind TYPE varchar(40)`);
    await db.query(`
      ALTER TABLE messaging_phones
        ADD COLUMN sms_fallback boolean NOT NULL DEFAULT false,
        ADD COLUMN quiet_start time,
        ADD COLUMN quiet_end time,
        ADD CONSTRAINT messaging_phones_quiet_hours CHECK ((quiet_start IS NULL) = (quiet_end IS NULL) AND (quiet_start IS NULL OR quiet_start <> quiet_end))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE messaging_phones DROP CONSTRAINT messaging_phones_quiet_hours, DROP COLUMN quiet_end, DROP COLUMN quiet_start, DROP COLUMN sms_fallback`);
    await db.query(`ALTER TABLE messaging_messages ALTER COLUMN kind TYPE varchar(16) USING left(kind, 16)`);
  }
}
