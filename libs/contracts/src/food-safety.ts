import { cairoMonth, endOfCairoDay } from './dates';
import { type FoodCategory, type StorageKind } from './domain';
import { GOVERNORATE_CODES, type GovernorateCode } from './places';

/*
 * How long food is safe (docs/DOMAIN-RULES.md, "How long food is safe"). The server computes `safe_until` with
 * `safeUntil`; the web shows the same rule before the donor sends the form.
 */

/** USDA: perishable food left out more than 1 hour when the air is 32 °C (90 °F) or hotter is unsafe. */
export const HOT_DAY_CELSIUS = 32;

/**
 * Mean daily maximum temperature (°C) for each month, January first, at the governorate's main weather
 * station: the 1991–2020 climate normals (WMO) as published by NOAA NCEI and the Egyptian Meteorological
 * Authority, rounded to a tenth. Only whether a month reaches HOT_DAY_CELSIUS matters to the rule, so
 * the table errs no more than the rule's own threshold does; operators override it for a heatwave
 * (`heat_overrides`). docs/DOMAIN-RULES.md cites the stations.
 */
export const MONTHLY_HIGH_C: { readonly [G in GovernorateCode]: readonly number[] } = {
  'EG-C': [19.3, 20.9, 24.0, 28.5, 32.2, 34.5, 35.0, 34.8, 33.0, 29.9, 24.8, 20.6],
  'EG-GZ': [19.5, 21.0, 24.3, 28.8, 32.5, 34.6, 35.1, 34.9, 33.2, 30.2, 25.0, 20.8],
  'EG-ALX': [18.4, 19.3, 21.2, 24.0, 26.6, 29.1, 30.4, 30.9, 29.8, 27.6, 24.0, 20.2],
  'EG-KB': [19.8, 21.2, 24.3, 28.6, 32.4, 34.5, 34.8, 34.6, 32.8, 30.0, 25.2, 21.0],
  'EG-SHR': [19.9, 21.2, 24.2, 28.4, 32.2, 34.3, 34.7, 34.5, 32.7, 29.8, 25.2, 21.1],
  'EG-DK': [19.5, 20.6, 23.2, 27.0, 30.8, 33.1, 33.8, 33.8, 32.0, 29.3, 25.0, 20.9],
  'EG-BH': [19.4, 20.4, 22.9, 26.6, 30.2, 32.5, 33.1, 33.3, 31.7, 29.1, 24.9, 20.9],
  'EG-KFS': [19.0, 19.9, 22.3, 25.8, 29.4, 31.9, 32.6, 32.8, 31.3, 28.7, 24.6, 20.5],
  'EG-GH': [19.7, 20.8, 23.6, 27.6, 31.5, 33.6, 34.1, 34.1, 32.4, 29.6, 25.2, 21.0],
  'EG-MNF': [19.8, 21.0, 23.9, 28.0, 31.9, 34.0, 34.5, 34.4, 32.6, 29.8, 25.3, 21.1],
  'EG-DT': [18.9, 19.6, 21.6, 24.6, 27.8, 30.5, 31.6, 32.0, 30.7, 28.3, 24.3, 20.3],
  'EG-PTS': [18.3, 19.0, 20.9, 24.0, 27.3, 30.1, 31.4, 31.8, 30.4, 28.1, 24.3, 20.1],
  'EG-IS': [20.1, 21.5, 24.4, 28.5, 32.4, 34.9, 36.0, 36.0, 33.9, 30.6, 25.8, 21.5],
  'EG-SUZ': [19.6, 21.0, 23.9, 27.8, 31.6, 34.1, 35.3, 35.3, 33.0, 29.9, 25.2, 21.0],
  'EG-SIN': [19.0, 19.7, 21.6, 24.2, 27.1, 29.6, 31.2, 31.6, 30.5, 28.2, 24.3, 20.5],
  'EG-JS': [21.7, 22.5, 25.0, 28.8, 32.6, 35.2, 36.5, 36.4, 34.2, 31.2, 26.8, 23.0],
  'EG-BA': [21.9, 22.6, 24.7, 27.9, 31.1, 33.4, 34.2, 34.5, 32.7, 30.0, 26.4, 23.1],
  'EG-MT': [18.3, 18.9, 20.4, 22.9, 25.5, 28.2, 29.4, 30.0, 29.1, 26.9, 23.4, 19.9],
  'EG-WAD': [22.2, 24.5, 28.6, 33.3, 37.0, 39.2, 39.3, 38.9, 36.8, 33.2, 27.7, 23.4],
  'EG-FYM': [20.3, 22.2, 25.3, 30.0, 34.0, 36.0, 36.3, 36.0, 34.0, 31.0, 25.8, 21.5],
  'EG-BNS': [20.8, 22.6, 26.0, 30.6, 34.6, 36.4, 36.5, 36.3, 34.3, 31.1, 26.1, 22.0],
  'EG-MN': [20.8, 22.7, 26.2, 31.0, 35.0, 36.8, 36.8, 36.6, 34.6, 31.4, 26.3, 22.2],
  'EG-AST': [21.1, 23.1, 27.0, 31.9, 35.8, 37.7, 37.6, 37.3, 35.3, 32.1, 26.8, 22.4],
  'EG-SHG': [21.8, 23.9, 27.8, 32.6, 36.4, 38.3, 38.2, 38.0, 36.0, 32.8, 27.4, 23.0],
  'EG-KN': [22.6, 24.9, 29.0, 34.0, 37.9, 40.0, 40.2, 39.8, 37.8, 34.2, 28.5, 23.8],
  'EG-LX': [23.0, 25.4, 29.5, 34.7, 38.9, 41.0, 40.9, 40.6, 38.7, 35.2, 29.1, 24.3],
  'EG-ASN': [23.0, 25.4, 29.8, 34.9, 39.1, 41.4, 41.1, 40.8, 39.0, 35.4, 29.0, 24.4],
};

/**
 * The expected high (°C) in a governorate on the day of `instant`: its monthly normal. Without a known
 * governorate, the hottest of them all that month, so the rule errs on the safe side.
 */
export function normalHighC(governorate: string | null | undefined, instant: Date): number {
  const month = cairoMonth(instant) - 1;
  const row = governorate ? MONTHLY_HIGH_C[governorate as GovernorateCode] : undefined;
  if (row) return row[month];
  return Math.max(...GOVERNORATE_CODES.map((code) => MONTHLY_HIGH_C[code][month]));
}

/** Categories that must be kept out of room temperature: at ambient they get the 2-hour (1-hour) rule. */
const TIME_CONTROLLED: readonly FoodCategory[] = ['cooked_meal', 'dairy', 'meat_fish'];

const HOUR = 3_600_000;

export interface SafetyFacts {
  category: FoodCategory;
  storage: StorageKind;
  /** When cooked food was prepared (required for cooked_meal). */
  preparedAt?: Date | null;
  /** `YYYY-MM-DD`: good through this whole day in Cairo. */
  expirationDate: string;
  /** When it was listed: the clock of the 2-hour rule for chilled-type food left at room temperature. */
  listedAt: Date;
  /** The day's high in its governorate (°C): normalHighC, or an operator's heatwave override. */
  dayHighC: number;
}

/**
 * `safe_until` (docs/DOMAIN-RULES.md, "How long food is safe"): the earlier of the end of the expiration date in Cairo and the storage rule:
 * - chilled or frozen, or ambient and not time-controlled: the end of the date;
 * - hot-held cooked food (≥ 63 °C): 4 hours after it was prepared (FDA Food Code, FSANZ 4-hour rule);
 * - cooked food, dairy, meat or fish at room temperature: 2 hours after it was prepared (cooked) or
 *   listed (the others, whose preparation time nobody knows), 1 hour on a day of 32 °C or more (USDA).
 */
export function safeUntil(facts: SafetyFacts): Date {
  const endOfDate = endOfCairoDay(facts.expirationDate).getTime();
  let rule = endOfDate;
  if (facts.storage === 'hot') {
    rule = (facts.preparedAt ?? facts.listedAt).getTime() + 4 * HOUR;
  } else if (facts.storage === 'ambient' && TIME_CONTROLLED.includes(facts.category)) {
    const from = facts.category === 'cooked_meal' && facts.preparedAt ? facts.preparedAt : facts.listedAt;
    rule = from.getTime() + (facts.dayHighC >= HOT_DAY_CELSIUS ? 1 : 2) * HOUR;
  }
  return new Date(Math.min(rule, endOfDate));
}

export interface WindowFacts {
  pickupFrom: Date | null;
  pickupUntil: Date | null;
  safeUntil: Date;
  now: Date;
  /** The shortest window accepted, in minutes (30; configuration may shorten it for tests). */
  minWindowMinutes: number;
}

/** How far in the past a window may start: a form filled in at 9:00 and sent at 9:04 still means "from now". */
export const WINDOW_START_SLACK_MINUTES = 15;

/**
 * What is wrong with a pickup window, as `[field, message]` pairs in the API's 400 wording (empty when it
 * is fine): it must end after it starts, in the future, at least `minWindowMinutes` after it starts, and
 * by `safe_until`; a listing without a window is collectible until its safe time, so that must leave
 * `minWindowMinutes` too.
 */
export function windowProblems(facts: WindowFacts): [string, string][] {
  const { pickupFrom, pickupUntil, safeUntil: safe, now, minWindowMinutes } = facts;
  const problems: [string, string][] = [];
  const minMs = minWindowMinutes * 60_000;
  const start = pickupFrom ?? now;
  const end = pickupUntil ?? safe;
  if (pickupFrom && pickupFrom.getTime() < now.getTime() - WINDOW_START_SLACK_MINUTES * 60_000) {
    problems.push(['pickup_from', 'must not be in the past']);
  }
  if (pickupUntil && pickupUntil.getTime() <= now.getTime()) {
    problems.push(['pickup_until', 'must be in the future']);
  } else if (pickupFrom && pickupUntil && pickupUntil.getTime() <= pickupFrom.getTime()) {
    problems.push(['pickup_until', 'must be after pickup_from']);
  } else if (pickupUntil && pickupUntil.getTime() > safe.getTime()) {
    problems.push(['pickup_until', `must not be after safe_until (${safe.toISOString()})`]);
  } else if (end.getTime() - Math.max(start.getTime(), now.getTime()) < minMs) {
    const field = pickupUntil ? 'pickup_until' : 'expiration_date';
    problems.push([
      field,
      pickupUntil
        ? `must leave at least ${minWindowMinutes} minutes to collect the food`
        : `leaves less than ${minWindowMinutes} minutes before the food stops being safe (${safe.toISOString()})`,
    ]);
  }
  return problems;
}
