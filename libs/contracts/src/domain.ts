/** Who a user is. Operators come from configuration, never from sign-up. */
export const USER_TYPES = ['donor', 'charity', 'operator'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * A food item's lifecycle: available → claimed (a pickup request holds it) → available again if the
 * charity cancels; available → expired once its date has passed in Cairo.
 */
export const FOOD_STATUSES = ['available', 'claimed', 'expired'] as const;
export type FoodStatus = (typeof FOOD_STATUSES)[number];

/** A pickup request's lifecycle: pending → fulfilled (the donor pressed Donate) or cancelled (the charity). */
export const REQUEST_STATUSES = ['pending', 'fulfilled', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Request statuses that hold the item; the database allows at most one of these per item. */
export const ACTIVE_REQUEST_STATUSES = ['pending', 'fulfilled'] as const satisfies readonly RequestStatus[];

export const LIMITS = {
  quantityMin: 1,
  quantityMax: 100_000,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  nameMaxLength: 100,
  emailMaxLength: 254,
  foodNameMaxLength: 120,
  descriptionMaxLength: 1000,
  availablePageMax: 1000,
} as const;

/** The time zone every calendar rule of the platform is judged in. */
export const PLATFORM_TIME_ZONE = 'Africa/Cairo';
