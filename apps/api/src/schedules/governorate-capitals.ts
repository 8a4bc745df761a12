import type { GovernorateCode } from '@food-link/contracts';

/** A position, in degrees. */
export interface Position {
  lat: number;
  lng: number;
}

/**
 * The capital of each governorate, where prayer times are computed for a pickup point without a position
 * (docs/DOMAIN-RULES.md, "Standing collections"). City centres from GeoNames, rounded to 4 decimals (about
 * 10 m); a few kilometres change a prayer time by seconds.
 */
export const GOVERNORATE_CAPITALS: Readonly<Record<GovernorateCode, { city: string } & Position>> = {
  'EG-C': { city: 'Cairo', lat: 30.0444, lng: 31.2357 },
  'EG-GZ': { city: 'Giza', lat: 30.0131, lng: 31.2089 },
  'EG-ALX': { city: 'Alexandria', lat: 31.2001, lng: 29.9187 },
  'EG-KB': { city: 'Banha', lat: 30.4659, lng: 31.1848 },
  'EG-SHR': { city: 'Zagazig', lat: 30.5877, lng: 31.502 },
  'EG-DK': { city: 'Mansoura', lat: 31.0409, lng: 31.3785 },
  'EG-BH': { city: 'Damanhur', lat: 31.0341, lng: 30.4682 },
  'EG-KFS': { city: 'Kafr El Sheikh', lat: 31.1107, lng: 30.9388 },
  'EG-GH': { city: 'Tanta', lat: 30.7865, lng: 31.0004 },
  'EG-MNF': { city: 'Shibin El Kom', lat: 30.552, lng: 31.009 },
  'EG-DT': { city: 'Damietta', lat: 31.4165, lng: 31.8133 },
  'EG-PTS': { city: 'Port Said', lat: 31.2653, lng: 32.3019 },
  'EG-IS': { city: 'Ismailia', lat: 30.5965, lng: 32.2715 },
  'EG-SUZ': { city: 'Suez', lat: 29.9668, lng: 32.5498 },
  'EG-SIN': { city: 'Arish', lat: 31.1316, lng: 33.7984 },
  'EG-JS': { city: 'El Tor', lat: 28.2417, lng: 33.6222 },
  'EG-BA': { city: 'Hurghada', lat: 27.2579, lng: 33.8116 },
  'EG-MT': { city: 'Marsa Matruh', lat: 31.3543, lng: 27.2373 },
  'EG-WAD': { city: 'Kharga', lat: 25.439, lng: 30.5586 },
  'EG-FYM': { city: 'Faiyum', lat: 29.3084, lng: 30.8428 },
  'EG-BNS': { city: 'Beni Suef', lat: 29.0661, lng: 31.0994 },
  'EG-MN': { city: 'Minya', lat: 28.1099, lng: 30.7503 },
  'EG-AST': { city: 'Asyut', lat: 27.1809, lng: 31.1837 },
  'EG-SHG': { city: 'Sohag', lat: 26.5591, lng: 31.6957 },
  'EG-KN': { city: 'Qena', lat: 26.1551, lng: 32.716 },
  'EG-LX': { city: 'Luxor', lat: 25.6872, lng: 32.6396 },
  'EG-ASN': { city: 'Aswan', lat: 24.0889, lng: 32.8998 },
};
