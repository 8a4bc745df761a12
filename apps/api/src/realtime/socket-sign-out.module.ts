import { Global, Module } from '@nestjs/common';
import { SOCKET_SIGN_OUT } from '../auth/socket-sign-out';
import { RealtimePublisher } from './realtime-publisher';
import { RealtimePublisherModule } from './realtime-publisher.module';

/**
 * Binds auth's SOCKET_SIGN_OUT (a password reset closes the account's sockets) to RealtimePublisher.
 * Global, imported once by AppModule with AuthModule (processes that serve HTTP), so that AuthModule does
 * not import realtime/.
 */
@Global()
@Module({
  imports: [RealtimePublisherModule],
  providers: [{ provide: SOCKET_SIGN_OUT, useExisting: RealtimePublisher }],
  exports: [SOCKET_SIGN_OUT],
})
export class SocketSignOutModule {}
