import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { StatsService } from './stats.service';

/**
 * The impact projection follows the handovers: a fulfilled request adds its estimate, and the charity's
 * report of what it received replaces it (once per event id: `processed_events`), before either is published.
 */
@Injectable()
export class StatsReactions {
  constructor(private readonly stats: StatsService) {}

  @OnDomainEvent({ event: [DOMAIN_EVENTS.requestFulfilled, DOMAIN_EVENTS.requestReceived], phase: 'effects' })
  async applyDonation(event: DomainEventOf<'request.fulfilled' | 'request.received'>): Promise<void> {
    await this.stats.applyDonation(event.id, event.data.requestId);
  }
}
