import { Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ERRORS,
  MessageResponse,
  OccurrenceChangeBody,
  OccurrencesQuery,
  OccurrenceView,
  SCHEDULE_ROUTES,
  ScheduleBody,
  ScheduleView,
  UpdateScheduleBody,
} from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles, OrgRoles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeList, shapeRef, ValidBody, ValidQuery } from '../openapi/shapes';
import { SchedulesService } from './schedules.service';

const DONORS_ONLY = { status: 403, description: 'Not a donor', message: ERRORS.rolesOnly(['donor']) } as const;
const ANOTHER_DONORS = { status: 403, description: "Not a donor, or another donor's schedule", message: ERRORS.scheduleOfAnotherDonor } as const;
const NOT_FOUND = { status: 404, description: 'No such schedule (or it was deleted)', message: ERRORS.scheduleNotFound } as const;

/**
 * Standing collections (docs/DOMAIN-RULES.md, "Standing collections"): a donor's food that comes again and
 * again, timed by the clock or a prayer, listed by itself before each window. Donors only, each their own
 * (SchedulesService.mayManage).
 */
@ApiTags('schedules')
@Roles('donor')
@OrgRoles('admin', 'branch_manager')
@Controller()
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get(SCHEDULE_ROUTES.schedules)
  @ApiOperation({ summary: "The donor's schedules, oldest first (donors)" })
  @ApiOkResponse({ schema: shapeList(ScheduleView) })
  @ApiErrors(401, DONORS_ONLY, 503)
  list(@CurrentUser() donor: AuthUser) {
    return this.schedules.list(donor);
  }

  @Post(SCHEDULE_ROUTES.schedules)
  @ApiOperation({ summary: 'Makes a schedule; a day inside the lead time is listed at once (donors)' })
  @ApiCreatedResponse({ schema: shapeRef(ScheduleView) })
  @ApiErrors(
    { status: 400, description: 'A field is missing or invalid, the point is not the donor\'s, or a partner is not an eligible charity', message: ['rule must have FREQ (DAILY, WEEKLY or MONTHLY)'] },
    401,
    DONORS_ONLY,
    503,
  )
  create(@CurrentUser() donor: AuthUser, @ValidBody(ScheduleBody) body: ScheduleBody) {
    return this.schedules.create(donor, body);
  }

  @Get(SCHEDULE_ROUTES.schedule)
  @ApiOperation({ summary: 'One schedule (donors, their own)' })
  @ApiIdParam('id', 'The schedule')
  @ApiOkResponse({ schema: shapeRef(ScheduleView) })
  @ApiErrors(invalidId('id'), 401, ANOTHER_DONORS, NOT_FOUND, 503)
  get(@CurrentUser() user: AuthUser, @IdParam('id') id: number) {
    return this.schedules.get(user, id);
  }

  @Patch(SCHEDULE_ROUTES.schedule)
  @ApiOperation({ summary: 'Changes a schedule; fields left out keep their values (donors, their own)' })
  @ApiIdParam('id', 'The schedule')
  @ApiOkResponse({ schema: shapeRef(ScheduleView) })
  @ApiErrors(
    { status: 400, description: 'A field is invalid, or the schedule as changed is not one', message: ['ends_on must not be before starts_on'] },
    401,
    ANOTHER_DONORS,
    NOT_FOUND,
    503,
  )
  update(@CurrentUser() user: AuthUser, @IdParam('id') id: number, @ValidBody(UpdateScheduleBody) body: UpdateScheduleBody) {
    return this.schedules.update(user, id, body);
  }

  @Delete(SCHEDULE_ROUTES.schedule)
  @ApiOperation({ summary: 'Ends a schedule; listings already made stay (donors, their own)' })
  @ApiIdParam('id', 'The schedule')
  @ApiOkResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(invalidId('id'), 401, ANOTHER_DONORS, NOT_FOUND, 503)
  remove(@CurrentUser() user: AuthUser, @IdParam('id') id: number) {
    return this.schedules.remove(user, id);
  }

  @Get(SCHEDULE_ROUTES.occurrences)
  @ApiOperation({ summary: "The schedule's days from `from` to `to` (at most 400), with their windows and what became of each (donors, their own)" })
  @ApiIdParam('id', 'The schedule')
  @ApiOkResponse({ schema: shapeList(OccurrenceView) })
  @ApiErrors({ status: 400, description: '`from` or `to` is not a date, or the range is too long', message: ['to must be at most 400 days from from, inclusive'] }, 401, ANOTHER_DONORS, NOT_FOUND, 503)
  occurrences(@CurrentUser() user: AuthUser, @IdParam('id') id: number, @ValidQuery(OccurrencesQuery) query: OccurrencesQuery) {
    return this.schedules.occurrences(user, id, query);
  }

  @Patch(SCHEDULE_ROUTES.occurrence)
  @ApiOperation({ summary: 'Changes one day: its quantity, or "nothing today" (donors, their own)' })
  @ApiIdParam('id', 'The schedule')
  @ApiParam({ name: 'date', description: 'The Cairo date, YYYY-MM-DD', schema: { type: 'string', format: 'date', example: '2026-12-01' } })
  @ApiOkResponse({ schema: shapeRef(OccurrenceView) })
  @ApiErrors(
    { status: 400, description: 'The date or a field is invalid', message: ['quantity must be a positive number'] },
    401,
    ANOTHER_DONORS,
    { status: 404, description: 'No such schedule, or it does not run on that date', message: ERRORS.occurrenceNotFound },
    { status: 409, description: 'The day is already listed, or its window has closed', message: ERRORS.occurrenceAlreadyListed },
    503,
  )
  changeOccurrence(
    @CurrentUser() user: AuthUser,
    @IdParam('id') id: number,
    @Param('date') date: string,
    @ValidBody(OccurrenceChangeBody) body: OccurrenceChangeBody,
  ) {
    return this.schedules.changeOccurrence(user, id, date, body);
  }

  @Post(SCHEDULE_ROUTES.skip)
  @OrgRoles('admin', 'branch_manager', 'staff')
  @ApiOperation({ summary: '"Nothing today": skips one day; a day already listed has its listing withdrawn (the donor\'s admin, the branch\'s manager or staff)' })
  @ApiIdParam('id', 'The schedule')
  @ApiParam({ name: 'date', description: 'The Cairo date, YYYY-MM-DD', schema: { type: 'string', format: 'date', example: '2026-12-01' } })
  @ApiCreatedResponse({ schema: shapeRef(OccurrenceView) })
  @ApiErrors(
    { status: 400, description: 'The path id or date is invalid', message: ['date must be a date written YYYY-MM-DD'] },
    401,
    ANOTHER_DONORS,
    { status: 404, description: 'No such schedule, or it does not run on that date', message: ERRORS.occurrenceNotFound },
    { status: 409, description: "The day's window has closed, or its food was collected", message: ERRORS.occurrencePast },
    503,
  )
  skip(@CurrentUser() user: AuthUser, @IdParam('id') id: number, @Param('date') date: string) {
    return this.schedules.skipDay(user, id, date);
  }
}
