import { applyDecorators, Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CharityImpactResponse, DonorImpactResponse, ERRORS, IMPACT_ROUTES, ImpactReportQuery, PublicImpactResponse, ImpactScopeQuery, type OrgRole, type ReportParty } from '@food-link/contracts';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Public, Roles } from '../auth/auth.decorators';
import { ApiErrors } from '../openapi/api-errors';
import { shapeRef, ValidQuery } from '../openapi/shapes';
import { ImpactService, type ReportFile } from './impact.service';

/** Who of an organisation reads its reports (docs/ORGANISATIONS.md); a branch manager's cover their branches. */
const DONOR_REPORTERS: OrgRole[] = ['admin', 'branch_manager', 'viewer'];
const CHARITY_REPORTERS: OrgRole[] = ['admin', 'coordinator'];

@ApiTags('impact')
@Controller()
export class ImpactController {
  constructor(private readonly impact: ImpactService) {}

  @Roles('donor')
  @OrgRoles(...DONOR_REPORTERS)
  @Get(IMPACT_ROUTES.donor)
  @ApiOperation({
    summary: "The signed-in donor's impact: totals, per Cairo month, per pickup point, and the charities it fed (docs/IMPACT.md)",
    description: "For a member, the organisation's; a branch manager's covers their branches. `pickup_point_id` narrows it to one branch.",
  })
  @ApiOkResponse({ schema: shapeRef(DonorImpactResponse) })
  @ApiErrors(
    { status: 400, description: '`pickup_point_id` is not a positive integer', message: ['pickup_point_id must be an integer number'] },
    401,
    { status: 403, description: "Only donors' admins, branch managers (their branches) and viewers", message: ERRORS.rolesOnly(['donor']) },
    503,
  )
  donor(@CurrentUser() donor: AuthUser, @ValidQuery(ImpactScopeQuery) query: ImpactScopeQuery) {
    return this.impact.donor(donor, query.pickup_point_id);
  }

  @Roles('charity')
  @OrgRoles(...CHARITY_REPORTERS)
  @Get(IMPACT_ROUTES.charity)
  @ApiOperation({ summary: "What the signed-in charity received: totals, per Cairo month, and the donors it received from" })
  @ApiOkResponse({ schema: shapeRef(CharityImpactResponse) })
  @ApiErrors(401, { status: 403, description: 'Only charities', message: ERRORS.rolesOnly(['charity']) }, 503)
  charity(@CurrentUser() charity: AuthUser) {
    return this.impact.charity(charity);
  }

  @Public()
  @Get(IMPACT_ROUTES.public)
  @ApiOperation({ summary: 'Transparency: impact per governorate and Cairo month, and the factors; no personal data' })
  @ApiOkResponse({ schema: shapeRef(PublicImpactResponse) })
  @ApiErrors(503)
  publicImpact() {
    return this.impact.publicImpact();
  }

  @ReportCall('donor', IMPACT_ROUTES.donorReport, 'one row per fulfilled donation (food, date, charity, its MoSS number, kg, meals, CO2e)')
  async report(
    @CurrentUser() donor: AuthUser,
    @ValidQuery(ImpactReportQuery) query: ImpactReportQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendFile(reply, await this.impact.report('donor', donor, query, acceptLanguage));
  }

  @ReportCall('charity', IMPACT_ROUTES.charityReport, 'one row per donation received (food, date, donor, kg, meals, CO2e), its own MoSS number once verified')
  async charityReport(
    @CurrentUser() charity: AuthUser,
    @ValidQuery(ImpactReportQuery) query: ImpactReportQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendFile(reply, await this.impact.report('charity', charity, query, acceptLanguage));
  }
}

/** A monthly acknowledgment call: the party's role only, its route, and its documentation. */
function ReportCall(party: ReportParty, route: string, rows: string) {
  const only = `Only ${party === 'donor' ? 'donors' : 'charities'}`;
  return applyDecorators(
    Roles(party),
    OrgRoles(...(party === 'donor' ? DONOR_REPORTERS : CHARITY_REPORTERS)),
    Get(route),
    ApiOperation({
      summary: `The ${party}'s monthly acknowledgment: ${rows}, totals, the factors and their sources; CSV (UTF-8 with BOM) or PDF, in Arabic or English (\`lang\`, else Accept-Language)`,
    }),
    ApiOkResponse({
      description: 'The file, as an attachment (`Content-Disposition`)',
      content: { 'text/csv': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    }),
    ApiErrors(
      { status: 400, description: '`month` is not YYYY-MM, or `format` is not csv or pdf', message: ['month must be a month written YYYY-MM'] },
      401,
      { status: 403, description: only, message: ERRORS.rolesOnly([party]) },
      503,
    ),
  );
}

async function sendFile(reply: FastifyReply, file: ReportFile): Promise<void> {
  await reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
