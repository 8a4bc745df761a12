import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import { EGYPT_BOUNDS, GOVERNORATE_CODES } from '@food-link/contracts';
import { GOVERNORATE_POSITIONS as GOVERNORATE_CAPITALS } from '@food-link/contracts';
import { datesBetween, occurrences, ScheduleInputError, type ScheduleTiming } from './occurrences';

const CAIRO = { lat: 30.0444, lng: 31.2357 };

/** Cairo's wall clock of an instant, `HH:MM`. */
function cairoClock(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** The days of Ramadan (month 9) of a Hijri year, found here with Intl's Umm al-Qura calendar on its own. */
function ummAlQuraMonth(hijriYear: number, month: number, scanFrom: string, scanTo: string): string[] {
  const format = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
  return datesBetween(scanFrom, scanTo).filter((date) => {
    const parts = format.formatToParts(new Date(`${date}T12:00:00Z`));
    return Number(parts.find((p) => p.type === 'month')?.value) === month && Number(parts.find((p) => p.type === 'year')?.value) === hijriYear;
  });
}

function nextDay(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const nightly: ScheduleTiming = {
  rule: 'FREQ=DAILY',
  window: { from: '21:00', until: '22:30' },
  starts_on: '2026-01-01',
  place: CAIRO,
};

describe('rule evaluation in Cairo', () => {
  it('keeps a 21:00 clock window at 21:00 Cairo across the start of summer time (last Friday of April 2026)', () => {
    const list = occurrences(nightly, { from: '2026-04-22', to: '2026-04-26' });
    expect(list.map((o) => o.date)).toEqual(['2026-04-22', '2026-04-23', '2026-04-24', '2026-04-25', '2026-04-26']);
    for (const o of list) {
      expect(cairoClock(o.window_from)).toBe('21:00');
      expect(cairoClock(o.window_until)).toBe('22:30');
    }
    // UTC+2 until Thursday the 23rd, UTC+3 from Friday the 24th.
    expect(list[1].window_from).toBe('2026-04-23T19:00:00.000Z');
    expect(list[2].window_from).toBe('2026-04-24T18:00:00.000Z');
  });

  it('keeps it at 21:00 across the end of summer time (last Thursday of October 2026)', () => {
    const list = occurrences(nightly, { from: '2026-10-28', to: '2026-10-31' });
    expect(list.map((o) => o.date)).toEqual(['2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31']);
    for (const o of list) expect(cairoClock(o.window_from)).toBe('21:00');
    // Thursday the 29th is still UTC+3 at 21:00 (the clocks go back at its midnight); Friday is UTC+2.
    expect(list[1].window_from).toBe('2026-10-29T18:00:00.000Z');
    expect(list[2].window_from).toBe('2026-10-30T19:00:00.000Z');
    expect(list[2].window_until).toBe('2026-10-30T20:30:00.000Z');
  });

  it("closes a window that passes midnight on the next day's clock, the night summer time ends included", () => {
    const late: ScheduleTiming = { ...nightly, window: { from: '23:30', until: '00:30' } };
    const list = occurrences(late, { from: '2026-10-28', to: '2026-10-30' });
    expect(list.map((o) => o.date)).toEqual(['2026-10-28', '2026-10-29', '2026-10-30']);
    // Wednesday, UTC+3: 23:30 to Thursday 00:30, an hour.
    expect([list[0].window_from, list[0].window_until]).toEqual(['2026-10-28T20:30:00.000Z', '2026-10-28T21:30:00.000Z']);
    // Thursday: at midnight the clocks go back to 23:00, so 23:30 comes twice and the later one is taken
    // (UTC+2), to Friday 00:30 (UTC+2): an hour.
    expect([list[1].window_from, list[1].window_until]).toEqual(['2026-10-29T21:30:00.000Z', '2026-10-29T22:30:00.000Z']);
    // Friday, UTC+2.
    expect([list[2].window_from, list[2].window_until]).toEqual(['2026-10-30T21:30:00.000Z', '2026-10-30T22:30:00.000Z']);
  });

  it('keeps weekly days on Cairo weekdays across a change: FREQ=WEEKLY;BYDAY=SU,TU,TH', () => {
    const list = occurrences({ ...nightly, rule: 'FREQ=WEEKLY;BYDAY=SU,TU,TH' }, { from: '2026-10-25', to: '2026-11-07' });
    expect(list.map((o) => o.date)).toEqual(['2026-10-25', '2026-10-27', '2026-10-29', '2026-11-01', '2026-11-03', '2026-11-05']);
    expect(list.map((o) => new Date(`${o.date}T00:00:00Z`).getUTCDay())).toEqual([0, 2, 4, 0, 2, 4]);
    for (const o of list) expect(cairoClock(o.window_from)).toBe('21:00');
  });

  it('keeps to starts_on and ends_on, and counts COUNT from starts_on', () => {
    const bounded = { ...nightly, starts_on: '2026-12-03', ends_on: '2026-12-05' };
    expect(occurrences(bounded, { from: '2026-12-01', to: '2026-12-31' }).map((o) => o.date)).toEqual(['2026-12-03', '2026-12-04', '2026-12-05']);
    const counted = { ...nightly, rule: 'FREQ=DAILY;COUNT=5', starts_on: '2026-12-01' };
    expect(occurrences(counted, { from: '2026-12-03', to: '2026-12-31' }).map((o) => o.date)).toEqual(['2026-12-03', '2026-12-04', '2026-12-05']);
    const until = { ...nightly, rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20261225', starts_on: '2026-11-27' };
    expect(occurrences(until, { from: '2026-11-27', to: '2027-01-31' }).map((o) => o.date)).toEqual(['2026-11-27', '2026-12-11', '2026-12-25']);
  });

  it('takes monthly rules with an ordinal weekday', () => {
    const lastFriday = { ...nightly, rule: 'FREQ=MONTHLY;BYDAY=-1FR' };
    expect(occurrences(lastFriday, { from: '2026-04-01', to: '2026-06-30' }).map((o) => o.date)).toEqual(['2026-04-24', '2026-05-29', '2026-06-26']);
  });
});

describe('Ramadan and the Eids (Umm al-Qura)', () => {
  const ramadan1448 = ummAlQuraMonth(1448, 9, '2027-01-01', '2027-04-30');
  const first = ramadan1448[0];
  const last = ramadan1448[ramadan1448.length - 1];
  const daily = { ...nightly, starts_on: '2027-01-01' };
  const around = { from: nextDay(first, -3), to: nextDay(last, 3) };

  it('finds Ramadan 1448 from Intl as 29 or 30 days in February–March 2027', () => {
    expect(first).toBe('2027-02-08');
    expect([29, 30]).toContain(ramadan1448.length);
  });

  it("'only' runs from Ramadan's first day to its last, and not the day before or after", () => {
    const dates = occurrences({ ...daily, ramadan: 'only' }, around).map((o) => o.date);
    expect(dates).toEqual(ramadan1448);
    expect(dates).not.toContain(nextDay(first, -1));
    expect(dates).not.toContain(nextDay(last));
  });

  it("'except' skips exactly Ramadan's days, the day before and after included", () => {
    const dates = occurrences({ ...daily, ramadan: 'except' }, around).map((o) => o.date);
    expect(dates).toContain(nextDay(first, -1));
    expect(dates).not.toContain(first);
    expect(dates).not.toContain(last);
    expect(dates).toContain(nextDay(last));
    expect(dates.length + ramadan1448.length).toBe(datesBetween(around.from, around.to).length);
  });

  it("'any' runs every day, and each occurrence names its Hijri date", () => {
    const list = occurrences(daily, { from: first, to: first });
    expect(list).toHaveLength(1);
    expect(list[0].hijri).toEqual({ year: 1448, month: 9, day: 1 });
  });

  it("eids 'skip' leaves out 1–3 Shawwal and 10–13 Dhu al-Hijjah; 'any' keeps them", () => {
    const shawwal = ummAlQuraMonth(1448, 10, '2027-03-01', '2027-04-30');
    const dhuAlHijjah = ummAlQuraMonth(1448, 12, '2027-04-25', '2027-06-30');
    const fitr = shawwal.slice(0, 3);
    const adha = dhuAlHijjah.slice(9, 13);
    const range = { from: '2027-03-01', to: '2027-06-15' };
    const skipping = occurrences({ ...daily, eids: 'skip' }, range).map((o) => o.date);
    for (const day of [...fitr, ...adha]) expect(skipping).not.toContain(day);
    expect(skipping).toContain(shawwal[3]);
    expect(skipping).toContain(dhuAlHijjah[8]); // the day of Arafat
    expect(skipping).toContain(dhuAlHijjah[13]);
    expect(skipping.length + 7).toBe(datesBetween(range.from, range.to).length);
    const keeping = occurrences(daily, range).map((o) => o.date);
    for (const day of [...fitr, ...adha]) expect(keeping).toContain(day);
    // Ramadan 'only' never includes Eid al-Fitr: it is Shawwal.
    expect(occurrences({ ...daily, ramadan: 'only' }, range).map((o) => o.date)).not.toContain(fitr[0]);
  });

  it("moves Ramadan a day later or earlier by the operator's shift of the Hijri year", () => {
    const later = occurrences({ ...daily, ramadan: 'only' }, around, { hijriShifts: { 1448: 1 } }).map((o) => o.date);
    expect(later[0]).toBe(nextDay(first));
    expect(later[later.length - 1]).toBe(nextDay(last));
    expect(later).toHaveLength(ramadan1448.length);
    const earlier = occurrences({ ...daily, ramadan: 'only' }, around, { hijriShifts: { 1448: -1 } }).map((o) => o.date);
    expect(earlier[0]).toBe(nextDay(first, -1));
    expect(earlier[earlier.length - 1]).toBe(nextDay(last, -1));
    // Another year's shift changes nothing here.
    expect(occurrences({ ...daily, ramadan: 'only' }, around, { hijriShifts: { 1447: 1 } }).map((o) => o.date)).toEqual(ramadan1448);
    // A shifted Eid moves with it: Ramadan's last day moves a day later, then three days of Eid.
    const skipped = occurrences({ ...daily, eids: 'skip' }, { from: last, to: nextDay(last, 5) }, { hijriShifts: { 1448: 1 } }).map((o) => o.date);
    expect(skipped).toEqual([last, nextDay(last), nextDay(last, 5)]);
  });

  it('refuses a shift of more than a day', () => {
    expect(() => occurrences(daily, around, { hijriShifts: { 1448: 2 } })).toThrow(/-1 to 1/);
    expect(() => occurrences(daily, around, { hijriShifts: { 1448: 0.5 } })).toThrow(/-1 to 1/);
  });
});

describe('prayer windows (adhan, Egyptian General Authority of Survey)', () => {
  // Positions written out here, so the governorate capitals' table is checked too.
  const CITIES = [
    { governorate: 'EG-C', lat: 30.0444, lng: 31.2357 },
    { governorate: 'EG-ALX', lat: 31.2001, lng: 29.9187 },
    { governorate: 'EG-ASN', lat: 24.0889, lng: 32.8998 },
  ] as const;
  const DATES = ['2026-11-27', '2027-02-10', '2027-04-24', '2027-06-21'];
  const ANCHORS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;

  function adhanTime(anchor: (typeof ANCHORS)[number], date: string, lat: number, lng: number): number {
    const [y, m, d] = date.split('-').map(Number);
    return new PrayerTimes(new Coordinates(lat, lng), new Date(y, m - 1, d), CalculationMethod.Egyptian())[anchor].getTime();
  }

  it.each(CITIES)('puts Maghrib +30..+90 within 2 minutes of adhan in $governorate', ({ governorate, lat, lng }) => {
    const iftar: ScheduleTiming = {
      rule: 'FREQ=DAILY',
      window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 },
      starts_on: '2026-11-01',
      place: { governorate },
    };
    for (const date of DATES) {
      const [o] = occurrences(iftar, { from: date, to: date });
      const maghrib = adhanTime('maghrib', date, lat, lng);
      expect(Math.abs(Date.parse(o.window_from) - (maghrib + 30 * 60_000))).toBeLessThanOrEqual(120_000);
      expect(Math.abs(Date.parse(o.window_until) - (maghrib + 90 * 60_000))).toBeLessThanOrEqual(120_000);
    }
  });

  it('times every anchor, before (negative) and after the prayer, at a given position', () => {
    const aswan = CITIES[2];
    for (const anchor of ANCHORS) {
      const window = { anchor, from_minutes: -120, until_minutes: -30 };
      const [o] = occurrences({ ...nightly, window, place: { lat: aswan.lat, lng: aswan.lng } }, { from: '2027-02-10', to: '2027-02-10' });
      const prayer = adhanTime(anchor, '2027-02-10', aswan.lat, aswan.lng);
      expect(Math.abs(Date.parse(o.window_from) - (prayer - 120 * 60_000))).toBeLessThanOrEqual(120_000);
      expect(Math.abs(Date.parse(o.window_until) - (prayer - 30 * 60_000))).toBeLessThanOrEqual(120_000);
    }
  });

  it('gives Maghrib in Cairo at a sensible hour, earlier in winter than in summer, later in Alexandria than in Aswan in summer', () => {
    const at = (governorate: 'EG-C' | 'EG-ALX' | 'EG-ASN', date: string) =>
      occurrences({ ...nightly, window: { anchor: 'maghrib', from_minutes: 0, until_minutes: 60 }, place: { governorate } }, { from: date, to: date })[0]
        .window_from;
    expect(cairoClock(at('EG-C', '2026-12-21'))).toMatch(/^16:5\d|^17:0\d/);
    expect(cairoClock(at('EG-C', '2027-06-21'))).toMatch(/^19:5\d|^20:0\d/);
    expect(Date.parse(at('EG-ALX', '2027-06-21'))).toBeGreaterThan(Date.parse(at('EG-ASN', '2027-06-21')));
  });

  it('has every governorate capital inside Egypt', () => {
    for (const code of GOVERNORATE_CODES) {
      const capital = GOVERNORATE_CAPITALS[code];
      expect(capital.lat).toBeGreaterThanOrEqual(EGYPT_BOUNDS.minLat);
      expect(capital.lat).toBeLessThanOrEqual(EGYPT_BOUNDS.maxLat);
      expect(capital.lng).toBeGreaterThanOrEqual(EGYPT_BOUNDS.minLng);
      expect(capital.lng).toBeLessThanOrEqual(EGYPT_BOUNDS.maxLng);
    }
  });
});

describe('ranges', () => {
  it('computes up to 400 days at once (a planner looks at next Ramadan)', () => {
    const list = occurrences(nightly, { from: '2027-01-01', to: '2028-02-04' });
    expect(list).toHaveLength(400);
    expect(list[399].date).toBe('2028-02-04');
  });

  it('refuses 401 days, a range that ends before it starts, and dates that are not dates, naming the field', () => {
    const refused = (range: { from: string; to: string }, schedule = nightly) => {
      try {
        occurrences(schedule, range);
      } catch (error) {
        return error instanceof ScheduleInputError ? error.message : `unexpected ${String(error)}`;
      }
      return 'accepted';
    };
    expect(refused({ from: '2027-01-01', to: '2028-02-05' })).toBe('to must be at most 400 days from from, inclusive');
    expect(refused({ from: '2027-01-02', to: '2027-01-01' })).toBe('to must not be before from');
    expect(refused({ from: '2027-02-30', to: '2027-03-01' })).toBe('from must be a date written YYYY-MM-DD');
    expect(refused({ from: '2027-01-01', to: '2027-01-02' }, { ...nightly, ends_on: '2027-13-01' })).toBe('ends_on must be a date written YYYY-MM-DD');
    expect(refused({ from: '2027-01-01', to: '2027-01-02' }, { ...nightly, rule: 'FREQ=HOURLY' })).toBe('rule FREQ must be one of: DAILY, WEEKLY, MONTHLY');
    expect(refused({ from: '2027-01-01', to: '2027-01-02' }, { ...nightly, rule: 'rrule:freq=daily' })).toBe('accepted');
  });
});
