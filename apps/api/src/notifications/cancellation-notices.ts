import { Injectable } from '@nestjs/common';
import { claimCancelledNews } from './moderation-news';
import { jobKey } from '../outbox/notification-jobs';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * Tells the party that did not cause it of a claim cancelled by an operator's suspension (a request
 * cancelled with a `cancel_cause`): the donor when the charity's account was suspended, the charity when
 * the donor's was (so it does not travel). An `account.news` notification in the person's chosen channels,
 * once per event; a cancellation by the charity itself tells nobody this way.
 */
@Injectable()
export class CancellationNotices {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async tell(eventId: string, cancelled: { foodId: number; requestId: number }): Promise<void> {
    const request = await this.repository.requestParties(cancelled.requestId);
    if (!request?.cancel_cause) return;
    const { foodId, requestId } = cancelled;
    const cause = request.cancel_cause;
    await this.notifications.notify({
      key: jobKey('request-cancelled', eventId),
      userIds: [cause === 'charity_suspended' ? request.donor_id : request.charity_id],
      type: 'account.news',
      data: { foodId, requestId, foodName: request.food_name, message: claimCancelledNews(cause, request.food_name, foodId), cause },
    });
  }
}
