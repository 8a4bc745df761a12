import {
  apiPath,
  MODERATION_ROUTES,
  type AccountSuspensionView,
  type DonorSettings,
  type HiddenListingView,
  type OpsSearchResult,
  type OpsUserLookup,
  type TrustAuditEntry,
} from '@food-link/contracts';
import { api } from './client';

/**
 * The moderation calls (docs/API.md, "Moderation"; docs/VERIFICATION.md, "Moderation"). Only types and
 * MODERATION_ROUTES come from the contracts: a value of moderation.ts would bring zod with it.
 */
export const moderationEndpoints = {
  hideFood: (foodId: number, reason: string) =>
    api<HiddenListingView>(apiPath(MODERATION_ROUTES.hideFood, { id: foodId }), { method: 'POST', body: { reason }, auth: true }),
  unhideFood: (foodId: number) => api<HiddenListingView>(apiPath(MODERATION_ROUTES.unhideFood, { id: foodId }), { method: 'POST', auth: true }),
  suspendUser: (userId: number, reason: string) =>
    api<AccountSuspensionView>(apiPath(MODERATION_ROUTES.suspendUser, { id: userId }), { method: 'POST', body: { reason }, auth: true }),
  reinstateUser: (userId: number) =>
    api<AccountSuspensionView>(apiPath(MODERATION_ROUTES.reinstateUser, { id: userId }), { method: 'POST', auth: true }),
  lookupUser: (email: string) => api<OpsUserLookup>(`${MODERATION_ROUTES.userLookup}?${new URLSearchParams({ email })}`, { auth: true }),
  search: (q: string) => api<OpsSearchResult>(`${MODERATION_ROUTES.search}?${new URLSearchParams({ q })}`, { auth: true }),
  audit: () => api<TrustAuditEntry[]>(MODERATION_ROUTES.audit, { auth: true }),
  donorSettings: () => api<DonorSettings>(MODERATION_ROUTES.donorSettings, { auth: true }),
  saveDonorSettings: (settings: DonorSettings) => api<DonorSettings>(MODERATION_ROUTES.donorSettings, { method: 'PUT', body: settings, auth: true }),
};
