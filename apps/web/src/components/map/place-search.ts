import { GOVERNORATE_POSITIONS, GOVERNORATES, type GovernorateCode } from '@food-link/contracts';

/*
 * The pin picker's area search, within the app's own list of places: Egypt's 27 governorates and their
 * capital cities (no geocoding service is reached: docs/DOMAIN-RULES.md, "Places on the map").
 */

export type Place = { governorate: GovernorateCode; en: string; ar: string; lat: number; lng: number };

/** Each governorate's capital city, where its public position is (libs/contracts/src/map.ts). */
const CAPITALS: Record<GovernorateCode, { en: string; ar: string }> = {
  'EG-C': { en: 'Cairo', ar: 'القاهرة' },
  'EG-GZ': { en: 'Giza', ar: 'الجيزة' },
  'EG-ALX': { en: 'Alexandria', ar: 'الإسكندرية' },
  'EG-KB': { en: 'Banha', ar: 'بنها' },
  'EG-SHR': { en: 'Zagazig', ar: 'الزقازيق' },
  'EG-DK': { en: 'Mansoura', ar: 'المنصورة' },
  'EG-BH': { en: 'Damanhur', ar: 'دمنهور' },
  'EG-KFS': { en: 'Kafr El Sheikh', ar: 'كفر الشيخ' },
  'EG-GH': { en: 'Tanta', ar: 'طنطا' },
  'EG-MNF': { en: 'Shibin El Kom', ar: 'شبين الكوم' },
  'EG-DT': { en: 'Damietta', ar: 'دمياط' },
  'EG-PTS': { en: 'Port Said', ar: 'بورسعيد' },
  'EG-IS': { en: 'Ismailia', ar: 'الإسماعيلية' },
  'EG-SUZ': { en: 'Suez', ar: 'السويس' },
  'EG-SIN': { en: 'Arish', ar: 'العريش' },
  'EG-JS': { en: 'El Tor', ar: 'الطور' },
  'EG-BA': { en: 'Hurghada', ar: 'الغردقة' },
  'EG-MT': { en: 'Marsa Matruh', ar: 'مرسى مطروح' },
  'EG-WAD': { en: 'Kharga', ar: 'الخارجة' },
  'EG-FYM': { en: 'Faiyum', ar: 'الفيوم' },
  'EG-BNS': { en: 'Beni Suef', ar: 'بني سويف' },
  'EG-MN': { en: 'Minya', ar: 'المنيا' },
  'EG-AST': { en: 'Asyut', ar: 'أسيوط' },
  'EG-SHG': { en: 'Sohag', ar: 'سوهاج' },
  'EG-KN': { en: 'Qena', ar: 'قنا' },
  'EG-LX': { en: 'Luxor', ar: 'الأقصر' },
  'EG-ASN': { en: 'Aswan', ar: 'أسوان' },
};

/**
 * Text as it is compared: lower case, without Arabic diacritics and tatweel, with the letters people
 * write interchangeably made one (أ إ آ → ا, ة → ه, ى → ي), "El"/"Al" and "ال" prefixes and punctuation
 * set aside.
 */
export function foldPlaceName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[-'’.,]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^(el|al)$/, '').replace(/^ال(?=..)/, ''))
    .filter(Boolean)
    .join(' ');
}

/** Every place the search knows: each governorate and, where its name differs, its capital city. */
export const PLACES: readonly Place[] = GOVERNORATES.flatMap((g) => {
  const position = GOVERNORATE_POSITIONS[g.code];
  const capital = CAPITALS[g.code];
  const governorate: Place = { governorate: g.code, en: g.en, ar: g.ar, ...position };
  return capital.en === g.en ? [governorate] : [governorate, { governorate: g.code, en: capital.en, ar: capital.ar, ...position }];
});

/** The places whose English or Arabic name contains the query (names starting with it first), at most `limit`. */
export function searchPlaces(query: string, limit = 6): Place[] {
  const wanted = foldPlaceName(query);
  if (wanted === '') return [];
  const scored = PLACES.flatMap((place) => {
    const names = [foldPlaceName(place.en), foldPlaceName(place.ar)];
    if (names.some((name) => name.startsWith(wanted))) return [{ place, rank: 0 }];
    if (names.some((name) => name.includes(wanted))) return [{ place, rank: 1 }];
    return [];
  });
  return scored
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ place }) => place);
}
