import { Controller, Get } from '@nestjs/common';
import { API_ROUTES } from '@food-link/contracts';
import { Public } from '../auth/auth.decorators';
import { StatsService } from './stats.service';

@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Public()
  @Get(API_ROUTES.totalMeals)
  totalMeals() {
    return this.stats.totalMeals();
  }

  @Public()
  @Get(API_ROUTES.totalCharities)
  totalCharities() {
    return this.stats.totalCharities();
  }
}
