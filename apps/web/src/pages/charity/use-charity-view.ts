import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type CharityView = { name: 'available' } | { name: 'pickup'; foodId: number } | { name: 'requests' } | { name: 'profile' } | { name: 'impact' } | { name: 'verification' } | { name: 'pickups' } | { name: 'trips' };

/**
 * Which of the seven bodies the charity area shows. It lives in the address (`?food=12`,
 * `?view=requests`, `?view=profile`, `?view=impact`, `?view=verification`, `?view=pickups`: a member's assigned pickups, `?view=trips`: a volunteer's trips) so the browser's Back button and a reload return to the same view.
 */
export function useCharityView(): [CharityView, (next: CharityView) => void] {
  const [params, setParams] = useSearchParams();
  const foodId = Number(params.get('food'));
  const named = params.get('view');
  const view: CharityView =
    named === 'requests' || named === 'profile' || named === 'impact' || named === 'verification' || named === 'pickups' || named === 'trips'
      ? { name: named }
      : Number.isInteger(foodId) && foodId > 0
        ? { name: 'pickup', foodId }
        : { name: 'available' };

  const show = useCallback(
    (next: CharityView) => {
      if (next.name === 'requests' || next.name === 'profile' || next.name === 'impact' || next.name === 'verification' || next.name === 'pickups' || next.name === 'trips') setParams({ view: next.name });
      else if (next.name === 'pickup') setParams({ food: String(next.foodId) });
      else setParams({});
    },
    [setParams],
  );
  return [view, show];
}
