import { z } from 'zod';

/*
 * Maps (docs/DOMAIN-RULES.md, "Places on the map"): where the web app's map takes its tiles from, and the
 * public position of each governorate, where the board's markers sit. The board never carries a pickup
 * point's own position: only its governorate and area are public until a charity claims.
 */

/** `GET /api/map/config`: the raster tile server the map draws from (MAP_TILE_URL, MAP_ATTRIBUTION). */
export const MapConfig = z
  .object({
    tileUrl: z.string().meta({
      description: 'Leaflet tile URL template: `{z}`, `{x}`, `{y}` and optionally `{s}` (subdomain) and `{r}` (retina)',
      example: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    }),
    attribution: z.string().meta({ description: "The tile provider's required attribution, as plain text", example: '© OpenStreetMap contributors' }),
  })
  .meta({ id: 'MapConfig' });
export type MapConfig = z.infer<typeof MapConfig>;
