import { jest } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AddFoodDto } from './add-food.dto';

/** The messages class-validator gives for a body, as the ValidationPipe would (after its transform). */
function problems(body: Record<string, unknown>): string[] {
  const dto = plainToInstance(AddFoodDto, body);
  return validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {}));
}

const cairoToday = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(now);

describe('AddFoodDto', () => {
  const valid = { food_name: 'Koshary', quantity: 3, description: 'Boxes', expiration_date: '2999-01-01' };

  afterEach(() => jest.useRealTimers());

  it('accepts a complete item', () => {
    expect(problems(valid)).toEqual([]);
  });

  it('trims the texts before checking they are present', () => {
    const dto = plainToInstance(AddFoodDto, { ...valid, food_name: '  Ful  ' });
    expect(dto.food_name).toBe('Ful');
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
});
