import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LiveInstanceRegistry, LiveInstances } from './live-instances';
import { LiveInstancesRepository } from './live-instances.repository';
import { RealtimeGateway } from './realtime.gateway';
import { MissedEventReplay } from './missed-event-replay';
import { MissedEventsRepository } from './missed-events.repository';
import { RealtimePublisher } from './realtime-publisher';
import { RealtimeReactions } from './realtime-reactions';
import { CountersCoalescer } from './counters-coalescer';

/** Publishing, for every process that sends socket messages (workers, and API instances for operators). */
@Module({
  providers: [RealtimePublisher, LiveInstances, LiveInstancesRepository, RealtimeReactions],
  exports: [RealtimePublisher, LiveInstancesRepository],
})
export class RealtimePublisherModule {}

/** Sockets, for processes that serve HTTP; each such instance keeps its entry in the registry of live instances. */
@Module({
  imports: [AuthModule, RealtimePublisherModule],
  providers: [RealtimeGateway, LiveInstanceRegistry, CountersCoalescer, MissedEventReplay, MissedEventsRepository],
  exports: [RealtimeGateway, LiveInstanceRegistry, CountersCoalescer, RealtimePublisherModule],
})
export class RealtimeGatewayModule {}
