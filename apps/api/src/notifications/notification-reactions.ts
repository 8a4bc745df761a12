import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { moderationNews } from './moderation-news';
import { codeLockedNews } from './code-locked-news';
import { CancellationNotices } from './cancellation-notices';
import { MatchingService } from './matching.service';
import { NotificationsService } from './notifications.service';
import { RemindersService } from './reminders.service';

/**
 * What notifying does when the worker handles a domain event (docs/NOTIFICATIONS.md). Matching runs as a
 * job of its own on the `notifications` queue, one per event (by its id): the charities a listing suits, or
 * the donor's partners alone when it is offered to them first.
 */
@Injectable()
export class NotificationReactions {
  constructor(
    private readonly matching: MatchingService,
    private readonly reminders: RemindersService,
    private readonly cancellations: CancellationNotices,
    private readonly notifications: NotificationsService,
  ) {}

  @OnDomainEvent({ event: DOMAIN_EVENTS.foodListed, phase: 'effects' })
  async matchListing({ id, data: { foodId, partners, restored } }: DomainEventOf<'food.listed'>): Promise<void> {
    await this.matching.enqueue({ eventId: id, foodId, partners, ...(restored ? { restored } : {}) });
  }

  /** Back on the board: matched again (the match job finds nothing to do if it is not available). */
  @OnDomainEvent({ event: DOMAIN_EVENTS.requestCancelled, phase: 'effects' })
  async matchReleased({ id, data: { foodId, requestId } }: DomainEventOf<'request.cancelled'>): Promise<void> {
    await this.matching.enqueue({ eventId: id, foodId, endedRequestId: requestId });
  }

  @OnDomainEvent({ event: DOMAIN_EVENTS.requestNotCollected, phase: 'effects' })
  async matchRelisted({ id, data: { foodId, requestId, relisted } }: DomainEventOf<'request.not_collected'>): Promise<void> {
    if (relisted) await this.matching.enqueue({ eventId: id, foodId, endedRequestId: requestId });
  }

  /** A claim's reminders (one of each per request, however often this runs). */
  @OnDomainEvent({ event: DOMAIN_EVENTS.foodClaimed, phase: 'effects' })
  async scheduleReminders(event: DomainEventOf<'food.claimed'>): Promise<void> {
    await this.reminders.schedule(event.data.requestId);
  }

  /**
   * A claim cancelled by an operator's suspension is also told to the party that did not cause it (the
   * request keeps the cause; the board's event does not carry it), once the board has heard.
   */
  @OnDomainEvent({ event: DOMAIN_EVENTS.requestCancelled, phase: 'notices' })
  async tellCancellation({ id, data: { foodId, requestId } }: DomainEventOf<'request.cancelled'>): Promise<void> {
    await this.cancellations.tell(id, { foodId, requestId });
  }

  /**
   * Moderation (an operator hid or put back a listing, suspended or reinstated an account): in the person's
   * chosen channels, once per event. Here rather than in moderation/, which does not depend on notifying;
   * RealtimeReactions closes a suspended account's sockets after this has run (phase `closing`).
   */
  @OnDomainEvent({ event: DOMAIN_EVENTS.accountModeration, phase: 'notices' })
  async tellModeration({ id, data: { userId, action, reason, foodId } }: DomainEventOf<'account.moderation'>): Promise<void> {
    await this.notifications.notify({
      key: `account-moderation-${id}`,
      userIds: [userId],
      type: 'account.news',
      data: { message: moderationNews(action, reason, foodId), action, reason, ...(foodId === null ? {} : { foodId }) },
    });
  }

  /** Someone is guessing a request's pickup code: the donor hears it in its chosen channels, once per event. */
  @OnDomainEvent({ event: DOMAIN_EVENTS.requestCodeLocked, phase: 'notices' })
  async tellCodeLocked({ id, data: { foodId, donorId, wrongCodes } }: DomainEventOf<'request.code_locked'>): Promise<void> {
    await this.notifications.notify({
      key: `request-code-locked-${id}`,
      userIds: [donorId],
      type: 'account.news',
      // The parts, for each reader's app to word in its own language; the message for older apps and e-mail.
      data: { message: codeLockedNews(foodId, wrongCodes), action: 'code_locked', foodId },
    });
  }
}
