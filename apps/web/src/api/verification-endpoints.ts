import {
  apiPath,
  EXTRA_ROUTES,
  type OpsVerificationItem,
  type OverturnNoShowResponse,
  VERIFICATION_ROUTES,
  type VerificationAuditEntry,
  type VerificationDecision,
  type VerificationStatus,
  type VerificationView,
} from '@food-link/contracts';
import { apiBlob } from './api-blob';
import { api } from './client';

/** What a charity sends to be verified; the document travels as the file `document` beside the fields. */
export interface VerificationSubmission {
  moss_number: string;
  address: string;
  contact_phone: string;
  document: File;
}

/**
 * The verification calls (docs/API.md, "Charity verification"). Only types and the route tables come
 * from the contracts: a value of verification.ts would bring zod with it.
 */
export const verificationEndpoints = {
  mine: () => api<VerificationView>(VERIFICATION_ROUTES.charity, { auth: true }),
  /** Multipart, like photos: the browser sets the boundary. */
  submit: ({ document, ...fields }: VerificationSubmission) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('document', document);
    return api<VerificationView>(VERIFICATION_ROUTES.charity, { method: 'POST', body, auth: true });
  },
  opsList: (status: VerificationStatus) =>
    api<OpsVerificationItem[]>(`${VERIFICATION_ROUTES.ops}?${new URLSearchParams({ status })}`, { auth: true }),
  decide: (userId: number, decision: VerificationDecision, reason: string | undefined) =>
    api<VerificationView>(apiPath(VERIFICATION_ROUTES.opsDecide, { userId }), {
      method: 'POST',
      body: reason ? { decision, reason } : { decision },
      auth: true,
    }),
  /** An operator overturns a no-show (docs/API.md, "The handover"): it no longer counts against the charity. */
  overturnNoShow: (requestId: number, reason: string) =>
    api<OverturnNoShowResponse>(apiPath(EXTRA_ROUTES.overturnNoShow, { requestId }), { method: 'POST', body: { reason }, auth: true }),
  audit: (userId: number) => api<VerificationAuditEntry[]>(apiPath(VERIFICATION_ROUTES.opsAudit, { userId }), { auth: true }),
  /**
   * A verification document as this session may fetch it: the charity's own
   * (VERIFICATION_ROUTES.charityDocument) or, for an operator, a queue item's `document_url`.
   */
  document: async (url: string) => (await apiBlob(url)).blob(),
};
