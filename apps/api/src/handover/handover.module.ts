import { Module } from '@nestjs/common';
import { RequestsRepository } from '../requests/requests.repository';
import { HandoverService } from './handover.service';
import { VerificationCoreModule } from '../verification/verification.module';

/**
 * The handover's shared parts, for the HTTP calls (RequestsModule) and the worker (the not-collected job):
 * the requests' repository and the not-collected transition (with the automatic suspension it may bring).
 */
@Module({ imports: [VerificationCoreModule], providers: [RequestsRepository, HandoverService], exports: [RequestsRepository, HandoverService, VerificationCoreModule] })
export class HandoverModule {}
