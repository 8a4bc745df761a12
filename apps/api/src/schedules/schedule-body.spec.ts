import { checkShape, OccurrencesQuery, ruleProblems, ScheduleBody } from '@food-link/contracts';

const good = {
  pickup_point_id: 3,
  food_name: 'Baladi bread',
  description: 'Fresh bread from the evening bake',
  quantity: 40,
  rule: 'FREQ=DAILY',
  window: { from: '21:00', until: '22:00' },
  starts_on: '2026-12-01',
};

function problems(body: Record<string, unknown>): string[] {
  const result = checkShape(ScheduleBody, body);
  return result.success ? [] : result.messages;
}

describe('ScheduleBody', () => {
  it('accepts a nightly clock schedule and fills the defaults', () => {
    const result = checkShape(ScheduleBody, good);
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.ramadan).toBe('any');
      expect(result.data.eids).toBe('any');
      expect(result.data.rule).toBe('FREQ=DAILY');
    }
  });

  it('accepts an iftar schedule relative to Maghrib, Ramadan only, with partners', () => {
    const iftar = { ...good, rule: 'rrule:freq=daily', ramadan: 'only', window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 }, partners: [7, 12] };
    const result = checkShape(ScheduleBody, iftar);
    expect(result.success).toBe(true);
    if (result.success) expect(result.data.rule).toBe('FREQ=DAILY');
  });

  it.each([
    ['FREQ=YEARLY', 'rule FREQ must be one of: DAILY, WEEKLY, MONTHLY'],
    ['FREQ=HOURLY;INTERVAL=2', 'rule FREQ must be one of: DAILY, WEEKLY, MONTHLY'],
    ['BYDAY=MO', 'rule must have FREQ (DAILY, WEEKLY or MONTHLY)'],
    ['FREQ=DAILY;BYHOUR=21', 'rule may only use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH (not BYHOUR); the window gives the times'],
    ['FREQ=WEEKLY;BYDAY=SU,XX', 'rule BYDAY must list days MO, TU, WE, TH, FR, SA, SU'],
    ['FREQ=WEEKLY;BYDAY=1FR', 'rule BYDAY must list days MO, TU, WE, TH, FR, SA, SU'],
    ['FREQ=WEEKLY;BYDAY=SU,SU', 'rule BYDAY must not repeat a day'],
    ['FREQ=DAILY;INTERVAL=0', 'rule INTERVAL must be a whole number from 1 to 52'],
    ['FREQ=DAILY;COUNT=5;UNTIL=20270101', 'rule must not have both COUNT and UNTIL'],
    ['FREQ=DAILY;UNTIL=20270101T000000Z', 'rule UNTIL must be a date written YYYYMMDD'],
    ['FREQ=DAILY;UNTIL=20270230', 'rule UNTIL must be a date written YYYYMMDD'],
    ['FREQ=DAILY;FREQ=WEEKLY', 'rule must not repeat FREQ'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'rule BYMONTHDAY must list days from 1 to 31 (or -1 to -31 from the end)'],
    ['every day', 'rule must be NAME=VALUE parts separated by ";" (bad part "EVERY DAY")'],
    ['', 'rule should not be empty'],
  ])('refuses the rule %j, naming rule', (rule, message) => {
    expect(problems({ ...good, rule })).toContain(message);
  });

  it('accepts the rules it documents', () => {
    for (const rule of ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=SU,TU,TH', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20271231', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=12', 'FREQ=DAILY;BYMONTH=3,4']) {
      expect([rule, ruleProblems(rule)]).toEqual([rule, []]);
    }
  });

  it('refuses clock windows that are not HH:MM, end before they start or last under 30 minutes, naming the field', () => {
    expect(problems({ ...good, window: { from: '21:00', until: '20:00' } })).toEqual([
      'window.until must be after from the same day, or (a window that passes midnight) at most 12 hours after it',
    ]);
    expect(problems({ ...good, window: { from: '21:00', until: '21:29' } })).toEqual(['window.until must be at least 30 minutes after from']);
    expect(problems({ ...good, window: { from: '21:00', until: '21:00' } })).toEqual(['window.until must be at least 30 minutes after from']);
    expect(problems({ ...good, window: { from: '23:50', until: '00:10' } })).toEqual(['window.until must be at least 30 minutes after from']);
    // A late restaurant's window passes midnight: it closes the next day.
    expect(problems({ ...good, window: { from: '23:30', until: '00:30' } })).toEqual([]);
    expect(problems({ ...good, window: { from: '21:00', until: '09:00' } })).toEqual([]);
    expect(problems({ ...good, window: { from: '9pm', until: '22:00' } })).toEqual(['window.from must be a time written HH:MM (00:00 to 23:59)']);
    expect(problems({ ...good, window: { from: '21:00', until: '24:00' } })).toEqual(['window.until must be a time written HH:MM (00:00 to 23:59)']);
  });

  it('refuses prayer windows with an unknown anchor, minutes out of bounds or in the wrong order, naming the field', () => {
    const prayer = (window: Record<string, unknown>) => problems({ ...good, window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90, ...window } });
    expect(prayer({ anchor: 'sunrise' })).toEqual(['window anchor must be one of: fajr, dhuhr, asr, maghrib, isha']);
    expect(prayer({ from_minutes: 90, until_minutes: 30 })).toEqual(['window.until_minutes must be at least 30 more than from_minutes']);
    expect(prayer({ until_minutes: 400 })).toEqual(['window.until_minutes must not be greater than 360']);
    expect(prayer({ from_minutes: -361 })).toEqual(['window.from_minutes must not be less than -360']);
    expect(prayer({ from_minutes: 1.5 })).toEqual(['window.from_minutes must be a whole number of minutes']);
    // Neither kind whole: the problem of the kind its keys name, after `window`.
    expect(problems({ ...good, window: { anchor: 'maghrib' } })).toEqual(['window from_minutes must be a whole number of minutes']);
    expect(problems({ ...good, window: { from: '21:00' } })).toEqual(['window until must be a time written HH:MM (00:00 to 23:59)']);
  });

  it('refuses a window that is neither kind, naming window', () => {
    expect(problems({ ...good, window: 'evening' })).toEqual(['window must be { from, until } or { anchor, from_minutes, until_minutes }']);
    expect(problems({ ...good, window: {} })).toEqual(['window from must be a time written HH:MM (00:00 to 23:59)']);
    expect(problems({ ...good, window: undefined })).toEqual(['window must be { from, until } or { anchor, from_minutes, until_minutes }']);
  });

  it('refuses bad dates, a Ramadan mode it does not know, and the add-food rules, naming each field', () => {
    expect(problems({ ...good, starts_on: '2026-02-30' })).toEqual(['starts_on must be a date written YYYY-MM-DD']);
    expect(problems({ ...good, ends_on: '2026-11-30' })).toEqual(['ends_on must not be before starts_on']);
    expect(problems({ ...good, ramadan: 'sometimes' })).toEqual(['ramadan must be one of: only, except, any']);
    expect(problems({ ...good, unit: 'tray' })).toEqual(['weight_kg is required when the unit is tray']);
    expect(problems({ ...good, storage: 'hot' })).toEqual(['storage may be hot only for cooked_meal']);
    expect(problems({ ...good, partners: [7, 7] })).toEqual(['partners must not repeat a charity']);
    expect(problems({ ...good, quantity: 0 })).toEqual(['quantity must be a positive number']);
  });
});

describe('OccurrencesQuery', () => {
  it('takes up to 400 days and refuses more, naming to', () => {
    expect(checkShape(OccurrencesQuery, { from: '2027-01-01', to: '2028-02-04' }).success).toBe(true);
    expect(checkShape(OccurrencesQuery, { from: '2027-01-01', to: '2028-02-05' })).toEqual({
      success: false,
      messages: ['to must be at most 400 days from from, inclusive'],
    });
    expect(checkShape(OccurrencesQuery, { from: '2027-01-02', to: '2027-01-01' })).toEqual({ success: false, messages: ['to must not be before from'] });
  });
});
