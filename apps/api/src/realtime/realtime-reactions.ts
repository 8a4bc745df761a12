import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS, DOMAIN_EVENT_TYPES, OPS_EVENTS, type DomainEventType } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf, type ReactionContext } from '../common/on-domain-event';
import { MetricsService } from '../monitoring/metrics.service';
import { opsEventView } from '../monitoring/ops-views';
import { RealtimePublisher } from './realtime-publisher';

/**
 * Every domain event goes to the sockets of its rooms (event-rooms.ts), then to the operators' event list;
 * a suspended account's sockets are closed once it has been told.
 */
@Injectable()
export class RealtimeReactions {
  constructor(
    private readonly realtime: RealtimePublisher,
    private readonly metrics: MetricsService,
  ) {}

  @OnDomainEvent({ event: DOMAIN_EVENT_TYPES, phase: 'publish' })
  async publish(event: DomainEventOf<DomainEventType>, { recipients, queuedAt }: ReactionContext): Promise<void> {
    await this.realtime.publish(event, recipients);
    this.metrics.eventDelivery.observe(Math.max(0, Date.now() - Date.parse(event.occurredAt)) / 1000);
    await this.realtime.toOperators(OPS_EVENTS.event, opsEventView(event, queuedAt));
  }

  /** A suspended account's sockets are closed once it has heard (a reconnect is refused: its sessions are). */
  @OnDomainEvent({ event: DOMAIN_EVENTS.accountModeration, phase: 'closing' })
  async closeSuspendedSockets({ data: { action, userId } }: DomainEventOf<'account.moderation'>): Promise<void> {
    if (action === 'suspend_account') await this.realtime.disconnectUser(userId);
  }
}
