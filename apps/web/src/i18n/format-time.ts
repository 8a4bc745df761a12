import { PLATFORM_TIME_ZONE } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { localeOf } from './i18n';

/*
 * Moments and durations, for the operator console. Kept apart from ./format so they ship in the
 * console's chunk. Moments are shown in the platform's time zone (Africa/Cairo), the zone every other
 * rule of the platform is judged in, whatever the reader's machine is set to.
 */

function formatMoment(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { ...options, timeZone: PLATFORM_TIME_ZONE }).format(date);
}

/** Day and time to the second: `22 Nov 2026, 12:05:07`. */
export const formatDateTime = (iso: string, language: string) =>
  formatMoment(iso, language, { dateStyle: 'medium', timeStyle: 'medium' });

/** Day and time to the minute: `22 Nov 2026, 12:05`. */
export const formatDayTime = (iso: string, language: string) => formatMoment(iso, language, { dateStyle: 'medium', timeStyle: 'short' });

/** Time of day to the minute: `12:05`. */
export const formatTimeOfDay = (iso: string, language: string) => formatMoment(iso, language, { timeStyle: 'short' });

/** Time of day to the second: `12:05:07`. */
export const formatClockTime = (iso: string, language: string) => formatMoment(iso, language, { timeStyle: 'medium' });

const unit = (value: number, name: 'hour' | 'minute' | 'second', language: string) =>
  new Intl.NumberFormat(localeOf(language), { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);

/** A length of time in its two largest units: `45 seconds`, `3 minutes, 4 seconds`, `2 hours, 5 minutes`. */
export function formatDuration(totalSeconds: number, language: string): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts =
    hours > 0
      ? [unit(hours, 'hour', language), minutes > 0 && unit(minutes, 'minute', language)]
      : minutes > 0
        ? [unit(minutes, 'minute', language), rest > 0 && unit(rest, 'second', language)]
        : [unit(rest, 'second', language)];
  return new Intl.ListFormat(localeOf(language), { type: 'unit', style: 'long' }).format(
    parts.filter((part): part is string => Boolean(part)),
  );
}

/** A round trip in milliseconds: `4 ms`. */
export const formatMilliseconds = (value: number, language: string) =>
  new Intl.NumberFormat(localeOf(language), { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);

/** The formatters above, bound to the current language. */
export function useTimeFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    dateTime: (iso: string) => formatDateTime(iso, language),
    dayTime: (iso: string) => formatDayTime(iso, language),
    timeOfDay: (iso: string) => formatTimeOfDay(iso, language),
    clockTime: (iso: string) => formatClockTime(iso, language),
    duration: (seconds: number) => formatDuration(seconds, language),
    milliseconds: (value: number) => formatMilliseconds(value, language),
  };
}
