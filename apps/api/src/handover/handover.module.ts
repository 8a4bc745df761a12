import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { RequestsRepository } from './requests.repository';
import { ClaimsService } from './claims.service';
import { HandoverService } from './handover.service';
import { VerificationCoreModule } from '../verification/verification.module';

/**
 * The claims owner: RequestsRepository, the only writer of `pickup_requests`, behind HandoverService (the
 * transitions that end a claim, for the HTTP calls, moderation, account deletion and the worker), which is
 * what it exports, with ClaimsService (the claim and the requests' reads, for RequestsModule). This module
 * alone provides the repository.
 */
@Module({
  imports: [VerificationCoreModule, ListingsModule],
  providers: [RequestsRepository, HandoverService, ClaimsService],
  exports: [HandoverService, ClaimsService, VerificationCoreModule],
})
export class HandoverModule {}
