import { BullModule } from '@nestjs/bullmq';
import { Module, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { QUEUES } from '@food-link/contracts';
import { AppConfig } from '../config/app-config';
import { bullPrefix, domainEventJobOptions } from '../outbox/queue-options';
import { FoodModule } from '../food/food.module';
import { HandoverModule } from '../handover/handover.module';
import { ListingsModule } from '../listings/listings.module';
import { RealtimePublisherModule } from '../realtime/realtime-publisher.module';
import { workerConnection } from '../redis/redis-options';
import { StatsModule } from '../stats/stats.module';
import { DomainEventReactions } from './domain-event-reactions';
import { DomainEventsProcessor } from './domain-events.processor';
import { HandoverProcessor } from './handover.processor';
import { MaintenanceProcessor } from './maintenance.processor';
import { OFFER_JOB_OPTIONS, OfferScheduler } from './offer-scheduler';
import { OffersProcessor } from './offers.processor';
import { HANDOVER_JOB_OPTIONS, NotCollectedScheduler } from './not-collected-scheduler';
import { NotificationsModule } from '../notifications/notifications.module';
import { notificationJobOptions } from '../outbox/notification-jobs';
import { NotificationsProcessor } from './notifications.processor';
import { MessagingProcessor } from './messaging.processor';
import { messagingJobOptions } from '../messaging/messaging-queue';
import { PasswordResetMailModule } from '../auth/password-reset-mail';
import { InvitationMailModule } from '../org/invitation-mail';
import { VerificationReactionsModule } from '../verification/verification-reactions';
import { QueueWorkerKit, type QueueName } from './queue-worker';
import { SchedulesModule } from '../schedules/schedules.module';
import { ScheduleRemindersModule } from '../schedules/schedule-reminders.module';
import { SchedulesProcessor } from './schedules.processor';
import { TransportCoreModule, TransportReactionsModule } from '../transport/transport.module';
import { TransportOfferScheduler } from './transport-offer-scheduler';

/** One processor per queue (each a QueueWorker); the type makes a queue without a processor a compile error. */
const PROCESSORS: Record<QueueName, Type<unknown>> = {
  [QUEUES.domainEvents]: DomainEventsProcessor,
  [QUEUES.maintenance]: MaintenanceProcessor,
  [QUEUES.handover]: HandoverProcessor,
  [QUEUES.offers]: OffersProcessor,
  [QUEUES.notifications]: NotificationsProcessor,
  [QUEUES.schedules]: SchedulesProcessor,
  [QUEUES.messaging]: MessagingProcessor,
};

/** Job consumers, for processes with ROLE=all or ROLE=worker. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ connection: workerConnection(config.REDIS_URL), prefix: bullPrefix(config) }),
    }),
    BullModule.registerQueueAsync(
      {
        name: QUEUES.domainEvents,
        inject: [AppConfig],
        useFactory: (config: AppConfig) => ({ defaultJobOptions: domainEventJobOptions(config) }),
      },
      { name: QUEUES.maintenance },
      // Its producer is the worker itself: DomainEventsProcessor schedules a job per claim (NotCollectedScheduler).
      { name: QUEUES.handover, useFactory: () => ({ defaultJobOptions: HANDOVER_JOB_OPTIONS }) },
      // Likewise: DomainEventsProcessor schedules an item's open stage when it handles its food.listed (OfferScheduler).
      { name: QUEUES.offers, useFactory: () => ({ defaultJobOptions: OFFER_JOB_OPTIONS }) },
      // Its producers add jobs through NotificationQueue (any process); this registration is the worker's.
      { name: QUEUES.notifications, inject: [AppConfig], useFactory: (config: AppConfig) => ({ defaultJobOptions: notificationJobOptions(config) }) },
      { name: QUEUES.schedules },
      // Likewise through MessagingQueue: WhatsApp and SMS at the provider's rate.
      { name: QUEUES.messaging, inject: [AppConfig], useFactory: (config: AppConfig) => ({ defaultJobOptions: messagingJobOptions(config) }) },
    ),
    FoodModule,
    ListingsModule,
    SchedulesModule,
    ScheduleRemindersModule,
    HandoverModule,
    StatsModule,
    RealtimePublisherModule,
    NotificationsModule,
    PasswordResetMailModule,
    InvitationMailModule,
    // The reactions to domain events are found among the providers of every module (DomainEventReactions);
    // these modules hold some of them (the others are in the modules above).
    DiscoveryModule,
    VerificationReactionsModule,
    TransportCoreModule,
    TransportReactionsModule,
  ],
  providers: [...Object.values(PROCESSORS), QueueWorkerKit, DomainEventReactions, NotCollectedScheduler, OfferScheduler, TransportOfferScheduler],
})
export class WorkerModule {}
