import { Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ERRORS, HijriShiftBody, HijriShiftView, SCHEDULE_ROUTES } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { ApiErrors } from '../openapi/api-errors';
import { shapeList, ValidBody } from '../openapi/shapes';
import { HijriShiftsRepository } from './hijri-shifts.repository';

const OPERATOR_ONLY = { status: 403, description: 'Not an operator', message: ERRORS.rolesOnly(['operator']) } as const;

/**
 * Operators' Hijri shifts (docs/DOMAIN-RULES.md, "Standing collections"): Umm al-Qura's months, which the
 * Ramadan and Eid choices of schedules follow, can differ by a day from the dates Egypt announces.
 */
@ApiTags('ops')
@Roles('operator')
@Controller()
export class HijriShiftsController {
  constructor(private readonly shifts: HijriShiftsRepository) {}

  @Get(SCHEDULE_ROUTES.hijriShifts)
  @ApiOperation({ summary: 'The Hijri years shifted from Umm al-Qura, newest first (operators)' })
  @ApiOkResponse({ schema: shapeList(HijriShiftView) })
  @ApiErrors(401, OPERATOR_ONLY, 503)
  list() {
    return this.shifts.list();
  }

  @Put(SCHEDULE_ROUTES.hijriShifts)
  @ApiOperation({ summary: "Sets a Hijri year's shift from Umm al-Qura: -1, +1, or 0 to remove it (operators); answers every shift" })
  @ApiOkResponse({ schema: shapeList(HijriShiftView) })
  @ApiErrors(400, 401, OPERATOR_ONLY, 503)
  async set(@CurrentUser() operator: AuthUser, @ValidBody(HijriShiftBody) body: HijriShiftBody) {
    await this.shifts.set(body.hijri_year, body.days, operator.id);
    return this.shifts.list();
  }
}
