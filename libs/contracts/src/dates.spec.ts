import { cairoDate, cairoInstant, endOfCairoDay, isCalendarDate, isExpired } from './dates';

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

describe('endOfCairoDay', () => {
  it('is the next midnight in Cairo: 22:00 UTC in winter (UTC+2), 21:00 UTC in summer time (UTC+3)', () => {
    expect(endOfCairoDay('2026-11-24').toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(endOfCairoDay('2026-07-15').toISOString()).toBe('2026-07-15T21:00:00.000Z');
  });

  it('rolls over months and years', () => {
    expect(endOfCairoDay('2026-12-31').toISOString()).toBe('2026-12-31T22:00:00.000Z');
    expect(cairoInstant(2027, 1, 1).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });

  const HOUR = 3_600_000;
  const dayLength = (date: string, dayBefore: string) => endOfCairoDay(date).getTime() - endOfCairoDay(dayBefore).getTime();

  // Summer time starts when the last Friday of April begins: 00:00 becomes 01:00 (24 April 2026, 26 April 2024).
  it('ends the day before summer time at the jump, and gives the first summer day 23 hours', () => {
    expect(endOfCairoDay('2026-04-22').toISOString()).toBe('2026-04-22T22:00:00.000Z');
    expect(endOfCairoDay('2026-04-23').toISOString()).toBe('2026-04-23T22:00:00.000Z');
    expect(endOfCairoDay('2026-04-24').toISOString()).toBe('2026-04-24T21:00:00.000Z');
    expect(dayLength('2026-04-24', '2026-04-23')).toBe(23 * HOUR);
    expect(endOfCairoDay('2024-04-25').toISOString()).toBe('2024-04-25T22:00:00.000Z');
    expect(endOfCairoDay('2024-04-26').toISOString()).toBe('2024-04-26T21:00:00.000Z');
    expect(cairoDate(endOfCairoDay('2026-04-23'))).toBe('2026-04-24');
    expect(cairoDate(new Date(endOfCairoDay('2026-04-23').getTime() - 1))).toBe('2026-04-23');
  });

  // Summer time ends when the last Thursday of October ends: 24:00 becomes 23:00 (29 October 2026, 31 October 2024).
  it('gives the last summer day 25 hours, ending at the second midnight', () => {
    expect(endOfCairoDay('2026-10-28').toISOString()).toBe('2026-10-28T21:00:00.000Z');
    expect(endOfCairoDay('2026-10-29').toISOString()).toBe('2026-10-29T22:00:00.000Z');
    expect(endOfCairoDay('2026-10-30').toISOString()).toBe('2026-10-30T22:00:00.000Z');
    expect(dayLength('2026-10-29', '2026-10-28')).toBe(25 * HOUR);
    expect(endOfCairoDay('2024-10-31').toISOString()).toBe('2024-10-31T22:00:00.000Z');
    expect(cairoDate(endOfCairoDay('2026-10-29'))).toBe('2026-10-30');
    expect(cairoDate(new Date(endOfCairoDay('2026-10-29').getTime() - 1))).toBe('2026-10-29');
  });
});
