import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OutboxModule } from '../outbox/outbox.module';
import { RealtimePublisherModule } from '../realtime/realtime-publisher.module';
import { ListingsModule } from '../listings/listings.module';
import { HandoverModule } from '../handover/handover.module';
import { NotificationsHttpModule } from '../notifications/notifications.module';
import { PickupPointsModule } from '../pickup-points/pickup-points.module';
import { VerificationModule } from '../verification/verification.module';
import { TransportCoreModule } from '../transport/transport.module';
import { AccountController } from './account.controller';
import { AccountRepository } from './account.repository';
import { AccountService } from './account.service';

@Module({
  // NotificationsHttpModule: InboxService reads the profile, choices and notifications for the export;
  // PickupPointsModule and VerificationModule: the deletion erases, and the export reads, their data;
  // TransportCoreModule: the export reads a volunteer's profile and day orders.
  imports: [AuthModule, OutboxModule, RealtimePublisherModule, ListingsModule, HandoverModule, NotificationsHttpModule, PickupPointsModule, VerificationModule, TransportCoreModule],
  controllers: [AccountController],
  providers: [AccountService, AccountRepository],
})
export class AccountModule {}
