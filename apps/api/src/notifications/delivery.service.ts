import { Inject, Injectable, Optional } from '@nestjs/common';
import { NOTIFICATION_KIND_OF, notificationPath } from '@food-link/contracts';
import { UnrecoverableError } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { Mailer, refusedForGood } from '../mail/mailer';
import type { DeliverJob } from '../outbox/notification-jobs';
import { emailOf, messageText, type MessageFacts, type MessageText } from './notification-texts';
import { NotificationsRepository, type Recipient } from './notifications.repository';
import { PUSH_CHANNEL, type PushChannel } from '../push/push-channel';

/** What a `deliver` job did: `skipped` says why nothing was sent (the job still completes). */
export type DeliveryOutcome = 'sent' | 'skipped: in-app' | 'skipped: expired' | 'skipped: gone' | 'skipped: taken' | 'skipped: no push';

/**
 * Sends one notification to one user by push or e-mail (a `deliver` job). Running it again sends nothing
 * twice: the job id, which BullMQ keeps, stops a second job. (In-app is recorded by notify() itself.)
 */
@Injectable()
export class DeliveryService {
  constructor(
    private readonly config: AppConfig,
    private readonly repository: NotificationsRepository,
    private readonly mailer: Mailer,
    @Optional() @Inject(PUSH_CHANNEL) private readonly push?: PushChannel,
  ) {}

  async deliver(job: DeliverJob): Promise<DeliveryOutcome> {
    if (job.expiresAt && Date.parse(job.expiresAt) <= Date.now()) return 'skipped: expired';
    // In-app is recorded by notify() itself, for every recipient at once; a job of it has nothing to do.
    if (job.channel === 'in_app') return 'skipped: in-app';
    const [recipient] = await this.repository.recipients([job.userId]);
    if (!recipient) return 'skipped: gone';
    const facts = await this.facts(job);
    if (!facts) return 'skipped: taken';
    const message = messageText(job.type, recipient.language, facts);
    if (job.channel === 'email') return this.email(recipient, message);
    if (!this.push) return 'skipped: no push';
    // A path, not the e-mail's absolute link: the service worker opens it on the origin the browser
    // subscribed from (and refuses any other), whichever WEB_ORIGIN comes first.
    const path = notificationPath(job.type, job.data);
    await this.push.sendToUser(job.userId, { title: message.title, body: message.lines.join('\n'), url: path, tag: job.key });
    return 'sent';
  }

  private async email(recipient: Recipient, message: MessageText): Promise<DeliveryOutcome> {
    const mail = emailOf(message, recipient.language);
    try {
      await this.mailer.send({ to: recipient.email, ...mail, language: recipient.language });
    } catch (error) {
      // A 5xx answer (no such mailbox) will not change on a retry: failed for good, kept for operators.
      if (refusedForGood(error)) throw new UnrecoverableError((error as Error).message);
      throw error;
    }
    return 'sent';
  }

  /**
   * What the message says, read now: the listing may have changed since. New food that can no longer
   * be claimed (taken, withdrawn, expired) is not worth an e-mail or a push: null.
   */
  private async facts(job: DeliverJob): Promise<MessageFacts | null> {
    const url = new URL(notificationPath(job.type, job.data), this.webOrigin).toString();
    if (!job.data.foodId) return { url, message: job.data.message };
    const food = await this.repository.foodFacts(job.data.foodId);
    if (!food) return null;
    if (NOTIFICATION_KIND_OF[job.type] === 'new_food' && !food.open) return null;
    return { url, foodName: food.foodName, area: food.area, governorate: food.governorate, collectBy: food.collectBy, pickupFrom: food.pickupFrom, message: job.data.message };
  }

  /** Links point at the first web origin (WEB_ORIGIN). */
  private get webOrigin(): string {
    return this.config.webOrigins[0] ?? 'http://localhost:3000';
  }
}
