import { jest } from '@jest/globals';
import { cairoDate } from './dates';
import { AddFoodBody, RegisterBody } from './http';
import { checkShape } from './shapes';

/** The lines a 400 would list for a body (empty when it passes). */
function problems(body: Record<string, unknown>): string[] {
  const result = checkShape(AddFoodBody, body);
  return result.success ? [] : result.messages;
}

const cairoToday = (now: Date) => cairoDate(now);

describe('AddFoodBody', () => {
  const inAMonth = cairoToday(new Date(Date.now() + 30 * 86_400_000));
  const valid = { food_name: 'Koshary', quantity: 3, description: 'Boxes', expiration_date: inAMonth };

  afterEach(() => jest.useRealTimers());

  it('accepts a complete item', () => {
    expect(problems(valid)).toEqual([]);
  });

  it('trims the texts before checking they are present', () => {
    const parsed = checkShape(AddFoodBody, { ...valid, food_name: '  Ful  ' });
    expect(parsed).toEqual({ success: true, data: { ...valid, food_name: 'Ful' } });
    expect(problems({ ...valid, description: '   ' })).toEqual(['description should not be empty']);
  });

  it('uses the product wording for a non-positive quantity', () => {
    expect(problems({ ...valid, quantity: 0 })).toEqual(['quantity must be a positive number']);
  });

  it('accepts food expiring today in Cairo, even when it is already tomorrow in Cairo but not in UTC', () => {
    // 22:30 UTC on 10 March is 00:30 on 11 March in Cairo.
    jest.useFakeTimers({ now: new Date('2026-03-10T22:30:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    expect(cairoToday(new Date())).toBe('2026-03-11');
    expect(problems({ ...valid, expiration_date: '2026-03-11' })).toEqual([]);
    expect(problems({ ...valid, expiration_date: '2026-03-10' })).toEqual([
      'expiration_date must not be in the past (today in Cairo is 2026-03-11)',
    ]);
  });

  it('counts text length in code points, as PostgreSQL bounds varchar', () => {
    // 61 × "a" + VARIATION SELECTOR-16: 122 code points, though a grapheme count gives 61.
    expect(problems({ ...valid, food_name: 'a\uFE0F'.repeat(61) })).toEqual([
      'food_name must be shorter than or equal to 120 characters',
    ]);
    // 120 astral characters: 240 UTF-16 units, but 120 code points, so they fit varchar(120).
    expect(problems({ ...valid, food_name: '\u{1F35A}'.repeat(120) })).toEqual([]);
  });

  it('gives one line for a field of the wrong type', () => {
    for (const food_name of [[], {}, 5, null, undefined]) {
      expect(problems({ ...valid, food_name })).toEqual(['food_name must be a string']);
    }
    for (const quantity of ['7', [], null]) expect(problems({ ...valid, quantity })).toEqual(['quantity must be a whole number of portions']);
  });

  it('names every field of a body that is not an object', () => {
    for (const body of [null, [], 'text', 42]) {
      const result = checkShape(AddFoodBody, body);
      expect(result.success ? [] : result.messages.map((line) => line.split(' ')[0])).toEqual([
        'food_name',
        'quantity',
        'description',
        'expiration_date',
      ]);
    }
  });
});

describe('AddFoodBody: the listing details beyond the spec', () => {
  const inAMonth = cairoToday(new Date(Date.now() + 30 * 86_400_000));
  const valid = { food_name: 'Bread', quantity: 120, description: 'Baladi loaves', expiration_date: inAMonth };
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('parses the optional fields: instants with an offset become dates, weights keep 10 g', () => {
    const result = checkShape(AddFoodBody, {
      ...valid,
      category: 'bakery',
      unit: 'item',
      weight_kg: 12.345,
      allergens: ['gluten', 'sesame'],
      pickup_from: '2026-11-24T21:00:00+02:00',
      pickup_until: '2026-11-24T23:00:00+02:00',
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.weight_kg).toBe(12.35);
    expect(result.data.pickup_until?.toISOString()).toBe('2026-11-24T21:00:00.000Z');
  });

  it('names each bad field: enums, instants without an offset, weights, repeated allergens, far dates', () => {
    expect(
      problems({
        ...valid,
        category: 'soup',
        storage: 'warm',
        unit: 'crate',
        pickup_from: '2026-11-24 21:00',
        pickup_until: '2026-11-24T23:00:00',
        weight_kg: 0,
        allergens: ['gluten', 'gluten'],
      }),
    ).toEqual([
      'pickup_from must be a date and time written ISO 8601 with an offset, like 2026-11-24T21:00:00+02:00',
      'pickup_until must be a date and time written ISO 8601 with an offset, like 2026-11-24T21:00:00+02:00',
      'category must be one of: cooked_meal, bakery, produce, dairy, meat_fish, packaged, beverages, other',
      'storage must be one of: ambient, chilled, frozen, hot',
      'unit must be one of: portion, kg, item, tray',
      'weight_kg must be more than 0',
      'allergens must not repeat a value',
    ]);
    expect(problems({ ...valid, weight_kg: 10_001 })).toEqual(['weight_kg must not exceed 10000']);
    expect(problems({ ...valid, expiration_date: '9999-12-31' })[0]).toMatch(/^expiration_date must not be more than 365 days ahead/);
    expect(problems({ ...valid, pickup_from: '9999-12-31T10:00:00Z', pickup_until: '9999-12-31T12:00:00Z' })).toEqual([
      'pickup_from must not be more than 365 days ahead',
      'pickup_until must not be more than 365 days ahead',
    ]);
  });

  it('applies the rules between fields: whole windows in order, prepared_at for cooked food, weight for items, hot only when cooked', () => {
    expect(problems({ ...valid, pickup_from: soon(60) })).toEqual(['pickup_until is required with pickup_from']);
    expect(problems({ ...valid, pickup_from: soon(90), pickup_until: soon(60) })).toEqual(['pickup_until must be after pickup_from']);
    expect(problems({ ...valid, category: 'cooked_meal' })).toEqual(['prepared_at is required for cooked_meal']);
    expect(problems({ ...valid, category: 'cooked_meal', prepared_at: soon(30) })).toEqual(['prepared_at must not be in the future']);
    expect(problems({ ...valid, unit: 'tray' })).toEqual(['weight_kg is required when the unit is tray']);
    expect(problems({ ...valid, unit: 'kg' })).toEqual([]);
    expect(problems({ ...valid, storage: 'hot' })).toEqual(['storage may be hot only for cooked_meal']);
  });
});

describe('RegisterBody', () => {
  it('lower-cases and trims the e-mail, keeps the password as typed', () => {
    expect(checkShape(RegisterBody, { name: ' Eve ', email: ' Eve@Example.EG ', password: ' secret pw ' })).toEqual({
      success: true,
      data: { name: 'Eve', email: 'eve@example.eg', password: ' secret pw ' },
    });
  });

  it('lists each broken rule of a field, in order', () => {
    const result = checkShape(RegisterBody, { name: 'Eve', email: '', password: '' });
    expect(result.success ? [] : result.messages).toEqual([
      'email must be a valid e-mail address',
      'email should not be empty',
      'password must be longer than or equal to 8 characters',
      'password should not be empty',
    ]);
  });
});
