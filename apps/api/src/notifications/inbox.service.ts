import { Injectable } from '@nestjs/common';
import {
  type CharityProfileBody,
  type CharityProfileView,
  type FailedNotificationView,
  type Language,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationsResponse,
  type NotificationView,
  NOTIFICATION_JOBS,
  QUEUES,
} from '@food-link/contracts';
import type { Job } from 'bullmq';
import { withTimeout } from '../common/with-timeout';
import { INSPECTION_TIMEOUT_MS, QueueInspector } from '../monitoring/queue-inspector';
import { CharityProfilesRepository } from './charity-profiles.repository';
import type { DeliverJob, NotificationJob, ResetMailJob } from '../outbox/notification-jobs';
import { NotificationsRepository } from './notifications.repository';

const FAILED_LIST_MAX = 100;

/**
 * The HTTP side of notifications: a user's own list and read marks, their choices, a charity's matching
 * profile, and (for operators) the deliveries that failed for good. Each user reaches only their own rows:
 * the user id comes from the session, never from the request.
 */
@Injectable()
export class InboxService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly profiles: CharityProfilesRepository,
    private readonly inspector: QueueInspector,
  ) {}

  async list(userId: number): Promise<NotificationsResponse> {
    const [unread, items] = await Promise.all([this.notifications.unread(userId), this.notifications.list(userId)]);
    return { unread, items };
  }

  async markRead(userId: number, ids?: readonly string[]): Promise<NotificationsResponse> {
    await this.notifications.markRead(userId, ids);
    return this.list(userId);
  }

  /** Every one of the user's notifications, newest first (the personal-data export, AccountService). */
  everyNotification(userId: number): Promise<NotificationView[]> {
    return this.notifications.list(userId, null);
  }

  preferences(userId: number): Promise<NotificationPreferences> {
    return this.notifications.preferences(userId);
  }

  savePreferences(userId: number, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    return this.notifications.savePreferences(userId, preferences);
  }

  profile(userId: number): Promise<CharityProfileView> {
    return this.profiles.find(userId);
  }

  /**
   * Saves the profile; a charity that has not chosen a language yet gets the one its browser (or the app,
   * which sends its own) asks for. `null` (the request named neither language) keeps the sign-up's.
   */
  async saveProfile(userId: number, body: CharityProfileBody, language: Language | null): Promise<CharityProfileView> {
    const saved = await this.profiles.save(userId, body);
    if (language) await this.notifications.rememberLanguage(userId, language);
    return saved;
  }

  /**
   * Notification jobs that failed for good, the latest failure first: `deliver` jobs (a notification by
   * one channel) and `reset-mail` jobs (a password reset e-mail), each with its recipient's account and
   * address as they are now. A reset e-mail is shown by its reset's id and its recipient only: its job holds
   * the link's secret sealed, which is never read here.
   */
  async failed(): Promise<FailedNotificationView[]> {
    const queue = this.inspector.queue(QUEUES.notifications);
    if (!queue) return [];
    const jobs = (await withTimeout(queue.getFailed(0, FAILED_LIST_MAX - 1), INSPECTION_TIMEOUT_MS, 'Listing failed notifications')).filter(
      (job): job is Job<NotificationJob> => Boolean(job),
    );
    const deliveries = jobs.filter((job): job is Job<DeliverJob> => job.name === NOTIFICATION_JOBS.deliver);
    const resetMails = jobs.filter((job): job is Job<ResetMailJob> => job.name === NOTIFICATION_JOBS.resetMail);
    const [emails, resets] = await Promise.all([
      deliveries.length ? this.notifications.emailsOf([...new Set(deliveries.map((job) => job.data.userId))]) : [],
      resetMails.length ? this.notifications.resetRecipients(resetMails.map((job) => Number(job.data.resetId))) : [],
    ]);
    const emailOf = new Map(emails.map((row) => [row.id, row.email]));
    const resetOf = new Map(resets.map((row) => [Number(row.reset_id), row]));
    const failure = (job: Job) => ({
      job_id: job.id ?? '',
      attempts: job.attemptsMade,
      error: job.failedReason || 'Unknown error',
      failed_at: new Date(job.finishedOn ?? job.processedOn ?? job.timestamp).toISOString(),
    });
    return [
      ...deliveries.map((job) => ({
        ...failure(job),
        type: job.data.type,
        channel: job.data.channel as NotificationChannel,
        user_id: job.data.userId,
        email: emailOf.get(job.data.userId) ?? null,
      })),
      ...resetMails.map((job) => ({
        ...failure(job),
        // The link is never in the job's error; should a mail server ever echo one, it is cut out.
        error: (job.failedReason || 'Unknown error').replace(/token=[\w-]+/g, 'token=…'),
        type: 'password.reset' as const,
        channel: 'email' as const,
        user_id: resetOf.get(Number(job.data.resetId))?.user_id ?? null,
        email: resetOf.get(Number(job.data.resetId))?.email ?? null,
      })),
    ].sort((a, b) => b.failed_at.localeCompare(a.failed_at));
  }
}
