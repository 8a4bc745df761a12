import { useQuery } from '@tanstack/react-query';
import { mapConfigKey, mapEndpoints } from '../../api/map-endpoints';

/** The tile server and attribution this deployment's maps use (MAP_TILE_URL, MAP_ATTRIBUTION), fetched once. */
export function useMapConfig() {
  return useQuery({ queryKey: mapConfigKey, queryFn: mapEndpoints.config, staleTime: Infinity, gcTime: Infinity });
}
