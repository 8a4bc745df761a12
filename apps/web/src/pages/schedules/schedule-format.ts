import { passesMidnight, type ScheduleView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../i18n/format-time';
import { localeOf } from '../../i18n/i18n';
import { daysOf } from './schedule-rules';

const noon = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, 12));
};

/** A Cairo calendar date with its weekday: "Sat 28 Nov 2026", "السبت ٢٨ نوفمبر ٢٠٢٦". */
export function gregorianDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(noon(date));
}

const UMM_AL_QURA_PARTS = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });

/** The Umm al-Qura date of a Gregorian date, as numbers. */
function ummAlQura(date: Date): { year: number; month: number; day: number } {
  const parts = UMM_AL_QURA_PARTS.formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year') || part('relatedYear'), month: part('month'), day: part('day') };
}

/**
 * The same day in the Hijri calendar: "17 Jumada II 1448 AH", "١٧ جمادى الآخرة ١٤٤٨ هـ". With `hijri` (the
 * API's date, after an operator's shift of the year), that date is named: Intl names Umm al-Qura's dates
 * only, so the Gregorian day a day either side whose Umm al-Qura date it is, is formatted instead.
 */
export function hijriDay(date: string, language: string, hijri?: { year: number; month: number; day: number }): string {
  let day = noon(date);
  if (hijri) {
    const same = (d: Date) => {
      const u = ummAlQura(d);
      return u.year === hijri.year && u.month === hijri.month && u.day === hijri.day;
    };
    const found = [0, -1, 1].map((shift) => new Date(day.getTime() + shift * 86_400_000)).find(same);
    if (found) day = found;
  }
  return new Intl.DateTimeFormat(`${localeOf(language)}-u-ca-islamic-umalqura`, {
    calendar: 'islamic-umalqura',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** Texts that say a schedule's days and window in the reader's language. */
export function useScheduleSummary() {
  const { t, i18n } = useTranslation('schedules');
  const number = (value: number) => new Intl.NumberFormat(localeOf(i18n.language)).format(value);
  const clock = (value: string) => formatTimeOfDay(`2000-01-01T${value}:00+02:00`, i18n.language);
  return {
    days: (schedule: ScheduleView) => {
      const days = daysOf(schedule.rule);
      if (days === null) return t('rule.custom', { rule: schedule.rule });
      if (days.length === 0 || days.length === 7) return t('rule.everyDay');
      return t('rule.weekly', { days: new Intl.ListFormat(localeOf(i18n.language), { type: 'conjunction' }).format(days.map((day) => t(`days.${day}`))) });
    },
    window: (schedule: ScheduleView) => {
      const window = schedule.window;
      return 'anchor' in window
        ? t('rule.prayer', { prayer: t(`prayers.${window.anchor}`), from: number(window.from_minutes), until: number(window.until_minutes) })
        : t(passesMidnight(window) ? 'rule.clockOvernight' : 'rule.clock', { from: clock(window.from), until: clock(window.until) });
    },
    ramadan: (schedule: ScheduleView) =>
      schedule.ramadan === 'only' ? t('rule.ramadanOnly') : schedule.ramadan === 'except' ? t('rule.ramadanExcept') : null,
    eids: (schedule: ScheduleView) => (schedule.eids === 'skip' ? t('rule.eidsSkip') : null),
    time: (iso: string) => formatTimeOfDay(iso, i18n.language),
    number,
    language: i18n.language,
  };
}
