import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable, Logger, Module } from '@nestjs/common';
import { NOTIFICATION_JOBS, PAGE_ROUTES, type Language } from '@food-link/contracts';
import { UnrecoverableError } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { Mailer, refusedForGood } from '../mail/mailer';
import { jobKey, NotificationQueue, type ResetMailJob } from '../outbox/notification-jobs';
import { PasswordResetsRepository } from './password-resets.repository';
import { resetMail } from './reset-mail';
import { SealedSecret } from './sealed-secret';

/** What a `reset-mail` job did: `skipped` when the link no longer works (used, superseded, expired, account gone). */
export type ResetMailOutcome = 'sent' | 'skipped: link closed' | 'skipped: key changed';

/**
 * The password reset e-mail as a job on the `notifications` queue (docs/ACCOUNT-RECOVERY.md), so an
 * SMTP server that is away delays the link without losing it: retried NOTIFY_ATTEMPTS times with
 * backoff, one job per reset row (`reset-mail-<id>`). The job carries the row's id, the language and the
 * link's secret sealed with AES-256-GCM under a key derived from JWT_SECRET: the database keeps only
 * the secret's hash, and Redis only a sealed copy and no address. It sends only while the link works,
 * so a retry after the link expired, or after a newer one was asked for, sends nothing.
 */
@Injectable()
export class PasswordResetMail {
  private readonly logger = new Logger('PasswordReset');
  private readonly sealer: SealedSecret;

  constructor(
    private readonly config: AppConfig,
    private readonly resets: PasswordResetsRepository,
    private readonly mailer: Mailer,
    private readonly jobs: NotificationQueue,
  ) {
    this.sealer = new SealedSecret(config.jwtSecret, 'food-link password reset mail');
  }

  /** Queues the e-mail of reset `resetId`, whose link's secret is `token`. */
  async enqueue(resetId: number, token: string, language: Language): Promise<void> {
    const job: ResetMailJob = { resetId, language, sealedToken: this.sealer.seal(token) };
    await this.jobs.queue.add(NOTIFICATION_JOBS.resetMail, job, { jobId: jobKey(NOTIFICATION_JOBS.resetMail, resetId) });
  }

  /** Runs a `reset-mail` job: an SMTP failure throws (the job retries), a 5xx refusal fails it for good. */
  async send(job: ResetMailJob): Promise<ResetMailOutcome> {
    const reset = await this.resets.openForMail(job.resetId);
    if (!reset) return 'skipped: link closed';
    const token = this.sealer.unseal(job.sealedToken);
    // JWT_SECRET changed since it was queued: the unsealed secret is not the link's.
    if (!token || !timingSafeEqual(createHash('sha256').update(token).digest(), reset.tokenHash)) {
      this.logger.warn(`Reset ${job.resetId}: the sealed link does not match its row (JWT_SECRET changed?); not sent`);
      return 'skipped: key changed';
    }
    const link = `${this.config.publicUrl}${PAGE_ROUTES.resetPassword}?token=${token}`;
    try {
      await this.mailer.send(resetMail(reset.email, reset.name, link, this.config.RESET_TOKEN_MINUTES, job.language));
    } catch (error) {
      if (refusedForGood(error)) throw new UnrecoverableError((error as Error).message);
      throw error;
    }
    return 'sent';
  }
}

/**
 * The reset e-mail job, for the API (which queues it) and the worker (which runs it). Its own queue
 * connection (NotificationQueue): the API process does not build the notifications module.
 */
@Module({
  providers: [PasswordResetMail, PasswordResetsRepository, NotificationQueue],
  exports: [PasswordResetMail, PasswordResetsRepository],
})
export class PasswordResetMailModule {}
