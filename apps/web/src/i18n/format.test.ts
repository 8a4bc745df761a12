import { formatCalendarDate, formatNumber } from './format';

describe('formatCalendarDate', () => {
  it('writes the month as a word in Arabic too, the same long form as English (issue 18, item 10)', () => {
    expect(formatCalendarDate('2026-11-24', 'ar')).toBe('٢٤ نوفمبر ٢٠٢٦');
  });

  it('shows the same calendar day in English and Arabic', () => {
    expect(formatCalendarDate('2026-11-23', 'en')).toBe('23 Nov 2026');
    expect(formatCalendarDate('2026-11-23', 'ar')).toMatch(/٢٣/);
  });

  it('leaves an unreadable value as it is', () => {
    expect(formatCalendarDate('soon', 'en')).toBe('soon');
  });
});

describe('formatNumber', () => {
  it('uses Arabic-Indic digits in Arabic', () => {
    expect(formatNumber(1250, 'en')).toBe('1,250');
    expect(formatNumber(1250, 'ar')).toBe('١٬٢٥٠');
  });
});
