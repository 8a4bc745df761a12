import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WhatsApp and SMS (docs/MESSAGING.md), all in `messaging/messaging.repository.ts`:
 * - `messaging_phones`: a user's phone, its channel, the pending code (an HMAC, never the code), its tries
 *   and expiry, when it was verified, when its owner last wrote to us (WhatsApp's 24-hour window) and
 *   whether they sent STOP. A phone is verified by one account at most (the partial unique index).
 * - `messaging_code_sends`: each code sent, for the per-phone and per-account hourly limits.
 * - `messaging_messages`: every message sent or received, with the provider's id and its delivery status.
 */
export class Messaging1764651400000 implements MigrationInterface {
  name = 'Messaging1764651400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE messaging_phones (
        user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        phone varchar(16) NOT NULL CHECK (phone ~ '^\\+[1-9][0-9]{7,14}$'),
        channel varchar(8) NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
        verified_at timestamptz,
        code_hash bytea,
        code_expires_at timestamptz,
        code_tries int NOT NULL DEFAULT 0,
        last_inbound_at timestamptz,
        stopped_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX messaging_phones_verified_phone ON messaging_phones (phone) WHERE verified_at IS NOT NULL`);
    await db.query(`
      CREATE TABLE messaging_code_sends (
        id bigserial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        phone varchar(16) NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX messaging_code_sends_phone ON messaging_code_sends (phone, sent_at)`);
    await db.query(`CREATE INDEX messaging_code_sends_user ON messaging_code_sends (user_id, sent_at)`);
    await db.query(`
      CREATE TABLE messaging_messages (
        id bigserial PRIMARY KEY,
        user_id int REFERENCES users(id) ON DELETE SET NULL,
        channel varchar(8) NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
        direction varchar(3) NOT NULL CHECK (direction IN ('out', 'in')),
        phone varchar(16) NOT NULL,
        provider_id varchar(128),
        kind varchar(16) NOT NULL,
        body text NOT NULL,
        status varchar(12) NOT NULL CHECK (status IN ('written', 'sent', 'delivered', 'read', 'failed', 'received')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX messaging_messages_provider_id ON messaging_messages (channel, provider_id) WHERE provider_id IS NOT NULL`);
    await db.query(`CREATE INDEX messaging_messages_user ON messaging_messages (user_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE messaging_messages`);
    await db.query(`DROP TABLE messaging_code_sends`);
    await db.query(`DROP TABLE messaging_phones`);
  }
}
