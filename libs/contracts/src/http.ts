import { z } from 'zod';
import { FOOD_STATUSES, LIMITS, REQUEST_STATUSES, USER_TYPES } from './domain';
import {
  calendarDate,
  count,
  dateTime,
  email,
  emailText,
  exactly,
  futureCalendarDate,
  id,
  positiveId,
  queryNumber,
  said,
  text,
  wholeNumber,
} from './fields';

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

export const AddFoodBody = z
  .object({
    food_name: text(LIMITS.foodNameMaxLength, { description: 'What is offered (trimmed)', example: 'Koshary boxes' }),
    quantity: wholeNumber(
      { min: LIMITS.quantityMin, max: LIMITS.quantityMax },
      {
        notWhole: 'must be a whole number of portions',
        tooSmall: 'must be a positive number',
        tooBig: `must not exceed ${LIMITS.quantityMax}`,
      },
      { description: 'Whole portions', example: 40 },
    ),
    description: text(LIMITS.descriptionMaxLength, {
      description: 'Details for the charity (trimmed)',
      example: 'Rice, lentils and pasta with tomato sauce, packed in boxes',
    }),
    expiration_date: futureCalendarDate({
      description: 'Calendar date `YYYY-MM-DD`, today or later in Africa/Cairo; the food is good through the whole day',
      example: '2026-11-25',
    }),
  })
  .meta({ id: 'AddFoodBody' });
export type AddFoodBody = z.infer<typeof AddFoodBody>;

export const PickupRequestBody = z
  .object({ food_id: positiveId({ description: 'The available food item to claim', example: 15 }) })
  .meta({ id: 'PickupRequestBody' });
export type PickupRequestBody = z.infer<typeof PickupRequestBody>;

/** Donors may only mark a request fulfilled. */
export const FulfilRequestBody = z
  .object({ status: exactly('fulfilled', { description: 'The only change a donor may make' }) })
  .meta({ id: 'FulfilRequestBody' });
export type FulfilRequestBody = z.infer<typeof FulfilRequestBody>;

/** Charities may only cancel a request. */
export const CancelRequestBody = z
  .object({ status: exactly('cancelled', { description: 'The only change a charity may make' }) })
  .meta({ id: 'CancelRequestBody' });
export type CancelRequestBody = z.infer<typeof CancelRequestBody>;

/** `GET /api/available?limit&offset`. */
export const AvailableQuery = z.object({
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

/** The public view of a food item: what anyone may see. `id` and `food_id` are the same number. */
export const FoodItemView = z
  .object({
    id: id('The food item', 15),
    food_id: id('The same number as `id`', 15),
    food_name: said('What is offered', 'Koshary boxes'),
    quantity: portions('Whole portions'),
    description: said('Details for the charity', 'Rice, lentils and pasta with tomato sauce, packed in boxes'),
    expiration_date: calendarDate('Good through this whole day in Cairo'),
    status: foodStatus(),
  })
  .meta({ id: 'FoodItemView' });
export type FoodItemView = z.infer<typeof FoodItemView>;

/** A new item as returned to the donor who listed it. */
export const AddedFoodItem = FoodItemView.extend({ user_id: id('The donor who listed it') }).meta({ id: 'AddedFoodItem' });
export type AddedFoodItem = z.infer<typeof AddedFoodItem>;

export const DonorItemRequest = z
  .object({
    request_id: id('The pickup request holding the item', 9),
    status: requestStatus(),
    name: said("The claiming charity's name", 'Ahl Masr Foundation'),
    email: email("The claiming charity's e-mail", 'ahl.masr@demo.foodlink.eg'),
  })
  .meta({ id: 'DonorItemRequest' });
export type DonorItemRequest = z.infer<typeof DonorItemRequest>;

/** A donor's own item, with the claim that holds it when there is one. */
export const DonorFoodItem = AddedFoodItem.extend({
  created_at: dateTime('When it was listed'),
  request: DonorItemRequest.nullable().meta({
    description: 'The pending or fulfilled request holding the item, or null when none does',
  }),
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
  .object({ requestId: id('The current (pending or fulfilled) request', 9) })
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
    expiration_date: calendarDate('Good through this whole day in Cairo'),
    donor_user_id: id("The donor's account"),
    name: said("The donor's name", 'Koshary El Tahrir'),
    email: email(
      "The donor's e-mail; null once the charity's requests for this donor's food are all cancelled (operators always see it)",
      'koshary.tahrir@demo.foodlink.eg',
    ).nullable(),
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
  .object({ totalMeals: count('Portions handed over in fulfilled donations', 1250) })
  .meta({ id: 'TotalMealsResponse' });
export type TotalMealsResponse = z.infer<typeof TotalMealsResponse>;

export const TotalCharitiesResponse = z
  .object({ totalCharities: count('Distinct charities that received a donation', 12) })
  .meta({ id: 'TotalCharitiesResponse' });
export type TotalCharitiesResponse = z.infer<typeof TotalCharitiesResponse>;
