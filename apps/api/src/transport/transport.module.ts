import { Module } from '@nestjs/common';
import { AuthModule, TokenModule } from '../auth/auth.module';
import { HandoverModule } from '../handover/handover.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TransportController } from './transport.controller';
import { TransportReactions } from './transport-reactions';
import { TransportRepository } from './transport.repository';
import { TransportService } from './transport.service';

/**
 * Getting the food there (issue 28): volunteers' profiles, transport offers, the trip and a volunteer's
 * day. TransportRepository owns its four tables; the claim's assignee is written through ClaimsService.
 */
@Module({
  // TokenModule (OrganisationsService) rather than AuthModule: a worker-only process has no HTTP side.
  imports: [TokenModule, HandoverModule],
  providers: [TransportRepository, TransportService],
  exports: [TransportService],
})
export class TransportCoreModule {}

/** The calls (API processes). */
@Module({ imports: [AuthModule, TransportCoreModule], controllers: [TransportController] })
export class TransportModule {}

/** The reactions to transport's events (the worker): telling volunteers and coordinators. */
@Module({ imports: [TransportCoreModule, NotificationsModule, HandoverModule], providers: [TransportReactions] })
export class TransportReactionsModule {}
