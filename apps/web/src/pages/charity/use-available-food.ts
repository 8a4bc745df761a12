import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';

/** The public board; the live cache sync adds and removes cards as food is listed and claimed. */
export function useAvailableFood() {
  return useQuery({ queryKey: queryKeys.available, queryFn: endpoints.available });
}
