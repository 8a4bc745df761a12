import { Module } from '@nestjs/common';
import { MessagingOpsController, PhoneController, WebhooksController } from './messaging.controller';
import { MessagingQueue } from './messaging-queue';
import { MessagingRepository } from './messaging.repository';
import { MessagingService } from './messaging.service';
import { ReplyReferences } from './reply-references';
import { PhoneService } from './phone.service';
import { SmsClient, WhatsAppClient } from './provider-clients';
import { WebhookHandler } from './webhook-handler';

/**
 * Sending on WhatsApp and SMS (MessagingService: only ever to a verified phone). Exported for the
 * notifications to use as channels (docs/MESSAGING.md, "Not yet").
 */
@Module({
  providers: [MessagingRepository, MessagingService, WhatsAppClient, SmsClient, MessagingQueue, ReplyReferences],
  exports: [MessagingService, MessagingRepository, MessagingQueue],
})
export class MessagingDeliveryModule {}

/** The phone calls and the providers' webhooks (served by `all` and `api` processes). */
@Module({
  imports: [MessagingDeliveryModule],
  providers: [PhoneService, WebhookHandler],
  controllers: [PhoneController, WebhooksController, MessagingOpsController],
})
export class MessagingModule {}
