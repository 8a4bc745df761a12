import { useQuery } from '@tanstack/react-query';
import { boardQuery, type BoardFilters } from '../../api/board-query';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/**
 * The public board, filtered as the charity chose; the live cache sync adds and removes cards as food is
 * listed and claimed. Without filters it is the spec's plain `GET /api/available`.
 */
export function useAvailableFood(filters: BoardFilters = {}) {
  const query = boardQuery(filters);
  return useQuery({ queryKey: queryKeys.availableWith(query), queryFn: () => endpoints.available(query) });
}
