import { Module } from '@nestjs/common';
import { RequestsModule } from '../requests/requests.module';
import { HijriShiftsController } from './hijri-shifts.controller';
import { SchedulesController } from './schedules.controller';
import { SchedulesModule } from './schedules.module';
import { StandingController } from './standing.controller';
import { StandingService } from './standing.service';

/** The standing collections' calls, for processes that serve HTTP (the confirmation is a claim: RequestsModule). */
@Module({
  imports: [SchedulesModule, RequestsModule],
  controllers: [SchedulesController, StandingController, HijriShiftsController],
  providers: [StandingService],
})
export class SchedulesHttpModule {}
