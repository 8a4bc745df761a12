import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RealtimeGateway } from './realtime.gateway';
import { LiveInstances, RealtimeInstanceHeartbeat } from './realtime-instances';
import { MissedEventReplay } from './missed-event-replay.service';
import { MissedEventsRepository } from './missed-events.repository';
import { RealtimePublisher } from './realtime-publisher.service';
import { SocketCensus } from './socket-census.service';
import { CountersCoalescer } from './counters-coalescer';

/** Sockets for processes that serve HTTP. */
@Module({
  imports: [AuthModule],
  providers: [RealtimeGateway, SocketCensus, CountersCoalescer, RealtimeInstanceHeartbeat, MissedEventReplay, MissedEventsRepository],
  exports: [RealtimeGateway, SocketCensus, CountersCoalescer],
})
export class RealtimeGatewayModule {}

/** Publishing for processes that handle events (workers), whether or not they hold sockets. */
@Module({ providers: [RealtimePublisher, LiveInstances], exports: [RealtimePublisher] })
export class RealtimePublisherModule {}
