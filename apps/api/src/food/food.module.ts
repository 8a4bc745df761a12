import { Module } from '@nestjs/common';
import { FoodReadCache } from './food-read-cache.service';
import { FoodController } from './food.controller';
import { FoodService } from './food.service';

@Module({
  controllers: [FoodController],
  providers: [FoodService, FoodReadCache],
  exports: [FoodService],
})
export class FoodModule {}
