import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LiveInstanceRegistry } from './live-instances';
import { RealtimeGateway } from './realtime.gateway';
import { MissedEventReplay } from './missed-event-replay';
import { MissedEventsRepository } from './missed-events.repository';
import { RealtimePublisherModule } from './realtime-publisher.module';
import { CountersCoalescer } from './counters-coalescer';

// In a file of its own so that AuthModule (which this file imports) can import it too.
export { RealtimePublisherModule } from './realtime-publisher.module';

/** Sockets, for processes that serve HTTP; each such instance keeps its entry in the registry of live instances. */
@Module({
  imports: [AuthModule, RealtimePublisherModule],
  providers: [RealtimeGateway, LiveInstanceRegistry, CountersCoalescer, MissedEventReplay, MissedEventsRepository],
  exports: [RealtimeGateway, LiveInstanceRegistry, CountersCoalescer, RealtimePublisherModule],
})
export class RealtimeGatewayModule {}
