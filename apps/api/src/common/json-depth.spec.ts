import { jsonDepthExceeds } from './json-depth';

const nest = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
};

describe('jsonDepthExceeds', () => {
  it('lets ordinary bodies through', () => {
    expect(jsonDepthExceeds({ food_name: 'Ful', quantity: 3 })).toBe(false);
    expect(jsonDepthExceeds(nest(16))).toBe(false);
    expect(jsonDepthExceeds('text')).toBe(false);
    expect(jsonDepthExceeds(undefined)).toBe(false);
  });

  it('catches deep nesting in arrays and objects without overflowing the stack', () => {
    expect(jsonDepthExceeds(nest(17))).toBe(true);
    expect(jsonDepthExceeds({ email: nest(100_000) })).toBe(true);
  });
});
