import { type MessageResponse, PUSH_ROUTES, type PushPublicKey, type PushSubscriptionBody } from '@food-link/contracts';
import { api } from './client';

/** Web Push calls (PUSH_ROUTES), apart from `endpoints` so they ship with the account section, not the landing page. */
export const pushEndpoints = {
  publicKey: () => api<PushPublicKey>(PUSH_ROUTES.publicKey),
  subscribe: (subscription: PushSubscriptionBody) => api<MessageResponse>(PUSH_ROUTES.subscriptions, { method: 'POST', body: subscription, auth: true }),
  unsubscribe: (endpoint: string) => api<MessageResponse>(PUSH_ROUTES.subscriptions, { method: 'DELETE', body: { endpoint }, auth: true }),
};
