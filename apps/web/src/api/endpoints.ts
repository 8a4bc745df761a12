import {
  ACCOUNT_ROUTES,
  API_ROUTES,
  type AccountExport,
  apiPath,
  type AddFoodBody,
  type AddedFoodItem,
  type CharityLookupResponse,
  type CharityRequestItem,
  type DonorFoodItem,
  type FoodItemView,
  type FulfilResponse,
  type LoginBody,
  type LoginResponse,
  type MeResponse,
  type MessageResponse,
  type PickupRequestResponse,
  type RegisterBody,
  type RegisterCharityResponse,
  type RegisterDonorResponse,
  type TotalCharitiesResponse,
  type TotalMealsResponse,
} from '@food-link/contracts';
import { api } from './client';

/** One function per call of the spec's call table (section 7). */
export const endpoints = {
  registerDonor: (body: RegisterBody) => api<RegisterDonorResponse>(API_ROUTES.registerDonor, { method: 'POST', body }),
  registerCharity: (body: RegisterBody) =>
    api<RegisterCharityResponse>(API_ROUTES.registerCharity, { method: 'POST', body }),
  login: (body: LoginBody) => api<LoginResponse>(API_ROUTES.login, { method: 'POST', body }),
  me: () => api<MeResponse>(API_ROUTES.me, { auth: true }),
  charityByName: (charityName: string) =>
    api<CharityLookupResponse>(apiPath(API_ROUTES.charityIdByName, { charityName })),

  addFood: (body: AddFoodBody) => api<AddedFoodItem>(API_ROUTES.addFood, { method: 'POST', body, auth: true }),
  donorFood: (userId: number) => api<DonorFoodItem[]>(apiPath(API_ROUTES.donorFood, { userId }), { auth: true }),
  available: () => api<FoodItemView[]>(API_ROUTES.available),
  food: (id: number) => api<FoodItemView>(apiPath(API_ROUTES.food, { id })),

  requestPickup: (foodId: number) =>
    api<PickupRequestResponse>(API_ROUTES.requestPickup, { method: 'POST', body: { food_id: foodId }, auth: true }),
  charityRequests: (charityUserId: number) =>
    api<CharityRequestItem[]>(apiPath(API_ROUTES.charityRequests, { charityUserId }), { auth: true }),
  cancelRequest: (requestId: number) =>
    api<MessageResponse>(apiPath(API_ROUTES.cancelRequest, { requestId }), {
      method: 'PUT',
      body: { status: 'cancelled' },
      auth: true,
    }),
  fulfilRequest: (requestId: number) =>
    api<FulfilResponse>(apiPath(API_ROUTES.fulfilRequest, { requestId }), {
      method: 'PUT',
      body: { status: 'fulfilled' },
      auth: true,
    }),

  exportAccount: () => api<AccountExport>(ACCOUNT_ROUTES.export, { auth: true }),
  deleteAccount: (password: string) =>
    api<MessageResponse>(ACCOUNT_ROUTES.delete, { method: 'POST', body: { password }, auth: true }),

  totalMeals: () => api<TotalMealsResponse>(API_ROUTES.totalMeals),
  totalCharities: () => api<TotalCharitiesResponse>(API_ROUTES.totalCharities),
};
