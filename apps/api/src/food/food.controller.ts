import { Controller, Delete, Get, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddedFoodItem,
  AddFoodBody,
  API_ROUTES,
  AvailableQuery,
  DonorFoodItem,
  ERRORS,
  FoodItemView,
  MessageResponse,
  UpdateFoodBody,
  UserIdResponse,
} from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actingAccount, branchesOf, type AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, PublicWithViewer, Roles, Viewer } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { parseShape } from '../common/shape-pipe';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { ApiQueryShape, shapeList, shapeRef, ValidBody } from '../openapi/shapes';
import { preferredCoding } from '../common/compression';
import { codedEtag, etagMatches, FoodReadCache, JSON_CONTENT_TYPE, jsonBody, type JsonBody } from './food-read-cache';
import { FoodService } from './food.service';

/** Distinct query strings of the board remembered as validated (then forgotten all at once). */
const MAX_REMEMBERED_QUERIES = 256;

const NOT_MODIFIED = 'Answers 304 with no body when `If-None-Match` names the current `ETag`.';

function cachedBodyHeaders(cacheControl: string) {
  return {
    ETag: { description: 'Entity tag of this exact body; send it back as If-None-Match to revalidate', schema: { type: 'string' } },
    'Cache-Control': { description: `\`${cacheControl}\`: a stored copy must be revalidated before each use`, schema: { type: 'string' } },
  };
}

/**
 * Sends a body serialised beforehand, as Nest would have sent the value (status 200, Fastify's JSON
 * content type), with its entity tag; 304 without a body when the client already holds it (in any
 * coding: the content is the same). A body with compressed copies goes out as the copy the client
 * prefers (Accept-Encoding: brotli, then gzip), with its own tag and length, and `Vary: Accept-Encoding`
 * whichever is sent; the compression plugin leaves an answer with a Content-Encoding alone.
 */
async function sendJson(request: FastifyRequest, reply: FastifyReply, json: JsonBody, cacheControl: string): Promise<void> {
  const coding = json.encoded ? preferredCoding(request.headers['accept-encoding']) : undefined;
  const etag = coding ? codedEtag(json.etag, coding) : json.etag;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (json.encoded) reply.header('vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  const held = [json.etag, ...(json.encoded ? (['br', 'gzip'] as const).map((each) => codedEtag(json.etag, each)) : [])];
  if (held.some((tag) => etagMatches(ifNoneMatch, tag))) {
    await reply.code(304).send();
    return;
  }
  reply.code(200).type(JSON_CONTENT_TYPE);
  if (coding && json.encoded) {
    await reply.header('content-encoding', coding).send(json.encoded[coding]);
    return;
  }
  await reply.send(json.body);
}

const FOOD_NOT_FOUND = { status: 404, description: 'No such food item', message: ERRORS.foodNotFound } as const;

@ApiTags('food')
@Controller()
export class FoodController {
  private readonly availableQueries = new Map<string, Readonly<AvailableQuery>>();

  constructor(
    private readonly food: FoodService,
    private readonly cache: FoodReadCache,
  ) {}

  @Roles('donor')
  @OrgRoles('admin', 'branch_manager', 'staff')
  @Post(API_ROUTES.addFood)
  @ApiOperation({ summary: 'List surplus food (donors)' })
  @ApiCreatedResponse({ schema: shapeRef(AddedFoodItem), description: 'The new item, available' })
  @ApiErrors(
    {
      status: 400,
      description:
        'A field is missing, too long or invalid, `quantity` is not a whole number 1..100000, the date is invalid or past in Cairo, ' +
        '`pickup_point_id` is not one of the donor\'s points, or the pickup window does not fit the food\'s safe time',
      message: ['quantity must be a positive number', 'expiration_date must be a date written YYYY-MM-DD', ERRORS.pickupPointNotOwn],
    },
    401,
    { status: 403, description: 'Only donors may list food', message: ERRORS.rolesOnly(['donor']) },
    503,
  )
  add(@CurrentUser() donor: AuthUser, @ValidBody(AddFoodBody) body: AddFoodBody) {
    return this.food.add(donor, body);
  }

  @Roles('donor')
  @OrgRoles('admin', 'branch_manager')
  @Patch(API_ROUTES.food)
  @ApiOperation({ summary: 'Edits an available item; `safe_until` is computed again (its donor)' })
  @ApiIdParam('id', 'The food item')
  @ApiOkResponse({ schema: shapeRef(AddedFoodItem), description: 'The item as edited' })
  @ApiErrors(
    {
      status: 400,
      description: 'A field is invalid, the merged listing breaks a rule, or the window does not fit the safe time',
      message: ['pickup_until must be after pickup_from'],
    },
    401,
    { status: 403, description: 'Not a donor, or another donor\'s item', message: ERRORS.foodOfAnotherDonor },
    FOOD_NOT_FOUND,
    { status: 409, description: 'The item is no longer available (claimed, expired, withdrawn)', message: ERRORS.foodNotEditable('claimed') },
    503,
  )
  update(@CurrentUser() donor: AuthUser, @IdParam('id') foodId: number, @ValidBody(UpdateFoodBody) body: UpdateFoodBody) {
    return this.food.update(donor, foodId, body);
  }

  @Roles('donor')
  @OrgRoles('admin', 'branch_manager')
  @Delete(API_ROUTES.food)
  @ApiOperation({ summary: 'Withdraws an available or claimed item; a pending claim ends `withdrawn` (its donor)' })
  @ApiIdParam('id', 'The food item')
  @ApiOkResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(
    invalidId('id'),
    401,
    { status: 403, description: 'Not a donor, or another donor\'s item', message: ERRORS.foodOfAnotherDonor },
    FOOD_NOT_FOUND,
    { status: 409, description: 'The item is fulfilled, expired or already withdrawn', message: ERRORS.foodNotWithdrawable('expired') },
    503,
  )
  withdraw(@CurrentUser() donor: AuthUser, @IdParam('id') foodId: number) {
    return this.food.withdraw(donor, foodId);
  }

  @Get(API_ROUTES.donorFood)
  @ApiOperation({
    summary: "A donor's items, newest first, with the request holding each (that donor or an operator)",
    description: NOT_MODIFIED,
  })
  @ApiIdParam('userId', "The donor's account")
  @ApiOkResponse({ schema: shapeList(DonorFoodItem), description: "The donor's items (possibly none)", headers: cachedBodyHeaders('private, no-cache') })
  @ApiErrors(
    invalidId('userId'),
    401,
    { status: 403, description: "Another donor's items", message: ERRORS.ownDonationsOnly },
    503,
  )
  async listForDonor(
    @CurrentUser() viewer: AuthUser,
    @IdParam('userId') donorId: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = this.food.donorItemsAccount(viewer, donorId);
    const branches = branchesOf(viewer);
    // A branch manager or staff member sees their branches' items: read past the shared cache, which holds the whole list.
    const body = branches
      ? jsonBody((await this.food.donorItems(account)).filter((item) => item.pickup_point_id !== null && branches.includes(item.pickup_point_id)))
      : await this.cache.donorItems(account);
    await sendJson(request, reply, body, 'private, no-cache');
  }

  @PublicWithViewer()
  @Get(API_ROUTES.available)
  @ApiOperation({
    summary: 'Food on offer: available and still safe, soonest expiry first (nearest first with `near`), optionally filtered',
    description: `${NOT_MODIFIED} A partner charity signed in also sees what a donor offers to its partners alone (the offer cascade).`,
  })
  @ApiOkResponse({ schema: shapeList(FoodItemView), description: 'Items on offer (possibly none)', headers: cachedBodyHeaders('no-cache') })
  @ApiErrors({ status: 400, description: 'A filter is unknown or `limit`, `offset` or `near` is out of range', message: ['limit must not be greater than 1000'] }, 503)
  @ApiQueryShape(AvailableQuery)
  async listAvailable(@Viewer() viewer: AuthUser | null, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = this.availableQuery(request);
    // The open board is the same for everyone (cached); a charity with offers of its own gets its own board.
    const offered = viewer?.userType === 'charity' && (await this.food.hasOffersFor(actingAccount(viewer)));
    const body = offered ? await this.cache.availableOfferedTo(query, actingAccount(viewer)) : await this.cache.available(query);
    await sendJson(request, reply, body, offered ? 'private, no-cache' : 'no-cache');
  }

  /**
   * The query string parsed by its shape, remembered per query string: parsing costs more than the rest
   * of a cached answer, and the same string always parses to the same values. Refused strings are not
   * remembered (they throw each time).
   */
  private availableQuery(request: FastifyRequest): AvailableQuery {
    const at = request.url.indexOf('?');
    const queryString = at === -1 ? '' : request.url.slice(at + 1);
    const remembered = this.availableQueries.get(queryString);
    if (remembered) return remembered;
    const query = Object.freeze(parseShape(AvailableQuery, request.query));
    if (this.availableQueries.size >= MAX_REMEMBERED_QUERIES) this.availableQueries.clear();
    this.availableQueries.set(queryString, query);
    return query;
  }

  @PublicWithViewer()
  @Get(API_ROUTES.food)
  @ApiOperation({
    summary: 'One food item',
    description: 'While it is offered to its donor\'s partner charities alone, it exists only for them, its donor and operators (404 for the others).',
  })
  @ApiIdParam('id', 'The food item')
  @ApiOkResponse({ schema: shapeRef(FoodItemView), description: 'The item, whatever its status' })
  @ApiErrors(invalidId('id'), FOOD_NOT_FOUND, 503)
  findOne(@Viewer() viewer: AuthUser | null, @IdParam('id') foodId: number) {
    return this.food.findOne(foodId, viewer);
  }

  @Get(API_ROUTES.foodDonorId)
  @ApiOperation({ summary: "The account of a food item's donor (any signed-in user)" })
  @ApiIdParam('foodId', 'The food item')
  @ApiOkResponse({ schema: shapeRef(UserIdResponse), description: "The donor's account" })
  @ApiErrors(invalidId('foodId'), 401, FOOD_NOT_FOUND, 503)
  donorOf(@CurrentUser() viewer: AuthUser, @IdParam('foodId') foodId: number) {
    return this.food.donorOf(foodId, viewer);
  }
}
