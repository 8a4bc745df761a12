import { DynamicModule, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { AccountModule } from './account/account.module';
import { OrgModule } from './org/org.module';
import { AuthModule } from './auth/auth.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule, DemoSeedModule } from './database/database.module';
import { OutboxModule } from './outbox/outbox.module';
import { FoodModule } from './food/food.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { LoggingModule } from './monitoring/logging.module';
import { MailModule } from './mail/mail.module';
import { MapModule } from './map/map.controller';
import { MonitoringModule } from './monitoring/monitoring.module';
import { NotificationsHttpModule } from './notifications/notifications.module';
import { OpsModule } from './ops/ops.module';
import { PartnersModule } from './partners/partners.module';
import { SchedulesHttpModule } from './schedules/schedules-http.module';
import { PhotosModule } from './photos/photos.module';
import { PushModule } from './push/push.module';
import { RealtimeGatewayModule } from './gateway/realtime-gateway.module';
import { SocketSignOutModule } from './realtime/socket-sign-out.module';
import { RedisModule } from './redis/redis.module';
import { TransportModule } from './transport/transport.module';
import { RequestsModule } from './requests/requests.module';
import { StatsModule } from './stats/stats.module';
import { ImpactModule } from './impact/impact.module';
import { WorkerModule } from './worker/worker.module';
import { VerificationModule } from './verification/verification.module';
import { ModerationModule } from './moderation/moderation.module';
import { MessagingModule } from './messaging/messaging.module';
import { RepliesModule } from './replies/replies.module';

/**
 * The whole API, shaped by ROLE: every process records and relays events; `all` and `api` serve HTTP
 * and sockets; `all` and `worker` consume jobs.
 */
@Module({})
export class AppModule implements OnApplicationShutdown {
  /** The root module closes last, after workers, the relay and the sockets have stopped. */
  onApplicationShutdown(signal?: string): void {
    new Logger('Shutdown').log(`Stopped cleanly${signal ? ` on ${signal}` : ''}`);
  }

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        IdempotencyModule,
        OutboxModule,
        MonitoringModule,
        MailModule,
        ...(config.servesHttp
          ? [
              AuthModule,
              SocketSignOutModule,
              AccountModule,
              OrgModule,
              FoodModule,
              PartnersModule,
              SchedulesHttpModule,
              PhotosModule,
              PushModule,
              MapModule,
              RequestsModule,
              TransportModule,
              StatsModule,
              ImpactModule,
              RealtimeGatewayModule,
              OpsModule,
              NotificationsHttpModule,
              VerificationModule,
              ModerationModule,
              MessagingModule,
              RepliesModule,
              DemoSeedModule,
            ]
          : []),
        ...(config.consumesJobs ? [WorkerModule] : []),
      ],
    };
  }
}
