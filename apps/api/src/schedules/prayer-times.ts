import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import type { PrayerAnchor } from '@food-link/contracts';
import type { MapPosition as Position } from '@food-link/contracts';

/**
 * The Egyptian General Authority of Survey's method (docs/DOMAIN-RULES.md, "Standing collections"): Fajr
 * at the sun 19.5° below the horizon, Isha at 17.5°, Maghrib at sunset, Asr at a shadow of once the
 * object's length (Shafi'i, as Egypt keeps it), Dhuhr one minute after the sun's transit. adhan's
 * `CalculationMethod.Egyptian()` carries exactly these.
 */
const EGYPTIAN = CalculationMethod.Egyptian();

/** The instant of `anchor` on the Cairo date `YYYY-MM-DD` at `position`, by the Egyptian method. */
export function prayerTime(anchor: PrayerAnchor, date: string, position: Position): Date {
  const [year, month, day] = date.split('-').map(Number);
  // adhan reads the day from the Date's local year, month and day, whatever the process's time zone.
  const times = new PrayerTimes(new Coordinates(position.lat, position.lng), new Date(year, month - 1, day), EGYPTIAN);
  return times[anchor];
}
