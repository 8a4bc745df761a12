import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type BoardView = 'list' | 'map';

/** Where the board's list or map choice is remembered (this browser only). */
export const BOARD_VIEW_KEY = 'boardView';

/** The board as a list or a map, remembered like its filters. */
export function useBoardView(): [BoardView, (next: BoardView) => void] {
  const [view, setView] = useState<BoardView>(() => (localStorage.getItem(BOARD_VIEW_KEY) === 'map' ? 'map' : 'list'));
  const update = useCallback((next: BoardView) => {
    setView(next);
    localStorage.setItem(BOARD_VIEW_KEY, next);
  }, []);
  return [view, update];
}

const option =
  'min-h-11 px-4 py-2 font-semibold text-green-800 first:rounded-s-lg last:rounded-e-lg hover:bg-green-50 aria-pressed:bg-green-700 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

/** Two pressed-or-not buttons: List, Map. The filters above apply to both. */
export function BoardViewToggle({ view, onChange }: { view: BoardView; onChange: (next: BoardView) => void }) {
  const { t } = useTranslation('map');
  return (
    <div role="group" aria-label={t('views.label')} data-testid="board-view-toggle" className="mb-4 inline-flex rounded-lg border border-green-700">
      {(['list', 'map'] as const).map((name) => (
        <button key={name} type="button" data-testid={`board-view-${name}`} aria-pressed={view === name} onClick={() => onChange(name)} className={option}>
          {t(`views.${name}`)}
        </button>
      ))}
    </div>
  );
}
