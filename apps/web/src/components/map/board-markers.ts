import { GOVERNORATE_POSITIONS, isGovernorateCode } from '@food-link/contracts';
import Supercluster, { type AnyProps } from 'supercluster';

/*
 * The board's markers (docs/DOMAIN-RULES.md, "Places on the map"): each listing sits at its governorate's
 * public position, never at its pickup point (the board does not even carry one), and listings close
 * together on screen are drawn as one cluster, by supercluster.
 */

/** The most the board's map zooms in: positions are a governorate's, finer zoom would only suggest more. */
export const BOARD_MAX_ZOOM = 12;

type ItemProps = { foodId: number };
type ClusterProps = AnyProps;

export type BoardMarker =
  | { kind: 'item'; key: string; lat: number; lng: number; foodIds: number[] }
  | { kind: 'cluster'; key: string; lat: number; lng: number; clusterId: number; foodIds: number[]; expansionZoom: number };

/** Where a listing is shown: its governorate's public position, or nowhere for an unknown governorate. */
export function publicPosition(item: { governorate: string | null }): { lat: number; lng: number } | null {
  return isGovernorateCode(item.governorate) ? GOVERNORATE_POSITIONS[item.governorate] : null;
}

export class BoardClusters {
  private readonly index: Supercluster<ItemProps, ClusterProps>;

  constructor(items: readonly { id: number; governorate: string | null }[]) {
    // Clusters are made up to and including the map's own deepest zoom, so listings of one governorate
    // (one position) always stay one marker that lists them all.
    this.index = new Supercluster<ItemProps, ClusterProps>({ radius: 48, maxZoom: BOARD_MAX_ZOOM, minPoints: 2 });
    const points = items.flatMap((item) => {
      const position = publicPosition(item);
      return position
        ? [{ type: 'Feature' as const, properties: { foodId: item.id }, geometry: { type: 'Point' as const, coordinates: [position.lng, position.lat] } }]
        : [];
    });
    this.index.load(points);
  }

  /** The markers to draw at a zoom (the whole country: the board is small enough to place every marker). */
  markersAt(zoom: number): BoardMarker[] {
    const z = Math.max(0, Math.min(Math.round(zoom), BOARD_MAX_ZOOM));
    const features = this.index.getClusters([-180, -85, 180, 85], z);
    // Single listings at one position (the same governorate) are one marker too.
    const byPosition = new Map<string, BoardMarker>();
    for (const feature of features) {
      // Back from supercluster's projection, to the public positions' own precision and a little more.
      const [lng, lat] = feature.geometry.coordinates.map((value) => Math.round(value * 1e6) / 1e6);
      const properties = feature.properties;
      if ('cluster' in properties && properties.cluster) {
        const clusterId = properties.cluster_id as number;
        const foodIds = this.index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.foodId);
        byPosition.set(`c${clusterId}`, {
          kind: 'cluster',
          key: `c${clusterId}`,
          lat,
          lng,
          clusterId,
          foodIds: foodIds.sort((a, b) => a - b),
          expansionZoom: this.index.getClusterExpansionZoom(clusterId),
        });
      } else {
        const key = `p${lat},${lng}`;
        const existing = byPosition.get(key);
        const foodId = (properties as ItemProps).foodId;
        if (existing) existing.foodIds.push(foodId);
        else byPosition.set(key, { kind: 'item', key, lat, lng, foodIds: [foodId] });
      }
    }
    return [...byPosition.values()];
  }
}
