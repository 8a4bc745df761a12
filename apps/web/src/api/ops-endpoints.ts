import {
  ACCOUNT_ROUTES,
  MESSAGING_ROUTES,
  OPS_ROUTES,
  type AccountExport,
  apiPath,
  type DomainEventType,
  type FailedJobView,
  type JobActionResult,
  type MessageLog,
  type MessageStatus,
  type MessagingChannel,
  type OpsEventView,
  type OpsMailItem,
  type OpsMailMessage,
  type OpsOverview,
  type OpsSnapshot,
} from '@food-link/contracts';
import { api } from './client';

/** How many recent events the console asks for (the server's maximum). */
export const OPS_EVENTS_LIMIT = 100;

/**
 * The operator-only calls (OPS_ROUTES). Kept apart from `endpoints` so they ship in the console's chunk,
 * not in the landing page's bundle.
 */
export const opsEndpoints = {
  snapshot: () => api<OpsSnapshot>(OPS_ROUTES.snapshot, { auth: true }),
  overview: () => api<OpsOverview>(OPS_ROUTES.overview, { auth: true }),
  events: (type: DomainEventType | null) => {
    const query = new URLSearchParams(type ? { type, limit: String(OPS_EVENTS_LIMIT) } : { limit: String(OPS_EVENTS_LIMIT) });
    return api<OpsEventView[]>(`${OPS_ROUTES.events}?${query}`, { auth: true });
  },
  failedJobs: (queue: string) => api<FailedJobView[]>(apiPath(OPS_ROUTES.failedJobs, { queue }), { auth: true }),
  retryAllFailed: (queue: string) =>
    api<JobActionResult>(apiPath(OPS_ROUTES.retryAllFailed, { queue }), { method: 'POST', auth: true }),
  retryJob: (queue: string, jobId: string) =>
    api<JobActionResult>(apiPath(OPS_ROUTES.retryJob, { queue, jobId }), { method: 'POST', auth: true }),
  removeJob: (queue: string, jobId: string) =>
    api<JobActionResult>(apiPath(OPS_ROUTES.removeJob, { queue, jobId }), { method: 'DELETE', auth: true }),
  exportUser: (userId: number) => api<AccountExport>(apiPath(ACCOUNT_ROUTES.opsExport, { userId }), { auth: true }),
  deleteUser: (userId: number) => api<null>(apiPath(ACCOUNT_ROUTES.opsDelete, { userId }), { method: 'DELETE', auth: true }),
  mail: () => api<OpsMailItem[]>(OPS_ROUTES.mail, { auth: true }),
  /** The WhatsApp and SMS log: a channel's, a status's, or all. */
  messages: (filter: { channel?: MessagingChannel; status?: MessageStatus }) => {
    const query = new URLSearchParams();
    if (filter.channel) query.set('channel', filter.channel);
    if (filter.status) query.set('status', filter.status);
    return api<MessageLog>(`${MESSAGING_ROUTES.opsMessages}${query.size > 0 ? `?${query}` : ''}`, { auth: true });
  },
  mailMessage: (file: string) => api<OpsMailMessage>(apiPath(OPS_ROUTES.mailMessage, { file }), { auth: true }),
  /** Answers 204 and sets the HttpOnly cookie bull-board's pages are checked against. */
  boardSession: () => api<null>(OPS_ROUTES.boardSession, { method: 'POST', auth: true }),
};
