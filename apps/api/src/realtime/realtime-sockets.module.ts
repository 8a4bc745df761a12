import { Module } from '@nestjs/common';
import { CountersCoalescer } from './counters-coalescer';
import { LiveInstanceRegistry } from './live-instances';
import { MissedEventReplay } from './missed-event-replay';
import { MissedEventsRepository } from './missed-events.repository';
import { RealtimePublisherModule } from './realtime-publisher.module';

/**
 * What the socket gateway (gateway/realtime-gateway.module.ts) stands on, for processes that serve HTTP: the
 * registry entry of this live instance, the counters' coalescing and the replay of missed events.
 */
@Module({
  imports: [RealtimePublisherModule],
  providers: [LiveInstanceRegistry, CountersCoalescer, MissedEventReplay, MissedEventsRepository],
  exports: [LiveInstanceRegistry, CountersCoalescer, MissedEventReplay, RealtimePublisherModule],
})
export class RealtimeSocketsModule {}
