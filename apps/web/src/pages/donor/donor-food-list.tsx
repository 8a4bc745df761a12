import { useTranslation } from 'react-i18next';
import { DonorFoodCard } from './donor-food-card';
import { SkeletonCards, foodGridClass } from '../../components/skeleton-cards';
import { useDonorFood } from './use-donor-food';


export function DonorFoodList({ userId, formOpen = false }: { userId: number; formOpen?: boolean }) {
  const { t } = useTranslation('donor');
  const food = useDonorFood(userId);

  if (food.isPending) {
    return (
      <div>
        <p role="status" className="mb-3 text-stone-600">
          {t('list.loading')}
        </p>
        <SkeletonCards />
      </div>
    );
  }
  // A failed fetch is only logged (spec, section 8): the list is simply empty.
  const items = food.data ?? [];
  // The hint names the button as it reads now: once the form is open, it points at the form instead.
  if (food.isSuccess && items.length === 0) return <p className="text-stone-600">{t(formOpen ? 'list.emptyFormOpen' : 'list.empty')}</p>;
  return (
    <ul className={foodGridClass}>
      {items.map((item) => (
        <li key={item.id}>
          <DonorFoodCard item={item} userId={userId} />
        </li>
      ))}
    </ul>
  );
}
