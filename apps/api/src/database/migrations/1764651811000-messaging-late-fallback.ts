import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SMS fallback of a WhatsApp message that a status webhook reports `failed` after Meta accepted it
 * (issue 29; docs/MESSAGING.md, "The sending queue"): `messaging_messages.resend` keeps the notification's
 * `send` job of a WhatsApp message, so that the late failure can queue it again by SMS (once: `failed`
 * ends a message's statuses). Null for everything else (phone codes, answers to replies, SMS).
 */
export class MessagingLateFallback1764651811000 implements MigrationInterface {
  name = 'MessagingLateFallback1764651811000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE messaging_messages ADD COLUMN resend jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE messaging_messages DROP COLUMN resend`);
  }
}
