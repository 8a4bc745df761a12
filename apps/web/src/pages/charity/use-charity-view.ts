import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type CharityView = { name: 'available' } | { name: 'pickup'; foodId: number } | { name: 'requests' } | { name: 'impact' };

/**
 * Which of the four bodies the charity area shows. It lives in the address (`?food=12`,
 * `?view=requests`, `?view=impact`) so the browser's Back button and a reload return to the same view.
 */
export function useCharityView(): [CharityView, (next: CharityView) => void] {
  const [params, setParams] = useSearchParams();
  const foodId = Number(params.get('food'));
  const view: CharityView =
    params.get('view') === 'requests'
      ? { name: 'requests' }
      : params.get('view') === 'impact'
        ? { name: 'impact' }
        : Number.isInteger(foodId) && foodId > 0
        ? { name: 'pickup', foodId }
        : { name: 'available' };

  const show = useCallback(
    (next: CharityView) => {
      if (next.name === 'requests' || next.name === 'impact') setParams({ view: next.name });
      else if (next.name === 'pickup') setParams({ food: String(next.foodId) });
      else setParams({});
    },
    [setParams],
  );
  return [view, show];
}
