import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ERRORS, MessageResponse, PickupRequestResponse, SCHEDULE_ROUTES, STANDING_DAYS, StandingOccurrenceView } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles, OrgRoles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeList, shapeRef } from '../openapi/shapes';
import { SchedulesService } from './schedules.service';
import { StandingService } from './standing.service';

const NOT_STANDING = { status: 403, description: 'Not a charity, or not a standing charity of this schedule', message: ERRORS.notStandingCharity } as const;
const NOT_FOUND = { status: 404, description: 'No such schedule, or it does not run on that date', message: ERRORS.scheduleNotFound } as const;
const DATE_PARAM = () => ApiParam({ name: 'date', description: 'The Cairo date, YYYY-MM-DD', schema: { type: 'string', format: 'date', example: '2026-12-01' } });

/**
 * The standing charities' side of standing collections (docs/DOMAIN-RULES.md, "Standing collections"): the
 * week ahead, confirming (the claim) or declining a day, leaving a schedule. Charities only, for the
 * schedules that name them (SchedulesService.mayConfirmFor).
 */
@ApiTags('schedules')
@Roles('charity')
@OrgRoles('admin', 'coordinator')
@Controller()
export class StandingController {
  constructor(
    private readonly schedules: SchedulesService,
    private readonly standingCalls: StandingService,
  ) {}

  @Get(SCHEDULE_ROUTES.charityStanding)
  @ApiOperation({ summary: `The days of the next ${STANDING_DAYS} of the schedules the charity stands for, in time order (charities)` })
  @ApiOkResponse({ schema: shapeList(StandingOccurrenceView) })
  @ApiErrors(401, { status: 403, description: 'Not a charity', message: ERRORS.rolesOnly(['charity']) }, 503)
  standing(@CurrentUser() charity: AuthUser) {
    return this.schedules.standing(charity);
  }

  @Post(SCHEDULE_ROUTES.confirm)
  @ApiOperation({ summary: "Confirms a listed day: the charity's claim, as POST /api/request makes it, with its pickup code (standing charities)" })
  @ApiIdParam('id', 'The schedule')
  @DATE_PARAM()
  @ApiCreatedResponse({ schema: shapeRef(PickupRequestResponse) })
  @ApiErrors(
    { status: 400, description: 'The path id or date is invalid', message: ['date must be a date written YYYY-MM-DD'] },
    401,
    NOT_STANDING,
    NOT_FOUND,
    { status: 409, description: 'The day is not listed yet, or its listing cannot be claimed (claimed, expired, the claim limit)', message: ERRORS.occurrenceNotListed },
    429,
    503,
  )
  confirm(@CurrentUser() charity: AuthUser, @IdParam('id') id: number, @Param('date') date: string) {
    return this.standingCalls.confirm(charity, id, date);
  }

  @Post(SCHEDULE_ROUTES.decline)
  @ApiOperation({ summary: '"We can\'t come tonight": the next standing charity is asked, then the open board (standing charities)' })
  @ApiIdParam('id', 'The schedule')
  @DATE_PARAM()
  @ApiCreatedResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(
    { status: 400, description: 'The path id or date is invalid', message: ['date must be a date written YYYY-MM-DD'] },
    401,
    NOT_STANDING,
    NOT_FOUND,
    { status: 409, description: 'The day is not listed yet, or not offered to this charity now', message: ERRORS.standingNotOffered },
    503,
  )
  decline(@CurrentUser() charity: AuthUser, @IdParam('id') id: number, @Param('date') date: string) {
    return this.schedules.decline(charity, id, date);
  }

  @Delete(SCHEDULE_ROUTES.leaveStanding)
  @ApiOperation({ summary: "Leaves a schedule's standing charities (standing charities)" })
  @ApiIdParam('id', 'The schedule')
  @ApiOkResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(invalidId('id'), 401, NOT_STANDING, { status: 404, description: 'No such schedule', message: ERRORS.scheduleNotFound }, 503)
  leave(@CurrentUser() charity: AuthUser, @IdParam('id') id: number) {
    return this.schedules.leave(charity, id);
  }
}
