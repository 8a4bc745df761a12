import { GOVERNORATE_POSITIONS, isGovernorateCode } from '@food-link/contracts';
import type { ClusterPoint } from './map-engine';

/*
 * Where the board's markers go (docs/DOMAIN-RULES.md, "Places on the map"): each listing sits at its
 * governorate's public position, never at its pickup point (the board does not even carry one); the
 * clustering itself is supercluster's, in map-engine.ts.
 */

/** The most the board's map zooms in: positions are a governorate's, finer zoom would only suggest more. */
export const BOARD_MAX_ZOOM = 12;

/** Where a listing is shown: its governorate's public position, or nowhere for an unknown governorate. */
export function publicPosition(item: { governorate: string | null }): { lat: number; lng: number } | null {
  return isGovernorateCode(item.governorate) ? GOVERNORATE_POSITIONS[item.governorate] : null;
}

/** The board's listings as points to cluster, at their public positions. */
export function boardPoints(items: readonly { id: number; governorate: string | null }[]): ClusterPoint[] {
  return items.flatMap((item) => {
    const position = publicPosition(item);
    return position ? [{ id: item.id, ...position }] : [];
  });
}

/** The map's code, fetched once and shared by every map. */
let engine: Promise<typeof import('./map-engine')> | null = null;
export function loadMapEngine(): Promise<typeof import('./map-engine')> {
  engine ??= import('./map-engine').catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}
