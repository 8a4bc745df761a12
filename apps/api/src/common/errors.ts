import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, HttpException, HttpStatus } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { ERRORS } from '@food-link/contracts';
import type { FastifyReply } from 'fastify';
import { TimeoutError } from './with-timeout';

/** PostgreSQL error classes meaning "unreachable or shutting down", and the socket errors of an outage. */
const UNAVAILABLE_CODES = new Set([
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH',
]);

/**
 * True for an outage of PostgreSQL or Redis: unreachable, closing, or not answering in time (our own
 * TimeoutError from withTimeout, ioredis's "Command timed out" from commandTimeout).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Connection is closed|Query read timeout|Command timed out|Stream isn't writeable/i.test(
    message,
  );
}

/**
 * True when `error` is PostgreSQL's foreign-key violation: a write refers to a row that is gone (the
 * signed-in user's account, deleted after its token was checked; or an item deleted meanwhile).
 */
export function isForeignKeyViolation(error: unknown): { toUsers: boolean } | null {
  const driverError = ((error as { driverError?: unknown } | null)?.driverError ?? error) as { code?: string; detail?: string } | null;
  if (driverError?.code !== '23503') return null;
  return { toUsers: /table "users"/.test(driverError.detail ?? '') };
}

/** True when `error` is PostgreSQL's unique violation on the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/**
 * Errors that reach the top, answered in the one error shape of the API, `{ statusCode, error, message }`:
 * a dependency outage is a 503 so clients retry; HTTP errors keep their status (Fastify's own request
 * errors, such as malformed JSON or a body too large, arrive here as HTTP errors with a bare message);
 * anything else is Nest's logged 500.
 */
@Catch()
export class ErrorFilter extends BaseExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const retryAfter = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('Retry-After', String(retryAfter));
    if (error instanceof HttpException) {
      const response = error.getResponse();
      if (typeof response !== 'string') return super.catch(error, host);
      void reply.status(error.getStatus()).send(errorBody(error.getStatus(), response));
    } else if (isForeignKeyViolation(error)) {
      // Never a 500: the account behind the session was deleted (401), or something else referred to is gone (409).
      const status = isForeignKeyViolation(error)?.toUsers ? HttpStatus.UNAUTHORIZED : HttpStatus.CONFLICT;
      const message = status === HttpStatus.UNAUTHORIZED ? 'The session token is invalid or has expired' : 'Something this refers to no longer exists';
      void reply.status(status).send(errorBody(status, message));
    } else if (isDependencyUnavailable(error)) {
      const status = HttpStatus.SERVICE_UNAVAILABLE;
      void reply.status(status).send(errorBody(status, ERRORS.dependencyUnavailable));
    } else {
      super.catch(error, host);
    }
  }
}

function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}
