import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OutboxModule } from '../outbox/outbox.module';
import { ListingsModule } from '../listings/listings.module';
import { HandoverModule } from '../handover/handover.module';
import { DonorSettingsController, OpsModerationController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

/** Moderation's calls and the donor's verified-only setting (docs/VERIFICATION.md, "Moderation"). */
@Module({
  imports: [AuthModule, OutboxModule, ListingsModule, HandoverModule],
  controllers: [OpsModerationController, DonorSettingsController],
  providers: [ModerationService, ModerationRepository],
})
export class ModerationModule {}
