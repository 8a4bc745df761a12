import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS, type NotificationData, type NotificationType } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { jobKey } from '../outbox/notification-jobs';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * Donors are told what happens to their food (issue 29; docs/NOTIFICATIONS.md, "Donors are told"): a claim
 * (which charity, how much, the charity's phone), the charity's cancellation, a pickup not collected, and
 * what the charity reports it received. In-app and on every channel the donor's `donations` choices allow
 * (push, e-mail, WhatsApp or SMS), once per event, in the donor's language.
 */
@Injectable()
export class DonorNews {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  @OnDomainEvent({ event: DOMAIN_EVENTS.foodClaimed, phase: 'notices' })
  async tellClaimed({ id, data: { foodId, requestId } }: DomainEventOf<'food.claimed'>): Promise<void> {
    await this.tell(id, 'donation.claimed', foodId, requestId);
  }

  /**
   * A cancellation by the charity (or by the charity's account being deleted). A cancellation an operator
   * caused (`cancel_cause`) is told as account news by CancellationNotices, to the party that did not cause it.
   */
  @OnDomainEvent({ event: DOMAIN_EVENTS.requestCancelled, phase: 'notices' })
  async tellCancelled({ id, data: { foodId, requestId } }: DomainEventOf<'request.cancelled'>): Promise<void> {
    await this.tell(id, 'donation.cancelled', foodId, requestId, { relisted: await this.repository.isOnOffer(foodId) });
  }

  @OnDomainEvent({ event: DOMAIN_EVENTS.requestNotCollected, phase: 'notices' })
  async tellNotCollected({ id, data: { foodId, requestId, relisted } }: DomainEventOf<'request.not_collected'>): Promise<void> {
    await this.tell(id, 'donation.not_collected', foodId, requestId, { relisted });
  }

  @OnDomainEvent({ event: DOMAIN_EVENTS.requestReceived, phase: 'notices' })
  async tellReceived({ id, data: { foodId, requestId } }: DomainEventOf<'request.received'>): Promise<void> {
    await this.tell(id, 'donation.received', foodId, requestId);
  }

  private async tell(eventId: string, type: NotificationType, foodId: number, requestId: number, extra: Partial<NotificationData> = {}): Promise<void> {
    const facts = await this.repository.donationFacts(requestId);
    if (!facts) return;
    if (type === 'donation.cancelled' && facts.cancel_cause) return;
    const data: NotificationData = {
      foodId,
      requestId,
      foodName: facts.food_name,
      charityName: facts.charity_name,
      quantity: facts.quantity,
      unit: facts.unit,
      phone: facts.phone,
      ...(type === 'donation.received' ? { receivedQuantity: facts.received_quantity } : {}),
      ...extra,
    };
    await this.notifications.notify({ key: jobKey(type.replace('.', '-'), eventId), userIds: [facts.donor_id], type, data });
  }
}
