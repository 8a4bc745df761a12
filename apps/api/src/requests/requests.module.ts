import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FoodModule } from '../food/food.module';
import { RequestsController } from './requests.controller';
import { RequestsRepository } from './requests.repository';
import { RequestsService } from './requests.service';

@Module({
  imports: [AuthModule, FoodModule],
  controllers: [RequestsController],
  providers: [RequestsService, RequestsRepository],
  exports: [RequestsRepository],
})
export class RequestsModule {}
