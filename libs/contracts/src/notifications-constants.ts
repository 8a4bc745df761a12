import type { CharityProfileView, NotificationChoices } from './notifications';

/*
 * Notifications (docs/NOTIFICATIONS.md): the paths, values and rules without their zod shapes (those are in
 * `notifications.ts`), so the web app's screens use them without loading zod (issue 30;
 * docs/PERFORMANCE.md).
 */

/** The furthest radius a charity may give around its base. */
export const MAX_RADIUS_KM = 200;

/** What `GET /api/charity/profile` answers before the charity's first save: it is not matched until then. */
export const UNSAVED_CHARITY_PROFILE: CharityProfileView = {
  saved: false,
  governorates: [],
  categories: [],
  storage: [],
  base_lat: null,
  base_lng: null,
  radius_km: null,
  phone: null,
  quiet_hours: null,
  chilled_capacity_kg: null,
  frozen_capacity_kg: null,
  receiving_hours: null,
  full_today: false,
};

/** What a notification is about; each belongs to one kind of choice (NOTIFICATION_KIND_OF). */
export const NOTIFICATION_TYPES = [
  /** A listing that matches the charity's profile is on the board. */
  'food.matched',
  /** A donor's partner charity: a listing is offered to it (and the other partners) first. */
  'food.offered',
  /** The charity's pickup window opens in 30 minutes. */
  'pickup.soon',
  /** The donor's pickup window ended with the request pending: was it collected? */
  'pickup.ended',
  /** Account news (verification decisions and the like). */
  'account.news',
  /** The donor's food was claimed: by which charity, how much, and the charity's phone. */
  'donation.claimed',
  /** The charity cancelled its claim on the donor's food (it is back on offer, or expired). */
  'donation.cancelled',
  /** The donor's food was not collected (back on the board, or expired). */
  'donation.not_collected',
  /** The charity reported what it received of the donor's food. */
  'donation.received',
  /** A donor's standing collection is due soon: the day's food, quantity, window and who is coming ("Nothing today" skips it). */
  'schedule.reminder',
  /** A standing charity that confirmed a day: its donor said "Nothing today", so the collection is off. */
  'standing.skipped',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The choices a user makes: which kinds reach it by which channel. */
export const NOTIFICATION_KINDS = ['new_food', 'donations', 'reminders', 'account'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_OF: { readonly [T in NotificationType]: NotificationKind } = {
  'food.matched': 'new_food',
  'food.offered': 'new_food',
  'pickup.soon': 'reminders',
  'pickup.ended': 'reminders',
  'account.news': 'account',
  'donation.claimed': 'donations',
  'donation.cancelled': 'donations',
  'donation.not_collected': 'donations',
  'donation.received': 'donations',
  'schedule.reminder': 'reminders',
  'standing.skipped': 'reminders',
};

/** The kinds each role hears of: a donor is not matched with food, a charity donates nothing. */
export const NOTIFICATION_KINDS_OF_ROLE = {
  donor: ['donations', 'reminders', 'account'],
  charity: ['new_food', 'reminders', 'account'],
  operator: ['account'],
} as const satisfies Record<string, readonly NotificationKind[]>;

/**
 * `phone`: WhatsApp or SMS, whichever the user verified their phone for (docs/MESSAGING.md); nothing
 * reaches a phone that is not verified, so the choice is on by default and does nothing until then.
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'push', 'email', 'phone'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Account news of the handover itself: `code_locked` (too many wrong pickup codes for a request), and the transport offer's news (docs/DOMAIN-RULES.md, "Volunteers and their trips"). */
export const HANDOVER_NEWS = ['code_locked', 'transport_offered', 'transport_expired', 'transport_returned', 'transport_delivered'] as const;

/** Every channel on for every kind: what a new user has (a charity that saved a profile wants to hear). */
export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, true]))]),
) as NotificationChoices;

/** What a failed notification job was sending: a notification of one of NOTIFICATION_TYPES, or a password reset e-mail. */
export const FAILED_MESSAGE_TYPES = [...NOTIFICATION_TYPES, 'password.reset'] as const;
export type FailedMessageType = (typeof FAILED_MESSAGE_TYPES)[number];
