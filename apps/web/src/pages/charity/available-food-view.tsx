import { useTranslation } from 'react-i18next';
import type { BoardFilters as Filters } from '../../api/board-query';
import { useDocumentTitle } from '../../components/use-document-title';
import { SkeletonCards, foodGridClass } from '../../components/skeleton-cards';
import { BoardMap } from '../../components/map/board-map';
import { AvailableFoodCard } from './available-food-card';
import { BoardFilters } from './board-filters';
import { BoardViewToggle, useBoardView } from './board-view-toggle';
import { useAvailableFood } from './use-available-food';
import { ViewHeading } from './view-heading';

type AvailableFoodViewProps = {
  onSelect: (foodId: number) => void;
  focusHeading: boolean;
  filters?: Filters;
  onFiltersChange?: (next: Filters) => void;
};

export function AvailableFoodView({ onSelect, focusHeading, filters = {}, onFiltersChange }: AvailableFoodViewProps) {
  const { t } = useTranslation('charity');
  useDocumentTitle(t('titles.board', { ns: 'common' }));
  const food = useAvailableFood(filters);
  const [view, setView] = useBoardView();
  const filtered = Boolean(filters.governorate || filters.category || filters.storage || filters.window || filters.near);

  let body;
  if (food.data) {
    body =
      food.data.length === 0 ? (
        // An empty board is not a dead end: say what to do next.
        <div className="text-stone-600" data-testid="board-empty">
          <p>{t('available.empty')}</p>
          <p className="mt-1 text-sm">{filtered ? t('available.emptyFiltered') : t('available.emptyHint')}</p>
          {filtered && onFiltersChange && (
            <button type="button" onClick={() => onFiltersChange({})} className="mt-2 min-h-11 font-semibold text-green-800 underline">
              {t('filters.clear', { ns: 'listing' })}
            </button>
          )}
        </div>
      ) : view === 'map' ? (
        // The same board, filters and cards, on a map (the map's code is fetched only now).
        <BoardMap
          items={food.data}
          renderItems={(items) => (
            <ul className={foodGridClass}>
              {items.map((item) => (
                <li key={item.id}>
                  <AvailableFoodCard food={item} onSelect={onSelect} />
                </li>
              ))}
            </ul>
          )}
        />
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
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700">
        <p>{t('available.error')}</p>
        <button
          type="button"
          data-testid="board-retry"
          onClick={() => void food.refetch()}
          className="min-h-11 rounded-lg border border-green-700 px-4 py-2 font-semibold text-green-800 hover:bg-green-50"
        >
          {t('available.retry')}
        </button>
      </div>
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
      {onFiltersChange && <BoardFilters filters={filters} onChange={onFiltersChange} />}
      <BoardViewToggle view={view} onChange={setView} />
      {body}
    </section>
  );
}
