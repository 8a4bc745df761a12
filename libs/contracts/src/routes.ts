import type { NotificationData } from './notifications';
import type { NotificationType } from './notifications-constants';

/**
 * HTTP paths of the call table, as the product specification fixes them. `:name` marks a path parameter.
 * The string values never change once shipped: old clients depend on them.
 */
export const API_ROUTES = {
  registerDonor: '/api/registerdonor',
  registerCharity: '/api/registercharity',
  login: '/api/login',
  me: '/api/auth/me',
  charityIdByName: '/api/charityid/:charityName',
  addFood: '/api/add',
  donorFood: '/api/donor/:userId',
  charityInfoForFood: '/charityinfo/food/:foodId',
  requestIdForFood: '/getrequestid/:foodId',
  requestStatus: '/requeststatus/:requestId',
  fulfilRequest: '/updaterequeststatus/:requestId',
  available: '/api/available',
  food: '/api/food/:id',
  requestPickup: '/api/request',
  charityRequests: '/api/charity/:charityUserId',
  foodDonorId: '/api/userID/:foodId',
  donorInfo: '/api/donorinfo/:donorUserId',
  cancelRequest: '/api/updaterequest/:requestId',
  totalMeals: '/api/request/totalmeals',
  totalCharities: '/api/request/totalcharities',
} as const;

/** A user's own personal data (account.ts has the shapes). */
export const ACCOUNT_ROUTES = {
  /** GET: the signed-in user's data as a JSON download. */
  export: '/api/account/export',
  /** POST `{ password }`: delete the signed-in user's account. */
  delete: '/api/account/delete',
  /** GET (operators): a user's data. */
  opsExport: '/api/ops/users/:userId/export',
  /** DELETE (operators): delete a user's account on their request. */
  opsDelete: '/api/ops/users/:userId',
} as const;

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted';

/** Calls this platform adds to the specification's (docs/DOMAIN-RULES.md: "Places", "How long food is safe", "The handover"). */
export const EXTRA_ROUTES = {
  pickupPoints: '/api/pickup-points',
  pickupPoint: '/api/pickup-points/:id',
  foodPhotos: '/api/food/:id/photos',
  foodPhoto: '/api/food/:id/photos/:index',
  photo: '/api/photos/:name',
  pickupDetails: '/api/requests/:requestId/pickup',
  received: '/api/requests/:requestId/received',
  noShow: '/api/requests/:requestId/no-show',
  /** An operator overturns a no-show (docs/DOMAIN-RULES.md, "The handover"). */
  overturnNoShow: '/api/ops/requests/:requestId/overturn-no-show',
  reliability: '/api/charities/:userId/reliability',
  heatOverrides: '/api/ops/heat-overrides',
} as const;

/** Password reset by e-mail (docs/ACCOUNT-RECOVERY.md; the bodies are in account.ts). */
export const RECOVERY_ROUTES = {
  /** POST `{ email, language? }` → 202 MessageResponse, the same whether or not the address has an account. */
  forgotPassword: '/api/auth/forgot-password',
  /** POST `{ token, password }` → MessageResponse: sets the password, ends every session of the account. */
  resetPassword: '/api/auth/reset-password',
} as const;

/**
 * Pages of the web app the server itself links to or renders for: the e-mailed reset link, and the
 * public listing page that shares point at (the API puts Open Graph tags into its HTML).
 */
export const PAGE_ROUTES = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** An organisation's invitation link: `/join?token=` (docs/ORGANISATIONS.md). */
  join: '/join',
  food: '/food/:id',
  /** Impact (docs/IMPACT.md): the donor's page, and the public transparency page. */
  donorImpact: '/DonerDashboard/impact',
  publicImpact: '/impact',
  /** Organisations (docs/ORGANISATIONS.md): the members page. */
  organisation: '/org',
  /** Standing collections (issue 27): the donor's schedules, and the charity's week. */
  donorSchedules: '/DonerDashboard/schedules',
  charityWeek: '/FoodDonationApp/week',
} as const;

/** Impact in kg, meals, CO2e and water (docs/IMPACT.md; impact.ts has the shapes). */
export const IMPACT_ROUTES = {
  totals: '/api/impact/totals',
  donor: '/api/impact/donor',
  donorReport: '/api/impact/donor/report',
  charity: '/api/impact/charity',
  public: '/api/impact/public',
  /** GET ImpactReportQuery → the charity's monthly acknowledgment of what it received (CSV or PDF). */
  charityReport: '/api/impact/charity/report',
} as const;

/**
 * Charity verification (docs/VERIFICATION.md; shapes in verification.ts). Kept here, with no shape
 * imported at run time, so the web app's entry can use them without loading zod.
 */
export const VERIFICATION_ROUTES = {
  /** GET → VerificationView; POST multipart (moss_number, address, contact_phone, file document) → VerificationView (charities). */
  charity: '/api/charity/verification',
  /** GET: the charity's own submitted document. */
  charityDocument: '/api/charity/verification/document',
  /** GET `?status=pending` → OpsVerificationItem[] (operators; oldest submission first, no paging). */
  ops: '/api/ops/verifications',
  /** POST VerificationDecisionBody → VerificationView (operators). */
  opsDecide: '/api/ops/verifications/:userId',
  /** GET: a charity's submitted document (operators). */
  opsDocument: '/api/ops/verifications/:userId/document',
  /** GET → VerificationAuditEntry[] (operators): the charity's audit trail, newest first. */
  opsAudit: '/api/ops/verifications/:userId/audit',
} as const;

/**
 * Moderation (docs/VERIFICATION.md, "Moderation"; shapes in moderation.ts) and the donor's verified-only
 * setting. Kept here, with no shape imported at run time, for the web app's entry.
 */
export const MODERATION_ROUTES = {
  /** POST ModerationReasonBody → HiddenListingView: hides an available listing (operators). */
  hideFood: '/api/ops/food/:id/hide',
  /** POST → HiddenListingView: puts a hidden listing back (operators). */
  unhideFood: '/api/ops/food/:id/unhide',
  /** POST ModerationReasonBody → AccountSuspensionView: suspends a donor's or a charity's account (operators). */
  suspendUser: '/api/ops/users/:id/suspend',
  /** POST → AccountSuspensionView: reinstates a suspended account (operators). */
  reinstateUser: '/api/ops/users/:id/reinstate',
  /** GET `?email=` → OpsUserLookup (operators): an account's id by its e-mail. */
  userLookup: '/api/ops/users',
  /** GET `?q=` → OpsSearchResult (operators): accounts and listings by name, e-mail or phone. */
  search: '/api/ops/search',
  /** GET → TrustAuditEntry[] (operators): the whole trust audit trail, newest first, at most TRUST_AUDIT_MAX. */
  audit: '/api/ops/moderation/audit',
  /** GET → DonorSettings, PUT DonorSettings → DonorSettings (donors). */
  donorSettings: '/api/donor/settings',
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;

/** Fills a route's `:params`, URI-encoding each value. */
export function apiPath(route: string, params: Record<string, string | number> = {}): string {
  return route.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${route}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Notifications' calls (docs/API.md, "Notifications"; shapes in notifications.ts). Kept here, with no
 * shape imported at run time, so the web app's entry can use them without loading zod.
 */
export const NOTIFICATION_ROUTES = {
  /** GET → CharityProfileView, PUT CharityProfileBody → CharityProfileView (charities only). */
  charityProfile: '/api/charity/profile',
  /** GET → NotificationsResponse (the caller's own, newest first, at most NOTIFICATIONS_LIST_MAX). */
  list: '/api/notifications',
  /** POST ReadNotificationsBody → NotificationsResponse: marks the caller's own notifications read. */
  read: '/api/notifications/read',
  /** GET → NotificationPreferences, PUT NotificationPreferences → NotificationPreferences (every user). */
  preferences: '/api/notifications/preferences',
} as const;

/** `GET /api/notifications` answers at most this many, newest first. */
export const NOTIFICATIONS_LIST_MAX = 50;

/**
 * Where a notification leads in the web app (the e-mail's and the push message's link, the list's
 * target): the listing's page for new food, the charity's requests for its pickup, the donation's card on
 * the donor's dashboard (Donate or "not collected") when a window ended.
 */
export function notificationPath(type: NotificationType, data: NotificationData): string {
  switch (type) {
    case 'food.matched':
    case 'food.offered':
      return data.foodId ? `/food/${data.foodId}` : '/FoodDonationApp';
    case 'pickup.soon':
      return '/FoodDonationApp?view=requests';
    case 'pickup.ended':
      // The donation's own card, where Donate and "not collected" are.
      return data.foodId ? `/DonerDashboard#food-${data.foodId}` : '/DonerDashboard';
    case 'account.news':
      return '/';
    case 'donation.claimed':
    case 'donation.cancelled':
    case 'donation.not_collected':
    case 'donation.received':
      // The donation's own card on the donor's dashboard (the claim, the charity's phone, the report).
      return data.foodId ? `/DonerDashboard#food-${data.foodId}` : '/DonerDashboard';
    case 'schedule.reminder':
      // The donor's Schedules page, where the day's "Nothing today" is.
      return PAGE_ROUTES.donorSchedules;
    case 'standing.skipped':
      // The charity's week, where the day now shows skipped.
      return PAGE_ROUTES.charityWeek;
  }
}
