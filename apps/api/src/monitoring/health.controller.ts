import { Controller, Get, Res } from '@nestjs/common';
import { HEALTH_ROUTES, HealthReport, LivenessReport } from '@food-link/contracts';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { shapeRef } from '../openapi/shapes';
import { HealthService } from './health.service';

/** Probes for load balancers and orchestrators; public, and free of addresses or secrets. */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Readiness: 200 when PostgreSQL, Redis and a worker all answer, 503 (with the same report) otherwise. */
  @ApiOperation({ summary: 'Readiness: PostgreSQL, Redis and a worker' })
  @ApiOkResponse({ schema: shapeRef(HealthReport) })
  @ApiServiceUnavailableResponse({ schema: shapeRef(HealthReport), description: 'A dependency is down (named in the report)' })
  @Public()
  @Get(HEALTH_ROUTES.ready)
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    reply.header('cache-control', 'no-store');
    if (report.status !== 'ok') reply.status(503);
    return report;
  }

  /** Liveness: the process answers. Restart it only when this stops answering. */
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiOkResponse({ schema: shapeRef(LivenessReport) })
  @Public()
  @Get(HEALTH_ROUTES.live)
  live(): LivenessReport {
    return { status: 'ok' };
  }
}
