import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { ClaimsService } from '../handover/claims.service';
import { NotificationsService } from '../notifications/notifications.service';
import { transportNews, type TransportNews } from './transport-news';
import { TransportService } from './transport.service';

/**
 * Who hears of transport (docs/DOMAIN-RULES.md, "Volunteers and their trips"), in their chosen channels
 * (in-app, push, e-mail, WhatsApp or SMS to a verified phone), once per event: the volunteers an offer was
 * made to; the coordinator when nobody took it; the charity's admins and coordinators when a volunteer gave
 * a pickup back or delivered one (asking for the received report).
 */
@Injectable()
export class TransportReactions {
  constructor(
    private readonly transport: TransportService,
    private readonly claims: ClaimsService,
    private readonly notifications: NotificationsService,
  ) {}

  @OnDomainEvent({ event: DOMAIN_EVENTS.transportOffer, phase: 'notices' })
  async tellOffer({ id, data: { offerId, change, foodId, requestId } }: DomainEventOf<'transport.offer'>): Promise<void> {
    if (change !== 'offered' && change !== 'expired') return;
    const offer = await this.transport.offerById(offerId);
    if (!offer) return;
    if (change === 'offered') {
      // Still open when this runs: the volunteers who may take it (past its end nobody is told).
      if (offer.state !== 'open') return;
      await this.tell(id, 'transport_offered', offer.told, { foodId, requestId, foodName: offer.food_name }, offer.note, offer.expires_at);
    } else {
      const to = offer.offered_by !== null ? [offer.offered_by] : await this.transport.coordinators(offer.charity_id);
      await this.tell(id, 'transport_expired', to, { foodId, requestId, foodName: offer.food_name });
    }
  }

  /** A volunteer gave the pickup back (`DELETE …/assignee` by the volunteer): the coordinators, at once. */
  @OnDomainEvent({ event: DOMAIN_EVENTS.requestAssigned, phase: 'notices' })
  async tellReturned({ id, data: { requestId, foodId, returned } }: DomainEventOf<'request.assigned'>): Promise<void> {
    if (!returned) return;
    const request = await this.claims.find(requestId);
    if (!request) return;
    await this.tell(id, 'transport_returned', await this.transport.coordinators(request.charity_id), { foodId, requestId, foodName: request.food_name });
  }

  /** Delivered at the charity: its coordinators are asked for the received report. */
  @OnDomainEvent({ event: DOMAIN_EVENTS.requestTrip, phase: 'notices' })
  async tellDelivered({ id, data: { requestId, foodId, stage } }: DomainEventOf<'request.trip'>): Promise<void> {
    if (stage !== 'delivered') return;
    const request = await this.claims.find(requestId);
    if (!request) return;
    await this.tell(id, 'transport_delivered', await this.transport.coordinators(request.charity_id), { foodId, requestId, foodName: request.food_name });
  }

  private async tell(
    eventId: string,
    action: TransportNews,
    userIds: readonly number[],
    about: { foodId: number; requestId: number; foodName: string },
    note: string | null = null,
    expiresAt?: Date,
  ): Promise<void> {
    await this.notifications.notify({
      key: `${action.replace('_', '-')}-${eventId}`,
      userIds,
      type: 'account.news',
      data: { message: transportNews(action, about.foodName, note), action, foodId: about.foodId, requestId: about.requestId, foodName: about.foodName },
      expiresAt,
    });
  }
}
