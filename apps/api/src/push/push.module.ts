import { Module } from '@nestjs/common';
import { PUSH_CHANNEL } from './push-channel';
import { PushController } from './push.controller';
import { PushRepository } from './push.repository';
import { PushService } from './push.service';

/**
 * Sending Web Push: PushService, bound as the notifications' push channel (PUSH_CHANNEL). Imported by
 * NotificationsModule, so every process that notifies or delivers (API and worker) can push.
 */
@Module({
  providers: [PushService, PushRepository, { provide: PUSH_CHANNEL, useExisting: PushService }],
  exports: [PushService, PUSH_CHANNEL],
})
export class PushDeliveryModule {}

/** The subscription calls (served by `all` and `api` processes). */
@Module({
  imports: [PushDeliveryModule],
  controllers: [PushController],
})
export class PushModule {}
