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
