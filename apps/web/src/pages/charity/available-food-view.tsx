import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/use-document-title';
import { SkeletonCards, foodGridClass } from '../../components/skeleton-cards';
import { AvailableFoodCard } from './available-food-card';
import { useAvailableFood } from './use-available-food';
import { ViewHeading } from './view-heading';

type AvailableFoodViewProps = { onSelect: (foodId: number) => void; focusHeading: boolean };

export function AvailableFoodView({ onSelect, focusHeading }: AvailableFoodViewProps) {
  const { t } = useTranslation('charity');
  useDocumentTitle(t('titles.board', { ns: 'common' }));
  const food = useAvailableFood();

  let body;
  if (food.data) {
    body =
      food.data.length === 0 ? (
        <p className="text-stone-600">{t('available.empty')}</p>
      ) : (
        <ul className={foodGridClass}>
          {food.data.map((item) => (
            <li key={item.id}>
              <AvailableFoodCard food={item} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      );
  } else if (food.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {t('available.error')}
      </p>
    );
  } else {
    body = (
      <>
        <p role="status" className="mb-3 text-stone-600">
          {t('available.loading')}
        </p>
        <SkeletonCards />
      </>
    );
  }

  return (
    <section>
      <ViewHeading focus={focusHeading}>{t('available.heading')}</ViewHeading>
      {body}
    </section>
  );
}
