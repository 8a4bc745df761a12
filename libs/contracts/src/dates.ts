import { PLATFORM_TIME_ZONE } from './domain';

const cairoDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (`YYYY-MM-DD`) that `instant` falls on in Cairo. */
export function cairoDate(instant: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD, so the parts need no reordering.
  return cairoDateFormat.format(instant);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (no time, no zone, no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** True when a `YYYY-MM-DD` expiry date lies before today in Cairo: the food can no longer be offered. */
export function isExpired(expirationDate: string, now: Date = new Date()): boolean {
  // Same-format ISO dates compare correctly as strings.
  return expirationDate < cairoDate(now);
}

const cairoParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PLATFORM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Cairo's wall clock at `instant`, as if it were UTC (so its offset is the difference). */
function cairoWallClock(instant: number): number {
  const parts = Object.fromEntries(cairoParts.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant at which Cairo's clocks show `year-month-day hour:minute` (the later one in a repeated hour). */
export function cairoInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - (cairoWallClock(wall) - wall);
  guess = wall - (cairoWallClock(guess) - guess);
  return new Date(guess);
}

/**
 * The end of a `YYYY-MM-DD` day in Cairo: the next midnight there, the one place this is computed. Egypt's
 * summer time (UTC+3) starts at the last Friday of April's midnight and ends at the last Thursday of
 * October's, so those days last 23 and 25 hours; the instant is right on both.
 */
export function endOfCairoDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return cairoInstant(year, month, day + 1);
}

/** The month (1–12) it is in Cairo at `instant`. */
export function cairoMonth(instant: Date): number {
  return new Date(cairoWallClock(instant.getTime())).getUTCMonth() + 1;
}

/**
 * True when Cairo's clocks read 00:00 at `instant`: a deadline there (the end of an expiry day) is said as
 * the midnight ending the day before, never as "12:00 am" of the next day, which reads as the start of it.
 */
export function isCairoMidnight(instant: Date): boolean {
  const wall = cairoWallClock(instant.getTime());
  return wall % 86_400_000 === 0;
}
