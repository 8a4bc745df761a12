import { z } from 'zod';
import { ALLERGENS, FOOD_CATEGORIES, FOOD_UNITS, LIMITS, STORAGE_KINDS, UNITS_NEEDING_WEIGHT } from './domain';
import { isCalendarDate } from './dates';
import { kilograms, oneOf, positiveId, setOf, text, wholeNumber } from './fields';
import { MAX_PARTNERS } from './partners-constants';
import { CAPACITY_PROBLEMS } from './capacity';

/*
 * Standing collections (issue 27; docs/DOMAIN-RULES.md, "Standing collections"): food that comes again and
 * again, by a repeat rule, in a window set by the clock or by a prayer time. The engine that turns a
 * schedule into occurrences is apps/api/src/schedules/.
 */

/** Where Ramadan stands in a schedule: only in Ramadan, never in Ramadan, or regardless. */
export const RAMADAN_MODES = ['only', 'except', 'any'] as const;
export type RamadanMode = (typeof RAMADAN_MODES)[number];

/** Whether a schedule runs on the days of the two Eids (1–3 Shawwal, 10–13 Dhu al-Hijjah). */
export const EID_MODES = ['any', 'skip'] as const;
export type EidMode = (typeof EID_MODES)[number];

/** The five prayers a window can be anchored to. */
export const PRAYER_ANCHORS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type PrayerAnchor = (typeof PRAYER_ANCHORS)[number];

export const SCHEDULE_LIMITS = {
  /** A window lasts at least this long (as a listing's pickup window does). */
  windowMinMinutes: 30,
  /** A clock window that passes midnight (`until` before `from`: a late restaurant's 23:30 to 00:30) lasts at most this long. */
  overnightWindowMaxMinutes: 12 * 60,
  /** A prayer window starts and ends at most this far (minutes) before or after its prayer. */
  prayerOffsetMaxMinutes: 360,
  /** Occurrences are computed for at most this many days at once (a planner looks at next Ramadan). */
  rangeMaxDays: 400,
  /** A rule's INTERVAL. */
  intervalMax: 52,
  /** A rule's COUNT. */
  countMax: 1000,
  /** How far an operator may shift a Hijri year's Ramadan and Eids from Umm al-Qura (days, either way). */
  hijriShiftMaxDays: 1,
  /** The Hijri years an operator may shift (1400 AH is 1979, 1600 AH 2174). */
  hijriYearMin: 1400,
  hijriYearMax: 1600,
  /** The rule's text. */
  ruleMaxLength: 200,
} as const;

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
const RULE_PARTS = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH'] as const;

/**
 * The problems of an RRULE text (RFC 5545 §3.3.10), in the subset schedules take, as messages without the
 * field's name; none when it is good. The rule says which days; the window says the times, so there is no
 * BYHOUR, BYMINUTE, BYSECOND or time in UNTIL. Accepted: `FREQ` (DAILY, WEEKLY or MONTHLY; required),
 * `INTERVAL` (1–52), `COUNT` (1–1000) or `UNTIL` (a date `YYYYMMDD`; not both), `BYDAY` (MO…SU; with
 * MONTHLY an ordinal may lead, `1FR`, `-1SA`), `BYMONTHDAY` (1–31 or -31–-1, not with WEEKLY) and
 * `BYMONTH` (1–12). An optional leading `RRULE:` is allowed; parts are separated by `;`, each once.
 */
export function ruleProblems(rule: string): string[] {
  const body = rule.replace(/^RRULE:/i, '');
  if (body.length === 0) return ['must be an RRULE such as FREQ=WEEKLY;BYDAY=SU,TU,TH'];
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const match = /^([A-Z]+)=(.+)$/i.exec(part);
    if (!match) return [`must be NAME=VALUE parts separated by ";" (bad part "${part}")`];
    const name = match[1].toUpperCase();
    if (!(RULE_PARTS as readonly string[]).includes(name)) {
      return [`may only use ${RULE_PARTS.join(', ')} (not ${name}); the window gives the times`];
    }
    if (parts.has(name)) return [`must not repeat ${name}`];
    parts.set(name, match[2].toUpperCase());
  }
  const problems: string[] = [];
  const freq = parts.get('FREQ');
  if (!freq) problems.push('must have FREQ (DAILY, WEEKLY or MONTHLY)');
  else if (!(FREQUENCIES as readonly string[]).includes(freq)) problems.push(`FREQ must be one of: ${FREQUENCIES.join(', ')}`);
  const whole = (name: string, min: number, max: number) => {
    const value = parts.get(name);
    if (value !== undefined && !(/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max)) {
      problems.push(`${name} must be a whole number from ${min} to ${max}`);
    }
  };
  whole('INTERVAL', 1, SCHEDULE_LIMITS.intervalMax);
  whole('COUNT', 1, SCHEDULE_LIMITS.countMax);
  const until = parts.get('UNTIL');
  if (until !== undefined) {
    const date = /^(\d{4})(\d{2})(\d{2})$/.exec(until);
    if (!date || !isCalendarDate(`${date[1]}-${date[2]}-${date[3]}`)) problems.push('UNTIL must be a date written YYYYMMDD');
  }
  if (until !== undefined && parts.has('COUNT')) problems.push('must not have both COUNT and UNTIL');
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    const days = byDay.split(',');
    const ordinal = freq === 'MONTHLY' ? '(?:[+-]?(?:[1-4]))?' : '';
    const day = new RegExp(`^${ordinal}(${WEEKDAYS.join('|')})$`);
    if (!days.every((d) => day.test(d))) {
      problems.push(
        freq === 'MONTHLY'
          ? 'BYDAY must list days MO, TU, WE, TH, FR, SA, SU, each optionally after 1 to 4 or -1 to -4'
          : 'BYDAY must list days MO, TU, WE, TH, FR, SA, SU',
      );
    } else if (new Set(days).size !== days.length) problems.push('BYDAY must not repeat a day');
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    const ok = byMonthDay.split(',').every((d) => /^-?\d{1,2}$/.test(d) && Math.abs(Number(d)) >= 1 && Math.abs(Number(d)) <= 31);
    if (!ok) problems.push('BYMONTHDAY must list days from 1 to 31 (or -1 to -31 from the end)');
    if (freq === 'WEEKLY') problems.push('BYMONTHDAY must not be used with FREQ=WEEKLY');
  }
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined && !byMonth.split(',').every((m) => /^\d{1,2}$/.test(m) && Number(m) >= 1 && Number(m) <= 12)) {
    problems.push('BYMONTH must list months from 1 to 12');
  }
  return problems;
}

/** An RRULE in the subset `ruleProblems` accepts, trimmed and upper-cased, without `RRULE:`. */
export function rruleText(doc: { description?: string; example?: string } = {}) {
  return text(SCHEDULE_LIMITS.ruleMaxLength, { ...doc, trim: true })
    .transform((value) => value.toUpperCase().replace(/^RRULE:/, ''))
    .superRefine((value, ctx) => {
      for (const message of ruleProblems(value)) ctx.addIssue({ code: 'custom', message });
    });
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Minutes after midnight of a `HH:MM` clock time. */
export function clockMinutes(value: string): number {
  const match = CLOCK.exec(value);
  if (!match) throw new RangeError(`not a clock time: ${value}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const clockTime = (description: string, example: string) =>
  z
    .string({ error: 'must be a time written HH:MM (00:00 to 23:59)' })
    .regex(CLOCK, { error: 'must be a time written HH:MM (00:00 to 23:59)' })
    .meta({ description, example, pattern: CLOCK.source });

/**
 * How long a clock window lasts, in minutes: `until` before `from` closes the next day (23:30 to 00:30 is 60
 * minutes), `until` equal to `from` is 0.
 */
export function clockWindowMinutes(window: { from: string; until: string }): number {
  const length = clockMinutes(window.until) - clockMinutes(window.from);
  return length < 0 ? length + 24 * 60 : length;
}

/** Whether a clock window passes midnight: it opens on its day and closes on the next. */
export function passesMidnight(window: { from: string; until: string }): boolean {
  return clockMinutes(window.until) < clockMinutes(window.from);
}

/**
 * A window by Cairo's clock. It opens on the occurrence's day; an `until` before `from` closes the next day
 * (at most SCHEDULE_LIMITS.overnightWindowMaxMinutes long), as a late restaurant's does.
 */
export const ClockWindow = z
  .object({
    from: clockTime('Opens, Cairo time', '20:00'),
    until: clockTime('Closes, Cairo time (before `from`: the next day)', '21:30'),
  })
  .superRefine((window, ctx) => {
    if (!CLOCK.test(window.from) || !CLOCK.test(window.until)) return;
    const length = clockWindowMinutes(window);
    if (length < SCHEDULE_LIMITS.windowMinMinutes) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: `must be at least ${SCHEDULE_LIMITS.windowMinMinutes} minutes after from` });
    } else if (passesMidnight(window) && length > SCHEDULE_LIMITS.overnightWindowMaxMinutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: `must be after from the same day, or (a window that passes midnight) at most ${SCHEDULE_LIMITS.overnightWindowMaxMinutes / 60} hours after it`,
      });
    }
  })
  .meta({ id: 'ClockWindow', description: 'A window by the clock in Cairo' });
export type ClockWindow = z.infer<typeof ClockWindow>;

const offsetMinutes = (description: string, example: number) =>
  wholeNumber(
    { min: -SCHEDULE_LIMITS.prayerOffsetMaxMinutes, max: SCHEDULE_LIMITS.prayerOffsetMaxMinutes },
    { notWhole: 'must be a whole number of minutes' },
    { description, example },
  );

/** A window relative to one of the day's prayers: `maghrib` +30 to +90 is iftar; `fajr` -120 to -30, suhoor. */
export const PrayerWindow = z
  .object({
    anchor: oneOf(PRAYER_ANCHORS, { description: 'The prayer the window follows (or precedes)', example: 'maghrib' }),
    from_minutes: offsetMinutes('Opens this many minutes after the prayer (negative: before)', 30),
    until_minutes: offsetMinutes('Closes this many minutes after the prayer (negative: before)', 90),
  })
  .superRefine((window, ctx) => {
    if (window.until_minutes - window.from_minutes < SCHEDULE_LIMITS.windowMinMinutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['until_minutes'],
        message: `must be at least ${SCHEDULE_LIMITS.windowMinMinutes} more than from_minutes`,
      });
    }
  })
  .meta({ id: 'PrayerWindow', description: 'A window relative to a prayer time at the pickup point' });
export type PrayerWindow = z.infer<typeof PrayerWindow>;

const WINDOW_KINDS = 'must be { from, until } or { anchor, from_minutes, until_minutes }';

/**
 * Either window. A window of one kind with a bad field answers that field's problem
 * (`window.until_minutes must ...`); one that is neither kind whole answers one line on `window`: for an
 * object, the first problem of the kind its keys name (`anchor` makes it a prayer window), with the inner
 * field's name (`window anchor must be one of ...`).
 */
export const ScheduleWindow = z
  .union([ClockWindow, PrayerWindow], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const input = issue.input;
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return WINDOW_KINDS;
      const inner = issue.errors[('anchor' in input ? 1 : 0)]?.[0];
      return inner ? [...inner.path, inner.message].join(' ') : WINDOW_KINDS;
    },
  })
  .meta({ id: 'ScheduleWindow' });
export type ScheduleWindow = z.infer<typeof ScheduleWindow>;

const scheduleDate = (description: string, example: string) =>
  z
    .string({ error: 'must be a date written YYYY-MM-DD' })
    .refine(isCalendarDate, { error: 'must be a date written YYYY-MM-DD' })
    .meta({ description, example, format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** A window is a clock window when it has `from`; the prayer one has `anchor`. */
export function isPrayerWindow(window: ScheduleWindow): window is PrayerWindow {
  return 'anchor' in window;
}

/**
 * `POST /api/schedules` (issue 27): a listing's food fields (as `AddFoodBody` checks them), the rule, the
 * window and the dates. `partners` are charity ids in order: the first is the primary, the rest the waitlist.
 */
const SCHEDULE_FIELDS = {
  pickup_point_id: positiveId({ description: "One of the donor's pickup points: where, and whose position times the prayers" }),
  food_name: text(LIMITS.foodNameMaxLength, { description: 'What is offered (trimmed)', example: 'Baladi bread' }),
  description: text(LIMITS.descriptionMaxLength, { description: 'Details for the charity (trimmed)', example: 'Fresh bread from the evening bake' }),
  category: oneOf(FOOD_CATEGORIES, { description: 'What kind of food; default `other`' }).optional(),
  storage: oneOf(STORAGE_KINDS, { description: 'How it is kept until pickup; default `ambient`; `hot` only for cooked_meal' }).optional(),
  unit: oneOf(FOOD_UNITS, { description: 'What `quantity` counts; default `portion`' }).optional(),
  quantity: wholeNumber(
    { min: LIMITS.quantityMin, max: LIMITS.quantityMax },
    { notWhole: 'must be a whole number of portions', tooSmall: 'must be a positive number', tooBig: `must not exceed ${LIMITS.quantityMax}` },
    { description: 'A whole number of `unit`s each time', example: 40 },
  ),
  weight_kg: kilograms({ description: 'Estimated total weight each time (required when the unit is item or tray)' }).nullish(),
  allergens: setOf(ALLERGENS, { description: 'Allergens present; `unknown` when the donor cannot say' }).optional(),
  rule: rruleText({ description: 'An RRULE evaluated on Cairo calendar dates (subset: docs/DOMAIN-RULES.md, "Standing collections")', example: 'FREQ=WEEKLY;BYDAY=SU,TU,TH' }),
  ramadan: oneOf(RAMADAN_MODES, { description: 'Only in Ramadan, never in Ramadan, or regardless (Umm al-Qura, operator-shifted)' }).default('any'),
  eids: oneOf(EID_MODES, { description: 'Whether to skip the days of Eid al-Fitr (1–3 Shawwal) and Eid al-Adha (10–13 Dhu al-Hijjah)' }).default('any'),
  window: ScheduleWindow,
  partners: z
    .array(positiveId(), { error: 'must be a list' })
    .max(MAX_PARTNERS, { error: `must not list more than ${MAX_PARTNERS}` })
    .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a charity' })
    .optional()
    .meta({ description: 'Standing charities in order: the first is the primary, the others the waitlist', example: [7, 12] }),
  starts_on: scheduleDate('First Cairo date the schedule may run', '2026-12-01'),
  ends_on: scheduleDate('Last Cairo date the schedule may run; none: open-ended', '2027-06-30').nullish(),
};

/** The checks between a schedule's fields (a new one, or a stored one with a PATCH merged). */
function scheduleChecks(body: z.infer<z.ZodObject<typeof SCHEDULE_FIELDS>>, ctx: z.RefinementCtx): void {
  if (body.storage === 'hot' && (body.category ?? 'other') !== 'cooked_meal') {
    ctx.addIssue({ code: 'custom', path: ['storage'], message: 'may be hot only for cooked_meal' });
  }
  if (UNITS_NEEDING_WEIGHT.includes(body.unit ?? 'portion') && !body.weight_kg) {
    ctx.addIssue({ code: 'custom', path: ['weight_kg'], message: `is required when the unit is ${body.unit}` });
  }
  if (body.ends_on && body.ends_on < body.starts_on) {
    ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'must not be before starts_on' });
  }
}

export const ScheduleBody = z.object(SCHEDULE_FIELDS).superRefine(scheduleChecks).meta({ id: 'ScheduleBody' });
export type ScheduleBody = z.infer<typeof ScheduleBody>;

/** `?from=&to=` of the occurrences: Cairo dates, `to` not before `from`, at most 400 days in all. */
export const OccurrencesQuery = z
  .object({
    from: scheduleDate('First Cairo date', '2027-02-01'),
    to: scheduleDate('Last Cairo date (inclusive)', '2027-03-31'),
  })
  .superRefine((query, ctx) => {
    const problem = rangeProblem(query.from, query.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  })
  .meta({ id: 'OccurrencesQuery' });
export type OccurrencesQuery = z.infer<typeof OccurrencesQuery>;

/** Why `from`..`to` (both `YYYY-MM-DD`, inclusive) is not a range occurrences are computed for; null when it is. */
export function rangeProblem(from: string, to: string): string | null {
  if (to < from) return 'must not be before from';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > SCHEDULE_LIMITS.rangeMaxDays) return `must be at most ${SCHEDULE_LIMITS.rangeMaxDays} days from from, inclusive`;
  return null;
}

/** One computed occurrence: its Cairo date (and Hijri date, as shifted), and its window as UTC instants. */
export interface Occurrence {
  date: string;
  hijri: { year: number; month: number; day: number };
  window_from: string;
  window_until: string;
}

/** Paths of the standing collections (issue 27; docs/API.md, "Standing collections"). */
export const SCHEDULE_ROUTES = {
  schedules: '/api/schedules',
  schedule: '/api/schedules/:id',
  occurrences: '/api/schedules/:id/occurrences',
  occurrence: '/api/schedules/:id/occurrences/:date',
  /** POST (a standing charity): claims that day's listing, as `POST /api/request` does. */
  confirm: '/api/schedules/:id/occurrences/:date/confirm',
  /** POST (a standing charity): "we can't come tonight"; the next charity is asked. */
  decline: '/api/schedules/:id/occurrences/:date/decline',
  /** POST (the donor's admin, the branch's manager or staff): "Nothing today"; a listed day's listing is withdrawn. */
  skip: '/api/schedules/:id/occurrences/:date/skip',
  /** GET (charities): the days of the next 14 where the charity is a standing charity. */
  charityStanding: '/api/charity/standing',
  /** DELETE (charities): leave a schedule's standing charities. */
  leaveStanding: '/api/charity/standing/:id',
  /** GET, PUT (operators): the Hijri years whose announced months run a day from Umm al-Qura's. */
  hijriShifts: '/api/ops/hijri-shifts',
} as const;

/** How many days ahead a charity's week view looks (today included). */
export const STANDING_DAYS = 14;

/**
 * `PATCH /api/schedules/{id}`: any of ScheduleBody's fields; a field left out keeps its value, and the
 * schedule as changed must pass ScheduleBody's checks between fields (the service checks the merge).
 */
export const UpdateScheduleBody = z
  .object({
    ...SCHEDULE_FIELDS,
    ramadan: oneOf(RAMADAN_MODES, { description: 'Only in Ramadan, never in Ramadan, or regardless' }),
    eids: oneOf(EID_MODES, { description: 'Whether to skip the days of the two Eids' }),
  })
  .partial()
  .meta({ id: 'UpdateScheduleBody' });
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBody>;

/** `PATCH /api/schedules/{id}/occurrences/{date}`: "only 10 tonight" (`quantity`), "nothing today" (`skip: true`; `false` undoes it). */
export const OccurrenceChangeBody = z
  .object({
    quantity: wholeNumber(
      { min: LIMITS.quantityMin, max: LIMITS.quantityMax },
      { notWhole: 'must be a whole number of portions', tooSmall: 'must be a positive number', tooBig: `must not exceed ${LIMITS.quantityMax}` },
      { description: "That day's quantity instead of the schedule's", example: 10 },
    ).nullish(),
    skip: z.boolean({ error: 'must be true or false' }).optional().meta({ description: 'true: nothing that day; false: that day runs again' }),
  })
  .superRefine((body, ctx) => {
    if (body.quantity === undefined && body.skip === undefined) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'or skip is required' });
  })
  .meta({ id: 'OccurrenceChangeBody' });
export type OccurrenceChangeBody = z.infer<typeof OccurrenceChangeBody>;

/** What became of an occurrence: not listed yet, skipped by the donor, listed, claimed, collected, or gone unclaimed. */
export const OCCURRENCE_STATUSES = ['planned', 'skipped', 'listed', 'claimed', 'collected', 'missed'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

const responseId = (description: string) => z.int().min(1).meta({ description, example: 42 });
const instant = (description: string) => z.string().meta({ format: 'date-time', description, example: '2026-12-01T19:00:00.000Z' });
const day = (description: string) => z.string().meta({ format: 'date', description, example: '2026-12-01' });

/** A schedule as its donor sees it. */
export const ScheduleView = z
  .object({
    id: responseId('The schedule'),
    donor_id: responseId("The donor's account"),
    pickup_point_id: responseId('Where'),
    food_name: z.string(),
    description: z.string(),
    category: z.enum(FOOD_CATEGORIES),
    storage: z.enum(STORAGE_KINDS),
    unit: z.enum(FOOD_UNITS),
    quantity: z.int().min(1),
    weight_kg: z.number().nullable(),
    allergens: z.array(z.enum(ALLERGENS)),
    rule: z.string().meta({ example: 'FREQ=DAILY' }),
    ramadan: z.enum(RAMADAN_MODES),
    eids: z.enum(EID_MODES),
    window: ScheduleWindow,
    partners: z.array(z.int().min(1)).meta({ description: 'Standing charities (accounts) in order: the primary, then the waitlist' }),
    starts_on: day('First date'),
    ends_on: day('Last date').nullable(),
    created_at: instant('When it was made'),
    paused: z
      .enum(['pickup_point_deleted'])
      .nullable()
      .meta({ description: 'Why no day is listed now: `pickup_point_deleted` (its pickup point was deleted; move it to another point to resume); null: running' }),
  })
  .meta({ id: 'ScheduleView' });
export type ScheduleView = z.infer<typeof ScheduleView>;

/** One day of a schedule. `food_id` once it is listed. */
export const OccurrenceView = z
  .object({
    date: day('The Cairo date'),
    hijri: z.object({ year: z.int(), month: z.int().min(1).max(12), day: z.int().min(1).max(30) }).meta({ description: 'The Hijri (Umm al-Qura) date' }),
    window_from: instant('The window opens'),
    window_until: instant('The window closes'),
    status: z.enum(OCCURRENCE_STATUSES),
    quantity: z.int().min(1).meta({ description: "That day's quantity" }),
    food_id: z.int().min(1).optional().meta({ description: 'Its listing, once listed' }),
    passed_over: z
      .array(
        z.object({
          charity_id: z.int().min(1),
          reason: z.enum([...CAPACITY_PROBLEMS, 'not_eligible']).meta({
            description: 'full_today, storage (it does not keep this kind), capacity (too little fridge or freezer space), hours (it does not receive then), not_eligible (not a verified charity now)',
          }),
        }),
      )
      .optional()
      .meta({ description: "Standing charities skipped for this day and why, as their profiles say now (the donor's view; days not yet past)" }),
  })
  .meta({ id: 'OccurrenceView' });
export type OccurrenceView = z.infer<typeof OccurrenceView>;

/** A day of a schedule the charity stands for (`GET /api/charity/standing`). */
export const StandingOccurrenceView = OccurrenceView.extend({
  schedule_id: responseId('The schedule'),
  donor_name: z.string().meta({ description: 'The donor', example: 'Zamalek Bakery' }),
  food_name: z.string(),
  governorate: z.string().meta({ example: 'EG-C' }),
  area: z.string().meta({ example: 'Zamalek' }),
  position: z.int().min(0).meta({ description: '0: the primary charity; 1 and up: the place on the waitlist' }),
  offered_to_you: z.boolean().meta({ description: 'Its listing is offered to this charity alone now: confirm or decline it' }),
}).meta({ id: 'StandingOccurrenceView' });
export type StandingOccurrenceView = z.infer<typeof StandingOccurrenceView>;

/**
 * `PUT /api/ops/hijri-shifts` (operators): Egypt's announced months of a Hijri year run `days` from Umm
 * al-Qura's: +1 (Ramadan starts a day later), -1 (a day earlier), 0 (none: the stored shift is removed).
 * Ramadan and the Eids of standing collections follow it from the next evaluation on.
 */
export const HijriShiftBody = z
  .object({
    hijri_year: wholeNumber(
      { min: SCHEDULE_LIMITS.hijriYearMin, max: SCHEDULE_LIMITS.hijriYearMax },
      { notWhole: 'must be a whole Hijri year' },
      { description: 'The Hijri year (Umm al-Qura) whose months are shifted', example: 1448 },
    ),
    days: wholeNumber(
      { min: -SCHEDULE_LIMITS.hijriShiftMaxDays, max: SCHEDULE_LIMITS.hijriShiftMaxDays },
      { notWhole: 'must be a whole number of days', tooSmall: 'must be -1, 0 or 1', tooBig: 'must be -1, 0 or 1' },
      { description: '+1: the months start a day after Umm al-Qura\'s; -1: a day before; 0: no shift', example: 1 },
    ),
  })
  .meta({ id: 'HijriShiftBody' });
export type HijriShiftBody = z.infer<typeof HijriShiftBody>;

/** A stored shift. */
export const HijriShiftView = z
  .object({
    hijri_year: z.int(),
    days: z.int().min(-1).max(1),
    updated_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'HijriShiftView' });
export type HijriShiftView = z.infer<typeof HijriShiftView>;
