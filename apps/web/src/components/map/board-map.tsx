import { MAP_DEFAULT_VIEW, governorateName, type FoodItemView } from '@food-link/contracts';
import type { Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { BOARD_MAX_ZOOM, boardPoints } from './board-markers';
import type { BoardMarker } from './map-engine';
import { useMapEngine } from './use-map-engine';

type BoardMapProps = {
  /** The board as the list shows it (the same filters). */
  items: FoodItemView[];
  /** The cards of the listings a marker stands for. */
  renderItems: (items: FoodItemView[]) => ReactNode;
};

const markerClass =
  'flex size-11 items-center justify-center rounded-full border-2 border-white bg-green-700 font-bold text-white shadow-md ring-1 ring-green-900';

/**
 * The board on a map (docs/DOMAIN-RULES.md, "Places on the map"): one marker per governorate's public
 * position, clustered when close on screen; tapping one shows its listings' cards under the map (a
 * cluster also zooms in while it can still split). The map's code is fetched only when this first shows.
 */
export function BoardMap({ items, renderItems }: BoardMapProps) {
  const { t, i18n } = useTranslation('map');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const { engine, tiles, failed } = useMapEngine();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [zoom, setZoom] = useState<number>(MAP_DEFAULT_VIEW.zoom);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const panel = useRef<HTMLElement>(null);
  const clusters = useMemo(() => (engine ? new engine.BoardClusters(boardPoints(items), BOARD_MAX_ZOOM) : null), [engine, items]);
  const markers = useMemo(() => clusters?.markersAt(zoom) ?? [], [clusters, zoom]);
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);

  useEffect(() => {
    if (!engine || !tiles || !container.current) return;
    const created = engine.createMap(container.current, tiles, MAP_DEFAULT_VIEW, BOARD_MAX_ZOOM);
    created.on('zoomend', () => setZoom(created.getZoom()));
    setMap(created);
    return () => {
      created.remove();
      setMap(null);
    };
  }, [engine, tiles]);

  // The view fits the board's places whenever they change (a filter chosen, a governorate's first listing),
  // not at every refetch of the same places, so a reader's own panning stays.
  const places = useMemo(() => [...new Set(boardPoints(items).map((point) => `${point.lat},${point.lng}`))].sort().join(';'), [items]);
  useEffect(() => {
    if (!map || !engine || places === '') return;
    const corners = places.split(';').map((place) => place.split(',').map(Number) as [number, number]);
    map.fitBounds(engine.L.latLngBounds(corners), { maxZoom: 9, padding: [32, 32] });
  }, [map, engine, places]);

  useEffect(() => {
    if (!map || !engine) return;
    const { L, escapeHtml } = engine;
    const layer = L.layerGroup().addTo(map);
    for (const marker of markers) {
      const count = marker.foodIds.length;
      const first = byId.get(marker.foodIds[0]);
      const label =
        marker.kind === 'cluster'
          ? t('board.cluster', { count, n: formatNumber(count, language) })
          : t('board.marker', { count, n: formatNumber(count, language), place: first?.governorate ? governorateName(first.governorate, language) : '' });
      const icon = L.divIcon({
        className: 'board-marker',
        html: `<span class="${markerClass}" aria-hidden="true">${escapeHtml(formatNumber(count, language))}</span>`,
        iconSize: [44, 44],
        iconAnchor: [22, 22],
      });
      const drawn = L.marker([marker.lat, marker.lng], { icon, keyboard: true, title: label }).addTo(layer);
      const element = drawn.getElement();
      element?.setAttribute('aria-label', label);
      element?.setAttribute('data-testid', marker.kind === 'cluster' ? 'map-cluster' : 'map-marker');
      element?.setAttribute('data-count', String(count));
      element?.setAttribute('data-position', `${marker.lat},${marker.lng}`);
      drawn.on('click', () => choose(marker));
    }
    function choose(marker: BoardMarker) {
      setChosen(marker.foodIds);
      if (marker.kind === 'cluster' && marker.expansionZoom <= BOARD_MAX_ZOOM) map?.setView([marker.lat, marker.lng], marker.expansionZoom);
      // After the cards render: bring them into view on a phone, where they sit under the map.
      requestAnimationFrame(() => panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }));
    }
    return () => {
      layer.remove();
    };
  }, [map, engine, markers, byId, t, language]);

  const chosenItems = (chosen ?? []).flatMap((id) => byId.get(id) ?? []);

  if (failed) {
    return (
      <p role="alert" className="text-red-700">
        {t('error')}
      </p>
    );
  }
  return (
    <div data-testid="board-map" aria-busy={map ? undefined : true} className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">
        {t('board.privacy')} {t('board.hint')}
      </p>
      <div
        ref={container}
        role="region"
        aria-label={t('board.label')}
        data-testid="board-map-canvas"
        // Leaflet lays its panes out left to right whatever the page's direction.
        dir="ltr"
        className="relative z-0 h-[60vh] min-h-72 w-full overflow-hidden rounded-xl border border-stone-300 bg-stone-100"
      />
      <section ref={panel} aria-live="polite" data-testid="map-chosen" className="scroll-mt-4">
        {chosenItems.length > 0 && (
          <>
            <div className="mb-3 flex items-center justify-between gap-3">
              <h2 className="text-lg font-semibold text-stone-900">
                {t('board.chosen', { count: chosenItems.length, n: formatNumber(chosenItems.length, language) })}
              </h2>
              <button type="button" onClick={() => setChosen(null)} className="min-h-11 px-3 font-semibold text-stone-700 underline">
                {t('board.close')}
              </button>
            </div>
            {renderItems(chosenItems)}
          </>
        )}
      </section>
    </div>
  );
}
