import { governorateName, type FoodItemView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { cairoDateTime, cairoDaysAhead, cairoTime } from './cairo-time';
import { AllergenList } from './listing-badges';

type Facts = Pick<
  FoodItemView,
  'governorate' | 'area' | 'pickup_from' | 'pickup_until' | 'safe_until' | 'allergens' | 'distance_km'
>;

const dt = 'text-stone-500';

/** "Cairo · Downtown" in the reader's language; null without a pickup point. */
export function usePlaceName(): (facts: Pick<FoodItemView, 'governorate' | 'area'>) => string | null {
  const { i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  return ({ governorate, area }) => {
    if (!governorate) return null;
    const name = governorateName(governorate, language);
    return area ? `${name} · ${area}` : name;
  };
}

/** The pickup window as "24 Nov 2026, 9:00 pm – 11:00 pm" on Cairo's clock. */
export function useWindowText(): (from: string | null, until: string | null) => string {
  const { t, i18n } = useTranslation('listing');
  return (from, until) => {
    if (from && until) {
      // The end's date is said too when the window runs past midnight (one ending at midnight ends its own day).
      const sameDay = cairoDaysAhead(new Date(until), new Date(from)) === 0;
      return t('window.range', {
        from: cairoDateTime(from, i18n.language),
        until: sameDay ? cairoTime(until, i18n.language) : cairoDateTime(until, i18n.language),
      });
    }
    if (from) return t('window.from', { from: cairoDateTime(from, i18n.language) });
    if (until) return t('window.range', { from: '…', until: cairoDateTime(until, i18n.language) });
    return t('window.anytime');
  };
}

/**
 * Where, when and how long it is safe, as rows of a card's <dl> (docs/DOMAIN-RULES.md, "Places"): never more of the place than
 * its governorate and area, which is all a public view carries.
 */
export function ListingFacts({ food }: { food: Facts }) {
  const { t, i18n } = useTranslation('listing');
  const place = usePlaceName()(food);
  const windowText = useWindowText();
  return (
    <>
      <dt className={dt}>{t('place.label')}</dt>
      <dd dir="auto" data-testid="place">
        {place ?? <span className="text-stone-500">{t('place.noPlace')}</span>}
        {food.distance_km != null && (
          <span className="ms-1 text-stone-600" data-testid="distance">
            ({t('place.distance', { distance: formatNumber(Math.round(food.distance_km * 10) / 10, i18n.language) })})
          </span>
        )}
      </dd>
      <dt className={dt}>{t('window.label')}</dt>
      <dd data-testid="pickup-window">{windowText(food.pickup_from, food.pickup_until)}</dd>
      <dt className={dt}>{t('safeUntil')}</dt>
      <dd data-testid="safe-until">{cairoDateTime(food.safe_until, i18n.language)}</dd>
      <dt className={dt}>{t('allergens.label')}</dt>
      <dd>
        <AllergenList allergens={food.allergens} />
      </dd>
    </>
  );
}

/** The item's thumbnails, each opening the full photo; nothing when it has none. */
export function ListingPhotos({ food }: { food: Pick<FoodItemView, 'photo_urls' | 'thumbnail_urls' | 'food_name'> }) {
  const { t } = useTranslation('listing');
  if (food.thumbnail_urls.length === 0) return null;
  return (
    <ul className="relative z-10 mt-2 flex gap-2" data-testid="thumbnails">
      {food.thumbnail_urls.map((url, index) => (
        <li key={url}>
          <a href={food.photo_urls[index] ?? url} target="_blank" rel="noreferrer" className="block focus-visible:outline-2 focus-visible:outline-green-700">
            <img
              src={url}
              alt={t('photos.alt', { index: index + 1, name: food.food_name })}
              loading="lazy"
              width={72}
              height={72}
              className="h-18 w-18 rounded-lg object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
