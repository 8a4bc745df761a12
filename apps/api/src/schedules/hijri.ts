import { SCHEDULE_LIMITS } from '@food-link/contracts';

/** A Hijri date (month 9 is Ramadan, 10 Shawwal, 12 Dhu al-Hijjah). */
export interface HijriDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The operator's shifts (docs/DOMAIN-RULES.md, "Standing collections"): for a Hijri year, how many days
 * (-1, 0 or +1) the announced calendar runs behind Umm al-Qura. +1: Egypt's months start a day later
 * (Ramadan 1 is the day after Umm al-Qura's Ramadan 1); -1: a day earlier.
 */
export type HijriShifts = Readonly<Record<number, number>>;

// Node's ICU implements the Umm al-Qura calendar of Saudi Arabia's official tables.
const UMM_AL_QURA = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const DAY_MS = 86_400_000;

function utcNoon(date: string): number {
  return Date.parse(`${date}T12:00:00Z`);
}

/** The Umm al-Qura date of a Gregorian calendar date `YYYY-MM-DD`. */
export function ummAlQuraDate(date: string): HijriDate {
  const parts = UMM_AL_QURA.formatToParts(new Date(utcNoon(date)));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // ICU names the Hijri year in `year` ("1448"), or in `relatedYear` on some versions.
  const year = part('year') || part('relatedYear');
  return { year, month: part('month'), day: part('day') };
}

/** Refuses a shift outside ±SCHEDULE_LIMITS.hijriShiftMaxDays (a whole number of days). */
export function checkHijriShifts(shifts: HijriShifts): void {
  for (const [year, days] of Object.entries(shifts)) {
    if (!Number.isInteger(days) || Math.abs(days) > SCHEDULE_LIMITS.hijriShiftMaxDays) {
      throw new RangeError(`The Hijri shift of ${year} must be a whole number of days from -1 to 1, not ${days}`);
    }
  }
}

/**
 * The Hijri date of a Gregorian date as announced: Umm al-Qura's, moved by the operator's shift of the Hijri
 * year Umm al-Qura puts the day in. A shift of +1 makes every day of that year read as Umm al-Qura's
 * previous day (the month starts a day later), -1 as its next day.
 */
export function hijriDate(date: string, shifts: HijriShifts = {}): HijriDate {
  const plain = ummAlQuraDate(date);
  const shift = shifts[plain.year] ?? 0;
  if (shift === 0) return plain;
  const moved = new Date(utcNoon(date) - shift * DAY_MS).toISOString().slice(0, 10);
  return ummAlQuraDate(moved);
}

/** Ramadan: the ninth month. */
export function isRamadan(hijri: HijriDate): boolean {
  return hijri.month === 9;
}

/** The Eids as Egypt keeps them: Eid al-Fitr 1–3 Shawwal, Eid al-Adha 10–13 Dhu al-Hijjah. */
export function isEid(hijri: HijriDate): boolean {
  return (hijri.month === 10 && hijri.day <= 3) || (hijri.month === 12 && hijri.day >= 10 && hijri.day <= 13);
}
