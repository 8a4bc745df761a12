import { donationImpact, factorsOn, INITIAL_IMPACT_FACTORS, type DonationWeighing, type ImpactFactor } from './impact';

const factors = factorsOn(INITIAL_IMPACT_FACTORS, '2026-03-01');
const listing = (fields: Partial<DonationWeighing>): DonationWeighing => ({
  unit: 'portion',
  quantity: 1,
  weight_kg: null,
  received_quantity: null,
  received_weight_kg: null,
  ...fields,
});

// Expectations worked by hand with 0.42 kg per meal, 2.5 kg CO2e per kg and 190 L per kg.
describe('donationImpact', () => {
  it('counts portions as meals of 0.42 kg when the donor gave no weight', () => {
    // 30 portions: 30 × 0.42 = 12.6 kg; 12.6 × 2.5 = 31.5; 12.6 × 190 = 2394.
    expect(donationImpact(listing({ quantity: 30 }), factors)).toEqual({ kg: 12.6, meals: 30, co2e_kg: 31.5, water_l: 2394 });
  });

  it('reads kg listings as their weight: 21 kg is 50 meals', () => {
    expect(donationImpact(listing({ unit: 'kg', quantity: 21 }), factors)).toEqual({ kg: 21, meals: 50, co2e_kg: 52.5, water_l: 3990 });
  });

  it('weighs items and trays by the estimate: 120 loaves of 12 kg are 28.571 meals, not 120', () => {
    expect(donationImpact(listing({ unit: 'item', quantity: 120, weight_kg: 12 }), factors)).toEqual({ kg: 12, meals: 28.571, co2e_kg: 30, water_l: 2280 });
    // 4 trays, 10 kg: 10 ÷ 0.42 = 23.8095…
    expect(donationImpact(listing({ unit: 'tray', quantity: 4, weight_kg: 10 }), factors)).toEqual({ kg: 10, meals: 23.81, co2e_kg: 25, water_l: 1900 });
  });

  it('lets the charity\'s report replace the estimate', () => {
    // 100 of 120 loaves arrived: 12 × 100/120 = 10 kg.
    expect(donationImpact(listing({ unit: 'item', quantity: 120, weight_kg: 12, received_quantity: 100 }), factors)).toEqual({ kg: 10, meals: 23.81, co2e_kg: 25, water_l: 1900 });
    // A weighed report wins over everything; portions stay the meals.
    expect(donationImpact(listing({ quantity: 45, weight_kg: 9, received_weight_kg: 8.5 }), factors)).toEqual({ kg: 8.5, meals: 45, co2e_kg: 21.25, water_l: 1615 });
    // 40 of 45 portions of 9 kg arrived: 8 kg, 40 meals.
    expect(donationImpact(listing({ quantity: 45, weight_kg: 9, received_quantity: 40 }), factors)).toEqual({ kg: 8, meals: 40, co2e_kg: 20, water_l: 1520 });
    // 18 of 20 kg arrived: 18 ÷ 0.42 = 42.857…
    expect(donationImpact(listing({ unit: 'kg', quantity: 20, received_quantity: 18 }), factors)).toEqual({ kg: 18, meals: 42.857, co2e_kg: 45, water_l: 3420 });
    expect(donationImpact(listing({ unit: 'tray', quantity: 3, weight_kg: 6, received_quantity: 0 }), factors)).toEqual({ kg: 0, meals: 0, co2e_kg: 0, water_l: 0 });
  });
});

describe('factorsOn', () => {
  const later: ImpactFactor = { name: 'co2e_per_kg', value: 3, source: 'A later study', source_url: 'https://example.org', valid_from: '2026-07-01' };
  const all = [...INITIAL_IMPACT_FACTORS, later];

  it('takes each factor valid on the date: a new version applies from its date, older donations keep theirs', () => {
    expect(factorsOn(all, '2026-06-30').co2e_per_kg.value).toBe(2.5);
    expect(factorsOn(all, '2026-07-01').co2e_per_kg.value).toBe(3);
    expect(factorsOn(all, '2026-07-01').kg_per_meal.value).toBe(0.42);
  });

  it('refuses a date before any version of a factor', () => {
    expect(() => factorsOn(all, '2019-12-31')).toThrow('No kg_per_meal impact factor is valid on 2019-12-31');
  });
});
