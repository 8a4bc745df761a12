import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_ROUTES } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors, type ErrorSpec } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import {
  CharityInfoSchema,
  CharityRequestItemSchema,
  DonorInfoResponseSchema,
  FulfilResponseSchema,
  MessageResponseSchema,
  PickupRequestResponseSchema,
  RequestIdResponseSchema,
  RequestStatusResponseSchema,
} from '../openapi/responses';
import { CancelRequestDto, FulfilRequestDto, PickupRequestDto } from './dto/pickup-request.dto';
import { RequestsService } from './requests.service';

const FOOD_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such food item', message: 'Food item not found' };
const REQUEST_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such pickup request', message: 'Pickup request not found' };
const NOT_PENDING: ErrorSpec = {
  status: 409,
  description: 'The request is already fulfilled or cancelled',
  message: 'This request is already fulfilled',
};

@ApiTags('requests')
@Controller()
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Roles('charity')
  @Post(API_ROUTES.requestPickup)
  @ApiOperation({ summary: 'Claim an available item for pickup (charities); of simultaneous claims exactly one wins' })
  @ApiCreatedResponse({ type: PickupRequestResponseSchema, description: 'Claimed: the item is now held by this request' })
  @ApiErrors(
    { status: 400, description: '`food_id` is missing or not a positive integer', message: ['food_id must be a positive integer'] },
    401,
    { status: 403, description: 'Only charities may claim food', message: 'Only charity accounts may do this' },
    FOOD_NOT_FOUND,
    {
      status: 409,
      description: 'The item is not available: already claimed, or expired',
      message: 'This food item has already been claimed',
    },
    503,
  )
  requestPickup(@CurrentUser() charity: AuthUser, @Body() body: PickupRequestDto) {
    return this.requests.requestPickup(charity, body.food_id);
  }

  @Roles('charity')
  @Put(API_ROUTES.cancelRequest)
  @ApiOperation({ summary: "Cancel one's own pending request (charities); the item goes back on offer" })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ type: MessageResponseSchema, description: 'Cancelled' })
  @ApiErrors(
    {
      status: 400,
      description: 'The id is not a positive integer, or `status` is not "cancelled"',
      message: ['status must be "cancelled"'],
    },
    401,
    { status: 403, description: "Not a charity, or another charity's request", message: 'This request belongs to another charity' },
    REQUEST_NOT_FOUND,
    NOT_PENDING,
    503,
  )
  cancel(@CurrentUser() charity: AuthUser, @IdParam('requestId') requestId: number, @Body() _body: CancelRequestDto) {
    return this.requests.cancel(charity, requestId);
  }

  @Roles('donor')
  @Put(API_ROUTES.fulfilRequest)
  @ApiOperation({ summary: 'Mark a pending request of one of your items fulfilled: the food was handed over (donors)' })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ type: FulfilResponseSchema, description: 'Fulfilled' })
  @ApiErrors(
    {
      status: 400,
      description: 'The id is not a positive integer, or `status` is not "fulfilled"',
      message: ['status must be "fulfilled"'],
    },
    401,
    { status: 403, description: "Not a donor, or a request for another donor's food", message: "This request is for another donor's food" },
    REQUEST_NOT_FOUND,
    NOT_PENDING,
    503,
  )
  fulfil(@CurrentUser() donor: AuthUser, @IdParam('requestId') requestId: number, @Body() _body: FulfilRequestDto) {
    return this.requests.fulfil(donor, requestId);
  }

  @Get(API_ROUTES.charityRequests)
  @ApiOperation({ summary: "A charity's pickup requests, newest first (that charity or an operator)" })
  @ApiIdParam('charityUserId', "The charity's account")
  @ApiOkResponse({ type: [CharityRequestItemSchema], description: "The charity's requests in every status (possibly none)" })
  @ApiErrors(
    invalidId('charityUserId'),
    401,
    { status: 403, description: "Another charity's requests", message: 'You may only see your own requests' },
    503,
  )
  listForCharity(@CurrentUser() viewer: AuthUser, @IdParam('charityUserId') charityId: number) {
    return this.requests.listForCharity(viewer, charityId);
  }

  @Get(API_ROUTES.charityInfoForFood)
  @ApiOperation({ summary: "The charity holding an item's current request (the item's donor)" })
  @ApiIdParam('foodId', 'The food item')
  @ApiOkResponse({ type: [CharityInfoSchema], description: 'One entry: the claiming charity' })
  @ApiErrors(
    invalidId('foodId'),
    401,
    { status: 403, description: "Not the item's donor", message: "Only the item's donor may see who claimed it" },
    { status: 404, description: 'No such food item, or nobody has claimed it', message: 'No charity has claimed this item' },
    503,
  )
  charityInfoForFood(@CurrentUser() viewer: AuthUser, @IdParam('foodId') foodId: number) {
    return this.requests.charityInfoForFood(viewer, foodId);
  }

  @Get(API_ROUTES.requestIdForFood)
  @ApiOperation({ summary: "An item's current (pending or fulfilled) request (the item's donor or the requesting charity)" })
  @ApiIdParam('foodId', 'The food item')
  @ApiOkResponse({ type: RequestIdResponseSchema, description: 'The current request' })
  @ApiErrors(
    invalidId('foodId'),
    401,
    {
      status: 403,
      description: "Neither the item's donor nor the requesting charity",
      message: "Only the item's donor or the requesting charity may see its request",
    },
    { status: 404, description: 'No such food item, or it has no current request', message: 'This item has no current request' },
    503,
  )
  requestIdForFood(@CurrentUser() viewer: AuthUser, @IdParam('foodId') foodId: number) {
    return this.requests.requestIdForFood(viewer, foodId);
  }

  @Get(API_ROUTES.requestStatus)
  @ApiOperation({ summary: "A request's status (its donor or charity)" })
  @ApiIdParam('requestId', 'The pickup request')
  @ApiOkResponse({ type: RequestStatusResponseSchema, description: "The request's status" })
  @ApiErrors(
    invalidId('requestId'),
    401,
    { status: 403, description: 'Not a party to the request', message: 'This request is not yours' },
    REQUEST_NOT_FOUND,
    503,
  )
  status(@CurrentUser() viewer: AuthUser, @IdParam('requestId') requestId: number) {
    return this.requests.status(viewer, requestId);
  }

  @Get(API_ROUTES.donorInfo)
  @ApiOperation({ summary: "A donor's name and e-mail (that donor, a charity with a request for the donor's food, or an operator)" })
  @ApiIdParam('donorUserId', "The donor's account")
  @ApiOkResponse({ type: DonorInfoResponseSchema, description: 'The donor' })
  @ApiErrors(
    invalidId('donorUserId'),
    401,
    {
      status: 403,
      description: "Someone else's details, or a charity with no request for this donor's food",
      message: "You have no request for this donor's food",
    },
    { status: 404, description: 'No such donor', message: 'Donor not found' },
    503,
  )
  donorInfo(@CurrentUser() viewer: AuthUser, @IdParam('donorUserId') donorId: number) {
    return this.requests.donorInfo(viewer, donorId);
  }
}
