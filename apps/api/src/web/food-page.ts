import { PLATFORM_TIME_ZONE, governorateName, isCairoMidnight, type FoodItemView, type FoodUnit, type Language } from '@food-link/contracts';
import { escapeHtml } from '../common/html';

/** What the preview card says, in each language (docs/ACCOUNT-RECOVERY.md, "Sharing a listing"). */
const TEXTS: Record<
  Language,
  { units: Record<FoodUnit, string>; collectBy: string; gone: string; cairo: string; site: string; locale: string; midnight: string }
> = {
  en: {
    units: { portion: 'portions', kg: 'kg', item: 'items', tray: 'trays' },
    collectBy: 'Collect by',
    gone: 'No longer available',
    cairo: 'Cairo time',
    site: 'Food Link',
    locale: 'en_GB',
    midnight: 'midnight',
  },
  ar: {
    units: { portion: 'حصص', kg: 'كجم', item: 'قطع', tray: 'صوانٍ' },
    collectBy: 'الاستلام قبل',
    gone: 'لم يعد متاحًا',
    cairo: 'بتوقيت القاهرة',
    site: 'فود لينك',
    locale: 'ar_EG',
    midnight: 'منتصف الليل',
  },
};

const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-EG' };

/**
 * `24 Nov, 11:00 pm` on Cairo's clock, as the listing page writes it; the end of a day is that day's
 * midnight (`27 Nov, midnight`), not `28 Nov, 12:00 am`.
 */
function cairoMoment(iso: string, language: Language): string {
  const instant = new Date(iso);
  if (isCairoMidnight(instant)) {
    const day = new Intl.DateTimeFormat(LOCALES[language], { timeZone: PLATFORM_TIME_ZONE, day: 'numeric', month: 'short' }).format(
      new Date(instant.getTime() - 60_000),
    );
    return `${day}${language === 'ar' ? '، ' : ', '}${TEXTS[language].midnight}`;
  }
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: PLATFORM_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  }).format(new Date(iso));
}

/**
 * The preview a shared /food/{id} link shows: the food's name, quantity, area and governorate, and the
 * time to collect it by (the end of its pickup window, else its safe time), from the public view only: no
 * pickup address, landmark, phone or contact ever reaches it.
 */
export function foodPreview(item: FoodItemView, language: Language): { title: string; description: string } {
  const t = TEXTS[language];
  const place = [item.area, item.governorate && governorateName(item.governorate, language)].filter(Boolean).join(language === 'ar' ? '، ' : ', ');
  const collectBy = `${t.collectBy} ${cairoMoment(item.pickup_until ?? item.safe_until, language)} (${t.cairo})`;
  // Arabic-Indic digits in an Arabic sentence.
  const quantity = new Intl.NumberFormat(LOCALES[language]).format(item.quantity);
  const parts = [`${quantity} ${t.units[item.unit]}`, place, item.status === 'available' ? collectBy : t.gone];
  return { title: `${item.food_name} · ${t.site}`, description: parts.filter(Boolean).join(' · ') };
}

/**
 * The Open Graph and Twitter card tags of a listing's page. Every value is escaped: a food name such as
 * `"><script>` stays text inside its attribute.
 */
export function foodPageTags(item: FoodItemView, language: Language, publicUrl: string): string {
  const { title, description } = foodPreview(item, language);
  const photo = item.photo_urls[0];
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', TEXTS[language].site],
    ['property', 'og:locale', TEXTS[language].locale],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${publicUrl}/food/${item.id}`],
    ...(photo ? ([['property', 'og:image', `${publicUrl}${photo}`]] as [string, string, string][]) : []),
    ['name', 'twitter:card', photo ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

/**
 * index.html with a listing's tags in its head and its title as the page title (the app's own
 * description gives way to the listing's).
 */
export function withFoodTags(indexHtml: string, item: FoodItemView, language: Language, publicUrl: string): string {
  const { title } = foodPreview(item, language);
  // Replacer functions, not strings: a `$&` in a food name must stay text, not become a replacement pattern.
  return indexHtml
    .replace(/\s*<meta name="description"[^>]*>/i, () => '')
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<\/head>/i, () => `  ${foodPageTags(item, language, publicUrl)}\n  </head>`);
}

/**
 * index.html whose `<html>` element says the reader's language and direction (`lang="ar" dir="rtl"` in
 * Arabic), which the app then opens in unless the visitor chose a language before (apps/web i18n.ts).
 */
export function inLanguage(indexHtml: string, language: Language): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return indexHtml.replace(/<html\b[^>]*>/i, (tag) => {
    const rest = tag
      .slice('<html'.length, -1)
      .replace(/\s(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi, '')
      .trim();
    return `<html lang="${language}" dir="${dir}"${rest ? ` ${rest}` : ''}>`;
  });
}
