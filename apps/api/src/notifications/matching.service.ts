import { Injectable, Logger } from '@nestjs/common';
import { CharityProfilesRepository } from './charity-profiles.repository';
import { NOTIFICATION_JOBS } from '@food-link/contracts';
import { ListingsService } from '../listings/listings.service';
import { jobKey, NotificationQueue, type MatchJob } from '../outbox/notification-jobs';
import { NotificationsRepository, type ListingToMatch } from './notifications.repository';
import { NotificationsService, type NotifyResult } from './notifications.service';

const NOBODY: NotifyResult & { matched: number } = { matched: 0, inApp: 0, jobs: 0, capped: 0, dropped: 0 };

/**
 * The `match` job: a listing that is (back) on the board is matched against every charity profile and
 * the charities it suits are notified (`food.matched`); a listing offered to the donor's partners first
 * notifies them alone (`food.offered`). It reads the listing as it is now: one claimed, withdrawn or
 * expired since its event notifies nobody.
 *
 * A withheld listing (hidden by an operator, or its donor suspended) notifies nobody either: nobody may
 * see it. Its job is kept on the listing instead (`deferred_match`), and when the listing is put back
 * (`restored`) that job runs, under its own key; a restoration that owes nothing (the listing was matched
 * before it was withheld, or its matching has not run yet and will) tells nobody again.
 */
@Injectable()
export class MatchingService {
  private readonly logger = new Logger('Matching');

  constructor(
    private readonly profiles: CharityProfilesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly notify: NotificationsService,
    private readonly jobs: NotificationQueue,
    private readonly listings: ListingsService,
  ) {}

  /** Adds the event's `match` job (job id from the event: handling the event twice adds it once). */
  async enqueue(job: MatchJob): Promise<void> {
    await this.jobs.queue.add(NOTIFICATION_JOBS.match, job, { jobId: jobKey(NOTIFICATION_JOBS.match, job.eventId) });
  }

  async match(job: MatchJob): Promise<NotifyResult & { matched: number }> {
    const listing = await this.notifications.listingToMatch(job.foodId);
    if (!listing?.open) return NOBODY;
    // A restoration runs the matching it is owed, to whom the listing is offered now (partners, or everyone).
    const owed = job.restored ? listing.deferred && { ...listing.deferred, partners: job.partners } : job;
    if (!owed) return NOBODY;
    if (listing.withheld) {
      if (!job.restored) await this.listings.deferMatch(job.foodId, { eventId: job.eventId, foodId: job.foodId, partners: job.partners, endedRequestId: job.endedRequestId });
      return NOBODY;
    }
    const sent = await this.notifyFor(owed, listing);
    // Told now: the listing owes nothing more (unless a matching was deferred since it was read).
    if (listing.deferred) await this.listings.clearDeferredMatch(job.foodId, listing.deferred.eventId);
    return sent;
  }

  private async notifyFor(job: MatchJob, listing: ListingToMatch): Promise<NotifyResult & { matched: number }> {
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
