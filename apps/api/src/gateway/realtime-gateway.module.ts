import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RealtimeSocketsModule } from '../realtime/realtime-sockets.module';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Sockets, for processes that serve HTTP; each such instance keeps its entry in the registry of live instances.
 * A folder of its own, above auth/ (sockets sign in with TokenService) and realtime/ (publishing, which auth/
 * uses to sign out a reset account's sockets), so that neither imports the other back.
 */
@Module({
  imports: [AuthModule, RealtimeSocketsModule],
  providers: [RealtimeGateway],
  exports: [RealtimeGateway, RealtimeSocketsModule],
})
export class RealtimeGatewayModule {}
