import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  FOOD_STATUSES,
  LIMITS,
  REQUEST_STATUSES,
  USER_TYPES,
  type AddedFoodItem,
  type CharityInfo,
  type CharityLookupResponse,
  type CharityRequestItem,
  type DonorFoodItem,
  type DonorInfoResponse,
  type DonorItemRequest,
  type FoodItemView,
  type FoodStatus,
  type FulfilResponse,
  type LoginResponse,
  type MeResponse,
  type MessageResponse,
  type PickupRequestResponse,
  type RegisterCharityResponse,
  type RegisterDonorResponse,
  type RequestIdResponse,
  type RequestStatus,
  type RequestStatusResponse,
  type SessionUser,
  type TotalCharitiesResponse,
  type TotalMealsResponse,
  type UserIdResponse,
  type UserType,
} from '@food-link/contracts';

/*
 * Response bodies of the call table, as OpenAPI schemas. Each class `implements` its interface in
 * libs/contracts/src/http.ts, so a field added to or retyped in the contract fails the build here, and the
 * schema is named after the interface. openapi.int-spec.ts checks real answers against these schemas.
 */

const id = (description: string, example = 42) => ApiProperty({ type: 'integer', minimum: 1, description, example });
const enumOf = (values: readonly string[], enumName: string, example: string) =>
  ApiProperty({ enum: [...values], enumName, example });
const calendarDate = (description: string) =>
  ApiProperty({ type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, example: '2026-11-25' });
const dateTime = (description: string) =>
  ApiProperty({ type: 'string', format: 'date-time', description, example: '2026-11-22T09:30:00.000Z' });
const text = (description: string, example: string) => ApiProperty({ type: 'string', description, example });
const email = (description: string, example: string) => ApiProperty({ type: 'string', format: 'email', description, example });
const portions = (description: string) =>
  ApiProperty({ type: 'integer', minimum: LIMITS.quantityMin, maximum: LIMITS.quantityMax, description, example: 40 });

@ApiSchema({ name: 'MessageResponse' })
export class MessageResponseSchema implements MessageResponse {
  @text('What happened, for display', 'Request cancelled successfully')
  message: string;
}

@ApiSchema({ name: 'RegisterDonorResponse' })
export class RegisterDonorResponseSchema implements RegisterDonorResponse {
  @text('For display', 'Donor registered successfully')
  message: string;

  @id('The new donor account')
  user_id: number;
}

@ApiSchema({ name: 'RegisterCharityResponse' })
export class RegisterCharityResponseSchema implements RegisterCharityResponse {
  @text('For display', 'Charity registered successfully')
  message: string;

  @id("The charity's public number", 7)
  charity_id: number;

  @id('The new charity account')
  user_id: number;
}

@ApiSchema({ name: 'SessionUser' })
export class SessionUserSchema implements SessionUser {
  @text('Display name', 'Koshary El Tahrir')
  name: string;

  @id('The account')
  user_id: number;

  @enumOf(USER_TYPES, 'UserType', 'donor')
  user_type: UserType;
}

@ApiSchema({ name: 'LoginResponse' })
export class LoginResponseSchema implements LoginResponse {
  @text('For display', 'Login successful')
  message: string;

  @ApiProperty({ type: 'string', description: 'Session token (JWT): send it as `Authorization: Bearer <token>`' })
  token: string;

  @ApiProperty({ type: () => [SessionUserSchema], minItems: 1, maxItems: 1, description: 'Exactly one entry: the signed-in user' })
  data: [SessionUserSchema];
}

@ApiSchema({ name: 'MeResponse' })
export class MeResponseSchema implements MeResponse {
  @id('The account')
  user_id: number;

  @text('Display name', 'Koshary El Tahrir')
  name: string;

  @email('Sign-in e-mail, lower-cased', 'koshary.tahrir@demo.foodlink.eg')
  email: string;

  @enumOf(USER_TYPES, 'UserType', 'donor')
  user_type: UserType;
}

@ApiSchema({ name: 'CharityLookupResponse' })
export class CharityLookupResponseSchema implements CharityLookupResponse {
  @id("The charity's account")
  user_id: number;

  @id("The charity's public number", 7)
  charity_id: number;

  @text('The registered name', 'Ahl Masr Foundation')
  name: string;
}

@ApiSchema({ name: 'FoodItemView' })
export class FoodItemViewSchema implements FoodItemView {
  @id('The food item', 15)
  id: number;

  @id('The same number as `id`', 15)
  food_id: number;

  @text('What is offered', 'Koshary boxes')
  food_name: string;

  @portions('Whole portions')
  quantity: number;

  @text('Details for the charity', 'Rice, lentils and pasta with tomato sauce, packed in boxes')
  description: string;

  @calendarDate('Good through this whole day in Cairo')
  expiration_date: string;

  @enumOf(FOOD_STATUSES, 'FoodStatus', 'available')
  status: FoodStatus;
}

@ApiSchema({ name: 'AddedFoodItem' })
export class AddedFoodItemSchema extends FoodItemViewSchema implements AddedFoodItem {
  @id('The donor who listed it')
  user_id: number;
}

@ApiSchema({ name: 'DonorItemRequest' })
export class DonorItemRequestSchema implements DonorItemRequest {
  @id('The pickup request holding the item', 9)
  request_id: number;

  @enumOf(REQUEST_STATUSES, 'RequestStatus', 'pending')
  status: RequestStatus;

  @text("The claiming charity's name", 'Ahl Masr Foundation')
  name: string;

  @email("The claiming charity's e-mail", 'ahl.masr@demo.foodlink.eg')
  email: string;
}

@ApiSchema({ name: 'DonorFoodItem' })
export class DonorFoodItemSchema extends AddedFoodItemSchema implements DonorFoodItem {
  @dateTime('When it was listed')
  created_at: string;

  @ApiProperty({
    type: () => DonorItemRequestSchema,
    nullable: true,
    description: 'The pending or fulfilled request holding the item, or null when none does',
  })
  request: DonorItemRequestSchema | null;
}

@ApiSchema({ name: 'CharityInfo' })
export class CharityInfoSchema implements CharityInfo {
  @text("The claiming charity's name", 'Ahl Masr Foundation')
  name: string;

  @email("The claiming charity's e-mail", 'ahl.masr@demo.foodlink.eg')
  email: string;
}

@ApiSchema({ name: 'RequestIdResponse' })
export class RequestIdResponseSchema implements RequestIdResponse {
  @id('The current (pending or fulfilled) request', 9)
  requestId: number;
}

@ApiSchema({ name: 'RequestStatusResponse' })
export class RequestStatusResponseSchema implements RequestStatusResponse {
  @enumOf(REQUEST_STATUSES, 'RequestStatus', 'pending')
  status: RequestStatus;
}

@ApiSchema({ name: 'FulfilResponse' })
export class FulfilResponseSchema implements FulfilResponse {
  @text('For display', 'Donation marked as fulfilled')
  message: string;

  @ApiProperty({ enum: ['fulfilled'], example: 'fulfilled' })
  status: 'fulfilled';
}

@ApiSchema({ name: 'PickupRequestResponse' })
export class PickupRequestResponseSchema implements PickupRequestResponse {
  @text('For display', 'Pickup request submitted successfully')
  message: string;

  @id('The new pickup request', 9)
  request_id: number;

  @ApiProperty({ enum: ['pending'], example: 'pending' })
  status: 'pending';
}

@ApiSchema({ name: 'CharityRequestItem' })
export class CharityRequestItemSchema implements CharityRequestItem {
  @id('The pickup request', 9)
  request_id: number;

  @id('The same number as `request_id`', 9)
  requestId: number;

  @id('The requested food item', 15)
  food_id: number;

  @enumOf(REQUEST_STATUSES, 'RequestStatus', 'pending')
  status: RequestStatus;

  @dateTime('When the request was made')
  created_at: string;

  @text('What was requested', 'Koshary boxes')
  food_name: string;

  @portions('Whole portions')
  quantity: number;

  @calendarDate('Good through this whole day in Cairo')
  expiration_date: string;

  @id("The donor's account")
  donor_user_id: number;

  @text("The donor's name", 'Koshary El Tahrir')
  name: string;

  @email("The donor's e-mail", 'koshary.tahrir@demo.foodlink.eg')
  email: string;
}

@ApiSchema({ name: 'UserIdResponse' })
export class UserIdResponseSchema implements UserIdResponse {
  @id("The item's donor")
  user_id: number;
}

@ApiSchema({ name: 'DonorInfoResponse' })
export class DonorInfoResponseSchema implements DonorInfoResponse {
  @text("The donor's name", 'Koshary El Tahrir')
  name: string;

  @email("The donor's e-mail", 'koshary.tahrir@demo.foodlink.eg')
  email: string;
}

@ApiSchema({ name: 'TotalMealsResponse' })
export class TotalMealsResponseSchema implements TotalMealsResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Portions handed over in fulfilled donations', example: 1250 })
  totalMeals: number;
}

@ApiSchema({ name: 'TotalCharitiesResponse' })
export class TotalCharitiesResponseSchema implements TotalCharitiesResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Distinct charities that received a donation', example: 12 })
  totalCharities: number;
}
