import { Injectable } from '@nestjs/common';
import type { ClaimCancelCause } from '@food-link/contracts';
import { claimCancelledNews } from '../moderation/moderation-news';
import { jobKey } from './notification-jobs';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * Tells the party that did not cause it of a claim cancelled by an operator's suspension (`request.cancelled`
 * with a `cause`): the donor when the charity's account was suspended, the charity when the donor's was
 * (so it does not travel). An `account.news` notification in the person's chosen channels, once per event.
 */
@Injectable()
export class CancellationNotices {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async tell(eventId: string, cancelled: { foodId: number; requestId: number; cause: ClaimCancelCause }): Promise<void> {
    const parties = await this.repository.requestParties(cancelled.requestId);
    if (!parties) return;
    const { foodId, requestId, cause } = cancelled;
    await this.notifications.notify({
      key: jobKey('request-cancelled', eventId),
      userIds: [cause === 'charity_suspended' ? parties.donor_id : parties.charity_id],
      type: 'account.news',
      data: { foodId, requestId, foodName: parties.food_name, message: claimCancelledNews(cause, parties.food_name, foodId) },
    });
  }
}
