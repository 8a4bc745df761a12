import type { FoodItemView } from '@food-link/contracts';
import { foodPreview } from './food-page';

const item = (over: Partial<FoodItemView>): FoodItemView => ({
  id: 4,
  food_id: 4,
  food_name: 'Baladi bread',
  quantity: 40,
  quantity_left: 40,
  description: 'Morning bake',
  expiration_date: '2026-11-27',
  status: 'available',
  governorate: 'EG-GZ',
  area: 'Dokki',
  pickup_from: null,
  pickup_until: null,
  // 28 Nov 2026, 00:00 in Cairo (UTC+2): the end of the expiry day.
  safe_until: '2026-11-27T22:00:00.000Z',
  category: 'bakery',
  storage: 'ambient',
  unit: 'portion',
  weight_kg: null,
  allergens: [],
  photo_urls: [],
  thumbnail_urls: [],
  ...over,
});

describe("a shared listing's preview", () => {
  it('says the end of a day as that day at midnight, never "12:00 am" of the next', () => {
    expect(foodPreview(item({}), 'en').description).toBe('40 portions · Dokki, Giza · Collect by 27 Nov, midnight (Cairo time)');
    expect(foodPreview(item({ pickup_until: '2026-11-27T19:30:00.000Z' }), 'en').description).toContain('Collect by 27 Nov, 9:30 pm');
  });

  it('writes Arabic with Arabic-Indic digits and the midnight in words', () => {
    expect(foodPreview(item({}), 'ar').description).toBe('٤٠ حصص · Dokki، الجيزة · الاستلام قبل ٢٧ نوفمبر، منتصف الليل (بتوقيت القاهرة)');
  });
});
