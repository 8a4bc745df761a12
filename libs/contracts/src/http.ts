import type { FoodStatus, RequestStatus, UserType } from './domain';

// Bodies the client sends.
export interface RegisterBody {
  name: string;
  email: string;
  password: string;
}
export interface LoginBody {
  email: string;
  password: string;
}
export interface AddFoodBody {
  food_name: string;
  quantity: number;
  description: string;
  /** Calendar date, `YYYY-MM-DD`. */
  expiration_date: string;
}
export interface PickupRequestBody {
  food_id: number;
}
export interface FulfilRequestBody {
  status: 'fulfilled';
}
export interface CancelRequestBody {
  status: 'cancelled';
}

// Responses.
export interface MessageResponse {
  message: string;
}
export interface RegisterDonorResponse extends MessageResponse {
  user_id: number;
}
export interface RegisterCharityResponse extends MessageResponse {
  charity_id: number;
  user_id: number;
}
export interface SessionUser {
  name: string;
  user_id: number;
  user_type: UserType;
}
export interface LoginResponse extends MessageResponse {
  token: string;
  data: [SessionUser];
}
export interface MeResponse extends SessionUser {
  email: string;
}
export interface CharityLookupResponse {
  user_id: number;
  charity_id: number;
  name: string;
}

/** The public view of a food item: what anyone may see. `id` and `food_id` are the same number. */
export interface FoodItemView {
  id: number;
  food_id: number;
  food_name: string;
  quantity: number;
  description: string;
  expiration_date: string;
  status: FoodStatus;
}

/** A new item as returned to the donor who listed it. */
export interface AddedFoodItem extends FoodItemView {
  user_id: number;
}

/** A donor's own item, with the claim that holds it when there is one. */
export interface DonorFoodItem extends AddedFoodItem {
  created_at: string;
  request: DonorItemRequest | null;
}
export interface DonorItemRequest {
  request_id: number;
  status: RequestStatus;
  name: string;
  email: string;
}

export interface CharityInfo {
  name: string;
  email: string;
}
export interface RequestIdResponse {
  requestId: number;
}
export interface RequestStatusResponse {
  status: RequestStatus;
}
export interface FulfilResponse extends MessageResponse {
  status: 'fulfilled';
}
export interface PickupRequestResponse extends MessageResponse {
  request_id: number;
  status: 'pending';
}

/** One of a charity's pickup requests, with what the request list shows. */
export interface CharityRequestItem {
  request_id: number;
  requestId: number;
  food_id: number;
  status: RequestStatus;
  created_at: string;
  food_name: string;
  quantity: number;
  expiration_date: string;
  donor_user_id: number;
  name: string;
  /** null once the charity's only requests for this donor's food are cancelled. */
  email: string | null;
}

export interface UserIdResponse {
  user_id: number;
}
export interface DonorInfoResponse {
  name: string;
  /** null for a charity whose only requests for this donor's food are cancelled. */
  email: string | null;
}
export interface TotalMealsResponse {
  totalMeals: number;
}
export interface TotalCharitiesResponse {
  totalCharities: number;
}

/** Every error answer has this shape; `message` lists each bad field for a 400. */
export interface ErrorResponse {
  statusCode: number;
  error: string;
  message: string | string[];
}
