import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MESSAGE_STATUSES, type Language, type MessageLog, type MessageLogQuery, type MessageStatus, type MessagingChannel, type UserType } from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** A user's phone row, as the phone flow needs it. */
export interface PhoneRow {
  user_id: number;
  phone: string;
  channel: MessagingChannel;
  verified_at: Date | null;
  code_hash: Buffer | null;
  code_expires_at: Date | null;
  code_tries: number;
  last_inbound_at: Date | null;
  stopped_at: Date | null;
  sms_fallback: boolean;
  quiet_start: string | null;
  quiet_end: string | null;
}

/** Where and how a user may be messaged: only ever a verified phone. */
export interface MessagingRecipient {
  userId: number;
  phone: string;
  channel: MessagingChannel;
  language: Language;
  lastInboundAt: Date | null;
  /** SMS to the same phone when WhatsApp fails for good. */
  smsFallback: boolean;
}

/** A delivery status a provider reports, in the order they happen. */
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

const PHONE_COLUMNS =
  'user_id, phone, channel, verified_at, code_hash, code_expires_at, code_tries, last_inbound_at, stopped_at, sms_fallback, quiet_start::text, quiet_end::text';

/**
 * `messaging_phones`, `messaging_code_sends` and `messaging_messages` (docs/MESSAGING.md): phones and their
 * codes, the hourly code counts, and the log of every message sent or received with its delivery status.
 */
@Injectable()
export class MessagingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async phoneOf(userId: number, manager: EntityManager = this.db.manager): Promise<PhoneRow | undefined> {
    const [row] = await manager.query<PhoneRow[]>(`SELECT ${PHONE_COLUMNS} FROM messaging_phones WHERE user_id = $1`, [userId]);
    return row;
  }

  /** The user's phone row, locked until the transaction ends. */
  async lockPhoneOf(tx: EntityManager, userId: number): Promise<PhoneRow | undefined> {
    const [row] = await tx.query<PhoneRow[]>(`SELECT ${PHONE_COLUMNS} FROM messaging_phones WHERE user_id = $1 FOR UPDATE`, [userId]);
    return row;
  }

  /**
   * Serialises code requests of one account and of one phone number until the transaction ends, so that
   * two at once cannot both pass the hourly limits (the account's lock first, always, so none deadlock).
   */
  async lockCodeRequests(tx: EntityManager, userId: number, phone: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('messaging-code-user'), $1)`, [userId]);
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('messaging-code-phone'), hashtext($1))`, [phone]);
  }

  /** Whether another account has verified this phone. */
  async verifiedByAnother(userId: number, phone: string, manager: EntityManager = this.db.manager): Promise<boolean> {
    const rows = await manager.query<unknown[]>(`SELECT 1 FROM messaging_phones WHERE phone = $1 AND verified_at IS NOT NULL AND user_id <> $2`, [
      phone,
      userId,
    ]);
    return rows.length > 0;
  }

  /**
   * Codes sent in the last hour to this phone and for this account, and when the oldest of each leaves the
   * hour (for `Retry-After`).
   */
  async codesInLastHour(
    tx: EntityManager,
    userId: number,
    phone: string,
  ): Promise<{ byPhone: number; byUser: number; phoneFreesAt: Date | null; userFreesAt: Date | null }> {
    const [row] = await tx.query<{ by_phone: number; by_user: number; phone_frees_at: Date | null; user_frees_at: Date | null }[]>(
      `SELECT count(*) FILTER (WHERE phone = $2)::int AS by_phone,
              count(*) FILTER (WHERE user_id = $1)::int AS by_user,
              min(sent_at) FILTER (WHERE phone = $2) + interval '1 hour' AS phone_frees_at,
              min(sent_at) FILTER (WHERE user_id = $1) + interval '1 hour' AS user_frees_at
         FROM messaging_code_sends
        WHERE (phone = $2 OR user_id = $1) AND sent_at > now() - interval '1 hour'`,
      [userId, phone],
    );
    return { byPhone: row.by_phone, byUser: row.by_user, phoneFreesAt: row.phone_frees_at, userFreesAt: row.user_frees_at };
  }

  /**
   * Puts a new pending code on the user's phone row (a new number, or the same one again): the phone is
   * unverified until the code comes back. Counts the send for the hourly limits. Answers the expiry.
   */
  async startVerification(tx: EntityManager, userId: number, phone: string, channel: MessagingChannel, codeHash: Buffer, minutes: number): Promise<Date> {
    const [row] = await tx.query<{ code_expires_at: Date }[]>(
      `INSERT INTO messaging_phones (user_id, phone, channel, code_hash, code_expires_at, code_tries)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5), 0)
       ON CONFLICT (user_id) DO UPDATE
          SET phone = EXCLUDED.phone, channel = EXCLUDED.channel, verified_at = NULL, code_hash = EXCLUDED.code_hash,
              code_expires_at = EXCLUDED.code_expires_at, code_tries = 0, stopped_at = NULL,
              last_inbound_at = CASE WHEN messaging_phones.phone = EXCLUDED.phone THEN messaging_phones.last_inbound_at END,
              updated_at = now()
       RETURNING code_expires_at`,
      [userId, phone, channel, codeHash, minutes],
    );
    await tx.query(`INSERT INTO messaging_code_sends (user_id, phone) VALUES ($1, $2)`, [userId, phone]);
    return row.code_expires_at;
  }

  /** One more wrong try of the pending code; answers the tries made. */
  async countWrongTry(tx: EntityManager, userId: number): Promise<number> {
    const [row] = await returningRows<{ code_tries: number }>(
      tx,
      `UPDATE messaging_phones SET code_tries = code_tries + 1, updated_at = now() WHERE user_id = $1 RETURNING code_tries`,
      [userId],
    );
    return row.code_tries;
  }

  /** The pending code was right: the phone is verified and the code gone. */
  async markVerified(tx: EntityManager, userId: number): Promise<void> {
    await tx.query(
      `UPDATE messaging_phones SET verified_at = now(), code_hash = NULL, code_expires_at = NULL, code_tries = 0, updated_at = now() WHERE user_id = $1`,
      [userId],
    );
  }

  async deletePhone(userId: number): Promise<void> {
    await this.db.query(`DELETE FROM messaging_phones WHERE user_id = $1`, [userId]);
  }

  /** The user's verified, not stopped phone and language; undefined when there is none (nothing may be sent). */
  async recipient(userId: number): Promise<MessagingRecipient | undefined> {
    const [row] = await this.db.query<
      { phone: string; channel: MessagingChannel; language: Language | null; last_inbound_at: Date | null; sms_fallback: boolean }[]
    >(
      `SELECT p.phone, p.channel, coalesce(np.language, u.language) AS language, p.last_inbound_at, p.sms_fallback
         FROM messaging_phones p
         JOIN users u ON u.id = p.user_id AND u.deleted_at IS NULL
         LEFT JOIN notification_preferences np ON np.user_id = p.user_id
        WHERE p.user_id = $1 AND p.verified_at IS NOT NULL AND p.stopped_at IS NULL`,
      [userId],
    );
    return (
      row && {
        userId,
        phone: row.phone,
        channel: row.channel,
        language: row.language ?? 'en',
        lastInboundAt: row.last_inbound_at,
        smsFallback: row.sms_fallback,
      }
    );
  }

  /** The language of a user: their notification preferences', else the one they signed up in (users.language). */
  async languageOf(userId: number): Promise<Language> {
    const [row] = await this.db.query<{ language: Language | null }[]>(
      `SELECT coalesce(np.language, u.language) AS language
         FROM users u LEFT JOIN notification_preferences np ON np.user_id = u.id
        WHERE u.id = $1`,
      [userId],
    );
    return row?.language ?? 'en';
  }

  /** The owner of a verified phone number (their account type, and whether the phone said STOP), or undefined. */
  async ownerOfVerifiedPhone(phone: string): Promise<{ userId: number; userType: UserType; stopped: boolean } | undefined> {
    const [row] = await this.db.query<{ user_id: number; user_type: UserType; stopped: boolean }[]>(
      `SELECT p.user_id, u.user_type::text AS user_type, p.stopped_at IS NOT NULL AS stopped
         FROM messaging_phones p JOIN users u ON u.id = p.user_id AND u.deleted_at IS NULL
        WHERE p.phone = $1 AND p.verified_at IS NOT NULL`,
      [phone],
    );
    return row && { userId: row.user_id, userType: row.user_type, stopped: row.stopped };
  }

  /** The owner wrote to us (WhatsApp's 24-hour window opens from `at`). */
  async noteInbound(phone: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE messaging_phones SET last_inbound_at = GREATEST(coalesce(last_inbound_at, $2), $2), updated_at = now()
        WHERE phone = $1 AND verified_at IS NOT NULL`,
      [phone, at],
    );
  }

  /**
   * The user's settings of a verified phone: messages on (clears a STOP) or off, SMS as WhatsApp's fallback,
   * quiet hours (`null`: none); a field left undefined stays. False when the user has no verified phone.
   */
  async saveSettings(userId: number, settings: { on?: boolean; smsFallback?: boolean; quiet?: { start: string; end: string } | null }): Promise<boolean> {
    const rows = await this.db.transaction((tx) =>
      returningRows<{ user_id: number }>(
        tx,
        `UPDATE messaging_phones
            SET stopped_at = CASE WHEN $2::boolean IS NULL THEN stopped_at WHEN $2 THEN NULL ELSE coalesce(stopped_at, now()) END,
                sms_fallback = coalesce($3, sms_fallback),
                quiet_start = CASE WHEN $4 THEN $5::time ELSE quiet_start END,
                quiet_end = CASE WHEN $4 THEN $6::time ELSE quiet_end END,
                updated_at = now()
          WHERE user_id = $1 AND verified_at IS NOT NULL
          RETURNING user_id`,
        [userId, settings.on ?? null, settings.smsFallback ?? null, settings.quiet !== undefined, settings.quiet?.start ?? null, settings.quiet?.end ?? null],
      ),
    );
    return rows.length > 0;
  }

  /** STOP: nothing more is sent to this phone until its owner verifies it again. */
  async stop(phone: string): Promise<void> {
    await this.db.query(`UPDATE messaging_phones SET stopped_at = now(), updated_at = now() WHERE phone = $1 AND verified_at IS NOT NULL`, [phone]);
  }

  /**
   * The operators' message log: the last 7 days' counts per channel and status, and the newest messages
   * (of a channel, of a status) without their text (codes, addresses), their numbers' middles hidden.
   */
  async messageLog(query: MessageLogQuery): Promise<MessageLog> {
    const rows = await this.db.query<{ channel: MessagingChannel; status: MessageStatus; n: number }[]>(
      `SELECT channel, status, count(*)::int AS n FROM messaging_messages WHERE created_at > now() - interval '7 days' GROUP BY channel, status`,
    );
    const zero = () => Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<MessageStatus, number>;
    const counts = { whatsapp: zero(), sms: zero() };
    for (const row of rows) counts[row.channel][row.status] = row.n;
    const items = await this.db.query<
      { id: string; channel: MessagingChannel; direction: 'out' | 'in'; kind: string; status: MessageStatus; error: string | null; user_id: number | null; phone: string; created_at: Date; updated_at: Date }[]
    >(
      `SELECT id::text, channel, direction, kind, status, error, user_id, phone, created_at, updated_at
         FROM messaging_messages
        WHERE ($1::text IS NULL OR channel = $1) AND ($2::text IS NULL OR status = $2)
        ORDER BY created_at DESC, id DESC
        LIMIT $3`,
      [query.channel ?? null, query.status ?? null, query.limit],
    );
    return {
      counts,
      items: items.map((row) => ({
        ...row,
        phone: `${row.phone.slice(0, 5)}${'•'.repeat(Math.max(row.phone.length - 8, 0))}${row.phone.slice(-3)}`,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      })),
    };
  }

  /** Records a message sent or received; a provider id seen before (a redelivered webhook) is not recorded twice. */
  async recordMessage(message: {
    userId: number | null;
    channel: MessagingChannel;
    direction: 'out' | 'in';
    phone: string;
    providerId: string | null;
    kind: string;
    body: string;
    status: 'written' | 'sent' | 'failed' | 'received';
    error?: string | null;
    /** A WhatsApp notification's `send` job, for its SMS fallback should a webhook report it failed later. */
    resend?: unknown;
  }): Promise<boolean> {
    const rows = await this.db.query<{ id: string }[]>(
      `INSERT INTO messaging_messages (user_id, channel, direction, phone, provider_id, kind, body, status, error, resend)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (channel, provider_id) WHERE provider_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        message.userId,
        message.channel,
        message.direction,
        message.phone,
        message.providerId,
        message.kind,
        message.body,
        message.status,
        message.error ?? null,
        message.resend === undefined ? null : JSON.stringify(message.resend),
      ],
    );
    return rows.length > 0;
  }

  /**
   * A provider's delivery status for one of our messages. Statuses may arrive out of order: one never
   * moves a message back (read stays read when a late `delivered` arrives); `failed` ends it. Answers the
   * message's user and `resend` job when the status changed it (so `failed` is answered once per message,
   * however often it is reported), else null.
   */
  async recordStatus(
    channel: MessagingChannel,
    providerId: string,
    status: DeliveryStatus,
    error: string | null,
  ): Promise<{ userId: number | null; resend: unknown } | null> {
    const rows = await this.db.transaction((tx) =>
      returningRows<{ id: number; user_id: number | null; resend: unknown }>(
      tx,
      `UPDATE messaging_messages SET status = $3, error = coalesce($4, error), updated_at = now()
        WHERE channel = $1 AND provider_id = $2 AND direction = 'out' AND status <> 'failed'
          AND array_position(ARRAY['written', 'sent', 'delivered', 'read', 'failed']::varchar[], status)
              < array_position(ARRAY['written', 'sent', 'delivered', 'read', 'failed']::varchar[], $3::varchar)
        RETURNING id, user_id, resend`,
      [channel, providerId, status, error],
    ),
    );
    return rows.length > 0 ? { userId: rows[0].user_id, resend: rows[0].resend } : null;
  }
}
