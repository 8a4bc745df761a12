/*
 * Organisations (docs/ORGANISATIONS.md): the paths, values and rules without their zod shapes (those are in
 * `organisations.ts`), so the web app's screens use them without loading zod (issue 30;
 * docs/PERFORMANCE.md).
 */

export const ORG_ROUTES = {
  /** GET → OrgView: the signed-in member's organisation. */
  org: '/api/org',
  /** GET → InvitationList (admins); POST InvitationBody → 201 InvitationCreated (admins). */
  invitations: '/api/org/invitations',
  /** DELETE → 204: withdraws a pending invitation (admins). */
  invitation: '/api/org/invitations/:id',
  /** POST AcceptInvitationBody → AcceptedInvitation (public: signed in, or signing up with name and password). */
  acceptInvitation: '/api/org/invitations/accept',
  /** GET `?token=` → InvitationPreview (public): which organisation and role the link is for. */
  previewInvitation: '/api/org/invitations/preview',
  /** PATCH MemberPatchBody → OrgMember; DELETE → 204 (admins). */
  member: '/api/org/members/:userId',
  /** GET `?cursor=` → ActivityPage (members but volunteers and staff). */
  activity: '/api/org/activity',
  /** PUT AssigneeBody → RequestAssignment; DELETE → RequestAssignment (charity admins and coordinators). */
  assignee: '/api/requests/:id/assignee',
  /** GET → MyPickups (charity members): the claims assigned to the signed-in member. */
  myPickups: '/api/org/my-pickups',
} as const;

export const ORG_KINDS = ['donor', 'charity'] as const;
export type OrgKind = (typeof ORG_KINDS)[number];

export const DONOR_ROLES = ['admin', 'branch_manager', 'staff', 'viewer'] as const;
export const CHARITY_ROLES = ['admin', 'coordinator', 'volunteer'] as const;
export const ORG_ROLES = ['admin', 'branch_manager', 'staff', 'viewer', 'coordinator', 'volunteer'] as const;
export type DonorRole = (typeof DONOR_ROLES)[number];
export type CharityRole = (typeof CHARITY_ROLES)[number];
export type OrgRole = (typeof ORG_ROLES)[number];

/** The roles an organisation of `kind` has. */
export function rolesOf(kind: OrgKind): readonly OrgRole[] {
  return kind === 'donor' ? DONOR_ROLES : CHARITY_ROLES;
}

/** Roles whose work is tied to branches (pickup points): a donor's branch managers and staff. */
export const BRANCH_ROLES: readonly OrgRole[] = ['branch_manager', 'staff'];

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** The most pending invitations an organisation may have at once. */
export const MAX_PENDING_INVITATIONS = 50;
/** Rows of the activity list per page. */
export const ACTIVITY_PAGE_SIZE = 50;
