import { clockWindowMinutes, passesMidnight, SCHEDULE_LIMITS } from '@food-link/contracts';
import type { Allergen, EidMode, FoodCategory, FoodUnit, PrayerAnchor, RamadanMode, ScheduleBody, ScheduleView, StorageKind } from '@food-link/contracts';

/** The days of the week in the order an Egyptian week runs (Saturday first), as RRULE's BYDAY names them. */
export const WEEK_DAYS = ['SA', 'SU', 'MO', 'TU', 'WE', 'TH', 'FR'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** The rule editor's fields, as typed. `days` empty, or all seven, is every day. */
export interface ScheduleValues {
  foodName: string;
  description: string;
  category: FoodCategory;
  storage: StorageKind;
  unit: FoodUnit;
  quantity: string;
  weight: string;
  allergens: Allergen[];
  pickupPoint: string;
  days: WeekDay[];
  /** A stored rule the day boxes cannot show (MONTHLY, INTERVAL, ...): sent back unchanged until a day is chosen. */
  customRule: string | null;
  windowKind: 'clock' | 'prayer';
  from: string;
  until: string;
  anchor: PrayerAnchor;
  fromMinutes: string;
  untilMinutes: string;
  ramadan: RamadanMode;
  /** `skip`: not on the days of the two Eids (the API's Umm al-Qura calendar, as the operator shifted it). */
  eids: EidMode;
  startsOn: string;
  endsOn: string;
}

export function emptySchedule(today: string, pickupPoint = ''): ScheduleValues {
  return {
    foodName: '',
    description: '',
    category: 'bakery',
    storage: 'ambient',
    unit: 'portion',
    quantity: '',
    weight: '',
    allergens: [],
    pickupPoint,
    days: [],
    customRule: null,
    windowKind: 'clock',
    from: '20:00',
    until: '21:30',
    anchor: 'maghrib',
    fromMinutes: '30',
    untilMinutes: '90',
    ramadan: 'any',
    eids: 'any',
    startsOn: today,
    endsOn: '',
  };
}

/** The RRULE of the chosen days: `FREQ=DAILY` for none or all, else `FREQ=WEEKLY;BYDAY=...` in week order. */
export function ruleOf(days: readonly WeekDay[]): string {
  const chosen = WEEK_DAYS.filter((day) => days.includes(day));
  return chosen.length === 0 || chosen.length === WEEK_DAYS.length ? 'FREQ=DAILY' : `FREQ=WEEKLY;BYDAY=${chosen.join(',')}`;
}

/** The days a stored rule runs on, when the day boxes can say it (`FREQ=DAILY` or `FREQ=WEEKLY;BYDAY=...`); null otherwise. */
export function daysOf(rule: string): WeekDay[] | null {
  const body = rule.toUpperCase().replace(/^RRULE:/, '');
  if (body === 'FREQ=DAILY') return [];
  const weekly = /^FREQ=WEEKLY;BYDAY=([A-Z,]+)$/.exec(body) ?? /^BYDAY=([A-Z,]+);FREQ=WEEKLY$/.exec(body);
  if (!weekly) return null;
  const days = weekly[1].split(',');
  return days.every((day): day is WeekDay => (WEEK_DAYS as readonly string[]).includes(day)) ? WEEK_DAYS.filter((day) => days.includes(day)) : null;
}

/** A stored schedule as the editor's fields. */
export function valuesOf(schedule: ScheduleView): ScheduleValues {
  const days = daysOf(schedule.rule);
  const window = schedule.window;
  const prayer = 'anchor' in window;
  return {
    foodName: schedule.food_name,
    description: schedule.description,
    category: schedule.category,
    storage: schedule.storage,
    unit: schedule.unit,
    quantity: String(schedule.quantity),
    weight: schedule.weight_kg === null ? '' : String(schedule.weight_kg),
    allergens: schedule.allergens,
    pickupPoint: String(schedule.pickup_point_id),
    days: days ?? [],
    customRule: days === null ? schedule.rule : null,
    windowKind: prayer ? 'prayer' : 'clock',
    from: prayer ? '20:00' : window.from,
    until: prayer ? '21:30' : window.until,
    anchor: prayer ? window.anchor : 'maghrib',
    fromMinutes: prayer ? String(window.from_minutes) : '30',
    untilMinutes: prayer ? String(window.until_minutes) : '90',
    ramadan: schedule.ramadan,
    eids: schedule.eids,
    startsOn: schedule.starts_on,
    endsOn: schedule.ends_on ?? '',
  };
}

/** What is missing or wrong before sending, as a text key of the `form` texts; null when the body can go. */
export function scheduleProblem(values: ScheduleValues): 'required' | 'weightNeeded' | 'windowTooShort' | 'windowTooLong' | null {
  if (!values.foodName.trim() || !values.description.trim() || !/^\d+$/.test(values.quantity) || Number(values.quantity) < 1 || !values.pickupPoint || !values.startsOn) {
    return 'required';
  }
  if ((values.unit === 'item' || values.unit === 'tray') && !(Number(values.weight) > 0)) return 'weightNeeded';
  const clock = { from: values.from, until: values.until };
  const length = values.windowKind === 'clock' ? clockWindowMinutes(clock) : Number(values.untilMinutes) - Number(values.fromMinutes);
  if (!(length >= SCHEDULE_LIMITS.windowMinMinutes)) return 'windowTooShort';
  // A clock window may pass midnight (a late restaurant's 23:30 to 00:30), for at most 12 hours.
  if (values.windowKind === 'clock' && passesMidnight(clock) && length > SCHEDULE_LIMITS.overnightWindowMaxMinutes) return 'windowTooLong';
  return null;
}

/** The body of `POST /api/schedules` (and of the PATCH, which takes the same fields) from the editor's fields. */
export function scheduleBody(values: ScheduleValues, partners?: number[]): ScheduleBody {
  const weight = values.weight.trim() === '' ? null : Number(values.weight);
  return {
    pickup_point_id: Number(values.pickupPoint),
    food_name: values.foodName.trim(),
    description: values.description.trim(),
    category: values.category,
    storage: values.storage,
    unit: values.unit,
    quantity: Number(values.quantity),
    weight_kg: weight,
    allergens: values.allergens,
    rule: values.customRule ?? ruleOf(values.days),
    ramadan: values.ramadan,
    eids: values.eids,
    window:
      values.windowKind === 'clock'
        ? { from: values.from, until: values.until }
        : { anchor: values.anchor, from_minutes: Number(values.fromMinutes), until_minutes: Number(values.untilMinutes) },
    ...(partners ? { partners } : {}),
    starts_on: values.startsOn,
    ends_on: values.endsOn || null,
  };
}

/** The Cairo calendar date `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
