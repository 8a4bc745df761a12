import { Module } from '@nestjs/common';
import { LiveInstances } from './live-instances';
import { LiveInstancesRepository } from './live-instances.repository';
import { RealtimePublisher } from './realtime-publisher.service';

/** Publishing, for every process that sends socket messages (workers, and API instances for operators). */
@Module({
  providers: [RealtimePublisher, LiveInstances, LiveInstancesRepository],
  exports: [RealtimePublisher, LiveInstancesRepository],
})
export class RealtimePublisherModule {}
