import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ListingsModule } from '../food/listings.module';
import { HandoverModule } from '../handover/handover.module';
import { RequestsRepository } from './requests.repository';
import { RequestsController } from './requests.controller';
import { RequestsService } from './requests.service';

@Module({
  imports: [AuthModule, ListingsModule, HandoverModule],
  controllers: [RequestsController],
  // RequestsRepository: the claim and the requests' reads (its transitions are HandoverService's).
  providers: [RequestsService, RequestsRepository],
  exports: [HandoverModule],
})
export class RequestsModule {}
