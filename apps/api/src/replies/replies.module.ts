import { Global, Module } from '@nestjs/common';
import { REPLY_ACTIONS } from '../messaging/reply-actions';
import { TokenModule } from '../auth/auth.module';
import { RequestsModule } from '../requests/requests.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { StandingService } from '../schedules/standing.service';
import { TransportCoreModule } from '../transport/transport.module';
import { ClaimByReply } from './claim-by-reply';

/**
 * Binds what a WhatsApp or SMS reply can do (REPLY_ACTIONS, declared by messaging/) to the claims' own
 * calls: global, so MessagingService (of a lower layer) finds it without importing upwards.
 */
@Global()
@Module({
  imports: [RequestsModule, TokenModule, SchedulesModule, TransportCoreModule],
  providers: [ClaimByReply, StandingService, { provide: REPLY_ACTIONS, useExisting: ClaimByReply }],
  exports: [REPLY_ACTIONS],
})
export class RepliesModule {}
