import { Inject, Injectable, Optional } from '@nestjs/common';
import { NOTIFICATION_KIND_OF, notificationPath, type Language } from '@food-link/contracts';
import { UnrecoverableError } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { Mailer, refusedForGood } from '../mail/mailer';
import type { DeliverJob } from '../outbox/notification-jobs';
import { MessagingService, type UserMessage } from '../messaging/messaging.service';
import type { SendJob } from '../messaging/messaging-queue';
import { ProviderError } from '../messaging/provider-clients';
import { emailOf, messageText, phoneTextOf, type MessageFacts, type MessageText } from './notification-texts';
import { NotificationsRepository, type Recipient } from './notifications.repository';
import { PUSH_CHANNEL, type PushChannel } from '../push/push-channel';

/** What a `deliver` job did: `skipped` says why nothing was sent (the job still completes). */
export type DeliveryOutcome =
  | 'sent'
  | 'sent: sms fallback'
  | 'written'
  | 'skipped: in-app'
  | 'skipped: expired'
  | 'skipped: gone'
  | 'skipped: taken'
  | 'skipped: no push'
  | 'skipped: no phone';

/**
 * The approved WhatsApp template of a notification type, for use outside the 24-hour window: its body has
 * three parameters, the title, the details (the lines on one line) and the link (docs/MESSAGING.md, "Templates").
 */
export const whatsAppTemplateName = (type: string) => `foodlink_${type.replace(/\./g, '_')}`;

/**
 * The approved template of a standing collection's day offered to its standing charity: its two quick
 * replies are Confirm and Can't come (a template's buttons are fixed when Meta approves it).
 */
export const STANDING_OFFER_TEMPLATE = 'foodlink_standing_offer';
/** A transport offer to a volunteer: account news with an Accept quick-reply button, so a template of its own. */
export const TRANSPORT_OFFER_TEMPLATE = 'foodlink_transport_offer';

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
    private readonly messaging: MessagingService,
    @Optional() @Inject(PUSH_CHANNEL) private readonly push?: PushChannel,
  ) {}

  /** `finalAttempt`: no retry follows if this one fails (a WhatsApp message then falls back to SMS, if allowed). */
  async deliver(job: DeliverJob, options: { finalAttempt?: boolean } = {}): Promise<DeliveryOutcome> {
    if (job.expiresAt && Date.parse(job.expiresAt) <= Date.now()) return 'skipped: expired';
    // In-app is recorded by notify() itself, for every recipient at once; a job of it has nothing to do.
    if (job.channel === 'in_app') return 'skipped: in-app';
    // The food first: a message about food that can no longer be claimed is not sent, whoever it was for.
    const facts = await this.facts(job);
    if (!facts) return 'skipped: taken';
    const [recipient] = await this.repository.recipients([job.userId]);
    if (!recipient) return 'skipped: gone';
    const message = messageText(job.type, recipient.language, facts);
    if (job.channel === 'email') return this.email(recipient, message);
    if (job.channel === 'phone') return this.phone(job, facts, options.finalAttempt ?? false);
    if (!this.push) return 'skipped: no push';
    // A path, not the e-mail's absolute link: the service worker opens it on the origin the browser
    // subscribed from (and refuses any other), whichever WEB_ORIGIN comes first.
    const path = notificationPath(job.type, job.data);
    await this.push.sendToUser(job.userId, { title: message.title, body: message.lines.join('\n'), url: path, tag: job.key });
    return 'sent';
  }

  /**
   * WhatsApp or SMS, on the user's verified phone only (MessagingService.send reads it and the language
   * again). A refusal that waiting cannot mend (a 4xx other than 429) fails the job for good, unless the
   * message was on WhatsApp and the user allows SMS as its fallback: then, and after the last attempt of a
   * refusal that waiting might have mended, it goes by SMS.
   */
  private async phone(job: DeliverJob, facts: MessageFacts, finalAttempt: boolean): Promise<DeliveryOutcome> {
    // The late SMS fallback of a WhatsApp message reported failed: by SMS, and no fallback of its own.
    const via = (job as Partial<SendJob>).via;
    const words = (language: Language) => messageText(job.type, language, facts);
    // Meta refuses a template parameter with a new line, a tab or more than 4 spaces in a row.
    const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
    const newFood = NOTIFICATION_KIND_OF[job.type] === 'new_food' && job.data.foodId ? job.data.foodId : null;
    // A standing collection's day offered to its standing charity: Confirm and Can't come instead of Claim,
    // so a template of its own (a template's buttons are fixed when it is approved).
    const standing = newFood !== null && job.type === 'food.offered' && (await this.repository.isStandingDay(newFood));
    const transportOffer = job.type === 'account.news' && job.data.action === 'transport_offered' && job.data.requestId ? job.data.requestId : null;
    const message: UserMessage = {
      kind: job.type,
      text: (language) => phoneTextOf(words(language)),
      template: {
        name: standing ? STANDING_OFFER_TEMPLATE : transportOffer !== null ? TRANSPORT_OFFER_TEMPLATE : whatsAppTemplateName(job.type),
        components: (language) => {
          const { title, lines, url } = words(language);
          return [{ type: 'body', parameters: [title, lines.join(' '), url].map((text) => ({ type: 'text', text: oneLine(text) })) }];
        },
      },
      // New food comes with a Claim button (or "Reply 1" by SMS): the same claim as the web's.
      ...(newFood !== null ? { claim: { foodId: newFood, standing } } : {}),
      // A volunteer's transport offer comes with Accept (or "Reply 1" by SMS): the web's accept of that pickup's offer.
      ...(transportOffer !== null ? { pickup: { action: 'accept' as const, requestId: transportOffer } } : {}),
      // A donor's reminder of a standing collection's day comes with Nothing today (or "Reply 1" by SMS).
      ...(job.type === 'schedule.reminder' && job.data.scheduleId && job.data.date ? { skip: { scheduleId: job.data.scheduleId, date: job.data.date } } : {}),
      // Kept with a WhatsApp message for its late SMS fallback (MessagingService.statusReported).
      ...(job.channel === 'phone' && !via ? { resend: job as SendJob } : {}),
    };
    try {
      const sent = await this.messaging.send(job.userId, message, via ? { via } : {});
      if (sent.outcome === 'not-verified') return 'skipped: no phone';
      return sent.outcome === 'unconfigured' ? 'written' : 'sent';
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (!via && (!error.retryable || finalAttempt) && (await this.messaging.smsFallbackAllowed(job.userId))) {
        const fallback = await this.messaging.send(job.userId, message, { via: 'sms' });
        return fallback.outcome === 'sent' ? 'sent: sms fallback' : 'skipped: no phone';
      }
      if (!error.retryable) throw new UnrecoverableError(error.message);
      throw error;
    }
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
    if (job.type === 'schedule.reminder' || job.type === 'standing.skipped') return this.scheduleFacts(job, url);
    if (!job.data.foodId) return { url, message: job.data.message };
    const food = await this.repository.foodFacts(job.data.foodId);
    if (!food) return null;
    if (NOTIFICATION_KIND_OF[job.type] === 'new_food' && !food.open) return null;
    const { charityName, quantity, unit, phone, receivedQuantity, relisted } = job.data;
    return {
      url,
      foodName: food.foodName,
      area: food.area,
      governorate: food.governorate,
      collectBy: food.collectBy,
      pickupFrom: food.pickupFrom,
      message: job.data.message,
      ...{ charityName, quantity, unit, phone, receivedQuantity, relisted },
    };
  }

  /**
   * A standing collection's day's news says what its data carries (the day's food, quantity, window and who
   * is coming, as read when it was made; the donor who has nothing that day). A reminder is null once the
   * donor has skipped the day (Nothing today on another channel, or the web, in the meantime).
   */
  private async scheduleFacts(job: DeliverJob, url: string): Promise<MessageFacts | null> {
    const { scheduleId, date, foodName, quantity, unit, charityName, donorName, windowFrom, windowUntil } = job.data;
    if (job.type === 'schedule.reminder' && scheduleId && date && (await this.repository.isSkippedDay(scheduleId, date))) return null;
    return {
      url,
      foodName,
      quantity,
      unit,
      charityName,
      donorName,
      date,
      pickupFrom: windowFrom ? new Date(windowFrom) : null,
      collectBy: windowUntil ? new Date(windowUntil) : null,
    };
  }

  /** Links point at the first web origin (WEB_ORIGIN). */
  private get webOrigin(): string {
    return this.config.webOrigins[0] ?? 'http://localhost:3000';
  }
}
