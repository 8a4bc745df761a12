import { BadRequestException, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';

const MAX_ID = 2_147_483_647; // PostgreSQL int

/** A path id must be written as a plain positive integer that fits the database column; else 400 naming it. */
export function parsePositiveId(name: string, raw: unknown): number {
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new BadRequestException([ERRORS.idNotPositive(name)]);
  return id;
}

/**
 * `@IdParam('foodId') foodId: number` reads and checks a numeric path parameter. It is a custom parameter
 * decorator rather than a pipe so that it sees the raw text: the global ValidationPipe would otherwise turn
 * `1e0`, `0x1` or ` 1` into 1 before any pipe could refuse them.
 */
export const IdParam = createParamDecorator((name: string, context: ExecutionContext): number =>
  parsePositiveId(name, context.switchToHttp().getRequest<FastifyRequest<{ Params: Record<string, string> }>>().params[name]),
);
