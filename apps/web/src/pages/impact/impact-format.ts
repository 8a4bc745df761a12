import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/i18n';

/** Figures as the impact pages show them, in the reader's digits: kg and CO2e to one decimal, meals and litres whole. */
export function useImpactFormat() {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const number = (digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  const oneDecimal = number(1);
  const whole = number(0);
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    kg: (value: number) => oneDecimal.format(value),
    meals: (value: number) => whole.format(value),
    co2e: (value: number) => oneDecimal.format(value),
    water: (value: number) => whole.format(value),
    /** A Cairo month `YYYY-MM` as "Mar 2026" (or its Arabic). */
    month: (month: string) => {
      const [year, index] = month.split('-').map(Number);
      return year && index ? monthFormat.format(new Date(Date.UTC(year, index - 1, 1))) : month;
    },
  };
}

export type ImpactFormat = ReturnType<typeof useImpactFormat>;
