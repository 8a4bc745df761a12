import { Module } from '@nestjs/common';
import { FoodModule } from '../food/food.module';
import { PartnersModule } from '../partners/partners.module';
import { SchedulesController } from './schedules.controller';
import { SchedulesRepository } from './schedules.repository';
import { SchedulesService } from './schedules.service';

/** Standing collections: the calls, and the service the worker's `schedules` queue lists days through. */
@Module({
  imports: [FoodModule, PartnersModule],
  controllers: [SchedulesController],
  providers: [SchedulesService, SchedulesRepository],
  exports: [SchedulesService],
})
export class SchedulesModule {}
