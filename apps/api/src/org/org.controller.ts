import { Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AcceptedInvitation,
  AcceptInvitationBody,
  ActivityPage,
  ActivityQuery,
  ERRORS,
  InvitationBody,
  InvitationCreated,
  InvitationList,
  InvitationPreview,
  InvitationPreviewQuery,
  MAX_PENDING_INVITATIONS,
  MemberPatchBody,
  OrgMember,
  OrgView,
} from '@food-link/contracts';
import { ORG_ROUTES } from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Public, PublicWithViewer, Roles, Viewer } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { preferredLanguage } from '../common/language';
import { NoReplay } from '../idempotency/idempotency.interceptor';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeRef, ValidBody, ValidQuery } from '../openapi/shapes';
import { OrgService } from './org.service';

const NOT_IN_ORG = { status: 403, description: 'In no organisation, or not a donor or charity', message: ERRORS.notInOrganisation } as const;
const ADMINS_ONLY = { status: 403, description: "Not an administrator of an organisation", message: ERRORS.orgRolesOnly(['admin']) } as const;
const NO_MEMBER = { status: 404, description: 'No member of your organisation has this id', message: ERRORS.memberNotFound } as const;
const LAST_ADMIN = { status: 409, description: 'The last administrator', message: ERRORS.lastAdmin } as const;
const BAD_TOKEN = { status: 400 as const, description: '`token` is missing or too long', message: ['token must be shorter than or equal to 200 characters'] };
const CLOSED = { status: 410, description: 'The token is unknown, or the invitation expired, was accepted or was withdrawn', message: ERRORS.invitationExpired } as const;

/** Organisations: members, roles and invitations (docs/ORGANISATIONS.md). */
@ApiTags('organisations')
@Controller()
export class OrgController {
  constructor(private readonly orgs: OrgService) {}

  @Roles('donor', 'charity')
  @Get(ORG_ROUTES.org)
  @ApiOperation({ summary: "The signed-in member's organisation and its members (e-mails for admins, coordinators and branch managers)" })
  @ApiOkResponse({ schema: shapeRef(OrgView) })
  @ApiErrors(401, NOT_IN_ORG, 503)
  view(@CurrentUser() user: AuthUser) {
    return this.orgs.view(user);
  }

  @Roles('donor', 'charity')
  @OrgRoles('admin')
  @Post(ORG_ROUTES.invitations)
  @ApiOperation({ summary: 'Invites someone by e-mail to a role (admins); the link goes by e-mail and works for 7 days' })
  @ApiCreatedResponse({ schema: shapeRef(InvitationCreated) })
  @ApiErrors(
    { status: 400, description: 'A field is invalid, the role is not of this kind of organisation, or a branch is not ours', message: [ERRORS.branchesRequired] },
    401,
    ADMINS_ONLY,
    { status: 409, description: 'Too many pending invitations', message: ERRORS.tooManyInvitations(MAX_PENDING_INVITATIONS) },
    503,
  )
  invite(@CurrentUser() user: AuthUser, @ValidBody(InvitationBody) body: InvitationBody) {
    return this.orgs.invite(user, body);
  }

  @Roles('donor', 'charity')
  @OrgRoles('admin')
  @Get(ORG_ROUTES.invitations)
  @ApiOperation({ summary: 'Pending invitations, newest first (admins)' })
  @ApiOkResponse({ schema: shapeRef(InvitationList) })
  @ApiErrors(401, ADMINS_ONLY, 503)
  pending(@CurrentUser() user: AuthUser) {
    return this.orgs.pending(user);
  }

  @Roles('donor', 'charity')
  @OrgRoles('admin')
  @Delete(ORG_ROUTES.invitation)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Withdraws a pending invitation: its link stops working (admins)' })
  @ApiIdParam('id', 'The invitation')
  @ApiNoContentResponse({ description: 'Withdrawn' })
  @ApiErrors(invalidId('id'), 401, ADMINS_ONLY, { status: 404, description: 'No pending invitation with this id', message: ERRORS.invitationNotFound }, 503)
  async withdraw(@CurrentUser() user: AuthUser, @IdParam('id') id: number): Promise<void> {
    await this.orgs.withdraw(user, id);
  }

  @Public()
  @Get(ORG_ROUTES.previewInvitation)
  @ApiOperation({ summary: 'Which organisation and role an invitation link is for, and whether its e-mail has an account (public)' })
  @ApiOkResponse({ schema: shapeRef(InvitationPreview) })
  @ApiErrors(BAD_TOKEN, CLOSED, 503)
  preview(@ValidQuery(InvitationPreviewQuery) query: InvitationPreviewQuery) {
    return this.orgs.preview(query.token);
  }

  @PublicWithViewer()
  @NoReplay()
  @Post(ORG_ROUTES.acceptInvitation)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Joins the organisation of an invitation: signed in with the invited e-mail, or signing up with `name` and `password`',
    description: 'Answers a session token for the member, as login does. A user already in an organisation gets 409.',
  })
  @ApiOkResponse({ schema: shapeRef(AcceptedInvitation) })
  @ApiErrors(
    { status: 400, description: 'A field is invalid, or `name` and `password` are missing to sign up', message: [ERRORS.invitationSignUpNeedsName] },
    { status: 403, description: 'Signed in with another e-mail than the invited one', message: ERRORS.invitationForAnotherEmail },
    { status: 409, description: 'Already in an organisation, another kind of account, or the e-mail has an account (sign in first)', message: ERRORS.alreadyInOrganisation },
    CLOSED,
    503,
  )
  accept(@Viewer() viewer: AuthUser | null, @ValidBody(AcceptInvitationBody) body: AcceptInvitationBody, @Req() request: FastifyRequest) {
    return this.orgs.accept(body, viewer, preferredLanguage(request.headers['accept-language']));
  }

  @Roles('donor', 'charity')
  @OrgRoles('admin')
  @Patch(ORG_ROUTES.member)
  @ApiOperation({ summary: "Changes a member's role or branches (admins); the last administrator stays one" })
  @ApiIdParam('userId', 'The member')
  @ApiOkResponse({ schema: shapeRef(OrgMember) })
  @ApiErrors(
    { status: 400, description: 'A field is invalid, or the branches do not suit the role', message: [ERRORS.branchesForBranchRolesOnly] },
    401,
    ADMINS_ONLY,
    NO_MEMBER,
    LAST_ADMIN,
    503,
  )
  updateMember(@CurrentUser() user: AuthUser, @IdParam('userId') userId: number, @ValidBody(MemberPatchBody) body: MemberPatchBody) {
    return this.orgs.updateMember(user, userId, body);
  }

  @Roles('donor', 'charity')
  @OrgRoles('admin')
  @Delete(ORG_ROUTES.member)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Removes a member (admins): their sessions and sockets end at once; the last administrator stays' })
  @ApiIdParam('userId', 'The member')
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors(invalidId('userId'), 401, ADMINS_ONLY, NO_MEMBER, LAST_ADMIN, 503)
  async removeMember(@CurrentUser() user: AuthUser, @IdParam('userId') userId: number): Promise<void> {
    await this.orgs.removeMember(user, userId);
  }

  @Roles('donor', 'charity')
  @OrgRoles('admin', 'branch_manager', 'viewer', 'coordinator')
  @Get(ORG_ROUTES.activity)
  @ApiOperation({ summary: 'Who did what, newest first, 50 a page (members but staff and volunteers; a branch manager sees their branches)' })
  @ApiOkResponse({ schema: shapeRef(ActivityPage) })
  @ApiErrors(
    { status: 400, description: 'The cursor is not one from a page', message: [ERRORS.activityCursorInvalid] },
    401,
    { status: 403, description: 'Staff, volunteers, or in no organisation', message: ERRORS.orgRolesOnly(['admin', 'branch_manager', 'viewer', 'coordinator']) },
    503,
  )
  activity(@CurrentUser() user: AuthUser, @ValidQuery(ActivityQuery) query: ActivityQuery) {
    return this.orgs.activity(user, query.cursor);
  }
}
