import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationReactions } from './notification-reactions';
import { CancellationNotices } from './cancellation-notices';
import { PushDeliveryModule } from '../push/push.module';
import { ListingsModule } from '../listings/listings.module';
import { CharityProfilesRepository } from './charity-profiles.repository';
import { MessagingDeliveryModule } from '../messaging/messaging.module';
import { DonorNews } from './donor-news';
import { DeliveryService } from './delivery.service';
import { InboxService } from './inbox.service';
import { MatchingService } from './matching.service';
import { NotificationQueue } from '../outbox/notification-jobs';
import { CharityProfileController, NotificationsController, NotificationsOpsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { RemindersService } from './reminders.service';
import { StandingNews } from './standing-news';

/**
 * Notifying users (docs/NOTIFICATIONS.md): `NotificationsService.notify()` for any part that has
 * something to tell someone, and the services the `notifications` queue's jobs run (matching, delivery,
 * reminders). Works in any process: it adds jobs through a queue connection of its own. Push goes through
 * PUSH_CHANNEL (push/push-channel.ts), which PushDeliveryModule binds to PushService.
 */
@Module({
  imports: [PushDeliveryModule, ListingsModule, MessagingDeliveryModule],
  providers: [
    NotificationsRepository,
    CharityProfilesRepository,
    NotificationQueue,
    NotificationsService,
    DeliveryService,
    MatchingService,
    RemindersService,
    CancellationNotices,
    NotificationReactions,
    DonorNews,
    StandingNews,
  ],
  exports: [NotificationsService, DeliveryService, MatchingService, RemindersService, CancellationNotices],
})
export class NotificationsModule {}

/** The calls: a user's notifications and choices, a charity's profile, failed deliveries for operators. */
@Module({
  imports: [AuthModule],
  controllers: [NotificationsController, CharityProfileController, NotificationsOpsController],
  providers: [InboxService, NotificationsRepository, CharityProfilesRepository],
  // The personal-data export (AccountModule) reads the profile, the choices and the notifications through it.
  exports: [InboxService],
})
export class NotificationsHttpModule {}
