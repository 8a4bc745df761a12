import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ERRORS, EXTRA_ROUTES, LIMITS, MessageResponse, PickupPointBody, PickupPointView, UpdatePickupPointBody } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeList, shapeRef, ValidBody } from '../openapi/shapes';
import { PickupPointsService } from './pickup-points.service';

const DONORS_ONLY = { status: 403, description: 'Not a donor', message: ERRORS.rolesOnly(['donor']) } as const;
const ANOTHER_DONORS = { status: 403, description: "Not a donor, or another donor's point", message: ERRORS.pickupPointOfAnotherDonor } as const;
const NOT_FOUND = { status: 404, description: 'No such pickup point (or it was deleted)', message: ERRORS.pickupPointNotFound } as const;

/**
 * A donor's pickup points: where food is collected. Donors only, each their own. The address, landmark,
 * position and phone are shown to the donor here and, through a claim's pickup details, to the claiming
 * charity and operators; never on the public board.
 */
@ApiTags('pickup points')
@Roles('donor')
@Controller()
export class PickupPointsController {
  constructor(private readonly points: PickupPointsService) {}

  @Get(EXTRA_ROUTES.pickupPoints)
  @ApiOperation({ summary: "The donor's pickup points, oldest first (donors)" })
  @ApiOkResponse({ schema: shapeList(PickupPointView) })
  @ApiErrors(401, DONORS_ONLY, 503)
  list(@CurrentUser() donor: AuthUser) {
    return this.points.list(donor);
  }

  @OrgRoles('admin')
  @Post(EXTRA_ROUTES.pickupPoints)
  @ApiOperation({ summary: 'Adds a pickup point; the first one is the default (donors)' })
  @ApiCreatedResponse({ schema: shapeRef(PickupPointView) })
  @ApiErrors(
    { status: 400, description: 'A field is missing or invalid', message: ['contact_phone must be an Egyptian mobile number (010, 011, 012 or 015 followed by 8 digits)'] },
    401,
    DONORS_ONLY,
    { status: 409, description: `The donor already has ${LIMITS.pickupPointsPerDonor} points`, message: ERRORS.pickupPointLimit(LIMITS.pickupPointsPerDonor) },
    503,
  )
  create(@CurrentUser() donor: AuthUser, @ValidBody(PickupPointBody) body: PickupPointBody) {
    return this.points.create(donor, body);
  }

  @OrgRoles('admin')
  @Patch(EXTRA_ROUTES.pickupPoint)
  @ApiOperation({ summary: 'Edits a pickup point; `is_default: true` makes it the default (donors, their own)' })
  @ApiIdParam('id', 'The pickup point')
  @ApiOkResponse({ schema: shapeRef(PickupPointView) })
  @ApiErrors(
    { status: 400, description: 'A field is invalid, or the path id is not a positive integer', message: ['lng is required with lat'] },
    401,
    ANOTHER_DONORS,
    NOT_FOUND,
    { status: 409, description: '`is_default: false` on the default point', message: ERRORS.pickupPointDefaultStays },
    503,
  )
  update(@CurrentUser() donor: AuthUser, @IdParam('id') id: number, @ValidBody(UpdatePickupPointBody) body: UpdatePickupPointBody) {
    return this.points.update(donor, id, body);
  }

  @OrgRoles('admin')
  @Delete(EXTRA_ROUTES.pickupPoint)
  @ApiOperation({ summary: 'Deletes a pickup point not used by an available or claimed listing (donors, their own)' })
  @ApiIdParam('id', 'The pickup point')
  @ApiOkResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(
    invalidId('id'),
    401,
    ANOTHER_DONORS,
    NOT_FOUND,
    { status: 409, description: 'An available or claimed listing uses it', message: ERRORS.pickupPointInUse },
    503,
  )
  remove(@CurrentUser() donor: AuthUser, @IdParam('id') id: number) {
    return this.points.remove(donor, id);
  }
}
