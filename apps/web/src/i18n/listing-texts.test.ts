import { ALLERGENS, FOOD_CATEGORIES, FOOD_UNITS, STORAGE_KINDS } from '@food-link/contracts';
import { textKeys } from '../test/test-utils';
import { listing } from './resources/listing';

describe('the listing texts', () => {
  it('has an Arabic text for every English one', () => {
    expect(textKeys(listing.ar)).toEqual(textKeys(listing.en));
  });

  it('names every category, storage, unit and allergen of the contracts', () => {
    for (const [group, values] of [
      ['category', FOOD_CATEGORIES],
      ['storage', STORAGE_KINDS],
      ['unit', FOOD_UNITS],
      ['allergens', ALLERGENS],
    ] as const) {
      for (const value of values) {
        expect(listing.en[group]).toHaveProperty(value);
        expect(listing.ar[group]).toHaveProperty(value);
      }
    }
  });
});
