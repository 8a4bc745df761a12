import { z } from 'zod';

/*
 * Building blocks of the configuration's schemas (config-areas.ts). Each check carries its message without
 * the variable's name, the way the shapes of libs/contracts do: `configProblems` puts the name in front
 * ("PORT must be a whole number from 0 to 65535"). Every variable arrives as text (or not at all: empty
 * strings count as unset), so numbers and flags are read from their text here.
 */

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];

/** A whole number from `min` (to `max`), `fallback` when unset. */
export function wholeNumber(fallback: number | (() => number), min: number, max?: number) {
  const error = `must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`;
  const bounded = z.coerce.number({ error }).int({ error }).min(min, { error });
  return (max === undefined ? bounded : bounded.max(max, { error })).default(typeof fallback === 'number' ? () => fallback : fallback);
}

/** A number of minutes from 0 to `max`, fractions allowed (tests use seconds). */
export function minutes(fallback: number, max: number) {
  const error = `must be a number of minutes from 0 to ${max}`;
  return z.coerce.number({ error }).min(0, { error }).max(max, { error }).default(fallback);
}

/** On for 1, true, yes or on (any case); off for anything else and when unset. */
export function flag() {
  return z
    .string()
    .transform((value) => TRUE_WORDS.includes(value.toLowerCase()))
    .default(false);
}

/** One of `values`. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/** Text matching `pattern`; `what` completes "must be …". */
export function matching(pattern: RegExp, what: string) {
  return z.string().regex(pattern, { error: `must be ${what}` });
}

/** Text of at least `min` characters (and at most `max`). */
export function textOf(min: number, max?: number) {
  const error = `must be at least ${min} characters`;
  const schema = z.string().min(min, { error });
  return max === undefined ? schema : schema.max(max, { error: `must be at most ${max} characters` });
}

/** One line per problem, each starting with the variable's name. */
export function configProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => [issue.path.join('.'), issue.message].filter(Boolean).join(' '));
}
