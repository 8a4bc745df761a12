import { z } from 'zod';
import { FOOD_CATEGORIES, FOOD_UNITS, LANGUAGES, LIMITS, STORAGE_KINDS } from './domain';
import { count, dateTime, egyptianMobile, id, latitude, longitude, oneOf, said, setOf } from './fields';
import { CLAIM_CANCEL_CAUSES, MODERATION_ACTIONS } from './moderation';
import { GOVERNORATE_CODES } from './places';
import { AUDIT_ACTIONS } from './verification';

/*
 * Reaching people who are not looking (docs/DOMAIN-RULES.md, "Reaching people who are not looking"; docs/NOTIFICATIONS.md): a charity's matching profile,
 * the in-app notifications list, and each user's choices of what reaches them by which channel.
 */

/** Cairo wall-clock time `HH:MM` (00:00–23:59). */
function wallClock(doc: { description?: string; example?: string } = {}) {
  const bad = 'must be a time written HH:MM';
  return z
    .string({ error: bad })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: bad })
    .meta({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', ...doc });
}

/** Quiet hours in Cairo time; `end` before `start` spans midnight (22:00–07:00). Equal times are refused. */
export const QuietHours = z
  .object({
    start: wallClock({ description: 'Cairo time quiet hours begin', example: '22:00' }),
    end: wallClock({ description: 'Cairo time they end', example: '07:00' }),
  })
  .refine((hours) => hours.start !== hours.end, { path: ['end'], error: 'must differ from start' })
  .meta({ id: 'QuietHours' });
export type QuietHours = z.infer<typeof QuietHours>;

/** When a charity can receive food, Cairo time, within one day (`until` after `from`). */
export const ReceivingHours = z
  .object({
    from: wallClock({ description: 'Cairo time it starts receiving', example: '09:00' }),
    until: wallClock({ description: 'Cairo time it stops, the same day', example: '22:00' }),
  })
  .refine((hours) => hours.until > hours.from, { path: ['until'], error: 'must be after from, the same day' })
  .meta({ id: 'ReceivingHours' });
export type ReceivingHours = z.infer<typeof ReceivingHours>;

const capacityKg = (description: string) =>
  z
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be 0 or more' })
    .max(LIMITS.weightKgMax, { error: `must be at most ${LIMITS.weightKgMax}` })
    .nullish()
    .meta({ description, example: 40 });

/** The furthest radius a charity may give around its base. */
export const MAX_RADIUS_KM = 200;

/**
 * `PUT /api/charity/profile`: what food a charity takes and where. A listing matches when its
 * governorate is one of `governorates` or its pickup point lies within `radius_km` of the base, its
 * category is one of `categories`, and its storage is one the charity can carry.
 */
export const CharityProfileBody = z
  .object({
    governorates: setOf(GOVERNORATE_CODES, { description: 'ISO 3166-2:EG codes it serves' }).min(1, { error: 'must list at least one' }),
    categories: setOf(FOOD_CATEGORIES, { description: 'Listing categories it takes' }).min(1, { error: 'must list at least one' }),
    storage: setOf(STORAGE_KINDS, { description: 'What it can carry: ambient, chilled (fridge), frozen (freezer), hot (hot holding)' }).min(1, {
      error: 'must list at least one',
    }),
    base_lat: latitude({ description: 'Its base (with base_lng and radius_km)' }).nullish(),
    base_lng: longitude({ description: 'Its base (with base_lat and radius_km)' }).nullish(),
    radius_km: z
      .number({ error: 'must be a number' })
      .positive({ error: 'must be more than 0' })
      .max(MAX_RADIUS_KM, { error: `must be at most ${MAX_RADIUS_KM}` })
      .nullish()
      .meta({ description: 'Also match listings this far from the base', example: 10 }),
    phone: egyptianMobile({ description: 'For the donor on pickup; any usual form, answered as E.164' }).nullish(),
    quiet_hours: QuietHours.nullish().meta({ description: 'No notifications in these hours (they wait until the hours end)' }),
    chilled_capacity_kg: capacityKg('Fridge space free for donations, kg (0: no fridge; none: not said)'),
    frozen_capacity_kg: capacityKg('Freezer space free for donations, kg (0: no freezer; none: not said)'),
    receiving_hours: ReceivingHours.nullish().meta({ description: 'When it can receive food, Cairo time; none: any time' }),
    full_today: z.boolean({ error: 'must be true or false' }).optional().meta({ description: 'Full for the rest of today (Cairo): offered nothing until tomorrow' }),
  })
  .superRefine((profile, ctx) => {
    const given = [profile.base_lat, profile.base_lng, profile.radius_km].filter((value) => value !== undefined && value !== null).length;
    if (given === 0 || given === 3) return;
    for (const field of ['base_lat', 'base_lng', 'radius_km'] as const) {
      if (profile[field] === undefined || profile[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'is required with base_lat, base_lng and radius_km' });
    }
  })
  .meta({ id: 'CharityProfileBody' });
export type CharityProfileBody = z.infer<typeof CharityProfileBody>;

/** `GET /api/charity/profile`: the saved profile, or `null` fields and `saved: false` before the first save. */
export const CharityProfileView = z
  .object({
    saved: z.boolean().meta({ description: 'False until the charity saves a profile (it is not matched until then)' }),
    governorates: z.array(z.string()),
    categories: z.array(z.string()),
    storage: z.array(z.string()),
    base_lat: z.number().nullable(),
    base_lng: z.number().nullable(),
    radius_km: z.number().nullable(),
    phone: z.string().nullable(),
    quiet_hours: QuietHours.nullable(),
    chilled_capacity_kg: z.number().nullable(),
    frozen_capacity_kg: z.number().nullable(),
    receiving_hours: ReceivingHours.nullable(),
    full_today: z.boolean(),
  })
  .meta({ id: 'CharityProfileView' });
export type CharityProfileView = z.infer<typeof CharityProfileView>;

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

// LANGUAGES and Language live in domain.ts (a leaf), so that http.ts can use them without an import cycle.

/** What a notification's `data` carries: the food and request it is about, and the food's name. */
/** Account news of the handover itself: `code_locked`, too many wrong pickup codes for a request. */
export const HANDOVER_NEWS = ['code_locked', 'transport_offered', 'transport_expired', 'transport_returned', 'transport_delivered'] as const;

export const NotificationData = z
  .object({
    foodId: id('The food item').optional(),
    requestId: id('The request').optional(),
    foodName: said('The food item\'s name', 'Koshary, 40 portions').optional(),
    /** Free text for account news (a decision's reason). */
    message: said('What happened, in words (English, then Arabic)', 'Your charity was verified').optional(),
    // Account news in parts, so that each reader's app words it in the reader's own language.
    action: z
      .enum([...AUDIT_ACTIONS, ...MODERATION_ACTIONS, ...HANDOVER_NEWS])
      .optional()
      .meta({ description: "Account news: the operator's (or the no-show rule's) decision, or the moderation action", example: 'hide' }),
    cause: z.enum(CLAIM_CANCEL_CAUSES).optional().meta({ description: 'Account news: why a claim was cancelled (a suspension)' }),
    reason: said("Account news: the operator's reason, as written", 'The photo shows something else').nullable().optional(),
    // The donor's news of a claim (donation.*): who claimed, how much, and how to reach them.
    charityName: said('The charity that claimed the food', 'Masr El Kheir').optional(),
    quantity: z.number().optional().meta({ description: 'How much was claimed (the listing\'s quantity, in `unit`)', example: 40 }),
    unit: z.enum(FOOD_UNITS).optional().meta({ description: 'The unit of `quantity` and `receivedQuantity`' }),
    phone: said("The charity's phone (E.164), for the donor to call or message", '+201012345678').nullable().optional(),
    receivedQuantity: z.number().nullable().optional().meta({ description: 'donation.received: how much the charity says it received', example: 38 }),
    relisted: z.boolean().optional().meta({ description: 'donation.cancelled / not_collected: the food is back on offer (false: it expired)' }),
  })
  .meta({ id: 'NotificationData' });
export type NotificationData = z.infer<typeof NotificationData>;

export const NotificationView = z
  .object({
    id: said('The notification\'s id (uuid)', '4b9c1c4e-0f5e-4a35-9a53-2f1c2d7a6e10'),
    type: z.enum(NOTIFICATION_TYPES),
    created_at: dateTime('When it was made'),
    read_at: dateTime('When the user read it').nullable(),
    data: NotificationData,
  })
  .meta({ id: 'NotificationView' });
export type NotificationView = z.infer<typeof NotificationView>;

/** `GET /api/notifications`: newest first. */
export const NotificationsResponse = z
  .object({ unread: count('Unread notifications'), items: z.array(NotificationView) })
  .meta({ id: 'NotificationsResponse' });
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/** `POST /api/notifications/read`: these ids, or every notification when `ids` is absent. */
export const ReadNotificationsBody = z
  .object({
    ids: z
      .array(z.uuid({ error: 'must each be a notification id' }), { error: 'must be a list' })
      .max(500, { error: 'must not list more than 500' })
      .optional()
      .meta({ description: 'Omit to mark every notification read' }),
  })
  .meta({ id: 'ReadNotificationsBody' });
export type ReadNotificationsBody = z.infer<typeof ReadNotificationsBody>;

/** Per kind, per channel: on or off. */
/**
 * A kind or channel added after clients had been written (issue 29: `donations`, `phone`) may be left out of
 * a PUT by such a client: it is then on, its default. Every other is required.
 */
const ADDED_LATER: ReadonlySet<string> = new Set<string>(['donations', 'phone']);

const channelChoices = () =>
  z
    .object(
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => {
          const choice = z.boolean({ error: 'must be true or false' });
          return [channel, ADDED_LATER.has(channel) ? choice.default(true) : choice];
        }),
      ),
    )
    .strict();

// The cast names the output (every kind, every channel, a boolean): a default fills in what was left out.
export const NotificationChoices = z
  .object(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => {
        const choices = channelChoices();
        return [kind, ADDED_LATER.has(kind) ? choices.default(() => Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, true]))) : choices];
      }),
    ) as unknown as { [K in NotificationKind]: z.ZodObject<{ [C in NotificationChannel]: z.ZodBoolean }> },
  )
  .meta({ id: 'NotificationChoices' });
export type NotificationChoices = z.infer<typeof NotificationChoices>;

/** Every channel on for every kind: what a new user has (a charity that saved a profile wants to hear). */
export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, true]))]),
) as NotificationChoices;

/** `GET/PUT /api/notifications/preferences`: the user's choices and the language e-mail and push are written in. */
export const NotificationPreferences = z
  .object({
    language: oneOf(LANGUAGES, { description: 'E-mail and push are written in it' }),
    choices: NotificationChoices,
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** What a failed notification job was sending: a notification of one of NOTIFICATION_TYPES, or a password reset e-mail. */
export const FAILED_MESSAGE_TYPES = [...NOTIFICATION_TYPES, 'password.reset'] as const;
export type FailedMessageType = (typeof FAILED_MESSAGE_TYPES)[number];

/**
 * A notification job that failed for good, for the operator console: a `deliver` job, or a `reset-mail`
 * job (the password reset e-mail; never its link).
 */
export const FailedNotificationView = z
  .object({
    job_id: said('The job id (event, recipient and channel; reset-mail-<reset id> for a reset e-mail)', 'food.matched-…-42-email'),
    type: z.enum(FAILED_MESSAGE_TYPES).meta({ description: 'What it was sending (`password.reset`: a password reset e-mail)' }),
    channel: z.enum(NOTIFICATION_CHANNELS),
    user_id: id('The recipient').nullable().meta({ description: 'The recipient (null: its account, or the reset link, is gone)' }),
    email: said("The recipient's e-mail address (null when unknown)", 'amal@example.eg').nullable(),
    attempts: count('Attempts made'),
    error: said('The last error', 'connect ECONNREFUSED 127.0.0.1:25'),
    failed_at: dateTime('When it failed for the last time'),
  })
  .meta({ id: 'FailedNotificationView' });
export type FailedNotificationView = z.infer<typeof FailedNotificationView>;

