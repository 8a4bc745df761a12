import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EventsModule } from '../events/events.module';
import { ListingsModule } from '../listings/listings.module';
import { HandoverModule } from '../handover/handover.module';
import { DonorSettingsController, OpsModerationController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

/** Moderation's calls and the donor's verified-only setting (docs/VERIFICATION.md, "Moderation"). */
@Module({
  imports: [AuthModule, EventsModule, ListingsModule, HandoverModule],
  controllers: [OpsModerationController, DonorSettingsController],
  providers: [ModerationService, ModerationRepository],
})
export class ModerationModule {}
