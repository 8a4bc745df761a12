import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_ROUTES, IMPACT_ROUTES, ImpactTotalsResponse, TotalCharitiesResponse, TotalMealsResponse } from '@food-link/contracts';
import { Public } from '../auth/auth.decorators';
import { ApiErrors } from '../openapi/api-errors';
import { shapeRef } from '../openapi/shapes';
import { StatsService } from './stats.service';

@ApiTags('stats')
@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Public()
  @Get(API_ROUTES.totalMeals)
  @ApiOperation({ summary: 'Impact: whole meals handed over in fulfilled donations (portions, or kg ÷ 0.42 for other units; docs/IMPACT.md)' })
  @ApiOkResponse({ schema: shapeRef(TotalMealsResponse), description: 'The running total' })
  @ApiErrors(503)
  totalMeals() {
    return this.stats.totalMeals();
  }

  @Public()
  @Get(API_ROUTES.totalCharities)
  @ApiOperation({ summary: 'Impact: distinct charities that received food' })
  @ApiOkResponse({ schema: shapeRef(TotalCharitiesResponse), description: 'The running total' })
  @ApiErrors(503)
  totalCharities() {
    return this.stats.totalCharities();
  }

  @Public()
  @Get(IMPACT_ROUTES.totals)
  @ApiOperation({ summary: "Impact: the landing's counters — whole meals, charities helped, kg, kg CO2e avoided, litres of water" })
  @ApiOkResponse({ schema: shapeRef(ImpactTotalsResponse), description: 'The running totals (docs/IMPACT.md)' })
  @ApiErrors(503)
  totals() {
    return this.stats.totals();
  }
}
