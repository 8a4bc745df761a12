import { PLATFORM_TIME_ZONE } from '@food-link/contracts';

/** Quiet hours as stored: Cairo wall-clock `HH:MM` or `HH:MM:SS` (the API takes minutes; tests may store seconds). */
export interface QuietWindow {
  start: string;
  end: string;
}

const DAY_S = 24 * 3600;

const cairoClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: PLATFORM_TIME_ZONE,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Seconds since midnight of a wall-clock `HH:MM[:SS]`. */
function secondsOf(clock: string): number {
  const [h, m, s = '0'] = clock.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** Seconds since midnight in Cairo at `now` (with its milliseconds). */
function cairoSecondsOfDay(now: Date): number {
  const parts = Object.fromEntries(cairoClock.formatToParts(now).map((part) => [part.type, part.value]));
  return Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second) + now.getUTCMilliseconds() / 1000;
}

/**
 * When the quiet hours `now` falls in end, or null when `now` is outside them (or there are none). An
 * `end` before `start` spans midnight (22:00–07:00). The end is counted in elapsed time from `now`, so a
 * change of Cairo's UTC offset inside the window moves it by that hour (Egypt changes it twice a year).
 */
export function quietUntil(now: Date, quiet: QuietWindow | null | undefined): Date | null {
  if (!quiet) return null;
  const start = secondsOf(quiet.start);
  const end = secondsOf(quiet.end);
  if (start === end) return null;
  const at = cairoSecondsOfDay(now);
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) return null;
  const remaining = (end - at + DAY_S) % DAY_S;
  return new Date(now.getTime() + Math.round(remaining * 1000));
}
