import { Global, Module } from '@nestjs/common';
import { OutboxDrain } from './outbox-drain';
import { OutboxLeaseKeeper } from './outbox-lease-keeper';
import { OutboxProducer } from './outbox-producer';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';

/**
 * The outbox every writing service records into, and the relay that carries it to the queue: the drain
 * (unpublished rows into Redis) and the lease keeper (what Redis may have lost), over one producer.
 */
const PROVIDERS = [OutboxRepository, OutboxService, OutboxProducer, OutboxDrain, OutboxLeaseKeeper];

@Global()
// OutboxRepository stays inside (the relay's); others record and read the change mark through OutboxService.
@Module({ providers: PROVIDERS, exports: [OutboxService, OutboxProducer, OutboxDrain, OutboxLeaseKeeper] })
export class OutboxModule {}
