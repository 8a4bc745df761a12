import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EventsModule } from '../events/events.module';
import { RealtimePublisherModule } from '../realtime/realtime-publisher.module';
import { ListingsModule } from '../listings/listings.module';
import { HandoverModule } from '../handover/handover.module';
import { CharityProfilesRepository } from '../notifications/charity-profiles.repository';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { AccountController } from './account.controller';
import { AccountRepository } from './account.repository';
import { AccountService } from './account.service';

@Module({
  imports: [AuthModule, EventsModule, RealtimePublisherModule, ListingsModule, HandoverModule],
  controllers: [AccountController],
  // The notification repositories read the profile, choices and notifications for the export.
  providers: [AccountService, AccountRepository, CharityProfilesRepository, NotificationsRepository],
})
export class AccountModule {}
