import { Controller, Get, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccountSuspensionView,
  DonorSettings,
  ERRORS,
  HiddenListingView,
  MODERATION_ROUTES,
  OPS_SEARCH_MAX,
  ModerationReasonBody,
  OpsSearchQuery,
  OpsSearchResult,
  OpsUserLookup,
  OpsUserLookupQuery,
  TrustAuditEntry,
} from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam } from '../openapi/api-params';
import { shapeList, shapeRef, ValidBody, ValidQuery } from '../openapi/shapes';
import { ModerationService } from './moderation.service';

const OPERATORS_ONLY = { status: 403, description: 'Not an operator (or the account is suspended)', message: ERRORS.rolesOnly(['operator']) } as const;
const DONORS_ONLY = { status: 403, description: 'Not a donor', message: ERRORS.rolesOnly(['donor']) } as const;
const NO_REASON = { status: 400 as const, description: '`reason` is missing or too long', message: ['reason must be a string'] };
const NO_FOOD = { status: 404, description: 'No such listing', message: ERRORS.foodNotFound } as const;
const NO_USER = { status: 404, description: 'No live account by that id', message: ERRORS.userNotFound } as const;

/** Operators' moderation (docs/VERIFICATION.md, "Moderation"). */
@ApiTags('moderation')
@Roles('operator')
@Controller()
export class OpsModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Post(MODERATION_ROUTES.hideFood)
  @ApiOperation({
    summary: 'Hides an available listing with a reason its donor sees (operators)',
    description: 'It leaves the board and every public read (404 to all but its donor and operators) and cannot be claimed; recorded in the audit trail and announced to the donor.',
  })
  @ApiIdParam('id', 'The listing')
  @ApiOkResponse({ schema: shapeRef(HiddenListingView) })
  @ApiErrors(NO_REASON, 401, OPERATORS_ONLY, NO_FOOD, { status: 409, description: 'Already hidden, or not available', message: ERRORS.foodAlreadyHidden }, 503)
  hide(@CurrentUser() operator: AuthUser, @IdParam('id') foodId: number, @ValidBody(ModerationReasonBody) body: ModerationReasonBody): Promise<HiddenListingView> {
    return this.moderation.hide(operator, foodId, body.reason);
  }

  @Post(MODERATION_ROUTES.unhideFood)
  @ApiOperation({
    summary: 'Puts a hidden listing back (operators)',
    description: 'Back on the board if it is still available and safe (charities already notified of it are not notified again); recorded and announced to the donor.',
  })
  @ApiIdParam('id', 'The listing')
  @ApiOkResponse({ schema: shapeRef(HiddenListingView) })
  @ApiErrors(401, OPERATORS_ONLY, NO_FOOD, { status: 409, description: 'Not hidden', message: ERRORS.foodNotHidden }, 503)
  unhide(@CurrentUser() operator: AuthUser, @IdParam('id') foodId: number): Promise<HiddenListingView> {
    return this.moderation.unhide(operator, foodId);
  }

  @Post(MODERATION_ROUTES.suspendUser)
  @ApiOperation({
    summary: "Suspends a donor's or a charity's account (operators)",
    description:
      "It cannot sign in (403 with the reason) and its sessions are refused; a donor's available listings leave the board. Its pending claims are cancelled as a cancellation does (a charity's own, or those on a donor's listings), each other party told why (`request.cancelled` with `cause`, and a notification). Recorded and announced to the account holder.",
  })
  @ApiIdParam('id', 'The account')
  @ApiOkResponse({ schema: shapeRef(AccountSuspensionView) })
  @ApiErrors(
    NO_REASON,
    401,
    OPERATORS_ONLY,
    NO_USER,
    { status: 409, description: 'Already suspended, or an operator account', message: ERRORS.accountAlreadySuspended },
    503,
  )
  suspend(@CurrentUser() operator: AuthUser, @IdParam('id') userId: number, @ValidBody(ModerationReasonBody) body: ModerationReasonBody): Promise<AccountSuspensionView> {
    return this.moderation.suspend(operator, userId, body.reason);
  }

  @Post(MODERATION_ROUTES.reinstateUser)
  @ApiOperation({
    summary: 'Reinstates a suspended account (operators)',
    description: "It may sign in again; a donor's withheld listings come back (not notified again to charities already told of them). Claims the suspension cancelled stay cancelled. Recorded and announced.",
  })
  @ApiIdParam('id', 'The account')
  @ApiOkResponse({ schema: shapeRef(AccountSuspensionView) })
  @ApiErrors(401, OPERATORS_ONLY, NO_USER, { status: 409, description: 'Not suspended, or an operator account', message: ERRORS.accountNotSuspended }, 503)
  reinstate(@CurrentUser() operator: AuthUser, @IdParam('id') userId: number): Promise<AccountSuspensionView> {
    return this.moderation.reinstate(operator, userId);
  }

  @Get(MODERATION_ROUTES.userLookup)
  @ApiOperation({ summary: 'An account by its e-mail, to moderate it (operators)' })
  @ApiOkResponse({ schema: shapeRef(OpsUserLookup) })
  @ApiErrors({ status: 400, description: '`email` is missing', message: ['email must be a string'] }, 401, OPERATORS_ONLY, NO_USER, 503)
  lookup(@ValidQuery(OpsUserLookupQuery) query: OpsUserLookupQuery): Promise<OpsUserLookup> {
    return this.moderation.lookup(query.email);
  }

  @Get(MODERATION_ROUTES.search)
  @ApiOperation({
    summary: 'Accounts and listings by part of a name, an e-mail or a phone number, to moderate them (operators)',
    description: `At most ${OPS_SEARCH_MAX} of each, newest first; never an operator's account. A phone number matches from 6 digits on, however it is written.`,
  })
  @ApiOkResponse({ schema: shapeRef(OpsSearchResult) })
  @ApiErrors({ status: 400, description: '`q` is missing, shorter than 2 or longer than 100 characters', message: ['q must be longer than or equal to 2 characters'] }, 401, OPERATORS_ONLY, 503)
  search(@ValidQuery(OpsSearchQuery) query: OpsSearchQuery): Promise<OpsSearchResult> {
    return this.moderation.search(query.q);
  }

  @Get(MODERATION_ROUTES.audit)
  @ApiOperation({ summary: 'The trust audit trail: verification decisions and moderation, newest first (operators)' })
  @ApiOkResponse({ schema: shapeList(TrustAuditEntry) })
  @ApiErrors(401, OPERATORS_ONLY, 503)
  audit(): Promise<TrustAuditEntry[]> {
    return this.moderation.trail();
  }
}

/** The donor's own trust setting. */
@ApiTags('moderation')
@Roles('donor')
@OrgRoles('admin')
@Controller()
export class DonorSettingsController {
  constructor(private readonly moderation: ModerationService) {}

  @Get(MODERATION_ROUTES.donorSettings)
  @ApiOperation({ summary: "The donor's settings: whether only verified charities may claim its listings (donors)" })
  @ApiOkResponse({ schema: shapeRef(DonorSettings) })
  @ApiErrors(401, DONORS_ONLY, 503)
  view(@CurrentUser() donor: AuthUser): Promise<DonorSettings> {
    return this.moderation.donorSettings(donor);
  }

  @Put(MODERATION_ROUTES.donorSettings)
  @ApiOperation({
    summary: "Saves the donor's settings (donors)",
    description: 'With `verified_only`, a claim by a charity that is not verified is refused (409), on every listing of the donor, those already listed included.',
  })
  @ApiOkResponse({ schema: shapeRef(DonorSettings) })
  @ApiErrors({ status: 400, description: '`verified_only` missing or not a boolean', message: ['verified_only must be true or false'] }, 401, DONORS_ONLY, 503)
  save(@CurrentUser() donor: AuthUser, @ValidBody(DonorSettings) body: DonorSettings): Promise<DonorSettings> {
    return this.moderation.setDonorSettings(donor, body);
  }
}
