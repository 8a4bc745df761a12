import { Body, Controller, Get, Post, Req, Res, ValidationPipe } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { API_ROUTES } from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Public, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { VALIDATION_PIPE_OPTIONS } from '../common/validation-options';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { AddedFoodItemSchema, DonorFoodItemSchema, FoodItemViewSchema, UserIdResponseSchema } from '../openapi/responses';
import { etagMatches, FoodReadCache, JSON_CONTENT_TYPE, type JsonBody } from './food-read-cache.service';
import { AddFoodDto } from './dto/add-food.dto';
import { AvailableQueryDto } from './dto/available-query.dto';
import { FoodService } from './food.service';

/** Distinct `?limit&offset` strings remembered as validated (then forgotten all at once). */
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
 * content type), with its entity tag; 304 without a body when the client already holds it.
 */
async function sendJson(request: FastifyRequest, reply: FastifyReply, json: JsonBody, cacheControl: string): Promise<void> {
  reply.header('etag', json.etag).header('cache-control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], json.etag)) {
    await reply.code(304).send();
    return;
  }
  await reply.code(200).type(JSON_CONTENT_TYPE).send(json.body);
}

const FOOD_NOT_FOUND = { status: 404, description: 'No such food item', message: 'Food item not found' } as const;

@ApiTags('food')
@Controller()
export class FoodController {
  private readonly validation = new ValidationPipe(VALIDATION_PIPE_OPTIONS);
  private readonly availableQueries = new Map<string, Readonly<AvailableQueryDto>>();

  constructor(
    private readonly food: FoodService,
    private readonly cache: FoodReadCache,
  ) {}

  @Roles('donor')
  @Post(API_ROUTES.addFood)
  @ApiOperation({ summary: 'List surplus food (donors)' })
  @ApiCreatedResponse({ type: AddedFoodItemSchema, description: 'The new item, available' })
  @ApiErrors(
    {
      status: 400,
      description: 'A field is missing or too long, `quantity` is not a whole number 1..100000, or the date is invalid or past in Cairo',
      message: ['quantity must be a positive number', 'expiration_date must be a date written YYYY-MM-DD'],
    },
    401,
    { status: 403, description: 'Only donors may list food', message: 'Only donor accounts may do this' },
    503,
  )
  add(@CurrentUser() donor: AuthUser, @Body() body: AddFoodDto) {
    return this.food.add(donor, body);
  }

  @Get(API_ROUTES.donorFood)
  @ApiOperation({
    summary: "A donor's items, newest first, with the request holding each (that donor or an operator)",
    description: NOT_MODIFIED,
  })
  @ApiIdParam('userId', "The donor's account")
  @ApiOkResponse({ type: [DonorFoodItemSchema], description: "The donor's items (possibly none)", headers: cachedBodyHeaders('private, no-cache') })
  @ApiErrors(
    invalidId('userId'),
    401,
    { status: 403, description: "Another donor's items", message: 'You may only see your own donations' },
    503,
  )
  async listForDonor(
    @CurrentUser() viewer: AuthUser,
    @IdParam('userId') donorId: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    this.food.assertMaySeeDonorItems(viewer, donorId);
    await sendJson(request, reply, await this.cache.donorItems(donorId), 'private, no-cache');
  }

  @Public()
  @Get(API_ROUTES.available)
  @ApiOperation({
    summary: 'Food on offer now: available and not past its date in Cairo, soonest expiry first',
    description: NOT_MODIFIED,
  })
  @ApiOkResponse({ type: [FoodItemViewSchema], description: 'Items on offer (possibly none)', headers: cachedBodyHeaders('no-cache') })
  @ApiErrors({ status: 400, description: '`limit` or `offset` out of range', message: ['limit must not be greater than 1000'] }, 503)
  @ApiQuery({ type: AvailableQueryDto })
  async listAvailable(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await sendJson(request, reply, await this.cache.available(await this.availableQuery(request)), 'no-cache');
  }

  /**
   * `?limit&offset` validated by the global pipe's rules, remembered per query string: validating costs
   * more than the rest of a cached answer, and the same string always validates to the same values.
   * Refused strings are not remembered (they throw each time, as the global pipe would).
   */
  private async availableQuery(request: FastifyRequest): Promise<AvailableQueryDto> {
    const at = request.url.indexOf('?');
    const queryString = at === -1 ? '' : request.url.slice(at + 1);
    let query = this.availableQueries.get(queryString);
    if (!query) {
      query = (await this.validation.transform(request.query, { type: 'query', metatype: AvailableQueryDto })) as AvailableQueryDto;
      if (this.availableQueries.size >= MAX_REMEMBERED_QUERIES) this.availableQueries.clear();
      this.availableQueries.set(queryString, Object.freeze(query));
    }
    return query;
  }

  @Public()
  @Get(API_ROUTES.food)
  @ApiOperation({ summary: 'One food item' })
  @ApiIdParam('id', 'The food item')
  @ApiOkResponse({ type: FoodItemViewSchema, description: 'The item, whatever its status' })
  @ApiErrors(invalidId('id'), FOOD_NOT_FOUND, 503)
  findOne(@IdParam('id') foodId: number) {
    return this.food.findOne(foodId);
  }

  @Get(API_ROUTES.foodDonorId)
  @ApiOperation({ summary: "The account of a food item's donor (any signed-in user)" })
  @ApiIdParam('foodId', 'The food item')
  @ApiOkResponse({ type: UserIdResponseSchema, description: "The donor's account" })
  @ApiErrors(invalidId('foodId'), 401, FOOD_NOT_FOUND, 503)
  donorOf(@IdParam('foodId') foodId: number) {
    return this.food.donorOf(foodId);
  }
}
