import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable, Logger, Module } from '@nestjs/common';
import { INVITATION_DAYS, NOTIFICATION_JOBS, PAGE_ROUTES } from '@food-link/contracts';
import { UnrecoverableError } from 'bullmq';
import { TokenModule } from '../auth/auth.module';
import { OrganisationsService } from '../auth/organisations.service';
import { SealedSecret } from '../auth/sealed-secret';
import { AppConfig } from '../config/app-config';
import { Mailer, refusedForGood } from '../mail/mailer';
import { jobKey, NotificationQueue, type InviteMailJob } from '../outbox/notification-jobs';
import { invitationMail } from './invitation-mail-texts';

export type InviteMailOutcome = 'sent' | 'skipped: invitation closed' | 'skipped: key changed';

/**
 * The invitation e-mail as an `invite-mail` job on the `notifications` queue, as the password reset's
 * (auth/password-reset-mail.ts): retried with backoff while SMTP is away, its link's secret sealed in
 * Redis (only its hash is stored), sent only while the invitation is pending.
 */
@Injectable()
export class InvitationMail {
  private readonly logger = new Logger('Invitations');
  private readonly sealer: SealedSecret;

  constructor(
    private readonly config: AppConfig,
    private readonly organisations: OrganisationsService,
    private readonly mailer: Mailer,
    private readonly jobs: NotificationQueue,
  ) {
    this.sealer = new SealedSecret(config.jwtSecret, 'food-link invitation mail');
  }

  async enqueue(invitationId: number, token: string): Promise<void> {
    const job: InviteMailJob = { invitationId, sealedToken: this.sealer.seal(token) };
    await this.jobs.queue.add(NOTIFICATION_JOBS.inviteMail, job, { jobId: jobKey(NOTIFICATION_JOBS.inviteMail, invitationId) });
  }

  /** Runs an `invite-mail` job: an SMTP failure throws (the job retries), a 5xx refusal fails it for good. */
  async send(job: InviteMailJob): Promise<InviteMailOutcome> {
    const invitation = await this.organisations.openForMail(job.invitationId);
    if (!invitation) return 'skipped: invitation closed';
    const token = this.sealer.unseal(job.sealedToken);
    if (!token || !timingSafeEqual(createHash('sha256').update(token).digest(), invitation.tokenHash)) {
      this.logger.warn(`Invitation ${job.invitationId}: the sealed link does not match its row (JWT_SECRET changed?); not sent`);
      return 'skipped: key changed';
    }
    const link = `${this.config.publicUrl}${PAGE_ROUTES.join}?token=${token}`;
    try {
      await this.mailer.send(
        invitationMail(invitation.email, { inviter: invitation.inviter, organisation: invitation.organisation, role: invitation.role, days: INVITATION_DAYS }, link, invitation.language),
      );
    } catch (error) {
      if (refusedForGood(error)) throw new UnrecoverableError((error as Error).message);
      throw error;
    }
    return 'sent';
  }
}

/** The invitation e-mail job, for the API (which queues it) and the worker (which runs it). */
@Module({
  imports: [TokenModule],
  providers: [InvitationMail, NotificationQueue],
  exports: [InvitationMail],
})
export class InvitationMailModule {}
