import { ArgumentsHost, Catch, HttpException, HttpStatus } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { FastifyReply } from 'fastify';

/** PostgreSQL error classes meaning "unreachable or shutting down", and the socket errors of an outage. */
const UNAVAILABLE_CODES = new Set([
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH',
]);

export function isDependencyUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Connection is closed/i.test(message);
}

/** True when `error` is PostgreSQL's unique violation on the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/**
 * Errors that reach the top: a dependency outage answers 503 so clients retry; everything else goes
 * through Nest's own handling (HTTP errors as they are, anything unexpected a logged 500).
 */
@Catch()
export class DependencyErrorFilter extends BaseExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    if (!(error instanceof HttpException) && isDependencyUnavailable(error)) {
      const reply = host.switchToHttp().getResponse<FastifyReply>();
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE).send({
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        error: 'Service Unavailable',
        message: 'A service the platform depends on is unavailable; please retry shortly',
      });
      return;
    }
    super.catch(error, host);
  }
}
