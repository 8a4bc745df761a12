import { Controller, Get, Header, Module } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MAP_ROUTES, MapConfig } from '@food-link/contracts';
import { Public } from '../auth/auth.decorators';
import { AppConfig } from '../config/app-config';
import { shapeRef } from '../openapi/shapes';

/**
 * The web app's map settings (docs/OPERATIONS.md, "Maps"): the tile server and its attribution, public
 * like the tiles themselves, so the map of a deployment follows its configuration without a new build.
 */
@ApiTags('map')
@Controller()
export class MapController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @Get(MAP_ROUTES.config)
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'The raster tile server the map draws from (MAP_TILE_URL) and its required attribution (MAP_ATTRIBUTION)' })
  @ApiOkResponse({ schema: shapeRef(MapConfig) })
  mapConfig(): MapConfig {
    return { tileUrl: this.config.MAP_TILE_URL, attribution: this.config.MAP_ATTRIBUTION };
  }
}

@Module({ controllers: [MapController] })
export class MapModule {}
