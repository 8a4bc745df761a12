import { BadRequestException } from '@nestjs/common';
import { PositiveIdPipe } from './id-param';

describe('PositiveIdPipe', () => {
  const pipe = new PositiveIdPipe('foodId');

  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('accepts %s', (raw, id) => {
    expect(pipe.transform(raw)).toBe(id);
  });

  it.each(['0', '-1', '01', '1.5', '1e3', 'abc', '', ' 1', '2147483648', "1' OR '1'='1", '99999999999'])(
    'rejects %j naming the parameter',
    (raw) => {
      expect(() => pipe.transform(raw)).toThrow(BadRequestException);
      try {
        pipe.transform(raw);
      } catch (error) {
        expect((error as BadRequestException).getResponse()).toMatchObject({
          message: ['foodId must be a positive integer'],
        });
      }
    },
  );
});
