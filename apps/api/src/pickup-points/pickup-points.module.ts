import { Module } from '@nestjs/common';
import { PickupPointsController } from './pickup-points.controller';
import { PickupPointsRepository } from './pickup-points.repository';
import { PickupPointsService } from './pickup-points.service';

@Module({
  controllers: [PickupPointsController],
  providers: [PickupPointsService, PickupPointsRepository],
  // PickupPointsService: the account deletion erases a donor's points through it.
  exports: [PickupPointsService],
})
export class PickupPointsModule {}
