import { Module } from '@nestjs/common';
import { FoodReadCache } from './food-read-cache.service';
import { FoodController } from './food.controller';
import { FoodRepository } from './food.repository';
import { FoodService } from './food.service';

@Module({
  controllers: [FoodController],
  providers: [FoodService, FoodReadCache, FoodRepository],
  exports: [FoodService, FoodRepository],
})
export class FoodModule {}
