import type { Vehicle } from '@food-link/contracts';

/** A pickup as the suggested order sees it: where, and its window (epoch ms; null: open). */
export interface TripPoint {
  id: number;
  lat: number | null;
  lng: number | null;
  windowStart: number | null;
  windowEnd: number | null;
}

const EARTH_KM = 6371;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const positionOf = (point: TripPoint) => (point.lat !== null && point.lng !== null ? { lat: point.lat, lng: point.lng } : null);

/**
 * The suggested order of a day's pickups (docs/DOMAIN-RULES.md, "A volunteer's day"): nearest next from
 * where the volunteer is, respecting the windows. At each step the candidates are the pickups whose window
 * opens no later than the earliest closing window among those left: a pickup that closes before another
 * opens comes first, whatever the distance. Of the candidates, the nearest to the last stop (or to `start`)
 * goes next; pickups without a position come after those with one; without any position to measure from,
 * the earliest window goes first. Ties: the earlier closing window, then the request id.
 */
export function suggestedOrder(points: readonly TripPoint[], start: { lat: number; lng: number } | null): number[] {
  const left = [...points];
  const order: number[] = [];
  let here = start;
  while (left.length > 0) {
    const closing = Math.min(...left.map((point) => point.windowEnd ?? Infinity));
    const candidates = left.filter((point) => (point.windowStart ?? -Infinity) <= closing);
    const score = (point: TripPoint): [number, number, number, number] => {
      const position = positionOf(point);
      const distance = here && position ? distanceKm(here, position) : Infinity;
      const byWindow = here ? 0 : (point.windowStart ?? -Infinity);
      return [position ? 0 : 1, here ? distance : byWindow, point.windowEnd ?? Infinity, point.id];
    };
    candidates.sort((a, b) => {
      const [x, y] = [score(a), score(b)];
      for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
      return 0;
    });
    const next = candidates[0];
    order.push(next.id);
    left.splice(left.indexOf(next), 1);
    here = positionOf(next) ?? here;
  }
  return order;
}

const TRAVEL_MODE: Record<Vehicle, string> = {
  on_foot: 'walking',
  bicycle: 'bicycling',
  motorbike: 'driving',
  tuk_tuk: 'driving',
  car: 'driving',
  van: 'driving',
};

/**
 * The whole route in a maps app: a Google Maps directions URL (api=1) from `start` (else wherever the
 * phone is) through each stop with a position, in order, as waypoints, to the last one. Null without a
 * stop with a position.
 */
export function routeUrl(
  start: { lat: number; lng: number } | null,
  stops: readonly { lat: number | null; lng: number | null }[],
  vehicle: Vehicle | null,
): string | null {
  const points = stops.filter((stop) => stop.lat !== null && stop.lng !== null).map((stop) => `${stop.lat},${stop.lng}`);
  if (points.length === 0) return null;
  const params = new URLSearchParams({ api: '1' });
  if (start) params.set('origin', `${start.lat},${start.lng}`);
  params.set('destination', points[points.length - 1]);
  if (points.length > 1) params.set('waypoints', points.slice(0, -1).join('|'));
  params.set('travelmode', vehicle ? TRAVEL_MODE[vehicle] : 'driving');
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}
