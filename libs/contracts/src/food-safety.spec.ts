import { normalHighC, safeUntil, windowProblems, type SafetyFacts } from './food-safety';

const HOUR = 3_600_000;

describe('safeUntil', () => {
  const listedAt = new Date('2026-11-24T19:00:00Z'); // 21:00 in Cairo
  const base: SafetyFacts = { category: 'bakery', storage: 'ambient', expirationDate: '2026-11-26', listedAt, dayHighC: 22 };

  it('keeps chilled, frozen and ambient bakery food until the end of its date in Cairo', () => {
    for (const storage of ['chilled', 'frozen', 'ambient'] as const) {
      expect(safeUntil({ ...base, storage }).toISOString()).toBe('2026-11-26T22:00:00.000Z');
    }
  });

  it('gives hot-held cooked food 4 hours from preparation', () => {
    const preparedAt = new Date('2026-11-24T18:30:00Z');
    expect(safeUntil({ ...base, category: 'cooked_meal', storage: 'hot', preparedAt }).getTime()).toBe(preparedAt.getTime() + 4 * HOUR);
  });

  it('gives cooked food at room temperature 2 hours, and 1 hour on a day of 32 °C or more', () => {
    const preparedAt = new Date('2026-11-24T18:30:00Z');
    const cooked = { ...base, category: 'cooked_meal' as const, preparedAt };
    expect(safeUntil(cooked).getTime()).toBe(preparedAt.getTime() + 2 * HOUR);
    expect(safeUntil({ ...cooked, dayHighC: 31.9 }).getTime()).toBe(preparedAt.getTime() + 2 * HOUR);
    expect(safeUntil({ ...cooked, dayHighC: 32 }).getTime()).toBe(preparedAt.getTime() + HOUR);
  });

  it('counts dairy, meat and fish left at room temperature from when they were listed', () => {
    expect(safeUntil({ ...base, category: 'dairy' }).getTime()).toBe(listedAt.getTime() + 2 * HOUR);
    expect(safeUntil({ ...base, category: 'meat_fish', storage: 'chilled' }).toISOString()).toBe('2026-11-26T22:00:00.000Z');
  });

  it('never runs past the end of the expiration date', () => {
    const preparedAt = new Date('2026-11-24T21:00:00Z'); // 23:00 in Cairo, date ends at 22:00 UTC
    expect(safeUntil({ ...base, category: 'cooked_meal', storage: 'hot', preparedAt, expirationDate: '2026-11-24' }).toISOString()).toBe(
      '2026-11-24T22:00:00.000Z',
    );
  });
});

describe('normalHighC', () => {
  it("reads the governorate's monthly normal: Aswan is hot in July, Alexandria is not; Cairo is not in November", () => {
    expect(normalHighC('EG-ASN', new Date('2026-07-10T12:00:00Z'))).toBeGreaterThanOrEqual(32);
    expect(normalHighC('EG-ALX', new Date('2026-07-10T12:00:00Z'))).toBeLessThan(32);
    expect(normalHighC('EG-C', new Date('2026-11-24T12:00:00Z'))).toBeLessThan(32);
  });

  it('errs on the safe side without a governorate: the hottest of them that month', () => {
    expect(normalHighC(null, new Date('2026-07-10T12:00:00Z'))).toBe(normalHighC('EG-ASN', new Date('2026-07-10T12:00:00Z')));
  });
});

describe('windowProblems', () => {
  const now = new Date('2026-11-24T19:00:00Z');
  const safe = new Date('2026-11-24T22:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const check = (from: number | null, until: number | null, safeUntil = safe) =>
    windowProblems({ pickupFrom: from === null ? null : at(from), pickupUntil: until === null ? null : at(until), safeUntil, now, minWindowMinutes: 30 });

  it('accepts a window of 30 minutes or more that ends by safe_until', () => {
    expect(check(0, 30)).toEqual([]);
    expect(check(60, 180)).toEqual([]);
    expect(check(null, null)).toEqual([]);
  });

  it('refuses a reversed, past, too short or unsafe window, naming the field', () => {
    expect(check(60, 30)).toEqual([['pickup_until', 'must be after pickup_from']]);
    expect(check(-120, -60)).toEqual([
      ['pickup_from', 'must not be in the past'],
      ['pickup_until', 'must be in the future'],
    ]);
    expect(check(0, 29)).toEqual([['pickup_until', 'must leave at least 30 minutes to collect the food']]);
    expect(check(0, 181)[0][0]).toBe('pickup_until');
    expect(check(0, 181)[0][1]).toMatch(/must not be after safe_until/);
  });

  it('refuses a listing without a window whose safe time leaves under the minimum', () => {
    expect(check(null, null, at(20))[0][0]).toBe('expiration_date');
  });
});
