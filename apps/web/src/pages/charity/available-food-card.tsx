import type { FoodItemView } from '@food-link/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Countdown } from '../listing/countdown';
import { ListingBadges } from '../listing/listing-badges';
import { ListingPhotos } from '../listing/listing-facts';
import { ShareButton } from '../listing/share-button';
import { FoodFields } from './food-fields';

/**
 * The whole card selects the food: its title is a real button whose hit area is stretched over the card,
 * so it works by pointer, keyboard and screen reader alike. Under the title, what a coordinator decides
 * on at a glance: when to be there, what kind of food and how it is kept. A visible Request button at
 * the foot does the same for whoever looks for one to tap; keyboards and screen readers have the title
 * (the card's one stop), so the copy is out of the tab order and hidden from them.
 */
export function AvailableFoodCard({ food, onSelect }: { food: FoodItemView; onSelect: (foodId: number) => void }) {
  const titleId = useId();
  const { t } = useTranslation('charity');
  return (
    <article
      data-food-id={food.id}
      aria-labelledby={titleId}
      className="relative flex h-full flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-green-600 hover:shadow-md"
    >
      <h2 id={titleId} className="text-lg font-semibold break-words text-stone-900">
        <button
          type="button"
          onClick={() => onSelect(food.id)}
          dir="auto"
          className="text-start after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-green-700"
        >
          {food.food_name}
        </button>
      </h2>
      <Countdown until={food.pickup_until ?? food.safe_until} from={food.pickup_from} />
      <ListingBadges category={food.category} storage={food.storage} />
      <FoodFields food={food} showStatus />
      <ListingPhotos food={food} />
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => onSelect(food.id)}
          className="relative z-10 inline-flex min-h-11 items-center rounded-md bg-green-700 px-4 text-sm font-semibold text-white hover:bg-green-800"
        >
          {t('available.request')}
        </button>
        <ShareButton food={food} />
      </div>
    </article>
  );
}
