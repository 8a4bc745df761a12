import isEmail from 'validator/lib/isEmail';
import { z } from 'zod';
import { cairoDate, isCalendarDate } from './dates';
import { LIMITS } from './domain';
import { egyptianMobileE164, EGYPT_BOUNDS } from './places';
import { codePointLength, hasLoneSurrogate, hasNul } from './text';

/*
 * Building blocks of the shapes (http.ts, ops.ts). Each check carries the message the API answers a 400
 * with, without the field's name: `shapeMessages` (shapes.ts) puts the name in front ("food_name should
 * not be empty"), and the web shows the same words beside its field. Checks of a field all run, in the
 * order written, so one value can break several (an empty password is both too short and empty).
 */

const INT_MAX = 2_147_483_647; // PostgreSQL int

/** A lone UTF-16 surrogate (`\ud800` sent as a JSON escape) is not text: refused by every text field. */
const LONE_SURROGATE_MESSAGE = 'must not contain unpaired surrogate characters (not valid Unicode)';

/** `.meta()` fields every schema may carry into OpenAPI. */
interface Doc {
  description?: string;
  example?: unknown;
}

/**
 * A required string, trimmed unless `trim: false`, at most `max` code points (the way PostgreSQL counts
 * varchar), and without NUL.
 */
export function text(max: number, doc: Doc & { trim?: boolean; minLength?: number; format?: string } = {}) {
  const { trim = true, minLength, format, ...meta } = doc;
  let schema = z.string({ error: 'must be a string' });
  if (trim) schema = schema.trim();
  if (minLength !== undefined) {
    schema = schema.refine((value) => codePointLength(value) >= minLength, {
      error: `must be longer than or equal to ${minLength} characters`,
    });
  }
  return schema
    .refine((value) => value.length > 0, { error: 'should not be empty' })
    .refine((value) => codePointLength(value) <= max, { error: `must be shorter than or equal to ${max} characters` })
    .refine((value) => !hasNul(value), { error: 'must not contain NUL characters' })
    .refine((value) => !hasLoneSurrogate(value), { error: LONE_SURROGATE_MESSAGE })
    .meta({ ...meta, ...(format ? { format } : {}), minLength: minLength ?? 1, maxLength: max });
}

/** A sign-in e-mail: trimmed, lower-cased (addresses compare without regard to case), bounded, no NUL. */
export function emailText(max: number, doc: Doc & { mustBeValid?: boolean } = {}) {
  const { mustBeValid = false, ...meta } = doc;
  // First, and alone: validator's isEmail throws (URIError) on a lone surrogate rather than answer false.
  let schema = z
    .string({ error: 'must be a string' })
    .trim()
    .toLowerCase()
    .refine((value) => !hasLoneSurrogate(value), { error: LONE_SURROGATE_MESSAGE, abort: true });
  if (mustBeValid) schema = schema.refine((value) => isEmail(value), { error: 'must be a valid e-mail address' });
  return schema
    .refine((value) => value.length > 0, { error: 'should not be empty' })
    .refine((value) => codePointLength(value) <= max, { error: `must be shorter than or equal to ${max} characters` })
    .refine((value) => !hasNul(value), { error: 'must not contain NUL characters' })
    .meta({ ...meta, ...(mustBeValid ? { format: 'email' } : {}), minLength: 1, maxLength: max });
}

/** A whole number within bounds, each bound with its own message. */
export function wholeNumber(
  bounds: { min: number; max: number },
  messages: { notWhole: string; tooSmall?: string; tooBig?: string },
  doc: Doc = {},
) {
  return z
    .number({ error: messages.notWhole })
    .refine(Number.isInteger, { error: messages.notWhole })
    .min(bounds.min, { error: messages.tooSmall ?? `must not be less than ${bounds.min}` })
    .max(bounds.max, { error: messages.tooBig ?? `must not be greater than ${bounds.max}` })
    .meta({ ...doc, type: 'integer' });
}

/** A positive database id sent in a body: one message for anything else. */
export function positiveId(doc: Doc = {}) {
  const message = 'must be a positive integer';
  return wholeNumber({ min: 1, max: INT_MAX }, { notWhole: message, tooSmall: message, tooBig: message }, doc);
}

/**
 * A whole number read from a query string (text converted with `Number()`, so `1e2` is 100 and an empty
 * value is 0), optional with a default.
 */
export function queryNumber(bounds: { min: number; max: number; default: number }, doc: Doc = {}) {
  return z.coerce
    .number({ error: 'must be an integer number' })
    .refine(Number.isInteger, { error: 'must be an integer number' })
    .min(bounds.min, { error: `must not be less than ${bounds.min}` })
    .max(bounds.max, { error: `must not be greater than ${bounds.max}` })
    .meta({ ...doc, type: 'integer' })
    .default(bounds.default);
}

/** A calendar date `YYYY-MM-DD` that is today or later in Cairo: food already past its date cannot be offered. */
export function futureCalendarDate(doc: Doc = {}) {
  const notADate = 'must be a date written YYYY-MM-DD';
  return z
    .string({ error: notADate })
    .refine(isCalendarDate, { error: notADate, abort: true })
    .refine((value) => value >= cairoDate(), { error: () => `must not be in the past (today in Cairo is ${cairoDate()})` })
    .refine((value) => value <= horizonDate(), {
      error: () => `must not be more than ${LIMITS.listingHorizonDays} days ahead (${horizonDate()})`,
    })
    .meta({ ...doc, format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
}

/** The last Cairo date a listing may name: LIMITS.listingHorizonDays from today. */
export function horizonDate(now: Date = new Date()): string {
  return cairoDate(new Date(now.getTime() + LIMITS.listingHorizonDays * 86_400_000));
}

/** An optional string (absent, or null to clear it where the body allows), else checked like `text`. */
export function optionalText(max: number, doc: Doc = {}) {
  return text(max, doc).nullish();
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant written ISO 8601 with its offset (`2026-11-24T21:00:00+02:00` or `...Z`), parsed to a Date;
 * at most LIMITS.listingHorizonDays ahead. A time without an offset is ambiguous and refused.
 */
export function instant(doc: Doc & { notFuture?: boolean } = {}) {
  const { notFuture = false, ...meta } = doc;
  const bad = 'must be a date and time written ISO 8601 with an offset, like 2026-11-24T21:00:00+02:00';
  return z
    .string({ error: bad })
    .refine((value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), { error: bad, abort: true })
    .transform((value) => new Date(value))
    .refine((value) => value.getTime() <= Date.now() + LIMITS.listingHorizonDays * 86_400_000, {
      error: `must not be more than ${LIMITS.listingHorizonDays} days ahead`,
    })
    .refine((value) => !notFuture || value.getTime() <= Date.now() + 2 * 60_000, { error: 'must not be in the future' })
    .meta({ ...meta, type: 'string', format: 'date-time', example: meta.example ?? '2026-11-24T21:00:00+02:00' });
}

/** One of a fixed list of words. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, doc: Doc = {}) {
  return z.enum(values, { error: `must be one of: ${values.join(', ')}` }).meta({ example: values[0], ...doc });
}

/** An Egyptian mobile number in any usual form, stored and answered in E.164 (`+201012345678`). */
export function egyptianMobile(doc: Doc = {}) {
  const bad = 'must be an Egyptian mobile number (010, 011, 012 or 015 followed by 8 digits)';
  return z
    .string({ error: bad })
    .max(40, { error: bad })
    .transform((value, ctx) => {
      const e164 = egyptianMobileE164(value);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: bad });
        return z.NEVER;
      }
      return e164;
    })
    .meta({ ...doc, type: 'string', example: doc.example ?? '+201001234567' });
}

/** A latitude inside Egypt's bounding box. */
export function latitude(doc: Doc = {}) {
  const bad = `must be a latitude inside Egypt (${EGYPT_BOUNDS.minLat} to ${EGYPT_BOUNDS.maxLat})`;
  return z.number({ error: bad }).min(EGYPT_BOUNDS.minLat, { error: bad }).max(EGYPT_BOUNDS.maxLat, { error: bad }).meta({ example: 30.0444, ...doc });
}

/** A longitude inside Egypt's bounding box. */
export function longitude(doc: Doc = {}) {
  const bad = `must be a longitude inside Egypt (${EGYPT_BOUNDS.minLng} to ${EGYPT_BOUNDS.maxLng})`;
  return z.number({ error: bad }).min(EGYPT_BOUNDS.minLng, { error: bad }).max(EGYPT_BOUNDS.maxLng, { error: bad }).meta({ example: 31.2357, ...doc });
}

/** Kilograms: more than 0, at most LIMITS.weightKgMax, kept to 10 g. */
export function kilograms(doc: Doc = {}) {
  return z
    .number({ error: 'must be a number of kilograms' })
    .gt(0, { error: 'must be more than 0' })
    .max(LIMITS.weightKgMax, { error: `must not exceed ${LIMITS.weightKgMax}` })
    .transform((value) => Math.round(value * 100) / 100)
    .meta({ example: 12.5, ...doc });
}

/** A list of distinct words from a fixed list. */
export function setOf<const T extends readonly [string, ...string[]]>(values: T, doc: Doc = {}) {
  return z
    .array(z.enum(values, { error: `must each be one of: ${values.join(', ')}` }), { error: 'must be a list' })
    .max(values.length, { error: `must not list more than ${values.length}` })
    .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a value' })
    .meta({ example: [values[0]], ...doc });
}

/** Exactly this value, e.g. `status: "fulfilled"`. */
export function exactly<T extends string>(value: T, doc: Doc = {}) {
  return z.literal(value, { error: `must be "${value}"` }).meta({ example: value, ...doc });
}

// Response fields: the API writes them, so they document rather than check.
export const id = (description: string, example = 42) => z.int().min(1).meta({ description, example });
export const count = (description: string, example = 3) => z.int().min(0).meta({ description, example });
export const said = (description: string, example: string) => z.string().meta({ description, example });
export const email = (description: string, example: string) => z.string().meta({ format: 'email', description, example });
export const dateTime = (description: string) =>
  z.string().meta({ format: 'date-time', description, example: '2026-11-22T09:30:00.000Z' });
export const number = (description: string, example: number) => z.number().meta({ description, example });
export const calendarDate = (description: string) =>
  z.string().meta({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, example: '2026-11-25' });
