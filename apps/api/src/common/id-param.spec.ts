import { BadRequestException } from '@nestjs/common';
import { parsePositiveId } from './id-param';

describe('parsePositiveId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('accepts %s', (raw, id) => {
    expect(parsePositiveId('foodId', raw)).toBe(id);
  });

  it.each(['0', '-1', '01', '1.5', '1e3', '0x1', 'abc', '', ' 1', '2147483648', "1' OR '1'='1", '99999999999', undefined])(
    'rejects %j naming the parameter',
    (raw) => {
      let thrown: unknown;
      try {
        parsePositiveId('foodId', raw);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(BadRequestException);
      expect((thrown as BadRequestException).getResponse()).toMatchObject({ message: ['foodId must be a positive integer'] });
    },
  );
});
