import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_ROUTES } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Public, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { AddedFoodItemSchema, DonorFoodItemSchema, FoodItemViewSchema, UserIdResponseSchema } from '../openapi/responses';
import { AddFoodDto } from './dto/add-food.dto';
import { AvailableQueryDto } from './dto/available-query.dto';
import { FoodService } from './food.service';

const FOOD_NOT_FOUND = { status: 404, description: 'No such food item', message: 'Food item not found' } as const;

@ApiTags('food')
@Controller()
export class FoodController {
  constructor(private readonly food: FoodService) {}

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
  @ApiOperation({ summary: "A donor's items, newest first, with the request holding each (that donor or an operator)" })
  @ApiIdParam('userId', "The donor's account")
  @ApiOkResponse({ type: [DonorFoodItemSchema], description: "The donor's items (possibly none)" })
  @ApiErrors(
    invalidId('userId'),
    401,
    { status: 403, description: "Another donor's items", message: 'You may only see your own donations' },
    503,
  )
  listForDonor(@CurrentUser() viewer: AuthUser, @IdParam('userId') donorId: number) {
    return this.food.listForDonor(viewer, donorId);
  }

  @Public()
  @Get(API_ROUTES.available)
  @ApiOperation({ summary: 'Food on offer now: available and not past its date in Cairo, soonest expiry first' })
  @ApiOkResponse({ type: [FoodItemViewSchema], description: 'Items on offer (possibly none)' })
  @ApiErrors({ status: 400, description: '`limit` or `offset` out of range', message: ['limit must not be greater than 1000'] }, 503)
  listAvailable(@Query() query: AvailableQueryDto) {
    return this.food.listAvailable(query);
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
