import { ORG_ROUTES, type OrgView } from '@food-link/contracts';
import { api } from './client';

/**
 * `GET /api/org`, in a module of its own: the app's start asks for it on the donor dashboard
 * (app/route-prefetch.ts), and the landing page, which carries that start, should not carry every
 * organisation call (org-endpoints.ts) with it.
 */
export const fetchOrg = () => api<OrgView>(ORG_ROUTES.org, { auth: true });
