import {
  ORG_ROUTES,
  apiPath,
  type AcceptInvitationBody,
  type AcceptedInvitation,
  type ActivityPage,
  type InvitationBody,
  type InvitationCreated,
  type InvitationList,
  type InvitationPreview,
  type MemberPatchBody,
  type MyPickups,
  type OrgMember,
  type RequestAssignment,
} from '@food-link/contracts';
import { api } from './client';
import { fetchOrg } from './org-fetch';

/** The organisation's calls (ORG_ROUTES; docs/ORGANISATIONS.md). */
export const orgEndpoints = {
  org: fetchOrg,
  invitations: () => api<InvitationList>(ORG_ROUTES.invitations, { auth: true }),
  invite: (body: InvitationBody, language?: string) =>
    api<InvitationCreated>(ORG_ROUTES.invitations, { method: 'POST', body, auth: true, language }),
  withdrawInvitation: (id: number) => api<null>(apiPath(ORG_ROUTES.invitation, { id }), { method: 'DELETE', auth: true }),
  /** Public: which organisation and role a link is for. */
  previewInvitation: (token: string) => api<InvitationPreview>(`${ORG_ROUTES.previewInvitation}?${new URLSearchParams({ token })}`),
  /** Signed in (`{ token }`, with the session) or signing up (`{ token, name, password }`, without one). */
  acceptInvitation: (body: AcceptInvitationBody, signedIn: boolean, language?: string) =>
    api<AcceptedInvitation>(ORG_ROUTES.acceptInvitation, { method: 'POST', body, auth: signedIn, language }),
  updateMember: (userId: number, body: MemberPatchBody) =>
    api<OrgMember>(apiPath(ORG_ROUTES.member, { userId }), { method: 'PATCH', body, auth: true }),
  removeMember: (userId: number) => api<null>(apiPath(ORG_ROUTES.member, { userId }), { method: 'DELETE', auth: true }),
  activity: (cursor?: string) =>
    api<ActivityPage>(cursor ? `${ORG_ROUTES.activity}?${new URLSearchParams({ cursor })}` : ORG_ROUTES.activity, { auth: true }),
  assign: (requestId: number, userId: number) =>
    api<RequestAssignment>(apiPath(ORG_ROUTES.assignee, { id: requestId }), { method: 'PUT', body: { user_id: userId }, auth: true }),
  unassign: (requestId: number) => api<RequestAssignment>(apiPath(ORG_ROUTES.assignee, { id: requestId }), { method: 'DELETE', auth: true }),
  myPickups: () => api<MyPickups>(ORG_ROUTES.myPickups, { auth: true }),
};
