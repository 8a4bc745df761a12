import { BadRequestException } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';

/** Far deeper than any body of this API; deep enough bodies would overflow the stack of the validators. */
export const MAX_JSON_DEPTH = 16;

/** Measures nesting without recursion, so a hostile body cannot overflow the stack here either. */
export function jsonDepthExceeds(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Fastify preValidation hook: refuses over-nested JSON bodies with 400 before any validator walks them. */
export async function rejectDeepJson(request: { body?: unknown }): Promise<void> {
  if (jsonDepthExceeds(request.body)) {
    throw new BadRequestException(ERRORS.bodyTooDeep(MAX_JSON_DEPTH));
  }
}
