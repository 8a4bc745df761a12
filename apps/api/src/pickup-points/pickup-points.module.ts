import { Module } from '@nestjs/common';
import { PickupPointsController } from './pickup-points.controller';
import { PickupPointsRepository } from './pickup-points.repository';
import { PickupPointsService } from './pickup-points.service';

@Module({
  controllers: [PickupPointsController],
  providers: [PickupPointsService, PickupPointsRepository],
  exports: [PickupPointsService],
})
export class PickupPointsModule {}
