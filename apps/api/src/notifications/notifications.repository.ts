import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_NOTIFICATION_CHOICES,
  DOMAIN_EVENTS,
  NOTIFICATIONS_LIST_MAX,
  type ClaimCancelCause,
  type FoodUnit,
  type Language,
  type NotificationChoices,
  type NotificationData,
  type NotificationPreferences,
  type NotificationType,
  type NotificationView,
} from '@food-link/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** A timestamptz as JavaScript's toISOString() writes it (UTC, milliseconds), as the list answers it. */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
import { outboxInsertFrom, sqlExpr, sqlInt } from '../outbox/outbox.repository';
import { LIVE_LISTING, OPEN_LISTING } from '../common/listing-predicates';
import type { MatchJob } from '../outbox/notification-jobs';
import type { QuietWindow } from './quiet-hours';

/** A recipient as notify() and delivery see it: its choices (the defaults until it saves some), language, quiet hours. */
export interface Recipient {
  userId: number;
  email: string;
  language: Language;
  choices: NotificationChoices;
  quiet: QuietWindow | null;
  /** A verified phone that has not said STOP (docs/MESSAGING.md): the `phone` channel can reach them. */
  hasPhone: boolean;
  /** The quiet hours the user set for their phone (messaging_phones), which WhatsApp and SMS keep before `quiet`. */
  phoneQuiet: QuietWindow | null;
}

/** What a message about a listing says of it, and whether it can still be claimed. */
export interface FoodFacts {
  foodId: number;
  foodName: string;
  area: string | null;
  governorate: string | null;
  /** The end of the window, or of the safe time without one. */
  collectBy: Date;
  pickupFrom: Date | null;
  /** Available, still safe and not withheld (hidden by an operator, or its donor suspended). */
  open: boolean;
}

/**
 * A listing as matching reads it: `open` when it is available and still safe; `withheld` when an operator
 * hid it or suspended its donor (nobody may see it); `deferred` the matching it is owed for when it is put
 * back (food_items.deferred_match), or null.
 */
export interface ListingToMatch {
  food_name: string;
  category: string;
  storage: string;
  safe_until: Date;
  open: boolean;
  withheld: boolean;
  deferred: MatchJob | null;
  governorate: string | null;
  lat: number | null;
  lng: number | null;
  weight_kg: number | null;
  pickup_from: Date | null;
  pickup_until: Date | null;
}

/** The parties of a request, its food's name and why it was cancelled if not by its charity (a notice about it). */
export interface RequestParties {
  donor_id: number;
  charity_id: number;
  food_name: string;
  cancel_cause: ClaimCancelCause | null;
}

/** What the donor is told of a claim on their food (donation.*), read when it happens. */
export interface DonationFacts {
  donor_id: number;
  charity_id: number;
  food_name: string;
  charity_name: string;
  quantity: number;
  unit: FoodUnit;
  /** The charity's phone: the one in its profile, else its verified phone (null: none). */
  phone: string | null;
  cancel_cause: ClaimCancelCause | null;
  received_quantity: number | null;
}

/** A `reset-mail` job's recipient, found by the reset's id (password_resets, read for the operators' list). */
export interface ResetRecipient {
  /** bigserial: node-postgres reads it as a string. */
  reset_id: string;
  user_id: number;
  email: string;
}

/** A pending request as its reminders need it. */
export interface PendingRequest {
  id: number;
  food_id: number;
  food_name: string;
  charity_id: number;
  donor_id: number;
  pickup_from: Date | null;
  collect_by: Date;
}

const PENDING_SQL = `
  SELECT r.id, r.food_id, f.food_name, r.charity_id, f.donor_id, f.pickup_from,
         coalesce(r.collect_by, f.pickup_until, f.safe_until) AS collect_by
    FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
   WHERE r.status = 'pending'`;

interface NotificationRow {
  id: string;
  type: NotificationType;
  created_at: Date;
  read_at: Date | null;
  data: NotificationData;
}

const VIEW_COLUMNS = 'id, type, created_at, read_at, data';

const toView = (row: NotificationRow): NotificationView => ({
  id: row.id,
  type: row.type,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at?.toISOString() ?? null,
  data: row.data,
});

/** Choices as stored, completed with the defaults for any kind or channel added since they were saved. */
function withDefaults(stored: Partial<NotificationChoices> | null): NotificationChoices {
  const choices = structuredClone(DEFAULT_NOTIFICATION_CHOICES);
  for (const kind of Object.keys(choices) as (keyof NotificationChoices)[]) Object.assign(choices[kind], stored?.[kind] ?? {});
  return choices;
}

/** `notifications` and `notification_preferences`, and the facts a message states. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async preferences(userId: number): Promise<NotificationPreferences> {
    const [row] = await this.db.query<{ language: Language | null; signed_up_in: Language; choices: NotificationChoices | null }[]>(
      `SELECT p.language, u.language AS signed_up_in, p.choices
         FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id
        WHERE u.id = $1`,
      [userId],
    );
    return { language: row?.language ?? row?.signed_up_in ?? 'en', choices: withDefaults(row?.choices ?? null) };
  }

  async savePreferences(userId: number, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    const [row] = await this.db.query<{ language: Language; choices: NotificationChoices }[]>(
      `INSERT INTO notification_preferences (user_id, language, choices) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language, choices = EXCLUDED.choices, updated_at = now()
       RETURNING language, choices`,
      [userId, preferences.language, JSON.stringify(preferences.choices)],
    );
    return { language: row.language, choices: withDefaults(row.choices) };
  }

  /** Keeps the language the user's browser asked for, unless the user has saved preferences already. */
  async rememberLanguage(userId: number, language: Language): Promise<void> {
    await this.db.query(
      `INSERT INTO notification_preferences (user_id, language, choices) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`,
      [userId, language, JSON.stringify(DEFAULT_NOTIFICATION_CHOICES)],
    );
  }

  /** The live users among `userIds`, with what delivery needs of each (deleted accounts are left out). */
  async recipients(userIds: readonly number[]): Promise<Recipient[]> {
    const rows = await this.db.query<
      {
        id: number;
        email: string;
        language: Language | null;
        choices: NotificationChoices | null;
        quiet_start: string | null;
        quiet_end: string | null;
        has_phone: boolean;
        phone_quiet_start: string | null;
        phone_quiet_end: string | null;
      }[]
    >(
      `SELECT u.id, u.email, COALESCE(p.language, u.language) AS language, p.choices, cp.quiet_start::text, cp.quiet_end::text,
              (m.user_id IS NOT NULL) AS has_phone, m.quiet_start::text AS phone_quiet_start, m.quiet_end::text AS phone_quiet_end
         FROM users u
         LEFT JOIN notification_preferences p ON p.user_id = u.id
         LEFT JOIN charity_profiles cp ON cp.user_id = u.id
         LEFT JOIN messaging_phones m ON m.user_id = u.id AND m.verified_at IS NOT NULL AND m.stopped_at IS NULL
        WHERE u.id = ANY($1::int[]) AND u.deleted_at IS NULL`,
      [userIds],
    );
    return rows.map((row) => ({
      userId: row.id,
      email: row.email,
      language: row.language ?? 'en',
      choices: withDefaults(row.choices),
      quiet: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
      hasPhone: row.has_phone,
      phoneQuiet: row.phone_quiet_start && row.phone_quiet_end ? { start: row.phone_quiet_start, end: row.phone_quiet_end } : null,
    }));
  }

  /**
   * Records the in-app notification of each user who does not have it yet (same key) and, in the same
   * statement, its `notification.created` event for that user's room with their unread count after it:
   * one statement for thousands of recipients, outside any transaction (the caller wakes the relay after
   * it, OutboxService.committed). Running it again inserts nothing and announces nothing. Returns the
   * users who got it now.
   */
  async recordInApp(userIds: readonly number[], key: string, type: NotificationType, data: NotificationData): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number }[]>(
      `WITH inserted AS (
         INSERT INTO notifications (user_id, key, type, data, food_id)
         SELECT id, $2, $3, $4::jsonb, $5 FROM unnest($1::int[]) AS id
         ON CONFLICT (user_id, key) DO NOTHING
         RETURNING id, user_id, type, created_at, data
       ), unread_before AS (
         -- The statement's snapshot does not see its own inserts: each user's count before, plus this one.
         SELECT n.user_id, count(*)::int AS n FROM notifications n
          WHERE n.user_id IN (SELECT user_id FROM inserted) AND n.read_at IS NULL GROUP BY n.user_id
       ), event AS (
         ${outboxInsertFrom(
           DOMAIN_EVENTS.notificationCreated,
           {
             notification: sqlExpr<NotificationView>(
              `jsonb_build_object('id', i.id, 'type', i.type, 'created_at', ${isoSql('i.created_at')}, 'read_at', NULL, 'data', i.data)`,
             ),
             unread: sqlInt('coalesce(b.n, 0) + 1'),
           },
           sqlExpr<number[]>('ARRAY[i.user_id]'),
           'inserted i LEFT JOIN unread_before b ON b.user_id = i.user_id',
         )}
       )
       SELECT user_id FROM inserted`,
      [userIds, key, type, JSON.stringify(data), data.foodId ?? null],
    );
    return rows.map((row) => row.user_id);
  }

  async unread(userId: number, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = await manager.query<{ unread: number }[]>(
      `SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return row.unread;
  }

  /** The user's own, newest first (every one with `limit` null: the personal-data export). */
  async list(userId: number, limit: number | null = NOTIFICATIONS_LIST_MAX): Promise<NotificationView[]> {
    const rows = await this.db.query<NotificationRow[]>(
      `SELECT ${VIEW_COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toView);
  }

  /** Marks the user's own notifications read: `ids` of theirs (others' ids change nothing), or all. */
  async markRead(userId: number, ids?: readonly string[]): Promise<void> {
    if (ids) {
      await this.db.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id = ANY($2::uuid[]) AND read_at IS NULL`, [userId, ids]);
    } else {
      await this.db.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    }
  }

  /** Users already offered this food as a donor's partner (the open stage does not tell them again). */
  async offeredTo(foodId: number): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number }[]>(
      `SELECT DISTINCT user_id FROM notifications WHERE food_id = $1 AND type = 'food.offered'`,
      [foodId],
    );
    return rows.map((row) => row.user_id);
  }

  async listingToMatch(foodId: number): Promise<ListingToMatch | undefined> {
    const [row] = await this.db.query<ListingToMatch[]>(
      `SELECT f.food_name, f.category::text, f.storage::text, f.safe_until, ${LIVE_LISTING} AS open,
              f.withheld, f.deferred_match AS deferred, p.governorate, p.lat, p.lng,
              f.weight_kg::float8 AS weight_kg, f.pickup_from, f.pickup_until
         FROM food_items f LEFT JOIN pickup_points p ON p.id = f.pickup_point_id
        WHERE f.id = $1`,
      [foodId],
    );
    return row;
  }

  /** Who a request's notices go to, and its food's name. */
  async requestParties(requestId: number): Promise<RequestParties | undefined> {
    const [row] = await this.db.query<RequestParties[]>(
      `SELECT f.donor_id, r.charity_id, f.food_name, r.cancel_cause FROM pickup_requests r JOIN food_items f ON f.id = r.food_id WHERE r.id = $1`,
      [requestId],
    );
    return row;
  }

  /** Whether listing `foodId` is a standing collection's day (schedule_occurrences: docs/DOMAIN-RULES.md, "Standing collections"). */
  async isStandingDay(foodId: number): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM schedule_occurrences WHERE food_id = $1 LIMIT 1`, [foodId]);
    return rows.length > 0;
  }

  /** A standing collection's food and its donor's name (a deleted schedule's too), for the news of one of its days. */
  async scheduleFacts(scheduleId: number): Promise<{ food_name: string; donor_name: string } | undefined> {
    const [row] = await this.db.query<{ food_name: string; donor_name: string }[]>(
      `SELECT s.food_name, d.name AS donor_name FROM schedules s JOIN users d ON d.id = s.donor_id WHERE s.id = $1`,
      [scheduleId],
    );
    return row;
  }

  /** Whether the donor skipped a standing collection's day ("Nothing today"): its reminder is not sent then. */
  async isSkippedDay(scheduleId: number, date: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM schedule_occurrences WHERE schedule_id = $1 AND date = $2 AND skipped`, [scheduleId, date]);
    return rows.length > 0;
  }

  /** Whether the food went back on offer (a cancelled claim put it back, or another took it since) rather than expiring. */
  async isOnOffer(foodId: number): Promise<boolean> {
    const [row] = await this.db.query<{ status: string }[]>(`SELECT status::text FROM food_items WHERE id = $1`, [foodId]);
    return row !== undefined && row.status !== 'expired';
  }

  /** What the donor is told of a request on their food (DonorNews): who claimed it, how much, their phone. */
  async donationFacts(requestId: number): Promise<DonationFacts | undefined> {
    const [row] = await this.db.query<DonationFacts[]>(
      `SELECT f.donor_id, r.charity_id, f.food_name, c.name AS charity_name, r.quantity, f.unit::text AS unit,
              coalesce(cp.phone, m.phone) AS phone, r.cancel_cause, r.received_quantity
         FROM pickup_requests r
         JOIN food_items f ON f.id = r.food_id
         JOIN users c ON c.id = r.charity_id
         LEFT JOIN charity_profiles cp ON cp.user_id = r.charity_id
         LEFT JOIN messaging_phones m ON m.user_id = r.charity_id AND m.verified_at IS NOT NULL
        WHERE r.id = $1`,
      [requestId],
    );
    return row;
  }

  /** The account and address each password reset e-mail was for (resets whose row is gone are left out). */
  resetRecipients(resetIds: readonly number[]): Promise<ResetRecipient[]> {
    return this.db.query<ResetRecipient[]>(
      `SELECT r.id AS reset_id, u.id AS user_id, u.email
         FROM password_resets r JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
        WHERE r.id = ANY($1::bigint[])`,
      [resetIds],
    );
  }

  /** The e-mail address of each live account among `userIds`. */
  emailsOf(userIds: readonly number[]): Promise<{ id: number; email: string }[]> {
    return this.db.query<{ id: number; email: string }[]>(`SELECT id, email FROM users WHERE id = ANY($1::int[]) AND deleted_at IS NULL`, [userIds]);
  }

  /** Pending requests: the one given, or every one. */
  pendingRequests(requestId?: number): Promise<PendingRequest[]> {
    return requestId === undefined
      ? this.db.query<PendingRequest[]>(PENDING_SQL)
      : this.db.query<PendingRequest[]>(`${PENDING_SQL} AND r.id = $1`, [requestId]);
  }

  /** The charity that made the request (none for an unknown id). */
  async claimantOf(requestId: number): Promise<number[]> {
    const rows = await this.db.query<{ charity_id: number }[]>(`SELECT charity_id FROM pickup_requests WHERE id = $1`, [requestId]);
    return rows.map((row) => row.charity_id);
  }

  /** What a message about the listing says, read when it is sent (the listing may have changed since). */
  async foodFacts(foodId: number): Promise<FoodFacts | undefined> {
    const [row] = await this.db.query<
      { id: number; food_name: string; area: string | null; governorate: string | null; collect_by: Date; pickup_from: Date | null; open: boolean }[]
    >(
      `SELECT f.id, f.food_name, p.area, p.governorate, coalesce(f.pickup_until, f.safe_until) AS collect_by, f.pickup_from,
              ${OPEN_LISTING} AS open
         FROM food_items f LEFT JOIN pickup_points p ON p.id = f.pickup_point_id
        WHERE f.id = $1`,
      [foodId],
    );
    if (!row) return undefined;
    return {
      foodId: row.id,
      foodName: row.food_name,
      area: row.area,
      governorate: row.governorate,
      collectBy: row.collect_by,
      pickupFrom: row.pickup_from,
      open: row.open,
    };
  }
}
