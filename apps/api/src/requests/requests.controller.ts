import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  API_ROUTES,
  CancelRequestBody,
  CharityInfo,
  CharityRequestItem,
  DonorInfoResponse,
  ERRORS,
  EXTRA_ROUTES,
  LIMITS,
  NoShowResponse,
  OverturnNoShowBody,
  OverturnNoShowResponse,
  PickupDetails,
  ReceivedBody,
  ReceivedReport,
  Reliability,
  FulfilRequestBody,
  FulfilResponse,
  MessageResponse,
  PickupRequestBody,
  PickupRequestResponse,
  RequestIdResponse,
  RequestStatusResponse,
  AssigneeBody,
  MyPickups,
  ORG_ROUTES,
  RequestAssignment,
} from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors, type ErrorSpec } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeList, shapeRef, ValidBody } from '../openapi/shapes';
import { RequestsService } from './requests.service';

const FOOD_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such food item', message: ERRORS.foodNotFound };
const REQUEST_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such pickup request', message: ERRORS.requestNotFound };
const NOT_PENDING: ErrorSpec = {
  status: 409,
  description: 'The request has already ended (fulfilled, cancelled, withdrawn or not collected)',
  message: ERRORS.requestNotPending('fulfilled'),
};

@ApiTags('requests')
@Controller()
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Roles('charity')
  @OrgRoles('admin', 'coordinator')
  @Post(API_ROUTES.requestPickup)
  @ApiOperation({
    summary:
      'Claim all that is left of an available item, or `quantity` of it, for pickup (charities); simultaneous claims never take more than there is',
  })
  @ApiCreatedResponse({ schema: shapeRef(PickupRequestResponse), description: 'Claimed: the request holds its quantity of the item' })
  @ApiErrors(
    {
      status: 400,
      description: '`food_id` is missing or not a positive integer, or `quantity` is not a whole number from 1',
      message: ['food_id must be a positive integer', 'quantity must be a positive number'],
    },
    401,
    {
      status: 403,
      description: 'Only charities may claim food, and not while suspended (or while claiming is suspended after no-shows)',
      message: ERRORS.rolesOnly(['charity']),
    },
    FOOD_NOT_FOUND,
    {
      status: 409,
      description: `The item is not available (already claimed, or expired), less is left than \`quantity\` asks for ("Only 12 of 30 left"), the charity already holds a pending claim of it, or it already holds its limit of active claims (${LIMITS.activeClaimsMax} verified, ${LIMITS.unverifiedClaimsMax} otherwise)`,
      message: ERRORS.foodAlreadyClaimed,
    },
    {
      status: 429,
      description: `The charity cancelled QUICK_CANCELS_MAX (default 3) claims within ${LIMITS.quickCancelMinutes} minutes of making them in ${LIMITS.quickCancelWindowHours} hours: its claiming is paused for ${LIMITS.quickCancelPauseHours} hours (\`Retry-After\`)`,
      message: ERRORS.claimsPausedQuickCancels(3, LIMITS.quickCancelMinutes, LIMITS.quickCancelWindowHours),
    },
    503,
  )
  requestPickup(@CurrentUser() charity: AuthUser, @ValidBody(PickupRequestBody) body: PickupRequestBody) {
    return this.requests.requestPickup(charity, body.food_id, body.quantity);
  }

  @Roles('charity')
  @OrgRoles('admin', 'coordinator')
  @Put(API_ROUTES.cancelRequest)
  @ApiOperation({
    summary:
      "Cancel one's own pending request (charities); the item goes back on offer (or expires, past its safe time). Less than 2 hours before the window starts, or after, it counts as a late cancellation",
  })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(MessageResponse), description: 'Cancelled' })
  @ApiErrors(
    {
      status: 400,
      description: 'The id is not a positive integer, or `status` is not "cancelled"',
      message: ['status must be "cancelled"'],
    },
    401,
    { status: 403, description: "Not a charity, or another charity's request", message: ERRORS.requestOfAnotherCharity },
    REQUEST_NOT_FOUND,
    NOT_PENDING,
    503,
  )
  cancel(@CurrentUser() charity: AuthUser, @IdParam('requestId') requestId: number, @ValidBody(CancelRequestBody) _body: CancelRequestBody) {
    return this.requests.cancel(charity, requestId);
  }

  @Roles('donor')
  @OrgRoles('admin', 'branch_manager', 'staff')
  @Put(API_ROUTES.fulfilRequest)
  @ApiOperation({
    summary:
      'Mark a pending request of one of your items fulfilled: the food was handed over (donors); with `pickup_code`, only when it is the charity\'s',
  })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(FulfilResponse), description: 'Fulfilled' })
  @ApiErrors(
    {
      status: 400,
      description: 'The id is not a positive integer, or `status` is not "fulfilled"',
      message: ['status must be "fulfilled"'],
    },
    401,
    { status: 403, description: "Not a donor, or a request for another donor's food", message: ERRORS.requestForAnotherDonor },
    REQUEST_NOT_FOUND,
    {
      status: 409,
      description: "The request is already fulfilled or cancelled, or the pickup code given is not the charity's (nothing changed; the wrong code is counted)",
      message: ERRORS.wrongPickupCode,
    },
    {
      status: 429,
      description: `${LIMITS.pickupCodeTries} wrong pickup codes were entered for the request: it takes no more codes (Donate without a code stays allowed)`,
      message: ERRORS.pickupCodeLocked(LIMITS.pickupCodeTries),
      retryAfter: false,
    },
    503,
  )
  fulfil(@CurrentUser() donor: AuthUser, @IdParam('requestId') requestId: number, @ValidBody(FulfilRequestBody) body: FulfilRequestBody) {
    return this.requests.fulfil(donor, requestId, body.pickup_code);
  }

  @Get(EXTRA_ROUTES.pickupDetails)
  @ApiOperation({
    summary:
      "Where and when to collect a claimed item: the full pickup point, the window and the safe time (the claiming charity while its claim is pending or fulfilled, the item's donor, operators); the pickup code only for the charity",
  })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(PickupDetails), description: 'The pickup details' })
  @ApiErrors(
    invalidId('requestId'),
    401,
    { status: 403, description: 'Neither the claiming charity, the item\'s donor nor an operator', message: ERRORS.pickupDetailsForPartiesOnly },
    { status: 403, description: 'The charity\'s claim ended without a handover (cancelled, not collected)', message: ERRORS.pickupDetailsForActiveClaims },
    REQUEST_NOT_FOUND,
    503,
  )
  pickupDetails(@CurrentUser() viewer: AuthUser, @IdParam('requestId') requestId: number) {
    return this.requests.pickupDetails(viewer, requestId);
  }

  @Roles('charity')
  @Post(EXTRA_ROUTES.received)
  @ApiOperation({
    summary: `Report what was received after a fulfilled pickup (the request's charity); a new report replaces the last, within ${LIMITS.receivedCorrectionDays} days of the handover`,
  })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiCreatedResponse({ schema: shapeRef(ReceivedReport), description: 'The report as stored' })
  @ApiErrors(
    { status: 400, description: 'The id is not a positive integer, or the body reports nothing valid', message: ['received_quantity must be a whole number'] },
    401,
    { status: 403, description: 'Not the charity that made the request', message: ERRORS.receivedByCharityOnly },
    REQUEST_NOT_FOUND,
    { status: 409, description: 'The request is not fulfilled, or its handover is too long ago', message: ERRORS.receivedBeforeFulfilment },
    503,
  )
  reportReceived(@CurrentUser() charity: AuthUser, @IdParam('requestId') requestId: number, @ValidBody(ReceivedBody) body: ReceivedBody) {
    return this.requests.reportReceived(charity, requestId, body);
  }

  @Roles('donor')
  @OrgRoles('admin', 'branch_manager')
  @Post(EXTRA_ROUTES.noShow)
  @ApiOperation({
    summary:
      "Report that nobody came for a pending request (the item's donor), from the window's start: the request ends not collected and the item goes back on the board if its safe time allows, otherwise it expires",
  })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiCreatedResponse({ schema: shapeRef(NoShowResponse), description: 'Recorded; `food_status` says where the item went' })
  @ApiErrors(
    invalidId('requestId'),
    401,
    { status: 403, description: "Not the item's donor", message: ERRORS.noShowByDonorOnly },
    REQUEST_NOT_FOUND,
    { status: 409, description: 'The request is no longer pending, or its window has not started', message: ERRORS.noShowBeforeWindow },
    503,
  )
  reportNoShow(@CurrentUser() donor: AuthUser, @IdParam('requestId') requestId: number) {
    return this.requests.reportNoShow(donor, requestId);
  }

  @Roles('operator')
  @Post(EXTRA_ROUTES.overturnNoShow)
  @HttpCode(200)
  @ApiOperation({
    summary: "Overturn a no-show (operators): it no longer counts toward the charity's reliability or suspension",
    description:
      'Recorded in the audit trail with the reason and announced to the charity; a claiming suspension the no-shows caused is lifted when the count falls below the threshold.',
  })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(OverturnNoShowResponse), description: "The charity's reliability and verification after it" })
  @ApiErrors(
    { status: 400, description: 'The id is not a positive integer, or `reason` is missing or invalid', message: ['reason is required'] },
    401,
    { status: 403, description: 'Not an operator', message: ERRORS.rolesOnly(['operator']) },
    REQUEST_NOT_FOUND,
    { status: 409, description: 'The request is not a no-show, or it was overturned already', message: ERRORS.notANoShow },
    503,
  )
  overturnNoShow(@CurrentUser() operator: AuthUser, @IdParam('requestId') requestId: number, @ValidBody(OverturnNoShowBody) body: OverturnNoShowBody) {
    return this.requests.overturnNoShow(operator, requestId, body);
  }

  @Roles('donor', 'charity', 'operator')
  @Get(EXTRA_ROUTES.reliability)
  @ApiOperation({
    summary: `A charity's reliability over ${LIMITS.reliabilityDays} days: completed, no-shows, late cancellations and the score (signed-in donors, operators, the charity itself)`,
  })
  @ApiIdParam('userId', "The charity's account")
  @ApiOkResponse({ schema: shapeRef(Reliability), description: 'The figures; `score` is null without history' })
  @ApiErrors(
    invalidId('userId'),
    401,
    { status: 403, description: 'Another charity', message: ERRORS.reliabilityNotVisible },
    { status: 404, description: 'No charity has this account', message: ERRORS.charityNotFound },
    503,
  )
  reliability(@CurrentUser() viewer: AuthUser, @IdParam('userId') charityId: number) {
    return this.requests.reliability(viewer, charityId);
  }

  @Get(API_ROUTES.charityRequests)
  @ApiOperation({ summary: "A charity's pickup requests, newest first (that charity or an operator)" })
  @ApiIdParam('charityUserId', "The charity's account")
  @ApiOkResponse({ schema: shapeList(CharityRequestItem), description: "The charity's requests in every status (possibly none)" })
  @ApiErrors(
    invalidId('charityUserId'),
    401,
    { status: 403, description: "Another charity's requests", message: ERRORS.ownRequestsOnly },
    503,
  )
  listForCharity(@CurrentUser() viewer: AuthUser, @IdParam('charityUserId') charityId: number) {
    return this.requests.listForCharity(viewer, charityId);
  }

  @Get(API_ROUTES.charityInfoForFood)
  @ApiOperation({ summary: "The charity holding an item's current request (the item's donor)" })
  @ApiIdParam('foodId', 'The food item')
  @ApiOkResponse({ schema: shapeList(CharityInfo), description: 'One entry: the claiming charity' })
  @ApiErrors(
    invalidId('foodId'),
    401,
    { status: 403, description: "Not the item's donor", message: ERRORS.claimantForDonorOnly },
    { status: 404, description: 'No such food item, or nobody has claimed it', message: ERRORS.noClaimingCharity },
    503,
  )
  charityInfoForFood(@CurrentUser() viewer: AuthUser, @IdParam('foodId') foodId: number) {
    return this.requests.charityInfoForFood(viewer, foodId);
  }

  @Get(API_ROUTES.requestIdForFood)
  @ApiOperation({ summary: "An item's current (pending or fulfilled) request (the item's donor or the requesting charity)" })
  @ApiIdParam('foodId', 'The food item')
  @ApiOkResponse({ schema: shapeRef(RequestIdResponse), description: 'The current request' })
  @ApiErrors(
    invalidId('foodId'),
    401,
    {
      status: 403,
      description: "Neither the item's donor nor the requesting charity",
      message: ERRORS.requestForPartiesOnly,
    },
    { status: 404, description: 'No such food item, or it has no current request', message: ERRORS.noCurrentRequest },
    503,
  )
  requestIdForFood(@CurrentUser() viewer: AuthUser, @IdParam('foodId') foodId: number) {
    return this.requests.requestIdForFood(viewer, foodId);
  }

  @Get(API_ROUTES.requestStatus)
  @ApiOperation({ summary: "A request's status (its donor or charity)" })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(RequestStatusResponse), description: "The request's status" })
  @ApiErrors(
    invalidId('requestId'),
    401,
    { status: 403, description: 'Not a party to the request', message: ERRORS.requestNotYours },
    REQUEST_NOT_FOUND,
    503,
  )
  status(@CurrentUser() viewer: AuthUser, @IdParam('requestId') requestId: number) {
    return this.requests.status(viewer, requestId);
  }

  @Get(API_ROUTES.donorInfo)
  @ApiOperation({ summary: "A donor's name and e-mail (that donor, a charity with a request for the donor's food, or an operator)" })
  @ApiIdParam('donorUserId', "The donor's account")
  @ApiOkResponse({ schema: shapeRef(DonorInfoResponse), description: 'The donor' })
  @ApiErrors(
    invalidId('donorUserId'),
    401,
    {
      status: 403,
      description: "Someone else's details, or a charity with no request for this donor's food",
      message: ERRORS.noRequestForDonor,
    },
    { status: 404, description: 'No such donor', message: ERRORS.donorNotFound },
    503,
  )
  donorInfo(@CurrentUser() viewer: AuthUser, @IdParam('donorUserId') donorId: number) {
    return this.requests.donorInfo(viewer, donorId);
  }

  @Roles('charity')
  @OrgRoles('admin', 'coordinator')
  @Put(ORG_ROUTES.assignee)
  @ApiOperation({ summary: "Assigns a pending claim to a member of the charity, who collects it (charity admins and coordinators)" })
  @ApiIdParam('id', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(RequestAssignment) })
  @ApiErrors(
    { status: 400, description: '`user_id` is missing, or not a member of the charity', message: [ERRORS.assigneeNotMember] },
    401,
    { status: 403, description: "Not an admin or coordinator, or another charity's request", message: ERRORS.requestOfAnotherCharity },
    REQUEST_NOT_FOUND,
    NOT_PENDING,
    503,
  )
  assign(@CurrentUser() user: AuthUser, @IdParam('id') requestId: number, @ValidBody(AssigneeBody) body: AssigneeBody) {
    return this.requests.assign(user, requestId, body.user_id);
  }

  @Roles('charity')
  @OrgRoles('admin', 'coordinator', 'volunteer')
  @Delete(ORG_ROUTES.assignee)
  @ApiOperation({ summary: 'Unassigns a pending claim (charity admins and coordinators); the assigned volunteer gives it back (their coordinators are told at once)' })
  @ApiIdParam('id', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(RequestAssignment) })
  @ApiErrors(
    invalidId('id'),
    401,
    { status: 403, description: "Not an admin or coordinator (or the assigned volunteer), or another charity's request", message: ERRORS.requestOfAnotherCharity },
    REQUEST_NOT_FOUND,
    NOT_PENDING,
    503,
  )
  unassign(@CurrentUser() user: AuthUser, @IdParam('id') requestId: number) {
    return this.requests.assign(user, requestId, null);
  }

  @Roles('charity')
  @Get(ORG_ROUTES.myPickups)
  @ApiOperation({ summary: "The pending and fulfilled claims assigned to the signed-in charity member, with address, phone and pickup code" })
  @ApiOkResponse({ schema: shapeRef(MyPickups) })
  @ApiErrors(401, { status: 403, description: 'Not a charity member', message: ERRORS.notInOrganisation }, 503)
  myPickups(@CurrentUser() user: AuthUser) {
    return this.requests.myPickups(user);
  }
}
