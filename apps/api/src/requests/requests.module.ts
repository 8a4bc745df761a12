import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ListingsModule } from '../listings/listings.module';
import { HandoverModule } from '../handover/handover.module';
import { RequestsController } from './requests.controller';
import { RequestsService } from './requests.service';

@Module({
  imports: [AuthModule, ListingsModule, HandoverModule],
  controllers: [RequestsController],
  // The claim and the requests' reads through ClaimsService, the transitions through HandoverService (HandoverModule).
  providers: [RequestsService],
  // RequestsService: a standing charity's confirmation is its claim (SchedulesService.confirm), and so is a
  // claim by a WhatsApp or SMS reply (RepliesModule): the web's claim.
  exports: [HandoverModule, RequestsService],
})
export class RequestsModule {}
