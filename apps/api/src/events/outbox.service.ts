import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads, DomainEventType } from '@food-link/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Records domain events in the transaction that makes the change: a committed change always has its
 * event, a rolled-back one never announces anything. The relay takes it from there.
 */
@Injectable()
export class OutboxService {
  /**
   * @param recipients users who hear of the event in their private room (the donor, the charity); whether
   *   everyone hears of it too is the realtime module's decision, by type.
   */
  async record<T extends DomainEventType>(
    tx: EntityManager,
    type: T,
    data: DomainEventPayloads[T],
    recipients: number[] = [],
  ): Promise<string> {
    const id = randomUUID();
    await tx.query(`INSERT INTO outbox_events (id, type, data, recipients) VALUES ($1, $2, $3, $4)`, [
      id,
      type,
      JSON.stringify(data),
      recipients,
    ]);
    return id;
  }
}
