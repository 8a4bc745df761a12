import { jest } from '@jest/globals';
import { AddFoodBody, RegisterBody } from './http';
import { checkShape } from './shapes';

/** The lines a 400 would list for a body (empty when it passes). */
function problems(body: Record<string, unknown>): string[] {
  const result = checkShape(AddFoodBody, body);
  return result.success ? [] : result.messages;
}

const cairoToday = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(now);

describe('AddFoodBody', () => {
  const valid = { food_name: 'Koshary', quantity: 3, description: 'Boxes', expiration_date: '2999-01-01' };

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
