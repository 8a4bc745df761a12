import { Body, Controller, Delete, Get, NotFoundException, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ERRORS, EXTRA_ROUTES, HeatOverrideBody, HeatOverrideKey, MessageResponse } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { parseShape } from '../common/shape-pipe';
import { ApiErrors } from '../openapi/api-errors';
import { ApiQueryShape, shapeList, shapeRef, ValidBody } from '../openapi/shapes';
import { HeatOverridesRepository } from './heat-overrides.repository';

const OPERATOR_ONLY = { status: 403, description: 'Not an operator', message: ERRORS.rolesOnly(['operator']) } as const;

/**
 * Operators' heatwave overrides of the climate normals (food-safety.ts): a listing of cooked, dairy, meat
 * or fish food kept at room temperature gets the 1-hour rule when its governorate's high that day is
 * 32 °C or more. An override applies to listings made (or edited) after it is set.
 */
@ApiTags('ops')
@Roles('operator')
@Controller()
export class HeatOverridesController {
  constructor(private readonly overrides: HeatOverridesRepository) {}

  @Get(EXTRA_ROUTES.heatOverrides)
  @ApiOperation({ summary: 'Heatwave overrides of the day\'s high, newest date first (operators)' })
  @ApiOkResponse({ schema: shapeList(HeatOverrideBody) })
  @ApiErrors(401, OPERATOR_ONLY, 503)
  list() {
    return this.overrides.list();
  }

  @Put(EXTRA_ROUTES.heatOverrides)
  @ApiOperation({ summary: "Sets or replaces a governorate's high for a date (operators)" })
  @ApiOkResponse({ schema: shapeRef(HeatOverrideBody), description: 'The override as stored' })
  @ApiErrors(400, 401, OPERATOR_ONLY, 503)
  upsert(@CurrentUser() operator: AuthUser, @ValidBody(HeatOverrideBody) body: HeatOverrideBody) {
    return this.overrides.upsert(body, operator.id);
  }

  @Delete(EXTRA_ROUTES.heatOverrides)
  @ApiOperation({ summary: 'Removes an override, named by `?governorate&date` or by the same fields in a body (operators)' })
  @ApiQueryShape(HeatOverrideKey.partial())
  @ApiBody({ required: false, schema: shapeRef(HeatOverrideKey) })
  @ApiOkResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(
    400,
    401,
    OPERATOR_ONLY,
    { status: 404, description: 'No override for that governorate and date', message: ERRORS.heatOverrideNotFound },
    503,
  )
  async remove(@Query() query: unknown, @Body() body: unknown): Promise<MessageResponse> {
    const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
    const key = parseShape(HeatOverrideKey, { ...(query as object), ...fromBody });
    if (!(await this.overrides.remove(key))) throw new NotFoundException(ERRORS.heatOverrideNotFound);
    return { message: 'Heat override removed' };
  }
}
