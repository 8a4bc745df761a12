import { ERRORS } from '@food-link/contracts';
import { ApiParam } from '@nestjs/swagger';
import type { ErrorSpec } from './api-errors';

/** The largest id a path may carry: PostgreSQL's int, as `parsePositiveId` (common/id-param.ts) enforces. */
const MAX_ID = 2_147_483_647;

/**
 * Documents a numeric path id read with `@IdParam(name)`: a plain positive integer, else 400 naming it.
 * (`@IdParam` is a custom parameter decorator, which Swagger cannot see, hence this companion.)
 */
export const ApiIdParam = (name: string, description: string) =>
  ApiParam({ name, description, schema: { type: 'integer', minimum: 1, maximum: MAX_ID, example: 1 } });

/** The 400 `@IdParam(name)` answers, for `@ApiErrors` on calls whose only input is that id. */
export const invalidId = (name: string): ErrorSpec => ({
  status: 400,
  description: `\`${name}\` is not a positive integer`,
  message: [ERRORS.idNotPositive(name)],
});
