import { Global, Module } from '@nestjs/common';
import { OutboxRelayService } from './outbox-relay.service';
import { OutboxService } from './outbox.service';

/** The outbox every writing service records into, and the relay that carries it to the queue. */
@Global()
@Module({ providers: [OutboxService, OutboxRelayService], exports: [OutboxService, OutboxRelayService] })
export class EventsModule {}
