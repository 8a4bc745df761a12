import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { API_ROUTES } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Public, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { AddFoodDto } from './dto/add-food.dto';
import { AvailableQueryDto } from './dto/available-query.dto';
import { FoodService } from './food.service';

@Controller()
export class FoodController {
  constructor(private readonly food: FoodService) {}

  @Roles('donor')
  @Post(API_ROUTES.addFood)
  add(@CurrentUser() donor: AuthUser, @Body() body: AddFoodDto) {
    return this.food.add(donor, body);
  }

  @Get(API_ROUTES.donorFood)
  listForDonor(@CurrentUser() viewer: AuthUser, @IdParam('userId') donorId: number) {
    return this.food.listForDonor(viewer, donorId);
  }

  @Public()
  @Get(API_ROUTES.available)
  listAvailable(@Query() query: AvailableQueryDto) {
    return this.food.listAvailable(query);
  }

  @Public()
  @Get(API_ROUTES.food)
  findOne(@IdParam('id') foodId: number) {
    return this.food.findOne(foodId);
  }

  @Get(API_ROUTES.foodDonorId)
  donorOf(@IdParam('foodId') foodId: number) {
    return this.food.donorOf(foodId);
  }
}
