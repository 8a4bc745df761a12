import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FoodModule } from '../food/food.module';
import { HandoverModule } from '../handover/handover.module';
import { RequestsController } from './requests.controller';
import { RequestsService } from './requests.service';

@Module({
  imports: [AuthModule, FoodModule, HandoverModule],
  controllers: [RequestsController],
  providers: [RequestsService],
  // RequestsRepository, through HandoverModule (the demo seed writes requests with it).
  exports: [HandoverModule],
})
export class RequestsModule {}
