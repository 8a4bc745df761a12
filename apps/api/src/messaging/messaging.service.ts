import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { MESSAGING_JOBS, MESSAGING_ROUTES, type Language, type MessagingChannel, type UserType } from '@food-link/contracts';
import { AppConfig } from '../config/app-config';
import {
  acceptAnswerText,
  claimAnswerText,
  claimButtonTitle,
  declineAnswerText,
  fitSms,
  goingAnswerText,
  helpText,
  phoneCodeText,
  pickupButtonTitle,
  skipAnswerText,
  skipButtonTitle,
  smsClaimHint,
  smsPickupHint,
  smsSkipHint,
  smsStandingHint,
  standingButtonTitles,
  templateLanguage,
} from './message-texts';
import { REPLY_ACTIONS, REPLY_ETA_MINUTES, type ReplyActions } from './reply-actions';
import { ReplyReferences, looksLikeReference, type Redeemed, type ScheduleDay } from './reply-references';
import { MessagingRepository, type DeliveryStatus } from './messaging.repository';
import { ProviderError, SmsClient, WhatsAppClient, type TemplateComponent, type WhatsAppMessage } from './provider-clients';
import { MessagingQueue, smsFallbackJobId, type SendJob } from './messaging-queue';

/** The approved WhatsApp template of an organisation's invitation (docs/MESSAGING.md, "Invitations"). */
export const INVITATION_TEMPLATE = 'foodlink_org_invitation';

/** WhatsApp's customer-service window: free text is allowed this long after the user's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3600 * 1000;

/** A message for one user: its text in their language, and the approved template to use outside WhatsApp's window. */
export interface UserMessage {
  kind: string;
  text: (language: Language) => string;
  template?: { name: string; components: (language: Language) => TemplateComponent[] };
  /**
   * New food the user may claim by replying: a Claim button (WhatsApp: interactive inside the window, the
   * template's quick-reply button outside it) or "Reply 1" (SMS), each with a single-use reference. A
   * standing collection's day offered to its standing charity (`standing`): Confirm and Can't come ("1", "2").
   */
  claim?: { foodId: number; standing?: boolean };
  /**
   * A donor's reminder of a standing collection's day: a Nothing today button (WhatsApp) or "Reply 1" (SMS),
   * with a single-use reference to skipping that day as this user.
   */
  skip?: ScheduleDay;
  /**
   * A volunteer's button of a pickup request: Accept of its transport offer (`accept`), On my way once they
   * took it (`going`); "Reply 1" by SMS. Each with a single-use reference to that request as this user.
   */
  pickup?: { action: 'accept' | 'going'; requestId: number };
  /**
   * The notification's `send` job, kept with a WhatsApp message so that a `failed` reported later by
   * Meta's status webhook can queue it again by SMS (statusReported). Absent: no late fallback.
   */
  resend?: SendJob;
}

/** What became of a send. */
export type SendOutcome =
  | { outcome: 'not-verified' }
  | { outcome: 'unconfigured'; file: string }
  | { outcome: 'sent'; channel: MessagingChannel; providerId: string };

/**
 * Sends on WhatsApp and SMS and records what the providers tell us (docs/MESSAGING.md). `send` reaches a
 * user only on their verified phone, never anything else; `sendPhoneCode` is the one message that goes to
 * a phone not yet verified, and it carries only the code. With a channel unconfigured, messages are
 * written to DATA_DIR/messages (like e-mail to DATA_DIR/mail) and logged instead.
 */
@Injectable()
export class MessagingService {
  private readonly logger = new Logger('Messaging');

  constructor(
    private readonly config: AppConfig,
    private readonly repository: MessagingRepository,
    private readonly whatsApp: WhatsAppClient,
    private readonly sms: SmsClient,
    private readonly references: ReplyReferences,
    private readonly queue: MessagingQueue,
    @Optional() @Inject(REPLY_ACTIONS) private readonly actions?: ReplyActions,
  ) {}

  available(): { whatsapp: boolean; sms: boolean } {
    return { whatsapp: this.whatsApp.configured, sms: this.sms.configured };
  }

  /** Where Twilio-style status callbacks come back to. */
  private get smsStatusCallback(): string {
    return `${this.config.publicUrl}${MESSAGING_ROUTES.smsWebhook}`;
  }

  /** The phone code, to the phone being verified: WhatsApp's authentication template, or an SMS. */
  async sendPhoneCode(userId: number, phone: string, channel: MessagingChannel, code: string, language: Language): Promise<SendOutcome> {
    const text = phoneCodeText(code, language);
    if (channel === 'whatsapp') {
      if (!this.whatsApp.configured) return this.writeDown(userId, phone, channel, 'phone_code', text);
      // Authentication templates take the code as the body's parameter and as the copy-code button's.
      const components: TemplateComponent[] = [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ];
      return this.deliver(userId, phone, 'whatsapp', 'phone_code', `[${this.config.WHATSAPP_CODE_TEMPLATE}] ${code}`, () =>
        this.whatsApp.send(phone, { type: 'template', name: this.config.WHATSAPP_CODE_TEMPLATE, language: templateLanguage(language), components }),
      );
    }
    if (!this.sms.configured) return this.writeDown(userId, phone, channel, 'phone_code', text);
    return this.deliver(userId, phone, 'sms', 'phone_code', text, () => this.sms.send(phone, fitSms(text), this.smsStatusCallback));
  }

  /**
   * An organisation's invitation link to the invited person's verified phone (issue 26; docs/MESSAGING.md,
   * "Invitations"): only when the invited e-mail is an account's with a verified phone that has not said
   * STOP (nothing goes to a phone nobody verified), on that phone's channel and in its owner's language
   * (`words` gives the invitation's words in it). On WhatsApp the template `foodlink_org_invitation` (`{{1}}`
   * the words, `{{2}}` the link: a business-initiated message is always outside the 24-hour window); by SMS
   * the link first, so that fitting 3 segments cuts the words, never the link. The log keeps the words
   * without the link (its token is a secret).
   */
  async sendInvitation(userId: number, words: (language: Language) => string, link: string): Promise<SendOutcome> {
    const recipient = await this.repository.recipient(userId);
    if (!recipient) return { outcome: 'not-verified' };
    const { phone, channel, language } = recipient;
    return this.sendInvitationTo(userId, phone, channel, words(language), link, language);
  }

  private async sendInvitationTo(userId: number, phone: string, channel: MessagingChannel, words: string, link: string, language: Language): Promise<SendOutcome> {
    const logged = `${words} [link]`;
    if (channel === 'sms') {
      if (!this.sms.configured) return this.writeDown(userId, phone, channel, 'org_invitation', `${link}\n${words}`, logged);
      const body = fitSms(`${link}\n${words}`);
      return this.deliver(userId, phone, 'sms', 'org_invitation', logged, () => this.sms.send(phone, body, this.smsStatusCallback));
    }
    if (!this.whatsApp.configured) return this.writeDown(userId, phone, channel, 'org_invitation', `${words}\n${link}`, logged);
    const parameters = [words.replace(/\s+/g, ' ').trim(), link].map((text) => ({ type: 'text' as const, text }));
    return this.deliver(userId, phone, 'whatsapp', 'org_invitation', logged, () =>
      this.whatsApp.send(phone, { type: 'template', name: INVITATION_TEMPLATE, language: templateLanguage(language), components: [{ type: 'body', parameters }] }),
    );
  }

  /**
   * A message to a user on their verified phone, in their language: nothing at all when they have none
   * (or said STOP). On WhatsApp, free text inside the 24-hour window opened by their last message, the
   * approved template outside it (no template: not sent).
   */
  async send(userId: number, message: UserMessage, options: { via?: MessagingChannel } = {}): Promise<SendOutcome> {
    const recipient = await this.repository.recipient(userId);
    if (!recipient) return { outcome: 'not-verified' };
    const text = message.text(recipient.language);
    const { phone, language } = recipient;
    const channel = options.via ?? recipient.channel;
    const { buttons, smsHint: hint } = await this.replyButtons(userId, message, channel, language);
    if (channel === 'sms') {
      const withHint = hint ? `${hint}\n${text}` : text;
      if (!this.sms.configured) return this.writeDown(userId, phone, channel, message.kind, withHint);
      const body = fitSms(withHint);
      return this.deliver(userId, phone, 'sms', message.kind, body, () => this.sms.send(phone, body, this.smsStatusCallback));
    }
    if (!this.whatsApp.configured) return this.writeDown(userId, phone, channel, message.kind, text);
    const inWindow = recipient.lastInboundAt !== null && Date.now() - recipient.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
    if (inWindow) {
      const content: WhatsAppMessage = buttons.length > 0 ? { type: 'interactive', body: text, buttons } : { type: 'text', body: text };
      return this.deliver(userId, phone, 'whatsapp', message.kind, text, () => this.whatsApp.send(phone, content), message.resend);
    }
    if (!message.template) throw new ProviderError(`${message.kind} has no template for use outside the 24-hour window`, null, 131047, false);
    const template = message.template;
    const components = template.components(language);
    // The template's quick-reply buttons (Claim; a standing day's Confirm and Can't come) carry the references as their payloads.
    buttons.forEach((button, index) =>
      components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload: button.id }] }),
    );
    return this.deliver(
      userId,
      phone,
      'whatsapp',
      message.kind,
      text,
      () => this.whatsApp.send(phone, { type: 'template', name: template.name, language: templateLanguage(language), components }),
      message.resend,
    );
  }

  /**
   * The reply buttons a message carries, each with a new single-use reference (reply-references.ts), and the
   * line an SMS starts with in their place: a standing day's Confirm and Can't come, else Claim, else Nothing
   * today, else a volunteer's Accept or On my way; none for other messages.
   */
  private async replyButtons(
    userId: number,
    message: UserMessage,
    channel: MessagingChannel,
    language: Language,
  ): Promise<{ buttons: { id: string; title: string }[]; smsHint: string | null }> {
    if (message.claim?.standing) {
      const standing = await this.references.standing(userId, message.claim.foodId, channel);
      const titles = standingButtonTitles(language);
      const buttons = [
        { id: standing.confirm, title: titles.confirm },
        { id: standing.decline, title: titles.decline },
      ];
      return { buttons, smsHint: smsStandingHint(language) };
    }
    if (message.claim) {
      const id = await this.references.claim(userId, message.claim.foodId, channel);
      return { buttons: [{ id, title: claimButtonTitle(language) }], smsHint: smsClaimHint(language) };
    }
    if (message.skip) {
      const id = await this.references.skip(userId, message.skip, channel);
      return { buttons: [{ id, title: skipButtonTitle(language) }], smsHint: smsSkipHint(language) };
    }
    if (message.pickup) {
      const { action, requestId } = message.pickup;
      const id = await this.references.pickup(userId, action, requestId, channel);
      return { buttons: [{ id, title: pickupButtonTitle(action, language) }], smsHint: smsPickupHint(action, language) };
    }
    return { buttons: [], smsHint: null };
  }

  private async deliver(
    userId: number | null,
    phone: string,
    channel: MessagingChannel,
    kind: string,
    body: string,
    sending: () => Promise<string>,
    resend?: SendJob,
  ): Promise<SendOutcome> {
    try {
      const providerId = await sending();
      await this.repository.recordMessage({ userId, channel, direction: 'out', phone, providerId, kind, body, status: 'sent', resend });
      return { outcome: 'sent', channel, providerId };
    } catch (error) {
      await this.repository.recordMessage({ userId, channel, direction: 'out', phone, providerId: null, kind, body, status: 'failed', error: (error as Error).message });
      throw error;
    }
  }

  /** No provider configured for the channel: the message is written to DATA_DIR/messages and logged. */
  private async writeDown(userId: number | null, phone: string, channel: MessagingChannel, kind: string, text: string, logged = text): Promise<SendOutcome> {
    const dir = join(this.config.DATA_DIR, 'messages');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
    await writeFile(join(dir, file), JSON.stringify({ to: phone, channel, kind, text, date: new Date().toISOString() }), { mode: 0o600 });
    await this.repository.recordMessage({ userId, channel, direction: 'out', phone, providerId: null, kind, body: logged, status: 'written' });
    this.logger.log(`${channel} is not configured: ${kind} to user ${userId} written to ${file}`);
    return { outcome: 'unconfigured', file };
  }

  /**
   * Whether a WhatsApp message to the user that failed for good may go by SMS instead: their verified phone
   * is on WhatsApp, they allow the fallback, and this server has SMS.
   */
  async smsFallbackAllowed(userId: number): Promise<boolean> {
    const recipient = await this.repository.recipient(userId);
    return recipient !== undefined && recipient.channel === 'whatsapp' && recipient.smsFallback && this.sms.configured;
  }

  /** A message a user wrote to us: it opens WhatsApp's window; `STOP` turns the channel off. */
  async received(channel: MessagingChannel, phone: string, providerId: string, body: string, at: Date): Promise<void> {
    const owner = await this.repository.ownerOfVerifiedPhone(phone);
    const userId = owner?.userId ?? null;
    // A webhook delivered again (the same message id) is recorded once and acted on once.
    const fresh = await this.repository.recordMessage({ userId, channel, direction: 'in', phone, providerId, kind: 'reply', body, status: 'received' });
    if (!owner || !fresh) return;
    if (channel === 'whatsapp') await this.repository.noteInbound(phone, at);
    if (/^\s*stop\s*$/i.test(body) || /^\s*(توقف|إيقاف|ايقاف)\s*$/.test(body)) return this.repository.stop(phone);
    if (owner.stopped) return;
    await this.act(owner, channel, body.trim());
  }

  /**
   * A reply that acts (docs/MESSAGING.md, "Replies that act"): a Claim button's reference, or an SMS "1",
   * claims the listing as the phone's owner, with the same rules as the web, and is answered with the
   * pickup code and address or why not; a standing day's Confirm and Can't come, and a donor's Nothing
   * today, likewise do what the web's calls do. A forged or used reference does nothing; any other text gets a
   * short help. Answers go on the channel the reply came on.
   */
  private async act(owner: { userId: number; userType: UserType }, channel: MessagingChannel, text: string): Promise<void> {
    const language = await this.repository.languageOf(owner.userId);
    const answer = (words: string) => this.send(owner.userId, { kind: 'reply_answer', text: () => words }, { via: channel });
    let reference: Redeemed | undefined;
    if (looksLikeReference(text)) reference = await this.references.redeem(owner.userId, text);
    else if (channel === 'sms' && /^[1١2٢]$/.test(text)) reference = await this.references.redeemSms(owner.userId, /^[1١]$/.test(text) ? 1 : 2);
    else {
      await answer(helpText(language));
      return;
    }
    if (reference === undefined || !this.actions) {
      if (reference === undefined) this.logger.log(`A reply of user ${owner.userId} carried no usable reference: nothing done`);
      return;
    }
    const { action, foodId, day, requestId } = reference;
    if (action === 'skip' && day) return void (await answer(skipAnswerText(await this.actions.skip(owner.userId, day.scheduleId, day.date), language)));
    if (action === 'accept' && requestId !== undefined) {
      const accepted = await this.actions.acceptTransport(owner.userId, requestId);
      // Taken: the answer carries On my way, for when the volunteer sets off.
      const pickup = accepted.outcome === 'accepted' ? { pickup: { action: 'going' as const, requestId } } : {};
      return void (await this.send(owner.userId, { kind: 'reply_answer', text: () => acceptAnswerText(accepted, language), ...pickup }, { via: channel }));
    }
    if (action === 'going' && requestId !== undefined) {
      return void (await answer(goingAnswerText(await this.actions.onTheWay(owner.userId, requestId), language, REPLY_ETA_MINUTES)));
    }
    if (action === 'decline') return void (await answer(declineAnswerText(await this.actions.decline(owner.userId, foodId), language)));
    const claimed = action === 'confirm' ? await this.actions.confirm(owner.userId, foodId) : await this.actions.claim(owner.userId, foodId);
    await answer(claimAnswerText(claimed, language));
  }

  /**
   * A provider's delivery status of one of our messages, recorded. A WhatsApp notification that Meta
   * accepted and then reports `failed` goes by SMS to the same phone when its user allows the fallback and
   * this server has SMS (docs/MESSAGING.md, "The sending queue"): its `send` job queued again with
   * `via: 'sms'`, once (`failed` is recorded once per message; the job id is one per occasion and user).
   */
  async statusReported(channel: MessagingChannel, providerId: string, status: DeliveryStatus, error: string | null): Promise<void> {
    const changed = await this.repository.recordStatus(channel, providerId, status, error);
    if (!changed || status !== 'failed' || channel !== 'whatsapp' || changed.userId === null || !changed.resend) return;
    if (!(await this.smsFallbackAllowed(changed.userId))) return;
    const job = { ...(changed.resend as SendJob), via: 'sms' as const };
    await this.queue.queue.add(MESSAGING_JOBS.send, job, { jobId: smsFallbackJobId(job) });
    this.logger.log(`WhatsApp ${providerId} failed after it was accepted (${error ?? 'no reason'}): queued by SMS for user ${changed.userId}`);
  }
}
