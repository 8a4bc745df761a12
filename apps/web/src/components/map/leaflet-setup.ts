import type { MapConfig } from '@food-link/contracts';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** Text as HTML (Leaflet writes the attribution as HTML; the configuration gives plain text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A Leaflet map in `element`, drawing tiles from the deployment's tile server with its attribution.
 * Scroll-wheel zoom stays off so a page scrolls past the map; buttons, pinch and the keyboard zoom it.
 */
export function createMap(element: HTMLElement, config: MapConfig, view: { lat: number; lng: number; zoom: number }, maxZoom: number): L.Map {
  const map = L.map(element, { center: [view.lat, view.lng], zoom: view.zoom, maxZoom, minZoom: 5, scrollWheelZoom: false });
  L.tileLayer(config.tileUrl, { attribution: escapeHtml(config.attribution), maxZoom: 19 }).addTo(map);
  return map;
}

export { L };
