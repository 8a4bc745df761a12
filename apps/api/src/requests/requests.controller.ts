import { Controller, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  API_ROUTES,
  CancelRequestBody,
  CharityInfo,
  CharityRequestItem,
  DonorInfoResponse,
  ERRORS,
  FulfilRequestBody,
  FulfilResponse,
  MessageResponse,
  PickupRequestBody,
  PickupRequestResponse,
  RequestIdResponse,
  RequestStatusResponse,
} from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors, type ErrorSpec } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeList, shapeRef, ValidBody } from '../openapi/shapes';
import { RequestsService } from './requests.service';

const FOOD_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such food item', message: ERRORS.foodNotFound };
const REQUEST_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such pickup request', message: ERRORS.requestNotFound };
const NOT_PENDING: ErrorSpec = {
  status: 409,
  description: 'The request is already fulfilled or cancelled',
  message: ERRORS.requestNotPending('fulfilled'),
};

@ApiTags('requests')
@Controller()
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Roles('charity')
  @Post(API_ROUTES.requestPickup)
  @ApiOperation({ summary: 'Claim an available item for pickup (charities); of simultaneous claims exactly one wins' })
  @ApiCreatedResponse({ schema: shapeRef(PickupRequestResponse), description: 'Claimed: the item is now held by this request' })
  @ApiErrors(
    { status: 400, description: '`food_id` is missing or not a positive integer', message: ['food_id must be a positive integer'] },
    401,
    { status: 403, description: 'Only charities may claim food', message: ERRORS.rolesOnly(['charity']) },
    FOOD_NOT_FOUND,
    {
      status: 409,
      description: 'The item is not available: already claimed, or expired',
      message: ERRORS.foodAlreadyClaimed,
    },
    503,
  )
  requestPickup(@CurrentUser() charity: AuthUser, @ValidBody(PickupRequestBody) body: PickupRequestBody) {
    return this.requests.requestPickup(charity, body.food_id);
  }

  @Roles('charity')
  @Put(API_ROUTES.cancelRequest)
  @ApiOperation({ summary: "Cancel one's own pending request (charities); the item goes back on offer" })
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
  @Put(API_ROUTES.fulfilRequest)
  @ApiOperation({ summary: 'Mark a pending request of one of your items fulfilled: the food was handed over (donors)' })
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
    NOT_PENDING,
    503,
  )
  fulfil(@CurrentUser() donor: AuthUser, @IdParam('requestId') requestId: number, @ValidBody(FulfilRequestBody) _body: FulfilRequestBody) {
    return this.requests.fulfil(donor, requestId);
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
}
