import { Injectable, Logger } from '@nestjs/common';
import { CharityProfilesRepository } from './charity-profiles.repository';
import { NOTIFICATION_JOBS } from '@food-link/contracts';
import { jobKey, NotificationQueue, type MatchJob } from './notification-jobs';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService, type NotifyResult } from './notifications.service';

/**
 * The `match` job: a listing that is (back) on the board is matched against every charity profile and
 * the charities it suits are notified (`food.matched`); a listing offered to the donor's partners first
 * notifies them alone (`food.offered`). It reads the listing as it is now: one claimed, withdrawn or
 * expired since its event notifies nobody.
 */
@Injectable()
export class MatchingService {
  private readonly logger = new Logger('Matching');

  constructor(
    private readonly profiles: CharityProfilesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly notify: NotificationsService,
    private readonly jobs: NotificationQueue,
  ) {}

  /** Adds the event's `match` job (job id from the event: handling the event twice adds it once). */
  async enqueue(job: MatchJob): Promise<void> {
    await this.jobs.queue.add(NOTIFICATION_JOBS.match, job, { jobId: jobKey(NOTIFICATION_JOBS.match, job.eventId) });
  }

  async match(job: MatchJob): Promise<NotifyResult & { matched: number }> {
    const listing = await this.notifications.listingToMatch(job.foodId);
    if (!listing?.open) return { matched: 0, inApp: 0, jobs: 0, capped: 0, dropped: 0 };
    const data = { foodId: job.foodId, foodName: listing.food_name };
    if (job.partners) {
      const sent = await this.notify.notify({
        key: jobKey('food-offered', job.eventId),
        userIds: job.partners,
        type: 'food.offered',
        data,
        expiresAt: listing.safe_until,
      });
      return { matched: job.partners.length, ...sent };
    }
    // Partners told of it in the first stage are not told again when it opens to everyone, nor is the
    // charity whose claim just ended.
    const exclude = await this.notifications.offeredTo(job.foodId);
    if (job.endedRequestId) exclude.push(...(await this.notifications.claimantOf(job.endedRequestId)));
    const userIds = await this.profiles.matching(listing, exclude);
    const sent = await this.notify.notify({ key: jobKey('food-matched', job.eventId), userIds, type: 'food.matched', data, expiresAt: listing.safe_until });
    this.logger.debug(`Food ${job.foodId} matched ${userIds.length} charities; ${sent.jobs} notification jobs`);
    return { matched: userIds.length, ...sent };
  }
}
