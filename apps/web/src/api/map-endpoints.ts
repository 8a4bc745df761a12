import { MAP_ROUTES, type MapConfig } from '@food-link/contracts';
import { api } from './client';

/** The map's settings (MAP_ROUTES), apart from `endpoints` so they ship with the map's chunk only. */
export const mapEndpoints = {
  config: () => api<MapConfig>(MAP_ROUTES.config),
};

/** react-query key of the map's settings (the same for everyone). */
export const mapConfigKey = ['map-config'] as const;
