import { z } from 'zod';
import type { FoodUnit } from './domain';
import { count, said } from './fields';

/*
 * Impact (docs/DOMAIN-RULES.md, "Units and impact"): weight, meals, CO2e avoided and water, from the factors of the
 * versioned `impact_factors` table. The computation lives here, once, for the live projection, its rebuild
 * (`npm run stats:check`) and the reports alike, so they cannot disagree.
 */

export const IMPACT_FACTOR_NAMES = ['kg_per_meal', 'co2e_per_kg', 'water_l_per_kg'] as const;
export type ImpactFactorName = (typeof IMPACT_FACTOR_NAMES)[number];

/** One row of `impact_factors`: a factor's value from `valid_from` (a Cairo date) until a later row's. */
export const ImpactFactor = z
  .object({
    name: z.enum(IMPACT_FACTOR_NAMES).meta({ example: 'co2e_per_kg' }),
    value: z.number().meta({ description: 'kg per meal; kg CO2e per kg of food; litres per kg of food', example: 2.5 }),
    source: said('Where the figure comes from', 'FAO (2013), Food wastage footprint: 3.3 Gt CO2e over 1.3 Gt of food wasted'),
    source_url: said('The source', 'https://www.fao.org/4/i3347e/i3347e.pdf'),
    valid_from: said('First Cairo date it applies to (YYYY-MM-DD)', '2020-01-01'),
  })
  .meta({ id: 'ImpactFactor' });
export type ImpactFactor = z.infer<typeof ImpactFactor>;

/** The factors one donation is computed with: each name's row valid on its fulfilment date. */
export type ImpactFactorSet = Record<ImpactFactorName, ImpactFactor>;

/**
 * The first version of each factor (the migration seeds these; a new version is a new row with a later
 * `valid_from`, docs/IMPACT.md).
 */
export const INITIAL_IMPACT_FACTORS: readonly ImpactFactor[] = [
  {
    name: 'kg_per_meal',
    value: 0.42,
    source: 'WRAP (Courtauld 2025 redistribution working group, 2018): 420 g of food is one meal; OLIO and FoodCloud use the same',
    source_url: 'https://www.igd.com/social-impact/sustainability/food-surplus-redistribution/articles/article-viewer/t/setting-a-target-and-reporting/i/28413',
    valid_from: '2020-01-01',
  },
  {
    name: 'co2e_per_kg',
    value: 2.5,
    source: 'FAO (2013), Food wastage footprint: 3.3 Gt CO2e over 1.3 Gt of food wasted; Too Good To Go uses 2.5',
    source_url: 'https://www.fao.org/4/i3347e/i3347e.pdf',
    valid_from: '2020-01-01',
  },
  {
    name: 'water_l_per_kg',
    value: 190,
    source: 'FAO (2013), Food wastage footprint: blue water footprint of food wastage, 250 km³ over 1.3 Gt',
    source_url: 'https://www.fao.org/4/i3347e/i3347e.pdf',
    valid_from: '2020-01-01',
  },
];

/** The factor of each name valid on `date` (YYYY-MM-DD): the latest `valid_from` not after it. */
export function factorsOn(factors: readonly ImpactFactor[], date: string): ImpactFactorSet {
  const chosen: Partial<ImpactFactorSet> = {};
  for (const factor of factors) {
    const current = chosen[factor.name];
    if (factor.valid_from <= date && (!current || factor.valid_from > current.valid_from)) chosen[factor.name] = factor;
  }
  for (const name of IMPACT_FACTOR_NAMES) {
    if (!chosen[name]) throw new Error(`No ${name} impact factor is valid on ${date}`);
  }
  return chosen as ImpactFactorSet;
}

/** What a fulfilled donation's impact is computed from: the listing, and the charity's report if any. */
export interface DonationWeighing {
  unit: FoodUnit;
  /** Units listed (kg when the unit is kg). */
  quantity: number;
  /** The donor's estimated total weight (required for item and tray, optional otherwise). */
  weight_kg: number | null;
  /** What the charity reported it received; each replaces the donor's estimate. */
  received_quantity: number | null;
  received_weight_kg: number | null;
}

export interface ImpactFigures {
  kg: number;
  meals: number;
  co2e_kg: number;
  water_l: number;
}

/** Figures are kept to 3 decimals (1 for litres), so sums in the database are exact and rebuilds match. */
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The impact of one donation (docs/DOMAIN-RULES.md, "Units and impact"):
 * - weight: what the charity reported received in kg, else by unit — kg: the quantity (the received
 *   quantity if reported); item or tray: the estimated total weight, scaled by received ÷ listed units when
 *   the charity reported a count; portion: the estimate scaled the same way when the donor gave one,
 *   otherwise portions × kg_per_meal (a portion is taken to be one meal of 420 g);
 * - meals: the portions (received if reported) when the unit is portion, otherwise kg ÷ kg_per_meal;
 * - CO2e avoided: kg × co2e_per_kg; water: kg × water_l_per_kg.
 */
export function donationImpact(donation: DonationWeighing, factors: ImpactFactorSet): ImpactFigures {
  const kgPerMeal = factors.kg_per_meal.value;
  const units = donation.received_quantity ?? donation.quantity;
  const share = donation.quantity > 0 ? units / donation.quantity : 0;
  let kg: number;
  if (donation.received_weight_kg !== null) kg = donation.received_weight_kg;
  else if (donation.unit === 'kg') kg = units;
  else if (donation.weight_kg !== null) kg = donation.weight_kg * share;
  else kg = units * kgPerMeal;
  const meals = donation.unit === 'portion' ? units : kg / kgPerMeal;
  return {
    kg: round(kg, 3),
    meals: round(meals, 3),
    co2e_kg: round(kg * factors.co2e_per_kg.value, 3),
    water_l: round(kg * factors.water_l_per_kg.value, 1),
  };
}

/** Adds figures (rounded as stored, so float noise does not build up). */
export function addImpact(a: ImpactFigures, b: ImpactFigures, sign: 1 | -1 = 1): ImpactFigures {
  return {
    kg: round(a.kg + sign * b.kg, 3),
    meals: round(a.meals + sign * b.meals, 3),
    co2e_kg: round(a.co2e_kg + sign * b.co2e_kg, 3),
    water_l: round(a.water_l + sign * b.water_l, 1),
  };
}

export const NO_IMPACT: ImpactFigures = { kg: 0, meals: 0, co2e_kg: 0, water_l: 0 };

/** Whole meals for the landing's `totalMeals` (the spec's call keeps its whole number): rounded down. */
export const wholeMeals = (meals: number) => Math.floor(meals + 1e-9);

const figure = (description: string, example: number) => z.number().min(0).meta({ description, example });
const impactFigureFields = {
  kg: figure('Kilograms of food', 412.5),
  meals: figure('Meals: portions, or kg ÷ 0.42 (WRAP)', 982.1),
  co2e_kg: figure('kg CO2e avoided (kg × 2.5, FAO 2013)', 1031.25),
  water_l: figure('Litres of water (kg × 190, FAO 2013)', 78375),
};
export const ImpactFiguresShape = z.object(impactFigureFields).meta({ id: 'ImpactFigures' });

/** `GET /api/impact/totals`: the landing's counters (the spec's two and the new weight-based ones). */
export const ImpactTotalsResponse = z
  .object({
    totalMeals: count('Whole meals (factor-based, as GET /api/request/totalmeals)', 982),
    totalCharities: count('Distinct charities that received a donation', 12),
    kg: impactFigureFields.kg,
    co2e_kg: impactFigureFields.co2e_kg,
    water_l: impactFigureFields.water_l,
  })
  .meta({ id: 'ImpactTotalsResponse' });
export type ImpactTotalsResponse = z.infer<typeof ImpactTotalsResponse>;

const month = said('Cairo month, YYYY-MM', '2026-03');
const ImpactMonth = z.object({ month, ...impactFigureFields }).meta({ id: 'ImpactMonth' });
export type ImpactMonth = z.infer<typeof ImpactMonth>;

/** `GET /api/impact/donor`: the signed-in donor's impact; `GET /api/impact/charity` mirrors it for what a charity received. */
export const DonorImpactResponse = z
  .object({
    ...impactFigureFields,
    months: z.array(ImpactMonth).meta({ description: 'Oldest first' }),
    pickup_points: z
      .array(z.object({ pickup_point_id: z.int().nullable(), label: said('The point (null: listings without one)', 'Tahrir branch').nullable(), ...impactFigureFields }))
      .meta({ description: 'Per pickup point, largest first' }),
    charities: z
      .array(z.object({ charity_user_id: z.int(), name: said('The charity', 'Ahl Masr Foundation'), kg: impactFigureFields.kg, meals: impactFigureFields.meals }))
      .meta({ description: 'The charities it fed, largest first' }),
  })
  .meta({ id: 'DonorImpactResponse' });
export type DonorImpactResponse = z.infer<typeof DonorImpactResponse>;

export const CharityImpactResponse = z
  .object({
    ...impactFigureFields,
    months: z.array(ImpactMonth).meta({ description: 'Oldest first' }),
    donors: z
      .array(z.object({ donor_user_id: z.int(), name: said('The donor', 'Koshary El Tahrir'), kg: impactFigureFields.kg, meals: impactFigureFields.meals }))
      .meta({ description: 'The donors it received from, largest first' }),
  })
  .meta({ id: 'CharityImpactResponse' });
export type CharityImpactResponse = z.infer<typeof CharityImpactResponse>;

/** `GET /api/impact/public`: totals per governorate and month; no person, donor or charity is named. */
export const PublicImpactResponse = z
  .object({
    ...impactFigureFields,
    governorates: z.array(z.object({ governorate: said('ISO 3166-2:EG code, or null for listings without a pickup point', 'EG-C').nullable(), ...impactFigureFields })),
    months: z.array(ImpactMonth),
    rows: z.array(z.object({ governorate: said('ISO 3166-2:EG code or null', 'EG-C').nullable(), month, ...impactFigureFields })),
    factors: z.array(ImpactFactor),
  })
  .meta({ id: 'PublicImpactResponse' });
export type PublicImpactResponse = z.infer<typeof PublicImpactResponse>;

export const REPORT_FORMATS = ['csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_LANGUAGES = ['en', 'ar'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The first month a report can be asked for: that of the earliest factor (INITIAL_IMPACT_FACTORS; later
 * versions only ever start later). Before it no factor applies, so there is nothing to compute with.
 */
export const FIRST_REPORT_MONTH = INITIAL_IMPACT_FACTORS.map((factor) => factor.valid_from.slice(0, 7)).reduce((a, b) => (a < b ? a : b));

/** Whose monthly acknowledgment: a donor's (what it gave) or a charity's (what it received). */
export type ReportParty = 'donor' | 'charity';

/** `GET /api/impact/donor/report` and `GET /api/impact/charity/report` query: `month=YYYY-MM&format=csv|pdf[&lang=ar|en]`. */
export const ImpactReportQuery = z
  .object({
    month: z
      .string({ error: 'must be a month written YYYY-MM' })
      .regex(MONTH, { error: 'must be a month written YYYY-MM', abort: true })
      .refine((value) => value >= FIRST_REPORT_MONTH, { error: `must not be before ${FIRST_REPORT_MONTH} (no impact factor applies earlier)` })
      .meta({ example: '2026-03' }),
    format: z.enum(REPORT_FORMATS, { error: 'must be one of: csv, pdf' }),
    lang: z.enum(REPORT_LANGUAGES, { error: 'must be one of: en, ar' }).optional(),
  })
  .meta({ id: 'ImpactReportQuery' });
export type ImpactReportQuery = z.infer<typeof ImpactReportQuery>;
