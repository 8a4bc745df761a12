import { Injectable, Logger } from '@nestjs/common';
import { NOTIFICATION_JOBS } from '@food-link/contracts';
import { AppConfig } from '../config/app-config';
import { jobKey, NotificationQueue, type RemindJob } from '../outbox/notification-jobs';
import { NotificationsRepository, type PendingRequest } from './notifications.repository';
import { NotificationsService } from './notifications.service';

const MINUTE_MS = 60_000;

/** The job id of a request's reminder: one of each type per request, however often it is scheduled. */
export const reminderJobId = (type: RemindJob['type'], requestId: number) => jobKey(type.replace('.', '-'), requestId);

/**
 * Reminders of a claim (docs/NOTIFICATIONS.md): the charity PICKUP_REMINDER_MINUTES before its pickup
 * window opens (`pickup.soon`, only when the window opens later than that from the claim), and the donor
 * when the window ends with the request still pending (`pickup.ended`: Donate, or "not collected").
 * Delayed jobs on the `notifications` queue, one per request and type (the same id again adds nothing),
 * scheduled when the worker handles `food.claimed` and again for every pending request at a worker's
 * start, like the not-collected job. A reminder whose request has ended by then sends nothing.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly config: AppConfig,
    private readonly jobs: NotificationQueue,
    private readonly notifications: NotificationsService,
  ) {}

  /** Schedules the request's reminders (none once it has ended). */
  async schedule(requestId: number): Promise<void> {
    const rows = await this.repository.pendingRequests(requestId);
    await this.add(rows, Date.now());
  }

  /** Every pending request's reminders again (a worker's start): a no-op for those Redis has. */
  async scheduleAllPending(): Promise<void> {
    try {
      await this.add(await this.repository.pendingRequests(), Date.now());
    } catch (error) {
      this.logger.warn(`Scheduling the pending requests' reminders again: ${(error as Error).message}`);
    }
  }

  /** The `remind` job's work. */
  async remind(job: RemindJob): Promise<void> {
    const [request] = await this.repository.pendingRequests(job.requestId);
    if (!request) return;
    const data = { foodId: request.food_id, requestId: request.id, foodName: request.food_name };
    await this.notifications.notify({
      key: reminderJobId(job.type, request.id),
      userIds: [job.type === 'pickup.soon' ? request.charity_id : request.donor_id],
      type: job.type,
      data,
      // Reminding the charity is pointless once it can no longer collect.
      expiresAt: job.type === 'pickup.soon' ? request.collect_by : undefined,
    });
  }

  private async add(rows: readonly PendingRequest[], now: number): Promise<void> {
    const jobs = rows.flatMap((row) => {
      const due: [RemindJob['type'], number][] = [['pickup.ended', row.collect_by.getTime()]];
      if (row.pickup_from) due.push(['pickup.soon', row.pickup_from.getTime() - this.config.PICKUP_REMINDER_MINUTES * MINUTE_MS]);
      return due
        .filter(([type, at]) => type === 'pickup.ended' || at > now)
        .map(([type, at]) => ({
          name: NOTIFICATION_JOBS.remind,
          data: { requestId: row.id, type } satisfies RemindJob,
          opts: { jobId: reminderJobId(type, row.id), delay: Math.max(0, at - now) },
        }));
    });
    for (let start = 0; start < jobs.length; start += 500) await this.jobs.queue.addBulk(jobs.slice(start, start + 500));
  }
}
