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
 * caches (LiveTotalsSync), so the numbers tick without a reload.
 */
export function useImpactTotals(): { meals?: number; charities?: number; kg?: number; co2eKg?: number } {
  const meals = useQuery({ queryKey: queryKeys.totalMeals, queryFn: endpoints.totalMeals });
  const charities = useQuery({ queryKey: queryKeys.totalCharities, queryFn: endpoints.totalCharities });
  // kg and CO2e (docs/IMPACT.md): the spec's two calls stay as they are; these come from /api/impact/totals.
  const weight = useQuery({ queryKey: queryKeys.impactTotals, queryFn: endpoints.impactTotals });
  useLoggedFailure(meals.error, 'total meals');
  useLoggedFailure(charities.error, 'total charities');
  useLoggedFailure(weight.error, 'impact totals');
  return { meals: meals.data?.totalMeals, charities: charities.data?.totalCharities, kg: weight.data?.kg, co2eKg: weight.data?.co2e_kg };
}
