import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { API_ROUTES } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { CancelRequestDto, FulfilRequestDto, PickupRequestDto } from './dto/pickup-request.dto';
import { RequestsService } from './requests.service';

@Controller()
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Roles('charity')
  @Post(API_ROUTES.requestPickup)
  requestPickup(@CurrentUser() charity: AuthUser, @Body() body: PickupRequestDto) {
    return this.requests.requestPickup(charity, body.food_id);
  }

  @Roles('charity')
  @Put(API_ROUTES.cancelRequest)
  cancel(@CurrentUser() charity: AuthUser, @IdParam('requestId') requestId: number, @Body() _body: CancelRequestDto) {
    return this.requests.cancel(charity, requestId);
  }

  @Roles('donor')
  @Put(API_ROUTES.fulfilRequest)
  fulfil(@CurrentUser() donor: AuthUser, @IdParam('requestId') requestId: number, @Body() _body: FulfilRequestDto) {
    return this.requests.fulfil(donor, requestId);
  }

  @Get(API_ROUTES.charityRequests)
  listForCharity(@CurrentUser() viewer: AuthUser, @IdParam('charityUserId') charityId: number) {
    return this.requests.listForCharity(viewer, charityId);
  }

  @Get(API_ROUTES.charityInfoForFood)
  charityInfoForFood(@CurrentUser() viewer: AuthUser, @IdParam('foodId') foodId: number) {
    return this.requests.charityInfoForFood(viewer, foodId);
  }

  @Get(API_ROUTES.requestIdForFood)
  requestIdForFood(@CurrentUser() viewer: AuthUser, @IdParam('foodId') foodId: number) {
    return this.requests.requestIdForFood(viewer, foodId);
  }

  @Get(API_ROUTES.requestStatus)
  status(@CurrentUser() viewer: AuthUser, @IdParam('requestId') requestId: number) {
    return this.requests.status(viewer, requestId);
  }

  @Get(API_ROUTES.donorInfo)
  donorInfo(@CurrentUser() viewer: AuthUser, @IdParam('donorUserId') donorId: number) {
    return this.requests.donorInfo(viewer, donorId);
  }
}
