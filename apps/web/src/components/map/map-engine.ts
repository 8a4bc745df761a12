import * as L from 'leaflet';
import Supercluster, { type AnyProps } from 'supercluster';

/*
 * The maps' libraries (Leaflet, supercluster), a chunk of their own that the map components fetch when
 * a map first shows: the landing page and the board's list never load it. It imports nothing of the app,
 * so loading it shares no code with (and splits nothing off) the landing page's bundle.
 */

export { L };

/** Text as HTML (Leaflet writes the attribution as HTML; the configuration gives plain text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A Leaflet map in `element`, drawing tiles from the deployment's tile server with its attribution.
 * Scroll-wheel zoom stays off so a page scrolls past the map; buttons, pinch and the keyboard zoom it.
 */
export function createMap(
  element: HTMLElement,
  tiles: { tileUrl: string; attribution: string },
  view: { lat: number; lng: number; zoom: number },
  maxZoom: number,
): L.Map {
  const map = L.map(element, { center: [view.lat, view.lng], zoom: view.zoom, maxZoom, minZoom: 5, scrollWheelZoom: false });
  L.tileLayer(tiles.tileUrl, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 }).addTo(map);
  return map;
}

export type ClusterPoint = { id: number; lat: number; lng: number };

export type BoardMarker =
  | { kind: 'item'; key: string; lat: number; lng: number; foodIds: number[] }
  | { kind: 'cluster'; key: string; lat: number; lng: number; clusterId: number; foodIds: number[]; expansionZoom: number };

/** Points clustered by supercluster, up to and including `maxZoom` (so points at one position always stay one marker). */
export class BoardClusters {
  private readonly index: Supercluster<{ foodId: number }, AnyProps>;

  constructor(
    points: readonly ClusterPoint[],
    private readonly maxZoom: number,
  ) {
    this.index = new Supercluster<{ foodId: number }, AnyProps>({ radius: 48, maxZoom, minPoints: 2 });
    this.index.load(points.map((point) => ({ type: 'Feature', properties: { foodId: point.id }, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } })));
  }

  /** The markers to draw at a zoom (the whole country: the board is small enough to place every marker). */
  markersAt(zoom: number): BoardMarker[] {
    const z = Math.max(0, Math.min(Math.round(zoom), this.maxZoom));
    const byPosition = new Map<string, BoardMarker>();
    for (const feature of this.index.getClusters([-180, -85, 180, 85], z)) {
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
        const foodId = (properties as { foodId: number }).foodId;
        const existing = byPosition.get(key);
        if (existing) existing.foodIds.push(foodId);
        else byPosition.set(key, { kind: 'item', key, lat, lng, foodIds: [foodId] });
      }
    }
    return [...byPosition.values()];
  }
}
