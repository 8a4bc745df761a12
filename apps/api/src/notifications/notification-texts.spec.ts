import { cairoTime } from './notification-texts';

describe('moments in notifications', () => {
  it('say the end of a day as its midnight, not the next day at 00:00, in both languages', () => {
    // 28 Nov 2026, 00:00 in Cairo (UTC+2).
    const midnight = new Date('2026-11-27T22:00:00Z');
    expect(cairoTime(midnight, 'en')).toBe('Fri 27 Nov, midnight');
    expect(cairoTime(midnight, 'ar')).toBe('الجمعة، ٢٧ نوفمبر، منتصف الليل');
    expect(cairoTime(new Date('2026-11-27T12:30:00Z'), 'en')).toBe('Fri 27 Nov, 14:30');
  });
});
