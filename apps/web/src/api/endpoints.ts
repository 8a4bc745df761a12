import {
  ACCOUNT_ROUTES,
  RECOVERY_ROUTES,
  type ForgotPasswordBody,
  type ResetPasswordBody,
  API_ROUTES,
  type AccountExport,
  apiPath,
  type AddFoodBody,
  type AddedFoodItem,
  type CharityLookupResponse,
  type CharityProfileBody,
  type CharityProfileView,
  type CharityRequestItem,
  type DonorFoodItem,
  EXTRA_ROUTES,
  type FulfilRequestBody,
  type NoShowResponse,
  NOTIFICATION_ROUTES,
  type NotificationPreferences,
  type NotificationsResponse,
  type PhotosResponse,
  type PickupDetails,
  type PickupPointBody,
  type PickupPointView,
  type ReadNotificationsBody,
  type ReceivedBody,
  type ReceivedReport,
  type Reliability,
  type UpdateFoodBody,
  type UpdatePickupPointBody,
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
  type ImpactTotalsResponse,
  IMPACT_ROUTES,
} from '@food-link/contracts';
import { api } from './client';

/** One function per call of the spec's call table (section 7). */
export const endpoints = {
  /** `language`: the app's, which the account's e-mail and push are then written in. */
  registerDonor: (body: RegisterBody, language?: string) =>
    api<RegisterDonorResponse>(API_ROUTES.registerDonor, { method: 'POST', body, language }),
  registerCharity: (body: RegisterBody, language?: string) =>
    api<RegisterCharityResponse>(API_ROUTES.registerCharity, { method: 'POST', body, language }),
  login: (body: LoginBody) => api<LoginResponse>(API_ROUTES.login, { method: 'POST', body }),
  me: () => api<MeResponse>(API_ROUTES.me, { auth: true }),
  forgotPassword: (body: ForgotPasswordBody) => api<MessageResponse>(RECOVERY_ROUTES.forgotPassword, { method: 'POST', body }),
  resetPassword: (body: ResetPasswordBody) => api<MessageResponse>(RECOVERY_ROUTES.resetPassword, { method: 'POST', body }),
  charityByName: (charityName: string) =>
    api<CharityLookupResponse>(apiPath(API_ROUTES.charityIdByName, { charityName })),

  addFood: (body: AddFoodBody) => api<AddedFoodItem>(API_ROUTES.addFood, { method: 'POST', body, auth: true }),
  donorFood: (userId: number) => api<DonorFoodItem[]>(apiPath(API_ROUTES.donorFood, { userId }), { auth: true }),
  /**
   * The board; `query` is boardQuery()'s string (empty: the whole board, the spec's own call). Signed in,
   * it carries the session: a partner charity's board also lists what donors offer to their partners alone.
   */
  available: (query = '') => api<FoodItemView[]>(query ? `${API_ROUTES.available}?${query}` : API_ROUTES.available, { auth: true }),
  food: (id: number) => api<FoodItemView>(apiPath(API_ROUTES.food, { id }), { auth: true }),

  /** Claims all that is left of the item, or `quantity` of it (partial claims). */
  requestPickup: (foodId: number, quantity?: number) =>
    api<PickupRequestResponse>(API_ROUTES.requestPickup, {
      method: 'POST',
      body: quantity === undefined ? { food_id: foodId } : { food_id: foodId, quantity },
      auth: true,
    }),
  charityRequests: (charityUserId: number) =>
    api<CharityRequestItem[]>(apiPath(API_ROUTES.charityRequests, { charityUserId }), { auth: true }),
  cancelRequest: (requestId: number) =>
    api<MessageResponse>(apiPath(API_ROUTES.cancelRequest, { requestId }), {
      method: 'PUT',
      body: { status: 'cancelled' },
      auth: true,
    }),
  /** Donate; with the charity's pickup code when the donor typed one (a wrong one answers 409). */
  fulfilRequest: (requestId: number, pickupCode?: string) =>
    api<FulfilResponse>(apiPath(API_ROUTES.fulfilRequest, { requestId }), {
      method: 'PUT',
      body: (pickupCode ? { status: 'fulfilled', pickup_code: pickupCode } : { status: 'fulfilled' }) satisfies FulfilRequestBody,
      auth: true,
    }),

  // Beyond the spec's call table (docs/DOMAIN-RULES.md: "Places", "How long food is safe", "The handover").
  pickupPoints: () => api<PickupPointView[]>(EXTRA_ROUTES.pickupPoints, { auth: true }),
  addPickupPoint: (body: PickupPointBody) =>
    api<PickupPointView>(EXTRA_ROUTES.pickupPoints, { method: 'POST', body, auth: true }),
  updatePickupPoint: (id: number, body: UpdatePickupPointBody) =>
    api<PickupPointView>(apiPath(EXTRA_ROUTES.pickupPoint, { id }), { method: 'PATCH', body, auth: true }),
  deletePickupPoint: (id: number) =>
    api<MessageResponse>(apiPath(EXTRA_ROUTES.pickupPoint, { id }), { method: 'DELETE', auth: true }),
  updateFood: (id: number, body: UpdateFoodBody) =>
    api<AddedFoodItem>(apiPath(API_ROUTES.food, { id }), { method: 'PATCH', body, auth: true }),
  withdrawFood: (id: number) => api<MessageResponse>(apiPath(API_ROUTES.food, { id }), { method: 'DELETE', auth: true }),
  addPhoto: (id: number, photo: File) => {
    const body = new FormData();
    body.append('photo', photo);
    return api<PhotosResponse>(apiPath(EXTRA_ROUTES.foodPhotos, { id }), { method: 'POST', body, auth: true });
  },
  deletePhoto: (id: number, index: number) =>
    api<PhotosResponse>(apiPath(EXTRA_ROUTES.foodPhoto, { id, index }), { method: 'DELETE', auth: true }),
  pickupDetails: (requestId: number) => api<PickupDetails>(apiPath(EXTRA_ROUTES.pickupDetails, { requestId }), { auth: true }),
  reportReceived: (requestId: number, body: ReceivedBody) =>
    api<ReceivedReport>(apiPath(EXTRA_ROUTES.received, { requestId }), { method: 'POST', body, auth: true }),
  reportNoShow: (requestId: number) =>
    api<NoShowResponse>(apiPath(EXTRA_ROUTES.noShow, { requestId }), { method: 'POST', auth: true }),
  reliability: (userId: number) => api<Reliability>(apiPath(EXTRA_ROUTES.reliability, { userId }), { auth: true }),

  exportAccount: () => api<AccountExport>(ACCOUNT_ROUTES.export, { auth: true }),
  deleteAccount: (password: string) =>
    api<MessageResponse>(ACCOUNT_ROUTES.delete, { method: 'POST', body: { password }, auth: true }),

  // Reaching people who are not looking (docs/NOTIFICATIONS.md).
  charityProfile: () => api<CharityProfileView>(NOTIFICATION_ROUTES.charityProfile, { auth: true }),
  /** `language`: the app's, kept for e-mail and push until the charity chooses one. */
  saveCharityProfile: (body: CharityProfileBody, language?: string) =>
    api<CharityProfileView>(NOTIFICATION_ROUTES.charityProfile, { method: 'PUT', body, auth: true, language }),
  notifications: () => api<NotificationsResponse>(NOTIFICATION_ROUTES.list, { auth: true }),
  /** Marks `ids` read, or every notification when `ids` is left out; answers the list as it is now. */
  readNotifications: (ids?: string[]) =>
    api<NotificationsResponse>(NOTIFICATION_ROUTES.read, {
      method: 'POST',
      body: (ids ? { ids } : {}) satisfies ReadNotificationsBody,
      auth: true,
    }),
  notificationPreferences: () => api<NotificationPreferences>(NOTIFICATION_ROUTES.preferences, { auth: true }),
  saveNotificationPreferences: (body: NotificationPreferences) =>
    api<NotificationPreferences>(NOTIFICATION_ROUTES.preferences, { method: 'PUT', body, auth: true }),

  totalMeals: () => api<TotalMealsResponse>(API_ROUTES.totalMeals),
  totalCharities: () => api<TotalCharitiesResponse>(API_ROUTES.totalCharities),
  impactTotals: () => api<ImpactTotalsResponse>(IMPACT_ROUTES.totals),
};
