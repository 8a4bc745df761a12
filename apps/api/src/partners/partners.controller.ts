import { Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CharitySearchQuery,
  CharitySearchResponse,
  ERRORS,
  MAX_PARTNERS,
  PARTNER_ROUTES,
  PartnersBody,
  PartnersView,
} from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Roles } from '../auth/auth.decorators';
import { ApiErrors } from '../openapi/api-errors';
import { shapeRef, ValidBody, ValidQuery } from '../openapi/shapes';
import { PartnersService } from './partners.service';

const DONORS_ONLY = { status: 403, description: 'Not a donor', message: ERRORS.rolesOnly(['donor']) } as const;

/**
 * The offer cascade's first part: a donor names partner charities, which are offered its new listings
 * alone for a while (docs/DOMAIN-RULES.md). Donors only; a charity appears here by account, public number
 * and name, nothing private.
 */
@ApiTags('partners')
@Roles('donor')
@OrgRoles('admin')
@Controller()
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

  @Get(PARTNER_ROUTES.donorPartners)
  @ApiOperation({ summary: "The donor's partner charities (donors)" })
  @ApiOkResponse({ schema: shapeRef(PartnersView) })
  @ApiErrors(401, DONORS_ONLY, 503)
  list(@CurrentUser() donor: AuthUser) {
    return this.partners.list(donor);
  }

  @Put(PARTNER_ROUTES.donorPartners)
  @ApiOperation({ summary: `Replaces the donor's partner charities, at most ${MAX_PARTNERS} (donors)` })
  @ApiOkResponse({ schema: shapeRef(PartnersView), description: 'The list as saved' })
  @ApiErrors(
    {
      status: 400,
      description: `\`charity_ids\` is not a list of distinct ids, lists more than ${MAX_PARTNERS}, or names an account that is not a charity's (or was deleted)`,
      message: ["charity_ids must each be a charity's account (not: 12)"],
    },
    401,
    DONORS_ONLY,
    503,
  )
  replace(@CurrentUser() donor: AuthUser, @ValidBody(PartnersBody) body: PartnersBody) {
    return this.partners.replace(donor, body);
  }

  @Get(PARTNER_ROUTES.charities)
  @ApiOperation({ summary: 'Charities a donor may name as partners, by name, one page (donors)' })
  @ApiOkResponse({ schema: shapeRef(CharitySearchResponse) })
  @ApiErrors({ status: 400, description: '`search`, `limit` or `offset` is invalid', message: ['limit must not be greater than 50'] }, 401, DONORS_ONLY, 503)
  search(@ValidQuery(CharitySearchQuery) query: CharitySearchQuery) {
    return this.partners.search(query);
  }
}
