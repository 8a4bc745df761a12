import type { FoodItemView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, foodState } from '../../components/status-badge';
import { useFormat } from '../../i18n/format';
import { ListingFacts } from '../listing/listing-facts';

type FoodFieldsProps = {
  food: FoodItemView;
  /** The details view lists the name as a field; a card has it as its title instead. */
  showName?: boolean;
  showStatus?: boolean;
};

export function FoodFields({ food, showName = false, showStatus = false }: FoodFieldsProps) {
  const { t } = useTranslation('charity');
  const { t: tl } = useTranslation('listing');
  const format = useFormat();
  return (
    <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm">
      {showName && (
        <>
          <dt className="text-stone-500">{t('food.foodName')}</dt>
          <dd dir="auto" className="wrap-anywhere">
            {food.food_name}
          </dd>
        </>
      )}
      <dt className="text-stone-500">{t('food.quantity')}</dt>
      <dd>
        <span>{format.number(food.quantity)}</span>{' '}
        <span className="text-stone-600">
          {tl(`unit.${food.unit}`)}
          {food.weight_kg != null && food.unit !== 'kg' ? ` · ${tl('weightAbout', { kg: format.number(food.weight_kg) })}` : ''}
        </span>
        {/* Partial claims: what other charities have not claimed yet. */}
        {food.status === 'available' && food.quantity_left < food.quantity && (
          <span data-testid="quantity-left" className="ms-2 inline-block rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
            {t('food.left', { left: format.number(food.quantity_left), quantity: format.number(food.quantity) })}
          </span>
        )}
      </dd>
      <dt className="text-stone-500">{t('food.description')}</dt>
      <dd dir="auto" className="wrap-anywhere">
        {food.description}
      </dd>
      <dt className="text-stone-500">{t('food.expirationDate')}</dt>
      <dd>{format.date(food.expiration_date)}</dd>
      <ListingFacts food={food} />
      {showStatus && (
        <>
          <dt className="text-stone-500">{t('food.status')}</dt>
          <dd>
            <StatusBadge state={foodState(food.status)} />
          </dd>
        </>
      )}
    </dl>
  );
}
