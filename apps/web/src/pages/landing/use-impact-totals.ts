import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

function useLoggedFailure(error: Error | null, what: string) {
  useEffect(() => {
    // The spec keeps the static numbers on failure; the reader is not told, the developer is.
    if (error) console.error(`Could not fetch ${what}`, error);
  }, [error, what]);
}

/**
 * The live impact totals, undefined until known. Live `stats.updated` events write into the same
 * caches (LiveCacheSync), so the numbers tick without a reload.
 */
export function useImpactTotals(): { meals?: number; charities?: number } {
  const meals = useQuery({ queryKey: queryKeys.totalMeals, queryFn: endpoints.totalMeals });
  const charities = useQuery({ queryKey: queryKeys.totalCharities, queryFn: endpoints.totalCharities });
  useLoggedFailure(meals.error, 'total meals');
  useLoggedFailure(charities.error, 'total charities');
  return { meals: meals.data?.totalMeals, charities: charities.data?.totalCharities };
}
