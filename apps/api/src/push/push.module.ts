import { Module } from '@nestjs/common';
import { PushController } from './push.controller';
import { PushRepository } from './push.repository';
import { PushService } from './push.service';

/**
 * Web Push: the subscription calls (served by `all` and `api` processes) and PushService, which the
 * notification jobs send with (bound to the notifications' push channel by the app module).
 */
@Module({
  controllers: [PushController],
  providers: [PushService, PushRepository],
  exports: [PushService],
})
export class PushModule {}
