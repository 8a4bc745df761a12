import { cairoDate, isCalendarDate, isExpired } from './dates';

describe('cairoDate', () => {
  it('gives the Cairo calendar date, which runs ahead of UTC late in the evening', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Cairo (UTC+2 in winter).
    expect(cairoDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(cairoDate(new Date('2026-12-31T21:59:00Z'))).toBe('2026-12-31');
  });

  it('follows Egyptian summer time (UTC+3)', () => {
    expect(cairoDate(new Date('2026-07-15T20:59:00Z'))).toBe('2026-07-15');
    expect(cairoDate(new Date('2026-07-15T21:00:00Z'))).toBe('2026-07-16');
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-01-31', '2028-02-29', '2026-12-01'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-1-5', '2026-01-31T00:00:00Z', 'tomorrow', '', '0000-01-01'])(
    'rejects %s',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});

describe('isExpired', () => {
  const lateEveningUtc = new Date('2026-03-10T22:30:00Z'); // already 11 March in Cairo

  it('treats a date before today in Cairo as expired', () => {
    expect(isExpired('2026-03-10', lateEveningUtc)).toBe(true);
  });

  it('keeps food good through its whole expiry day in Cairo', () => {
    expect(isExpired('2026-03-11', lateEveningUtc)).toBe(false);
    expect(isExpired('2026-03-12', lateEveningUtc)).toBe(false);
  });
});
