import { Module } from '@nestjs/common';
import { RequestsRepository } from '../requests/requests.repository';
import { HandoverService } from './handover.service';

/**
 * The handover's shared parts, for the HTTP calls (RequestsModule) and the worker (the not-collected job):
 * the requests' repository and the not-collected transition.
 */
@Module({ providers: [RequestsRepository, HandoverService], exports: [RequestsRepository, HandoverService] })
export class HandoverModule {}
