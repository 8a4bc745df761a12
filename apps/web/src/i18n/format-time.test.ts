import { formatClockTime, formatDateTime, formatDuration, formatMilliseconds, formatTimeOfDay } from './format-time';

describe('moments, in Cairo time', () => {
  // 09:30 UTC is 11:30 in Cairo in November (UTC+2) and 12:30 in July (summer time, UTC+3).
  it('shows the day and time to the second', () => {
    expect(formatDateTime('2026-11-22T09:30:05.000Z', 'en')).toBe('22 Nov 2026, 11:30:05');
    expect(formatDateTime('2026-07-01T09:30:05.000Z', 'en')).toBe('1 Jul 2026, 12:30:05');
  });

  it('shows times of day, with Arabic-Indic digits in Arabic', () => {
    expect(formatTimeOfDay('2026-11-22T09:30:05.000Z', 'en')).toBe('11:30');
    expect(formatClockTime('2026-11-22T09:30:05.000Z', 'en')).toBe('11:30:05');
    expect(formatTimeOfDay('2026-11-22T09:30:05.000Z', 'ar')).toMatch(/١١:٣٠/);
  });

  it('leaves an unreadable value as it is', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});

describe('formatDuration', () => {
  it('names the two largest units', () => {
    expect(formatDuration(0, 'en')).toBe('0 seconds');
    expect(formatDuration(45, 'en')).toBe('45 seconds');
    expect(formatDuration(60, 'en')).toBe('1 minute');
    expect(formatDuration(184, 'en')).toBe('3 minutes, 4 seconds');
    expect(formatDuration(7530, 'en')).toBe('2 hours, 5 minutes');
  });

  it('reads in Arabic with Arabic-Indic digits', () => {
    expect(formatDuration(184, 'ar')).toBe('٣ دقائق و٤ ثوان');
  });
});

describe('formatMilliseconds', () => {
  it('shows a round trip', () => {
    expect(formatMilliseconds(3, 'en')).toBe('3 ms');
    expect(formatMilliseconds(1.25, 'en')).toBe('1.3 ms');
  });
});
