import type { Allergen, FoodCategory, StorageKind } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';

const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';
const STORAGE_CLASSES: Record<StorageKind, string> = {
  ambient: 'bg-stone-50 text-stone-800 ring-stone-500/30',
  chilled: 'bg-sky-50 text-sky-900 ring-sky-600/30',
  frozen: 'bg-indigo-50 text-indigo-900 ring-indigo-600/30',
  hot: 'bg-orange-50 text-orange-900 ring-orange-600/30',
};

/** What the food is and how it is kept: the two facts a charity needs to know what to bring. */
export function ListingBadges({ category, storage }: { category: FoodCategory; storage: StorageKind }) {
  const { t } = useTranslation('listing');
  return (
    <p className="flex flex-wrap gap-1.5" data-testid="listing-badges">
      <span data-category={category} className={`${badge} bg-green-50 text-green-900 ring-green-600/30`}>
        {t(`category.${category}`)}
      </span>
      <span data-storage={storage} className={`${badge} ${STORAGE_CLASSES[storage]}`}>
        {t(`storage.${storage}`)}
      </span>
    </p>
  );
}

/** The declared allergens, translated; "Not known" stands out, since then the charity must ask. */
export function AllergenList({ allergens }: { allergens: readonly Allergen[] }) {
  const { t } = useTranslation('listing');
  if (allergens.length === 0) return <span className="text-stone-600">{t('allergens.none')}</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('allergens.label')} data-testid="allergens">
      {allergens.map((allergen) => (
        <li
          key={allergen}
          className={`${badge} ${allergen === 'unknown' ? 'bg-amber-50 text-amber-900 ring-amber-600/30' : 'bg-white text-stone-800 ring-stone-400/40'}`}
        >
          {t(`allergens.${allergen}`)}
        </li>
      ))}
    </ul>
  );
}
