import { STATUS_CODES } from 'node:http';
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ERRORS, ErrorResponse } from '@food-link/contracts';
import { shapeRef } from './shapes';

/**
 * Every error answer has the shape `ErrorResponse` (libs/contracts/src/errors.ts), exactly as `ErrorFilter`
 * (common/errors.ts) sends it: HTTP errors thrown with a text keep `{ statusCode, error, message }`; Nest's
 * own ones (validation, `new NotFoundException()`) carry the same three fields; a dependency outage is a
 * 503 in the same shape. Their messages come from the catalogue `ERRORS` of the contracts.
 */

/** The error statuses a call of this API can answer. A 500 is always a bug and is not documented. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503;

/** What each status means on this API, unless a call says more precisely. */
const DEFAULT_ERRORS: Record<ErrorStatus, { description: string; message: string | string[] }> = {
  400: {
    description: 'Invalid input: `message` lists each bad field (body, query or path id)',
    message: ['name should not be empty'],
  },
  401: {
    description: 'No session token, or one that is invalid or has expired',
    message: ERRORS.sessionRequired,
  },
  403: {
    description: 'The signed-in user has the wrong role or the data is not theirs',
    message: ERRORS.rolesOnly(['donor']),
  },
  404: { description: 'No such thing', message: 'Not Found' },
  409: { description: 'The state does not allow it', message: ERRORS.foodAlreadyClaimed },
  410: { description: 'The link no longer works', message: ERRORS.invitationExpired },
  413: { description: 'The body, or a file in it, is too large', message: ERRORS.photoTooLarge(5) },
  429: {
    description: 'Too many failed logins for this account or address; `Retry-After` gives the seconds to wait',
    message: ERRORS.tooManyLogins(900),
  },
  503: {
    description: 'PostgreSQL or Redis is unavailable; retry shortly',
    message: ERRORS.dependencyUnavailable,
  },
};

/** A status with this call's own wording (`description`) and, optionally, its example message. */
export interface ErrorSpec {
  status: ErrorStatus;
  description: string;
  message?: string | string[];
  /** A 429 sends `Retry-After` unless this is false (a refusal that waiting does not lift). */
  retryAfter?: boolean;
}

/**
 * Documents the error answers of a call, each with the shared `ErrorResponse` schema and an example body.
 * List every status the call can really answer; give an `ErrorSpec` where the call can say more than
 * the default wording:
 *
 *     @ApiOperation({ summary: 'Retry one failed job' })
 *     @ApiOkResponse({ type: JobActionResultSchema })
 *     @ApiErrors(401, 403, { status: 404, description: 'No such job' }, 409, 503)
 *
 * Bearer security is not decorated: `setupOpenApi` derives it from `@Public()`, as `AuthGuard` does, so a
 * call is documented as needing a session exactly when it does. Numeric path ids use `@ApiIdParam`.
 */
export function ApiErrors(...errors: (ErrorStatus | ErrorSpec)[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...errors.map((error) => {
      const spec = typeof error === 'number' ? { status: error } : error;
      const defaults = DEFAULT_ERRORS[spec.status];
      const message = 'message' in spec && spec.message !== undefined ? spec.message : defaults.message;
      return ApiResponse({
        status: spec.status,
        description: 'description' in spec ? spec.description : defaults.description,
        // JSON even where the call's success is a file (`@ApiProduces`): errors are always ErrorResponse bodies.
        content: { 'application/json': { schema: shapeRef(ErrorResponse), example: { statusCode: spec.status, error: STATUS_CODES[spec.status], message } } },
        ...(spec.status === 429 && !('retryAfter' in spec && spec.retryAfter === false)
          ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } } }
          : {}),
      });
    }),
  );
}
