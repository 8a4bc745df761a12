/** Who a user is. Operators come from configuration, never from sign-up. */
export const USER_TYPES = ['donor', 'charity', 'operator'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * A food item's lifecycle: available → claimed (a pickup request holds it) → available again if the
 * charity cancels or does not come (when its safe time allows); available → expired once its safe time
 * (`safe_until`) has passed; available or claimed → withdrawn by its donor.
 */
export const FOOD_STATUSES = ['available', 'claimed', 'expired', 'withdrawn'] as const;
export type FoodStatus = (typeof FOOD_STATUSES)[number];

/**
 * A pickup request's lifecycle: pending → fulfilled (the donor pressed Donate), cancelled (by the
 * charity), withdrawn (the donor withdrew the listing) or not_collected (nobody came by the end of the
 * window plus the grace period, or the donor reported a no-show).
 */
export const REQUEST_STATUSES = ['pending', 'fulfilled', 'cancelled', 'withdrawn', 'not_collected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Request statuses that hold the item; the database allows at most one of these per item. */
export const ACTIVE_REQUEST_STATUSES = ['pending', 'fulfilled'] as const satisfies readonly RequestStatus[];

/** What a listing is (docs/DOMAIN-RULES.md, "How long food is safe"). `cooked_meal` needs `prepared_at`; its safe time is counted from it. */
export const FOOD_CATEGORIES = ['cooked_meal', 'bakery', 'produce', 'dairy', 'meat_fish', 'packaged', 'beverages', 'other'] as const;
export type FoodCategory = (typeof FOOD_CATEGORIES)[number];

/** How the food is kept until pickup: `hot` is cooked food held at 63 °C or more. */
export const STORAGE_KINDS = ['ambient', 'chilled', 'frozen', 'hot'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** What `quantity` counts. Items and trays also carry an estimated `weight_kg`. */
export const FOOD_UNITS = ['portion', 'kg', 'item', 'tray'] as const;
export type FoodUnit = (typeof FOOD_UNITS)[number];

/** Units whose quantity says nothing about weight: a listing in these needs `weight_kg`. */
export const UNITS_NEEDING_WEIGHT: readonly FoodUnit[] = ['item', 'tray'];

/**
 * Allergens a donor can declare: the 14 of EU Regulation 1169/2011 Annex II (also Codex's list, which
 * Egypt's National Food Safety Authority follows), plus `unknown` when the donor cannot say.
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'tree_nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
  'unknown',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** `GET /api/available?window=`: collectible now, or with a window that opens before today ends in Cairo. */
export const BOARD_WINDOWS = ['now', 'today'] as const;
export type BoardWindow = (typeof BOARD_WINDOWS)[number];

export const LIMITS = {
  quantityMin: 1,
  quantityMax: 100_000,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  nameMaxLength: 100,
  emailMaxLength: 254,
  /** A password reset link's token: 43 characters as issued; anything far longer is not one. */
  resetTokenMaxLength: 200,
  foodNameMaxLength: 120,
  descriptionMaxLength: 1000,
  availablePageMax: 1000,
  /** A listing's dates (expiration, window) may lie at most this many days ahead. */
  listingHorizonDays: 365,
  weightKgMax: 10_000,
  labelMaxLength: 80,
  areaMaxLength: 100,
  addressMaxLength: 200,
  landmarkMaxLength: 200,
  notesMaxLength: 500,
  commentMaxLength: 500,
  pickupPointsPerDonor: 50,
  photosPerItem: 3,
  photoMaxBytes: 5 * 1024 * 1024,
  /** A verified charity's pending requests at once (docs/VERIFICATION.md). */
  activeClaimsMax: 5,
  /** The pending requests at once of a charity not (yet) verified: unverified, pending or rejected. */
  unverifiedClaimsMax: 2,
  /** A verification document (PDF or image), in bytes. */
  documentMaxBytes: 5 * 1024 * 1024,
  /** A cancellation this close to the window's start, or later, is late (docs/DOMAIN-RULES.md, "The handover"). */
  lateCancellationMinutes: 120,
  /** Reliability looks back this far. */
  reliabilityDays: 90,
  /** The pickup code a charity shows at the door: this many digits. */
  pickupCodeDigits: 6,
  /** Wrong pickup codes a request takes; after this many, codes are refused for it (429; Donate without one stays allowed). */
  pickupCodeTries: 5,
  /** A charity's cancellation this soon after its claim is quick: claim-and-cancel could harvest addresses. */
  quickCancelMinutes: 15,
  /** QUICK_CANCELS_MAX (default 3) quick cancellations within this many hours pause the charity's claiming ... */
  quickCancelWindowHours: 24,
  /** ... for this long. */
  quickCancelPauseHours: 6,
  /** A charity may report (and correct) what it received for this many days after the handover. */
  receivedCorrectionDays: 7,
  /** The charity should serve or chill cooked food within this long of collecting it (docs/DOMAIN-RULES.md, "How long food is safe"). */
  serveWithinMinutes: 90,
} as const;

/** The time zone every calendar rule and every shown moment of the platform is judged in, named here only (the migrations keep the literal they ran with). */
export const PLATFORM_TIME_ZONE = 'Africa/Cairo';

/** Languages a user may read the app, e-mail, push and messages in. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
