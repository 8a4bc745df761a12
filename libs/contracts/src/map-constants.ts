import type { GovernorateCode } from './places';

/*
 * Maps: the paths, values and rules without their zod shapes (those are in `map.ts`), so the web app's
 * screens use them without loading zod (issue 30; docs/PERFORMANCE.md).
 */

export const MAP_ROUTES = {
  /** GET: the tile server and its attribution (`MapConfig`); no session needed. */
  config: '/api/map/config',
} as const;

/** A position, in degrees. */
export interface MapPosition {
  lat: number;
  lng: number;
}

/**
 * The public position of each governorate: its capital city's centre (GeoNames' coordinates of the
 * city, rounded to 0.01°, about a kilometre). The board's map puts a listing here, never at its pickup
 * point; the pin picker starts here when a donor picks the governorate. The API's standing collections
 * compute prayer times here for a pickup point without a position of its own (a kilometre moves a prayer
 * time by seconds).
 */
export const GOVERNORATE_POSITIONS: Readonly<Record<GovernorateCode, MapPosition>> = {
  'EG-C': { lat: 30.04, lng: 31.24 }, // Cairo
  'EG-GZ': { lat: 30.01, lng: 31.21 }, // Giza
  'EG-ALX': { lat: 31.2, lng: 29.92 }, // Alexandria
  'EG-KB': { lat: 30.46, lng: 31.18 }, // Banha
  'EG-SHR': { lat: 30.59, lng: 31.5 }, // Zagazig
  'EG-DK': { lat: 31.04, lng: 31.38 }, // Mansoura
  'EG-BH': { lat: 31.03, lng: 30.47 }, // Damanhur
  'EG-KFS': { lat: 31.11, lng: 30.94 }, // Kafr El Sheikh
  'EG-GH': { lat: 30.79, lng: 31.0 }, // Tanta
  'EG-MNF': { lat: 30.55, lng: 31.01 }, // Shibin El Kom
  'EG-DT': { lat: 31.42, lng: 31.81 }, // Damietta
  'EG-PTS': { lat: 31.27, lng: 32.3 }, // Port Said
  'EG-IS': { lat: 30.6, lng: 32.27 }, // Ismailia
  'EG-SUZ': { lat: 29.97, lng: 32.55 }, // Suez
  'EG-SIN': { lat: 31.13, lng: 33.8 }, // Arish
  'EG-JS': { lat: 28.24, lng: 33.62 }, // El Tor
  'EG-BA': { lat: 27.26, lng: 33.81 }, // Hurghada
  'EG-MT': { lat: 31.35, lng: 27.24 }, // Marsa Matruh
  'EG-WAD': { lat: 25.45, lng: 30.55 }, // Kharga
  'EG-FYM': { lat: 29.31, lng: 30.84 }, // Faiyum
  'EG-BNS': { lat: 29.07, lng: 31.1 }, // Beni Suef
  'EG-MN': { lat: 28.11, lng: 30.75 }, // Minya
  'EG-AST': { lat: 27.18, lng: 31.18 }, // Asyut
  'EG-SHG': { lat: 26.56, lng: 31.7 }, // Sohag
  'EG-KN': { lat: 26.16, lng: 32.72 }, // Qena
  'EG-LX': { lat: 25.69, lng: 32.64 }, // Luxor
  'EG-ASN': { lat: 24.09, lng: 32.9 }, // Aswan
};

/** Where the map opens with nothing chosen: the Nile Delta and Cairo. */
export const MAP_DEFAULT_VIEW = { lat: 30.3, lng: 31.2, zoom: 7 } as const;
