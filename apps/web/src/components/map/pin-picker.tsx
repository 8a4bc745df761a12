import { GOVERNORATE_POSITIONS, MAP_DEFAULT_VIEW, isGovernorateCode } from '@food-link/contracts';
import type { Map as LeafletMap, Marker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { searchPlaces, type Place } from './place-search';
import { useMapEngine } from './use-map-engine';

type PinPickerProps = {
  lat: number | null;
  lng: number | null;
  /** The governorate chosen in the form: the map starts there while there is no pin. */
  governorate: string;
  onChange: (position: { lat: number; lng: number }) => void;
};

const PICKER_MAX_ZOOM = 18;
/** The zoom a found place opens at: a city, streets readable. */
const PLACE_ZOOM = 13;

/** Six decimals, about 10 cm: what the API keeps. */
export const roundPosition = (value: number) => Math.round(value * 1e6) / 1e6;

const pinIcon = (L: typeof import('leaflet')) =>
  L.divIcon({
    className: 'pickup-pin',
    html: '<svg viewBox="0 0 24 32" width="36" height="48" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#15803d" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
    iconSize: [36, 48],
    iconAnchor: [18, 48],
  });

/**
 * The pickup point's pin on a map (docs/DOMAIN-RULES.md, "Places on the map"): tap the map to drop it,
 * drag it to the door; the search moves the map to a governorate or its capital from the app's own list
 * (nothing is sent to a geocoder). The map's code is fetched only when this first shows.
 */
export function PinPicker({ lat, lng, governorate, onChange }: PinPickerProps) {
  const { t, i18n } = useTranslation('map');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const { engine, tiles, failed } = useMapEngine();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const pin = useRef<Marker | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const [query, setQuery] = useState('');
  const results = searchPlaces(query);
  const searchId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!engine || !tiles || !container.current) return;
    const start = lat !== null && lng !== null ? { lat, lng, zoom: 16 } : isGovernorateCode(governorate) ? { ...GOVERNORATE_POSITIONS[governorate], zoom: 11 } : MAP_DEFAULT_VIEW;
    const created = engine.createMap(container.current, tiles, start, PICKER_MAX_ZOOM);
    created.on('click', (event) => changed.current({ lat: roundPosition(event.latlng.lat), lng: roundPosition(event.latlng.lng) }));
    setMap(created);
    return () => {
      created.remove();
      pin.current = null;
      setMap(null);
    };
    // The map is made once per configuration; later positions move the pin (below), not the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, tiles]);

  // The pin follows the form's position, wherever it came from (a tap, a drag, "use my location", clear).
  useEffect(() => {
    if (!map || !engine) return;
    if (lat === null || lng === null) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (!pin.current) {
      const marker = engine.L.marker([lat, lng], { icon: pinIcon(engine.L), draggable: true, autoPan: true, keyboard: false, title: t('picker.pin') }).addTo(map);
      marker.getElement()?.setAttribute('data-testid', 'pickup-pin');
      marker.getElement()?.setAttribute('aria-hidden', 'true');
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        changed.current({ lat: roundPosition(at.lat), lng: roundPosition(at.lng) });
      });
      pin.current = marker;
    } else {
      pin.current.setLatLng([lat, lng]);
    }
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, engine, lat, lng, t]);

  // Choosing a governorate in the form, with no pin yet, shows that governorate.
  useEffect(() => {
    if (map && lat === null && isGovernorateCode(governorate)) map.setView(GOVERNORATE_POSITIONS[governorate], 11);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, governorate]);

  function go(place: Place) {
    map?.setView([place.lat, place.lng], PLACE_ZOOM);
    setQuery('');
    container.current?.focus();
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter picks the first place, and neither saves the point nor submits a form around it.
    event.preventDefault();
    event.stopPropagation();
    if (results[0]) go(results[0]);
  }

  if (failed) {
    return (
      <p className="text-sm text-red-700">
        {t('error')}
      </p>
    );
  }
  return (
    <div data-testid="pin-picker" className="flex flex-col gap-2">
      <p className="text-stone-700">{t('picker.help')}</p>
      <label htmlFor={searchId} className="font-medium text-stone-800">
        {t('picker.search')}
      </label>
      <input
        id={searchId}
        type="search"
        data-testid="pin-search"
        autoComplete="off"
        aria-describedby={hintId}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onSearchKey}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2"
      />
      <p id={hintId} className="text-xs text-stone-600">
        {t('picker.searchHint')}
      </p>
      {query.trim() !== '' &&
        (results.length > 0 ? (
          <ul data-testid="pin-results" className="flex flex-wrap gap-2">
            {results.map((place) => (
              <li key={`${place.governorate}-${place.en}`}>
                <button type="button" onClick={() => go(place)} className="min-h-11 rounded-lg border border-green-700 px-3 py-2 font-semibold text-green-800 hover:bg-green-50">
                  {place[language]}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status" className="text-stone-700">
            {t('picker.noResults')}
          </p>
        ))}
      <div
        ref={container}
        role="region"
        aria-label={t('picker.mapLabel')}
        data-testid="pin-map"
        dir="ltr"
        className="relative z-0 h-64 w-full overflow-hidden rounded-lg border border-stone-300 bg-stone-100"
      />
    </div>
  );
}
