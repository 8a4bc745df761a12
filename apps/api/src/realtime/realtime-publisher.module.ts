import { Module } from '@nestjs/common';
import { LiveInstances } from './live-instances';
import { LiveInstancesRepository } from './live-instances.repository';
import { RealtimePublisher } from './realtime-publisher';
import { RealtimeReactions } from './realtime-reactions';
import { EventAudiencesRepository } from './event-audiences.repository';

/** Publishing, for every process that sends socket messages (workers, and API instances for operators). */
@Module({
  providers: [RealtimePublisher, LiveInstances, LiveInstancesRepository, RealtimeReactions, EventAudiencesRepository],
  // LiveInstancesRepository: for RealtimeSocketsModule's registry (this folder).
  exports: [RealtimePublisher, LiveInstancesRepository],
})
export class RealtimePublisherModule {}
