import { Processor } from '@nestjs/bullmq';
import { NOTIFICATION_JOBS, QUEUES } from '@food-link/contracts';
import type { Job } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { DeliveryService } from '../notifications/delivery.service';
import { MatchingService } from '../notifications/matching.service';
import type { DeliverJob, InviteMailJob, MatchJob, NotificationJob, RemindJob, ResetMailJob } from '../outbox/notification-jobs';
import { InvitationMail } from '../org/invitation-mail';
import { PasswordResetMail } from '../auth/password-reset-mail';
import { RemindersService } from '../notifications/reminders.service';
import { JobHandlers } from './job-handlers';
import { QueueWorker, QueueWorkerKit } from './queue-worker';

/**
 * Consumes `notifications` (docs/NOTIFICATIONS.md): `match` finds the charities a listing suits and
 * queues their deliveries, `deliver` sends one notification by one channel, `remind` is a request's
 * reminder, `reset-mail` a password reset link (PasswordResetMail), `invite-mail` an organisation's invitation (InvitationMail). NOTIFY_CONCURRENCY at once (mostly
 * waiting on SMTP); a job that fails for good (its last attempt, or an UnrecoverableError such as an
 * address the SMTP server refuses) is shown to operators, like every queue's (QueueWorker).
 */
@Processor(QUEUES.notifications)
export class NotificationsProcessor extends QueueWorker<NotificationJob> {
  private readonly handlers: JobHandlers<NotificationJob>;

  constructor(
    kit: QueueWorkerKit,
    private readonly config: AppConfig,
    private readonly matching: MatchingService,
    private readonly delivery: DeliveryService,
    private readonly reminders: RemindersService,
    private readonly resetMail: PasswordResetMail,
    private readonly inviteMail: InvitationMail,
  ) {
    super(QUEUES.notifications, kit, 'Notifications');
    this.handlers = new JobHandlers<NotificationJob>(
      QUEUES.notifications,
      {
        [NOTIFICATION_JOBS.match]: async (job) => {
          const { matched, jobs } = await this.matching.match(job.data as MatchJob);
          this.logger.debug(`Food ${(job.data as MatchJob).foodId}: ${matched} charities, ${jobs} deliveries queued`);
        },
        [NOTIFICATION_JOBS.deliver]: async (job) => {
          const outcome = await this.delivery.deliver(job.data as DeliverJob);
          if (outcome !== 'sent') this.logger.debug(`${job.id}: ${outcome}`);
        },
        [NOTIFICATION_JOBS.remind]: (job) => this.reminders.remind(job.data as RemindJob),
        [NOTIFICATION_JOBS.resetMail]: async (job) => {
          const outcome = await this.resetMail.send(job.data as ResetMailJob);
          if (outcome !== 'sent') this.logger.debug(`${job.id}: ${outcome}`);
        },
        [NOTIFICATION_JOBS.inviteMail]: async (job) => {
          const outcome = await this.inviteMail.send(job.data as InviteMailJob);
          if (outcome !== 'sent') this.logger.debug(`${job.id}: ${outcome}`);
        },
      },
      Object.values(NOTIFICATION_JOBS),
    );
  }

  protected override concurrency(): number {
    return this.config.NOTIFY_CONCURRENCY;
  }

  /** Reminders of requests claimed while no worker ran (or lost with Redis's data) are scheduled again. */
  protected override started(): void {
    void this.reminders.scheduleAllPending();
  }

  protected handle(job: Job<NotificationJob>): Promise<void> {
    return this.handlers.handle(job);
  }
}
