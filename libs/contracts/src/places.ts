/*
 * Places in Egypt (docs/DOMAIN-RULES.md, "Places"): the 27 governorates by their ISO 3166-2:EG codes, the
 * country's bounding box for map positions, and Egyptian mobile numbers.
 */

export const GOVERNORATES = [
  { code: 'EG-C', en: 'Cairo', ar: 'القاهرة' },
  { code: 'EG-GZ', en: 'Giza', ar: 'الجيزة' },
  { code: 'EG-ALX', en: 'Alexandria', ar: 'الإسكندرية' },
  { code: 'EG-KB', en: 'Qalyubia', ar: 'القليوبية' },
  { code: 'EG-SHR', en: 'Sharqia', ar: 'الشرقية' },
  { code: 'EG-DK', en: 'Dakahlia', ar: 'الدقهلية' },
  { code: 'EG-BH', en: 'Beheira', ar: 'البحيرة' },
  { code: 'EG-KFS', en: 'Kafr El Sheikh', ar: 'كفر الشيخ' },
  { code: 'EG-GH', en: 'Gharbia', ar: 'الغربية' },
  { code: 'EG-MNF', en: 'Monufia', ar: 'المنوفية' },
  { code: 'EG-DT', en: 'Damietta', ar: 'دمياط' },
  { code: 'EG-PTS', en: 'Port Said', ar: 'بورسعيد' },
  { code: 'EG-IS', en: 'Ismailia', ar: 'الإسماعيلية' },
  { code: 'EG-SUZ', en: 'Suez', ar: 'السويس' },
  { code: 'EG-SIN', en: 'North Sinai', ar: 'شمال سيناء' },
  { code: 'EG-JS', en: 'South Sinai', ar: 'جنوب سيناء' },
  { code: 'EG-BA', en: 'Red Sea', ar: 'البحر الأحمر' },
  { code: 'EG-MT', en: 'Matrouh', ar: 'مطروح' },
  { code: 'EG-WAD', en: 'New Valley', ar: 'الوادي الجديد' },
  { code: 'EG-FYM', en: 'Faiyum', ar: 'الفيوم' },
  { code: 'EG-BNS', en: 'Beni Suef', ar: 'بني سويف' },
  { code: 'EG-MN', en: 'Minya', ar: 'المنيا' },
  { code: 'EG-AST', en: 'Asyut', ar: 'أسيوط' },
  { code: 'EG-SHG', en: 'Sohag', ar: 'سوهاج' },
  { code: 'EG-KN', en: 'Qena', ar: 'قنا' },
  { code: 'EG-LX', en: 'Luxor', ar: 'الأقصر' },
  { code: 'EG-ASN', en: 'Aswan', ar: 'أسوان' },
] as const;

export type GovernorateCode = (typeof GOVERNORATES)[number]['code'];
export const GOVERNORATE_CODES = GOVERNORATES.map((g) => g.code) as unknown as readonly [GovernorateCode, ...GovernorateCode[]];

const CODES: ReadonlySet<string> = new Set(GOVERNORATE_CODES);
export function isGovernorateCode(value: unknown): value is GovernorateCode {
  return typeof value === 'string' && CODES.has(value);
}

/** The governorate's name in a language (`en` or `ar`); the code itself when unknown. */
export function governorateName(code: string, language: 'en' | 'ar'): string {
  return GOVERNORATES.find((g) => g.code === code)?.[language] ?? code;
}

/**
 * Egypt's bounding box, with a little margin (Natural Earth's country outline: 21.99–31.67 °N,
 * 24.70–36.90 °E). A position outside it is a typing error (swapped latitude and longitude, say).
 */
export const EGYPT_BOUNDS = { minLat: 21.7, maxLat: 31.9, minLng: 24.6, maxLng: 37.1 } as const;

export function isInEgypt(lat: number, lng: number): boolean {
  return lat >= EGYPT_BOUNDS.minLat && lat <= EGYPT_BOUNDS.maxLat && lng >= EGYPT_BOUNDS.minLng && lng <= EGYPT_BOUNDS.maxLng;
}

/**
 * An Egyptian mobile number in E.164 (`+201XXXXXXXXX`), from the ways people write one: `010 1234 5678`,
 * `+20 10 1234 5678`, `0020-10-1234-5678`, `20101234567 8`; null when it is not one. Mobile prefixes are
 * 010, 011, 012 and 015 (NTRA's numbering plan); spaces, dashes, dots and brackets are ignored, and Arabic
 * digits are read as digits.
 */
export function egyptianMobileE164(input: string): string | null {
  const digits = input
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s().\-\u00a0]/g, '');
  const match = /^(?:\+20|0020|20)?0?(1[0125]\d{8})$/.exec(digits);
  return match ? `+20${match[1]}` : null;
}

/** A link that opens the position in the phone's map app (or the browser). */
export function mapUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/** Great-circle distance in kilometres (haversine, Earth radius 6,371 km). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
