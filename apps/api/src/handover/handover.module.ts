import { Module } from '@nestjs/common';
import { ListingsModule } from '../food/listings.module';
import { RequestsRepository } from '../requests/requests.repository';
import { HandoverService } from './handover.service';
import { VerificationCoreModule } from '../verification/verification.module';

/**
 * The claims owner: RequestsRepository, the only writer of `pickup_requests`, behind HandoverService (the
 * transitions that end a claim, for the HTTP calls, moderation, account deletion and the worker), which is
 * what it exports. RequestsModule (the repository's own folder) provides the repository again for the
 * claim and its reads.
 */
@Module({
  imports: [VerificationCoreModule, ListingsModule],
  providers: [RequestsRepository, HandoverService],
  exports: [HandoverService, VerificationCoreModule],
})
export class HandoverModule {}
