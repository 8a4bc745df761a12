import { z } from 'zod';
import {
  ALLERGENS,
  BOARD_WINDOWS,
  FOOD_CATEGORIES,
  FOOD_STATUSES,
  FOOD_UNITS,
  LANGUAGES,
  LIMITS,
  REQUEST_STATUSES,
  STORAGE_KINDS,
  UNITS_NEEDING_WEIGHT,
  USER_TYPES,
} from './domain';
import {
  calendarDate,
  count,
  dateTime,
  email,
  emailText,
  exactly,
  futureCalendarDate,
  id,
  instant,
  kilograms,
  number,
  oneOf,
  positiveId,
  queryNumber,
  said,
  setOf,
  text,
  wholeNumber,
} from './fields';
import { offerFields } from './partners';
import { EGYPT_BOUNDS, GOVERNORATE_CODES } from './places';
import { MemberRef } from './organisations';

/*
 * Every body of the call table, declared once. From each declaration come the TypeScript type (same
 * name), the API's validation (a 400 naming each bad field), the OpenAPI schema (named by `id`), and the
 * web forms' checks. See docs/CONTRIBUTING.md.
 */

const userType = () => z.enum(USER_TYPES).meta({ example: 'donor' });
const foodStatus = () => z.enum(FOOD_STATUSES).meta({ example: 'available' });
const requestStatus = () => z.enum(REQUEST_STATUSES).meta({ example: 'pending' });
const portions = (description: string) => z.int().min(LIMITS.quantityMin).max(LIMITS.quantityMax).meta({ description, example: 40 });

// Bodies the client sends.

export const RegisterBody = z
  .object({
    name: text(LIMITS.nameMaxLength, {
      description: 'Display name; for a charity, its unique name (compared without regard to case)',
      example: 'Koshary El Tahrir',
    }),
    email: emailText(LIMITS.emailMaxLength, {
      mustBeValid: true,
      description: 'Sign-in e-mail, unique without regard to case',
      example: 'koshary.tahrir@example.eg',
    }),
    password: text(LIMITS.passwordMaxLength, {
      trim: false,
      minLength: LIMITS.passwordMinLength,
      format: 'password',
      description: 'Kept as is (not trimmed)',
      example: 'correct horse battery',
    }),
    language: oneOf(LANGUAGES, {
      description: "The language the account's e-mail and push are written in until it chooses one; default: the request's Accept-Language, else English",
    }).optional(),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Login checks only presence and size: whether the pair is right is the 401's business. */
export const LoginBody = z
  .object({
    email: emailText(LIMITS.emailMaxLength, { description: 'Sign-in e-mail, any case', example: 'koshary.tahrir@demo.foodlink.eg' }),
    password: text(LIMITS.passwordMaxLength, { trim: false, format: 'password', example: 'FoodLink-demo-2026' }),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

/** The spec's four fields of a listing. */
const specListingFields = {
  food_name: text(LIMITS.foodNameMaxLength, { description: 'What is offered (trimmed)', example: 'Koshary boxes' }),
  quantity: wholeNumber(
    { min: LIMITS.quantityMin, max: LIMITS.quantityMax },
    {
      notWhole: 'must be a whole number of portions',
      tooSmall: 'must be a positive number',
      tooBig: `must not exceed ${LIMITS.quantityMax}`,
    },
    { description: 'A whole number of `unit`s (portions unless said otherwise)', example: 40 },
  ),
  description: text(LIMITS.descriptionMaxLength, {
    description: 'Details for the charity (trimmed)',
    example: 'Rice, lentils and pasta with tomato sauce, packed in boxes',
  }),
  expiration_date: futureCalendarDate({
    description: `Calendar date \`YYYY-MM-DD\`, today or later in Africa/Cairo and at most ${LIMITS.listingHorizonDays} days ahead; the food is good through the whole day`,
    example: '2026-11-25',
  }),
};

/**
 * What a listing says beyond the spec (docs/DOMAIN-RULES.md), all optional. Without them an item takes the donor's
 * default pickup point (or none), counts portions, and is `other` food stored ambient.
 */
const listingDetailFields = {
  pickup_point_id: positiveId({ description: "One of the donor's pickup points; default: the donor's default point" }).nullish(),
  pickup_from: instant({ description: 'When the charity may come, from (with offset); needs `pickup_until`' }).nullish(),
  pickup_until: instant({
    description: 'When the charity must have come by; at least 30 minutes after `pickup_from` and no later than `safe_until`',
    example: '2026-11-24T23:00:00+02:00',
  }).nullish(),
  category: oneOf(FOOD_CATEGORIES, { description: 'What kind of food; default `other`' }).optional(),
  storage: oneOf(STORAGE_KINDS, { description: 'How it is kept until pickup; default `ambient`; `hot` only for cooked_meal' }).optional(),
  prepared_at: instant({ description: 'When cooked food was prepared (required for cooked_meal); not in the future', notFuture: true }).nullish(),
  unit: oneOf(FOOD_UNITS, { description: 'What `quantity` counts; default `portion`' }).optional(),
  weight_kg: kilograms({ description: 'Estimated total weight (required when the unit is item or tray)' }).nullish(),
  allergens: setOf(ALLERGENS, { description: 'Allergens present; `unknown` when the donor cannot say' }).optional(),
};

type ListingDraft = {
  pickup_from?: Date | null;
  pickup_until?: Date | null;
  category?: string;
  storage?: string;
  prepared_at?: Date | null;
  unit?: string;
  weight_kg?: number | null;
};

/**
 * The rules between a listing's fields that need no database, as `[field, message]` pairs: a window comes
 * whole and in order; cooked food says when it was prepared; item and tray listings carry a weight; only
 * cooked food is held hot. The API applies them to a new listing and to an edited one (after the change
 * is merged with what is stored); the window against `safe_until` is food-safety.ts's windowProblems.
 */
export function listingProblems(listing: ListingDraft): [string, string][] {
  const problems: [string, string][] = [];
  if (listing.pickup_from && !listing.pickup_until) problems.push(['pickup_until', 'is required with pickup_from']);
  if (listing.pickup_until && !listing.pickup_from) problems.push(['pickup_from', 'is required with pickup_until']);
  if (listing.pickup_from && listing.pickup_until && listing.pickup_until.getTime() <= listing.pickup_from.getTime()) {
    problems.push(['pickup_until', 'must be after pickup_from']);
  }
  if (listing.category === 'cooked_meal' && !listing.prepared_at) problems.push(['prepared_at', 'is required for cooked_meal']);
  if (listing.storage === 'hot' && (listing.category ?? 'other') !== 'cooked_meal') {
    problems.push(['storage', 'may be hot only for cooked_meal']);
  }
  if (UNITS_NEEDING_WEIGHT.includes((listing.unit ?? 'portion') as never) && !listing.weight_kg) {
    problems.push(['weight_kg', `is required when the unit is ${listing.unit}`]);
  }
  return problems;
}

function addListingProblems(listing: ListingDraft, ctx: z.RefinementCtx): void {
  for (const [field, message] of listingProblems(listing)) ctx.addIssue({ code: 'custom', path: [field], message });
}

export const AddFoodBody = z
  .object({ ...specListingFields, ...listingDetailFields })
  .superRefine(addListingProblems)
  .meta({ id: 'AddFoodBody' });
export type AddFoodBody = z.infer<typeof AddFoodBody>;

/**
 * `PATCH /api/food/{id}` while the item is available: any of the listing's fields; `null` clears an
 * optional one. The merged listing must pass the same rules as a new one.
 */
export const UpdateFoodBody = z
  .object({
    food_name: specListingFields.food_name.optional(),
    quantity: specListingFields.quantity.optional(),
    description: specListingFields.description.optional(),
    expiration_date: specListingFields.expiration_date.optional(),
    ...listingDetailFields,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'must change at least one field' })
  .meta({ id: 'UpdateFoodBody' });
export type UpdateFoodBody = z.infer<typeof UpdateFoodBody>;

/**
 * A claim of all that is left of a listing, or (`quantity`) of part of it (docs/DOMAIN-RULES.md,
 * "Partial claims"). More than is left is refused with 409 ("Only 12 of 30 left").
 */
export const PickupRequestBody = z
  .object({
    food_id: positiveId({ description: 'The available food item to claim', example: 15 }),
    quantity: wholeNumber(
      { min: LIMITS.quantityMin, max: LIMITS.quantityMax },
      { notWhole: 'must be a whole number', tooSmall: 'must be a positive number', tooBig: `must not exceed ${LIMITS.quantityMax}` },
      { description: "How many of the listing's units to claim; default: all that is left", example: 10 },
    ).optional(),
  })
  .meta({ id: 'PickupRequestBody' });
export type PickupRequestBody = z.infer<typeof PickupRequestBody>;

/** Donors may only mark a request fulfilled; with the charity's pickup code, it must match. */
export const FulfilRequestBody = z
  .object({
    status: exactly('fulfilled', { description: 'The only change a donor may make' }),
    pickup_code: z
      .string({ error: 'must be 4 to 6 digits' })
      .trim()
      .regex(/^\d{4,6}$/, { error: 'must be 4 to 6 digits' })
      .optional()
      .meta({ description: 'The code the charity shows at the door; a wrong one is refused (409)', example: '482913' }),
  })
  .meta({ id: 'FulfilRequestBody' });
export type FulfilRequestBody = z.infer<typeof FulfilRequestBody>;

/** Charities may only cancel a request. */
export const CancelRequestBody = z
  .object({ status: exactly('cancelled', { description: 'The only change a charity may make' }) })
  .meta({ id: 'CancelRequestBody' });
export type CancelRequestBody = z.infer<typeof CancelRequestBody>;

const NEAR = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** `GET /api/available?limit&offset&governorate&category&storage&near&window`. */
export const AvailableQuery = z.object({
  governorate: oneOf(GOVERNORATE_CODES, { description: 'Only food picked up in this governorate (ISO 3166-2:EG)' }).optional(),
  category: oneOf(FOOD_CATEGORIES, { description: 'Only this kind of food' }).optional(),
  storage: oneOf(STORAGE_KINDS, { description: 'Only food kept this way' }).optional(),
  near: z
    .string()
    .transform((value, ctx) => {
      const match = NEAR.exec(value);
      const lat = Number(match?.[1]);
      const lng = Number(match?.[2]);
      const inside =
        match && lat >= EGYPT_BOUNDS.minLat && lat <= EGYPT_BOUNDS.maxLat && lng >= EGYPT_BOUNDS.minLng && lng <= EGYPT_BOUNDS.maxLng;
      if (!inside) {
        ctx.addIssue({ code: 'custom', message: 'must be a position inside Egypt written lat,lng (like 30.0444,31.2357)' });
        return z.NEVER;
      }
      return { lat, lng };
    })
    .optional()
    .meta({
      description: 'lat,lng: adds `distance_km` to each item and sorts by it, nearest first (items without a position last)',
      example: '30.0444,31.2357',
    }),
  window: oneOf(BOARD_WINDOWS, {
    description: '`now`: collectible now; `today`: the window opens before midnight in Cairo',
  }).optional(),
  limit: queryNumber(
    { min: 1, max: LIMITS.availablePageMax, default: LIMITS.availablePageMax },
    { description: 'At most this many items' },
  ),
  offset: queryNumber({ min: 0, max: 2_147_483_647, default: 0 }, { description: 'Skip this many items first' }),
});
export type AvailableQuery = z.infer<typeof AvailableQuery>;

// Responses.

export const MessageResponse = z
  .object({ message: said('What happened, for display', 'Request cancelled successfully') })
  .meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const RegisterDonorResponse = z
  .object({ message: said('For display', 'Donor registered successfully'), user_id: id('The new donor account') })
  .meta({ id: 'RegisterDonorResponse' });
export type RegisterDonorResponse = z.infer<typeof RegisterDonorResponse>;

export const RegisterCharityResponse = z
  .object({
    message: said('For display', 'Charity registered successfully'),
    charity_id: id("The charity's public number", 7),
    user_id: id('The new charity account'),
  })
  .meta({ id: 'RegisterCharityResponse' });
export type RegisterCharityResponse = z.infer<typeof RegisterCharityResponse>;

export const SessionUser = z
  .object({ name: said('Display name', 'Koshary El Tahrir'), user_id: id('The account'), user_type: userType() })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z
  .object({
    message: said('For display', 'Login successful'),
    token: z.string().meta({ description: 'Session token (JWT): send it as `Authorization: Bearer <token>`' }),
    data: z.array(SessionUser).length(1).meta({ description: 'Exactly one entry: the signed-in user' }),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MeResponse = z
  .object({
    user_id: id('The account'),
    name: said('Display name', 'Koshary El Tahrir'),
    email: email('Sign-in e-mail, lower-cased', 'koshary.tahrir@demo.foodlink.eg'),
    user_type: userType(),
  })
  .meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof MeResponse>;

export const CharityLookupResponse = z
  .object({
    user_id: id("The charity's account"),
    charity_id: id("The charity's public number", 7),
    name: said('The registered name', 'Ahl Masr Foundation'),
  })
  .meta({ id: 'CharityLookupResponse' });
export type CharityLookupResponse = z.infer<typeof CharityLookupResponse>;

/**
 * The public view of a food item: what anyone may see. `id` and `food_id` are the same number. Where
 * the food is goes no further than governorate and area: the address, landmark, position and phone are
 * for the claiming charity (`GET /api/requests/{id}/pickup`).
 */
export const FoodItemView = z
  .object({
    id: id('The food item', 15),
    food_id: id('The same number as `id`', 15),
    food_name: said('What is offered', 'Koshary boxes'),
    quantity: portions('A whole number of `unit`s'),
    quantity_left: z.int().min(0).max(LIMITS.quantityMax).meta({
      description: 'How many of `quantity` are not claimed (docs/DOMAIN-RULES.md, "Partial claims"): an available item shows it as "12 of 30 left"; 0 once claimed',
      example: 12,
    }),
    description: said('Details for the charity', 'Rice, lentils and pasta with tomato sauce, packed in boxes'),
    expiration_date: calendarDate('Good through this whole day in Cairo'),
    status: foodStatus(),
    governorate: z.enum(GOVERNORATE_CODES).nullable().meta({ description: 'Where it is picked up (ISO 3166-2:EG); null without a pickup point', example: 'EG-C' }),
    area: said('District or neighbourhood of the pickup point', 'Downtown').nullable(),
    pickup_from: dateTime('Collect from (null: now)').nullable(),
    pickup_until: dateTime('Collect by (null: until safe_until)').nullable(),
    safe_until: dateTime('Computed by the server: the food leaves the board at this moment'),
    category: z.enum(FOOD_CATEGORIES).meta({ example: 'cooked_meal' }),
    storage: z.enum(STORAGE_KINDS).meta({ example: 'hot' }),
    unit: z.enum(FOOD_UNITS).meta({ example: 'portion' }),
    weight_kg: number('Estimated total weight in kg', 12.5).nullable(),
    allergens: z.array(z.enum(ALLERGENS)).meta({ example: ['gluten'] }),
    photo_urls: z.array(z.string()).meta({ description: 'Photos (re-encoded, without metadata)', example: ['/api/photos/3f2a….webp'] }),
    thumbnail_urls: z.array(z.string()).meta({ description: 'The same photos, small, in the same order', example: ['/api/photos/3f2a…-thumb.webp'] }),
    distance_km: number('Only with `near`: distance from that position, null when the pickup point has no position', 2.4).nullish(),
  })
  .meta({ id: 'FoodItemView' });
export type FoodItemView = z.infer<typeof FoodItemView>;

/** A new item as returned to the donor who listed it, with its place in the offer cascade (partners.ts). */
export const AddedFoodItem = FoodItemView.extend({
  user_id: id('The donor who listed it'),
  pickup_point_id: id('Its pickup point').nullable(),
  prepared_at: dateTime('When cooked food was prepared').nullable(),
  ...offerFields,
}).meta({ id: 'AddedFoodItem' });
export type AddedFoodItem = z.infer<typeof AddedFoodItem>;

/**
 * A charity's record over the last 90 days (docs/DOMAIN-RULES.md, "Reliability"): `score` = completed ÷ (completed + no-shows +
 * ½ × late cancellations), null while it has no such history.
 */
export const Reliability = z
  .object({
    completed: count('Requests fulfilled', 12),
    no_shows: count('Requests not collected', 1),
    late_cancellations: count('Cancelled less than 2 hours before the window, or after it started', 1),
    score: z.number().min(0).max(1).nullable().meta({ description: '0 to 1; null without history', example: 0.89 }),
  })
  .meta({ id: 'Reliability' });
export type Reliability = z.infer<typeof Reliability>;

/** What a charity reported it received after a fulfilled pickup. */
export const ReceivedReport = z
  .object({
    received_quantity: count('How many units arrived', 38).nullable(),
    received_weight_kg: number('How many kg arrived', 11.8).nullable(),
    comment: said('Anything the donor should know', 'Two boxes were crushed').nullable(),
    received_at: dateTime('When it was reported'),
  })
  .meta({ id: 'ReceivedReport' });
export type ReceivedReport = z.infer<typeof ReceivedReport>;

export const DonorItemRequest = z
  .object({
    request_id: id('The pickup request holding the item', 9),
    status: requestStatus(),
    quantity: portions('How many of the listing\'s units this claim holds'),
    name: said("The claiming charity's name", 'Ahl Masr Foundation'),
    email: email("The claiming charity's e-mail", 'ahl.masr@demo.foodlink.eg'),
    charity_user_id: id("The claiming charity's account"),
    charity_verified: z.boolean().meta({ description: 'Whether an operator verified the claiming charity (its verified badge)', example: true }),
    charity_phone: said("The claiming charity's phone (E.164: its profile's, else its verified WhatsApp or SMS phone), for the donor to call or message; null when it gave none", '+201001234567').nullable(),
    reliability: Reliability.meta({ description: "The claiming charity's record over 90 days" }),
    received: ReceivedReport.nullable().meta({ description: 'What the charity reported it received, once it has' }),
  })
  .meta({ id: 'DonorItemRequest' });
export type DonorItemRequest = z.infer<typeof DonorItemRequest>;

/** One claim of a donor's listing, as its card lists them (docs/DOMAIN-RULES.md, "Partial claims"). */
export const DonorItemClaim = z
  .object({
    request_id: id('The pickup request', 9),
    charity_user_id: id("The claiming charity's account"),
    name: said("The claiming charity's name", 'Ahl Masr Foundation'),
    quantity: portions("How many of the listing's units the claim holds"),
    status: requestStatus(),
    created_at: dateTime('When it was claimed'),
    received_quantity: count('What the charity reported it received, once it has', 10).nullable(),
  })
  .meta({ id: 'DonorItemClaim' });
export type DonorItemClaim = z.infer<typeof DonorItemClaim>;

/** A donor's own item, with the claim that holds it when there is one. */
export const DonorFoodItem = AddedFoodItem.extend({
  created_at: dateTime('When it was listed'),
  request: DonorItemRequest.nullable().meta({
    description: 'The earliest active request on the item (pending first, then fulfilled), or null when none is',
  }),
  claims: z.array(DonorItemClaim).meta({
    description: 'Every claim of the item, earliest first, whatever its state (pending, fulfilled, cancelled, not collected, withdrawn)',
  }),
  photo_count: count('Photos attached (at most 3)', 1),
  hidden_reason: said('Hidden by an operator, and why (off the board and every public read until put back); null: not hidden', 'The photo shows something else').nullable(),
  listed_by: MemberRef.nullish().meta({ description: 'The member of the organisation who listed it (docs/ORGANISATIONS.md); absent when not recorded' }),
}).meta({ id: 'DonorFoodItem' });
export type DonorFoodItem = z.infer<typeof DonorFoodItem>;

export const CharityInfo = z
  .object({
    name: said("The claiming charity's name", 'Ahl Masr Foundation'),
    email: email("The claiming charity's e-mail", 'ahl.masr@demo.foodlink.eg'),
  })
  .meta({ id: 'CharityInfo' });
export type CharityInfo = z.infer<typeof CharityInfo>;

export const RequestIdResponse = z
  .object({ requestId: id('The earliest active request: the earliest pending one, else the earliest fulfilled one', 9) })
  .meta({ id: 'RequestIdResponse' });
export type RequestIdResponse = z.infer<typeof RequestIdResponse>;

export const RequestStatusResponse = z.object({ status: requestStatus() }).meta({ id: 'RequestStatusResponse' });
export type RequestStatusResponse = z.infer<typeof RequestStatusResponse>;

export const FulfilResponse = z
  .object({ message: said('For display', 'Donation marked as fulfilled'), status: z.literal('fulfilled') })
  .meta({ id: 'FulfilResponse' });
export type FulfilResponse = z.infer<typeof FulfilResponse>;

export const PickupRequestResponse = z
  .object({
    message: said('For display', 'Pickup request submitted successfully'),
    request_id: id('The new pickup request', 9),
    status: z.literal('pending'),
  })
  .meta({ id: 'PickupRequestResponse' });
export type PickupRequestResponse = z.infer<typeof PickupRequestResponse>;

/** One of a charity's pickup requests, with what the request list shows. */
export const CharityRequestItem = z
  .object({
    request_id: id('The pickup request', 9),
    requestId: id('The same number as `request_id`', 9),
    food_id: id('The requested food item', 15),
    status: requestStatus(),
    created_at: dateTime('When the request was made'),
    food_name: said('What was requested', 'Koshary boxes'),
    quantity: portions('Whole portions'),
    claimed_quantity: portions("How many of the listing's units this request claims (all of `quantity` unless it claimed part)"),
    expiration_date: calendarDate('Good through this whole day in Cairo'),
    governorate: z.enum(GOVERNORATE_CODES).nullable().meta({ example: 'EG-C' }),
    area: said('District of the pickup point', 'Downtown').nullable(),
    pickup_from: dateTime('Collect from').nullable(),
    pickup_until: dateTime('Collect by').nullable(),
    safe_until: dateTime('The food stops being safe at this moment'),
    unit: z.enum(FOOD_UNITS).meta({ example: 'portion' }),
    received: ReceivedReport.nullable().meta({ description: 'What the charity reported it received, once it has' }),
    donor_user_id: id("The donor's account"),
    name: said("The donor's name", 'Koshary El Tahrir'),
    email: email(
      "The donor's e-mail; null once the charity's requests for this donor's food are all cancelled (operators always see it)",
      'koshary.tahrir@demo.foodlink.eg',
    ).nullable(),
    claimed_by: MemberRef.nullish().meta({ description: 'The member of the charity who claimed it (docs/ORGANISATIONS.md); absent when not recorded' }),
    assignee: MemberRef.nullish().meta({ description: 'The member assigned to collect it; null or absent when nobody is' }),
  })
  .meta({ id: 'CharityRequestItem' });
export type CharityRequestItem = z.infer<typeof CharityRequestItem>;

export const UserIdResponse = z.object({ user_id: id("The item's donor") }).meta({ id: 'UserIdResponse' });
export type UserIdResponse = z.infer<typeof UserIdResponse>;

export const DonorInfoResponse = z
  .object({
    name: said("The donor's name", 'Koshary El Tahrir'),
    email: email(
      "The donor's e-mail; null for a charity whose requests for this donor's food are all cancelled",
      'koshary.tahrir@demo.foodlink.eg',
    ).nullable(),
  })
  .meta({ id: 'DonorInfoResponse' });
export type DonorInfoResponse = z.infer<typeof DonorInfoResponse>;

export const TotalMealsResponse = z
  .object({ totalMeals: count('Whole meals handed over in fulfilled donations: portions, or kg ÷ 0.42 for other units (docs/IMPACT.md)', 1250) })
  .meta({ id: 'TotalMealsResponse' });
export type TotalMealsResponse = z.infer<typeof TotalMealsResponse>;

export const TotalCharitiesResponse = z
  .object({ totalCharities: count('Distinct charities that received a donation', 12) })
  .meta({ id: 'TotalCharitiesResponse' });
export type TotalCharitiesResponse = z.infer<typeof TotalCharitiesResponse>;

/**
 * The reliability of docs/DOMAIN-RULES.md, "Reliability": completed ÷ (completed + no-shows + ½ × late cancellations), rounded to two
 * places; null when the charity has none of these in the period.
 */
export function reliabilityScore(counts: { completed: number; no_shows: number; late_cancellations: number }): number | null {
  const denominator = counts.completed + counts.no_shows + counts.late_cancellations / 2;
  return denominator === 0 ? null : Math.round((counts.completed / denominator) * 100) / 100;
}
