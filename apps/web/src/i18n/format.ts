import { useTranslation } from 'react-i18next';
import { localeOf } from './i18n';

/**
 * Formats a calendar date (`YYYY-MM-DD`) as that same day, whatever the reader's time zone: the date is
 * read and written in UTC, so no offset can move it to the day before or after.
 */
export function formatCalendarDate(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  // The same long form in both languages ("24 Nov 2026", "٢٤ نوفمبر ٢٠٢٦"): Arabic's medium style is all digits.
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** Date and number formatters bound to the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  return {
    date: (date: string) => formatCalendarDate(date, i18n.language),
    number: (value: number) => formatNumber(value, i18n.language),
  };
}
