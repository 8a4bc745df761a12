import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, ForbiddenException, Get, Headers, Res, UnauthorizedException } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { TokenService } from '../auth/token.service';
import { AppConfig } from '../config/app-config';
import { MetricsService } from './metrics.service';

export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics. Not public: a scraper presents `Bearer <METRICS_TOKEN>`, and an operator's session
 * token works too (401 without credentials, 403 for donors and charities).
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly tokens: TokenService,
    private readonly config: AppConfig,
  ) {}

  // Prometheus text for scrapers, not a call of the API; docs/OPERATIONS.md documents it.
  @ApiExcludeEndpoint()
  @Public()
  @Get(METRICS_PATH)
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    await this.authorize(authorization);
    reply.header('content-type', this.metrics.registry.contentType).header('cache-control', 'no-store');
    return this.metrics.registry.metrics();
  }

  private async authorize(authorization: string | undefined): Promise<void> {
    const token = TokenService.fromAuthorizationHeader(authorization);
    if (!token) throw new UnauthorizedException(ERRORS.metricsCredentialsRequired);
    if (this.config.METRICS_TOKEN && sameSecret(token, this.config.METRICS_TOKEN)) return;
    const user = await this.tokens.verify(token);
    if (!user) throw new UnauthorizedException(ERRORS.metricsCredentialsInvalid);
    if (user.userType !== 'operator') throw new ForbiddenException(ERRORS.metricsOperatorsOnly);
  }
}

/** Compares digests, so neither the length nor the content of the secret leaks through timing. */
function sameSecret(offered: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(offered), digest(secret));
}
