import { Module } from '@nestjs/common';
import { PickupPointsModule } from '../pickup-points/pickup-points.module';
import { FoodReadCache } from './food-read-cache.service';
import { FoodController } from './food.controller';
import { FoodRepository } from './food.repository';
import { FoodService } from './food.service';
import { HeatOverridesController } from './heat-overrides.controller';
import { HeatOverridesRepository } from './heat-overrides.repository';

@Module({
  imports: [PickupPointsModule],
  controllers: [FoodController, HeatOverridesController],
  providers: [FoodService, FoodReadCache, FoodRepository, HeatOverridesRepository],
  exports: [FoodService, FoodRepository, HeatOverridesRepository],
})
export class FoodModule {}
