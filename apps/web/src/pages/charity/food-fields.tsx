import type { FoodItemView } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, foodState } from '../../components/status-badge';
import { useFormat } from '../../i18n/format';

type FoodFieldsProps = {
  food: Pick<FoodItemView, 'food_name' | 'quantity' | 'description' | 'expiration_date' | 'status'>;
  /** The details view lists the name as a field; a card has it as its title instead. */
  showName?: boolean;
  showStatus?: boolean;
};

export function FoodFields({ food, showName = false, showStatus = false }: FoodFieldsProps) {
  const { t } = useTranslation('charity');
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
      <dd>{format.number(food.quantity)}</dd>
      <dt className="text-stone-500">{t('food.description')}</dt>
      <dd dir="auto" className="wrap-anywhere">
        {food.description}
      </dd>
      <dt className="text-stone-500">{t('food.expirationDate')}</dt>
      <dd>{format.date(food.expiration_date)}</dd>
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
