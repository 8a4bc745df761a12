import { z } from 'zod';
import { FOOD_UNITS, LIMITS } from './domain';
import { count, dateTime, email, emailText, id, number, oneOf, positiveId, said, text } from './fields';
import { ORG_KINDS, ORG_ROLES } from './organisations-constants';

/*
 * Organisations (docs/ORGANISATIONS.md): every donor and charity account belongs to one organisation, with a
 * role. An organisation acts through its account: listings and claims still name that account (`donor_id`,
 * `charity_id`), so every call of the specification answers as before; the member who acted is recorded
 * beside it.
 */

/** A member named on what they did: who listed an item, who claimed or is to collect a claim. */
export const MemberRef = z
  .object({ user_id: id('The member'), name: said("The member's name", 'Omar Said') })
  .meta({ id: 'MemberRef' });
export type MemberRef = z.infer<typeof MemberRef>;

const pickupPointIds = () =>
  z
    .array(positiveId(), { error: 'must be a list' })
    .max(100, { error: 'must not list more than 100' })
    .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a pickup point' })
    .meta({ description: "The branches (the organisation's pickup points) a branch manager or staff member works at", example: [3] });

export const InvitationBody = z
  .object({
    email: emailText(LIMITS.emailMaxLength, {
      mustBeValid: true,
      description: 'Who is invited; the link goes to this e-mail, and by WhatsApp or SMS too when it is the e-mail of an account with a verified phone',
      example: 'mona@example.eg',
    }),
    role: oneOf(ORG_ROLES, { description: "One of the organisation's roles (donor: admin, branch_manager, staff, viewer; charity: admin, coordinator, volunteer)" }),
    pickup_point_ids: pickupPointIds().optional(),
  })
  .meta({ id: 'InvitationBody' });
export type InvitationBody = z.infer<typeof InvitationBody>;

export const InvitationCreated = z
  .object({ invitation_id: id('The invitation'), expires_at: dateTime('When the link stops working') })
  .meta({ id: 'InvitationCreated' });
export type InvitationCreated = z.infer<typeof InvitationCreated>;

export const PendingInvitation = z
  .object({
    invitation_id: id('The invitation'),
    email: email('Who is invited', 'mona@example.eg'),
    role: z.enum(ORG_ROLES),
    pickup_point_ids: z.array(z.int()),
    invited_by: said('The admin who invited', 'Koshary El Tahrir'),
    created_at: dateTime('When it was sent'),
    expires_at: dateTime('When the link stops working'),
  })
  .meta({ id: 'PendingInvitation' });
export type PendingInvitation = z.infer<typeof PendingInvitation>;

export const InvitationList = z.object({ invitations: z.array(PendingInvitation) }).meta({ id: 'InvitationList' });
export type InvitationList = z.infer<typeof InvitationList>;

const invitationToken = () =>
  text(200, { description: 'The token from the invitation link', example: 'kq3V…' });

export const AcceptInvitationBody = z
  .object({
    token: invitationToken(),
    name: text(LIMITS.nameMaxLength, { description: 'To sign up with the invited e-mail: your name', example: 'Mona Adel' }).optional(),
    password: text(LIMITS.passwordMaxLength, {
      trim: false,
      minLength: LIMITS.passwordMinLength,
      format: 'password',
      description: 'To sign up with the invited e-mail: a password',
    }).optional(),
  })
  .meta({ id: 'AcceptInvitationBody' });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const InvitationPreviewQuery = z.object({ token: invitationToken() }).meta({ id: 'InvitationPreviewQuery' });
export type InvitationPreviewQuery = z.infer<typeof InvitationPreviewQuery>;

export const InvitationPreview = z
  .object({
    organisation: said('The inviting organisation', 'Ahl Masr Foundation'),
    kind: z.enum(ORG_KINDS),
    role: z.enum(ORG_ROLES),
    email: email('The invited e-mail', 'mona@example.eg'),
    has_account: z.boolean().meta({ description: 'Whether an account with that e-mail exists (sign in rather than sign up)' }),
    expires_at: dateTime('When the link stops working'),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** After joining: a session for the member (as login answers), and the organisation. */
export const AcceptedInvitation = z
  .object({
    token: said('A session token for the member', 'eyJ…'),
    user_id: id('The member'),
    user_type: z.enum(ORG_KINDS),
    name: said("The member's name", 'Mona Adel'),
    organisation_id: id('The organisation'),
    role: z.enum(ORG_ROLES),
  })
  .meta({ id: 'AcceptedInvitation' });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

export const OrgMember = z
  .object({
    user_id: id('The member'),
    name: said("The member's name", 'Mona Adel'),
    email: email('Only admins, coordinators and branch managers see it', 'mona@example.eg').optional(),
    role: z.enum(ORG_ROLES),
    pickup_point_ids: z.array(z.int()),
  })
  .meta({ id: 'OrgMember' });
export type OrgMember = z.infer<typeof OrgMember>;

export const OrgView = z
  .object({
    id: id('The organisation'),
    name: said('Its name', 'Ahl Masr Foundation'),
    kind: z.enum(ORG_KINDS),
    account_id: id("The organisation's account: the `donor_id` or `charity_id` user of its listings and claims"),
    my_role: z.enum(ORG_ROLES),
    my_pickup_point_ids: z.array(z.int()),
    members: z.array(OrgMember),
  })
  .meta({ id: 'OrgView' });
export type OrgView = z.infer<typeof OrgView>;

export const MemberPatchBody = z
  .object({
    role: oneOf(ORG_ROLES, { description: "One of the organisation's roles" }).optional(),
    pickup_point_ids: pickupPointIds().optional(),
  })
  .meta({ id: 'MemberPatchBody' });
export type MemberPatchBody = z.infer<typeof MemberPatchBody>;

export const AssigneeBody = z
  .object({ user_id: positiveId({ description: 'A member of the claiming charity', example: 12 }) })
  .meta({ id: 'AssigneeBody' });
export type AssigneeBody = z.infer<typeof AssigneeBody>;

export const RequestAssignment = z
  .object({
    request_id: id('The claim'),
    assignee: z.object({ user_id: id('The member'), name: said('Their name', 'Omar Said') }).nullable(),
  })
  .meta({ id: 'RequestAssignment' });
export type RequestAssignment = z.infer<typeof RequestAssignment>;

export const ACTIVITY_ACTIONS = [
  'listed',
  'edited',
  'withdrew',
  'claimed',
  'cancelled',
  'assigned',
  'unassigned',
  'collected',
  'donated',
  'reported_received',
  'invited',
  'joined',
  'role_changed',
  'removed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ActivityEntry = z
  .object({
    id: id('The entry'),
    at: dateTime('When'),
    action: z.enum(ACTIVITY_ACTIONS),
    actor: z.object({ user_id: id('Who acted'), name: said('Their name', 'Mona Adel') }).nullable(),
    subject: said('What it was about: a food name, or a member', 'Koshary boxes'),
    food_id: z.int().nullable(),
    request_id: z.int().nullable(),
    member_id: z.int().nullable(),
    pickup_point_id: z.int().nullable(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityPage = z
  .object({
    entries: z.array(ActivityEntry),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for older entries; null at the end' }),
  })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof ActivityPage>;

export const ActivityQuery = z
  .object({ cursor: z.string().max(100, { error: 'must be a cursor from the last page' }).optional() })
  .meta({ id: 'ActivityQuery' });
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** `GET /api/impact/donor?pickup_point_id=`: one branch's figures (a branch manager: one of theirs; default: all they may see). */
export const ImpactScopeQuery = z
  .object({
    pickup_point_id: z.coerce
      .number({ error: 'must be an integer number' })
      .refine(Number.isInteger, { error: 'must be an integer number' })
      .min(1, { error: 'must not be less than 1' })
      .max(2_147_483_647, { error: 'must not be greater than 2147483647' })
      .meta({ type: 'integer', description: "One of the organisation's pickup points (branches)", example: 3 })
      .optional(),
  })
  .meta({ id: 'ImpactScopeQuery' });
export type ImpactScopeQuery = z.infer<typeof ImpactScopeQuery>;

/** A pickup assigned to a volunteer: what they need to go and collect it. */
export const MyPickup = z
  .object({
    request_id: id('The claim'),
    food_id: id('The listing'),
    food_name: said('What', 'Bread'),
    quantity: count("How much: this claim's quantity (partial claims: part of the listing)", 30),
    status: said('The claim: pending or fulfilled', 'pending'),
    pickup_code: said('The code to give at the counter', '4821'),
    donor_name: said('Who gives it', 'Koshary El Tahrir'),
    address: said('Where', '12 Tahrir St, Cairo'),
    phone: z.string().nullable().meta({ description: "The branch's phone" }),
    window_start: dateTime('Collect from').nullable(),
    window_end: dateTime('Collect until').nullable(),
    unit: z.enum(FOOD_UNITS).meta({ example: 'portion' }),
    /** What the charity reported it received (the shape of ReceivedReport, which http.ts declares), or null. */
    received: z
      .object({
        received_quantity: count('How many units arrived', 38).nullable(),
        received_weight_kg: number('How many kg arrived', 11.8).nullable(),
        comment: said('Anything the donor should know', 'Two boxes were crushed').nullable(),
        received_at: dateTime('When it was reported'),
      })
      .nullable()
      .meta({ description: 'What the charity reported it received after the handover; null until reported' }),
  })
  .meta({ id: 'MyPickup' });
export type MyPickup = z.infer<typeof MyPickup>;

export const MyPickups = z.object({ pickups: z.array(MyPickup) }).meta({ id: 'MyPickups' });
export type MyPickups = z.infer<typeof MyPickups>;
