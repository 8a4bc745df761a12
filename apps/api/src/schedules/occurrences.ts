import {
  cairoInstant,
  clockMinutes,
  passesMidnight,
  isCalendarDate,
  isPrayerWindow,
  rangeProblem,
  ruleProblems,
  type EidMode,
  type GovernorateCode,
  type Occurrence,
  type RamadanMode,
  type ScheduleWindow,
} from '@food-link/contracts';
import { GOVERNORATE_POSITIONS as GOVERNORATE_CAPITALS, type MapPosition as Position } from '@food-link/contracts';
import { checkHijriShifts, hijriDate, isEid, isRamadan, type HijriShifts } from './hijri';
import { prayerTime } from './prayer-times';
import { RRule } from './rrule-library';

/*
 * The standing collections' engine (docs/DOMAIN-RULES.md, "Standing collections"): a schedule's rule,
 * Ramadan and Eid choices and window, turned into the occurrences of a range of Cairo dates. Pure: no
 * database, no clock.
 */

/** What of a schedule decides when it runs. */
export interface ScheduleTiming {
  rule: string;
  ramadan?: RamadanMode;
  eids?: EidMode;
  window: ScheduleWindow;
  starts_on: string;
  ends_on?: string | null;
  /** The pickup point's position, or its governorate (whose capital's position times the prayers). */
  place: Position | { governorate: GovernorateCode };
}

/** A bad range or dates: `field` is the name a 400 would lead with. */
export class ScheduleInputError extends RangeError {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
    this.name = 'ScheduleInputError';
  }
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` as the UTC midnight rrule works on ("floating" dates: no zone, so no daylight saving). */
function floating(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function calendar(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function positionOf(place: ScheduleTiming['place']): Position {
  if ('governorate' in place) {
    const capital = GOVERNORATE_CAPITALS[place.governorate];
    if (!capital) throw new ScheduleInputError('governorate', 'must be one of the 27 governorate codes');
    return { lat: capital.lat, lng: capital.lng };
  }
  return place;
}

/**
 * The Cairo dates of `from`..`to` (inclusive) on which the rule runs, within `starts_on`..`ends_on`. The
 * rule is evaluated by `rrule` on floating calendar dates starting at `starts_on` (so COUNT counts from
 * there and BYDAY weekdays are Cairo's): times never enter it, so a daylight-saving change cannot move a day.
 */
export function ruleDates(rule: string, startsOn: string, endsOn: string | null | undefined, from: string, to: string): string[] {
  const options = RRule.parseString(rule.replace(/^RRULE:/i, ''));
  const recurrence = new RRule({ ...options, dtstart: floating(startsOn), tzid: null });
  const first = from > startsOn ? from : startsOn;
  const last = endsOn && endsOn < to ? endsOn : to;
  if (last < first) return [];
  return recurrence.between(floating(first), floating(last), true).map(calendar);
}

/** The window of one Cairo date, as instants. */
export function windowOn(date: string, window: ScheduleWindow, position: Position): { from: Date; until: Date } {
  if (isPrayerWindow(window)) {
    const prayer = prayerTime(window.anchor, date, position).getTime();
    return { from: new Date(prayer + window.from_minutes * 60_000), until: new Date(prayer + window.until_minutes * 60_000) };
  }
  const [year, month, day] = date.split('-').map(Number);
  const at = (clock: string, nextDay = false) => {
    const minutes = clockMinutes(clock);
    return cairoInstant(year, month, day + (nextDay ? 1 : 0), Math.floor(minutes / 60), minutes % 60);
  };
  // A window that passes midnight closes on the next day's clock.
  return { from: at(window.from), until: at(window.until, passesMidnight(window)) };
}

/**
 * The occurrences of a schedule between the Cairo dates `from` and `to` (inclusive, at most
 * SCHEDULE_LIMITS.rangeMaxDays days), in date order, with the Hijri date each falls on (after the
 * operator's `hijriShifts`). Throws ScheduleInputError for a bad range or dates.
 */
export function occurrences(
  schedule: ScheduleTiming,
  range: { from: string; to: string },
  options: { hijriShifts?: HijriShifts } = {},
): Occurrence[] {
  for (const [field, value] of [
    ['from', range.from],
    ['to', range.to],
    ['starts_on', schedule.starts_on],
    ...(schedule.ends_on ? [['ends_on', schedule.ends_on]] : []),
  ] as const) {
    if (!isCalendarDate(value)) throw new ScheduleInputError(field, 'must be a date written YYYY-MM-DD');
  }
  const problem = rangeProblem(range.from, range.to);
  if (problem) throw new ScheduleInputError('to', problem);
  // A stored rule passed ScheduleBody; one that did not is refused here rather than half-understood.
  const [ruleProblem] = ruleProblems(schedule.rule.toUpperCase().replace(/^RRULE:/, ''));
  if (ruleProblem) throw new ScheduleInputError('rule', ruleProblem);
  const shifts = options.hijriShifts ?? {};
  checkHijriShifts(shifts);
  const position = positionOf(schedule.place);
  const ramadan = schedule.ramadan ?? 'any';
  const eids = schedule.eids ?? 'any';

  const result: Occurrence[] = [];
  for (const date of ruleDates(schedule.rule, schedule.starts_on, schedule.ends_on, range.from, range.to)) {
    const hijri = hijriDate(date, shifts);
    if (ramadan === 'only' && !isRamadan(hijri)) continue;
    if (ramadan === 'except' && isRamadan(hijri)) continue;
    if (eids === 'skip' && isEid(hijri)) continue;
    const window = windowOn(date, schedule.window, position);
    result.push({ date, hijri, window_from: window.from.toISOString(), window_until: window.until.toISOString() });
  }
  return result;
}

/** The Cairo dates from `from` to `to`, inclusive (for tests and planners). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = floating(from).getTime(); t <= floating(to).getTime(); t += DAY_MS) dates.push(calendar(new Date(t)));
  return dates;
}
