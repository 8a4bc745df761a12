import { PLATFORM_TIME_ZONE, cairoDate, isCairoMidnight } from '@food-link/contracts';
import { localeOf } from '../../i18n/i18n';

/*
 * Moments of a listing (pickup window, safe time), always on Cairo's clock: a charity in Aswan and a
 * donor in Alexandria read the same "11:00 pm", whatever the phone is set to.
 */

/*
 * A deadline at Cairo's midnight (the end of an expiry day) is "midnight" and belongs to the day it ends:
 * "12:00 am" of the next day reads as that day's start, a day late.
 */
const MIDNIGHT: Record<string, string> = { en: 'midnight', ar: 'منتصف الليل' };
const midnightWord = (language: string) => MIDNIGHT[language] ?? MIDNIGHT.en;

/** The moment a minute before `instant`: the day a midnight deadline ends. */
const dayEndedBy = (instant: Date) => new Date(instant.getTime() - 60_000);

/** `11:00 pm` / `١١:٠٠ م`; `midnight` / `منتصف الليل`. */
export function cairoTime(iso: string | Date, language: string): string {
  if (isCairoMidnight(new Date(iso))) return midnightWord(language);
  return new Intl.DateTimeFormat(localeOf(language), { timeZone: PLATFORM_TIME_ZONE, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(
    new Date(iso),
  );
}

/**
 * `24 Nov 2026, 11:00 pm`: the same long form in both languages. The end of a day reads
 * `27 Nov 2026, midnight` (not `28 Nov 2026, 12:00 am`).
 */
export function cairoDateTime(iso: string | Date, language: string): string {
  const instant = new Date(iso);
  if (isCairoMidnight(instant)) {
    const day = new Intl.DateTimeFormat(localeOf(language), { timeZone: PLATFORM_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' }).format(
      dayEndedBy(instant),
    );
    return `${day}${language === 'ar' ? '، ' : ', '}${midnightWord(language)}`;
  }
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: PLATFORM_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // en-GB's own 12-hour clock writes noon "0:00 pm"; h12 writes "12:00 pm".
    hourCycle: 'h12',
  }).format(new Date(iso));
}

/**
 * How many Cairo calendar days lie between now and `instant` (0: today, 1: tomorrow); a deadline at
 * midnight counts on the day it ends.
 */
export function cairoDaysAhead(instant: Date, now: Date): number {
  const day = (date: Date) => Date.parse(`${cairoDate(date)}T00:00:00Z`);
  return Math.round((day(isCairoMidnight(instant) ? dayEndedBy(instant) : instant) - day(now)) / 86_400_000);
}

/** The hour (0–23) Cairo's clocks show at `instant` (24 for a midnight deadline, the end of its day). */
export function cairoHour(instant: Date): number {
  if (isCairoMidnight(instant)) return 24;
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: PLATFORM_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(instant));
}

/**
 * A `datetime-local` value (`2026-11-24T21:00`, read as Cairo time) as ISO 8601 with Cairo's offset at
 * that moment (`2026-11-24T21:00:00+02:00`), the form the API requires; null for an empty or bad value.
 */
export function cairoLocalToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Cairo is UTC+2 or UTC+3 (summer time): find the offset that makes the wall clock read right.
  for (const offset of [2, 3]) {
    const instant = new Date(wall - offset * 3_600_000);
    const shown = new Intl.DateTimeFormat('en-CA', {
      timeZone: PLATFORM_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant);
    if (shown.replace(', ', 'T') === value) return `${value}:00+0${offset}:00`;
  }
  return `${value}:00+02:00`;
}

/** The `datetime-local` value showing `iso` on Cairo's clock (for editing a stored time). */
export function isoToCairoLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: PLATFORM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(', ', 'T');
}
