import { Module } from '@nestjs/common';
import { FoodModule } from '../food/food.module';
import { PartnersModule } from '../partners/partners.module';
import { HijriShiftsRepository } from './hijri-shifts.repository';
import { SchedulesRepository } from './schedules.repository';
import { SchedulesService } from './schedules.service';

/** Standing collections' service: the calls (SchedulesHttpModule) and the worker's `schedules` queue use it. */
@Module({
  imports: [FoodModule, PartnersModule],
  providers: [SchedulesService, SchedulesRepository, HijriShiftsRepository],
  exports: [SchedulesService, HijriShiftsRepository, SchedulesRepository],
})
export class SchedulesModule {}
