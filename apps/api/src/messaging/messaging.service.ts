import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { MESSAGING_ROUTES, type Language, type MessagingChannel } from '@food-link/contracts';
import { AppConfig } from '../config/app-config';
import { fitSms, phoneCodeText, templateLanguage } from './message-texts';
import { MessagingRepository, type DeliveryStatus } from './messaging.repository';
import { ProviderError, SmsClient, WhatsAppClient, type TemplateComponent } from './provider-clients';

/** WhatsApp's customer-service window: free text is allowed this long after the user's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3600 * 1000;

/** A message for one user: its text in their language, and the approved template to use outside WhatsApp's window. */
export interface UserMessage {
  kind: string;
  text: (language: Language) => string;
  template?: { name: string; components: (language: Language) => TemplateComponent[] };
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
   * A message to a user on their verified phone, in their language: nothing at all when they have none
   * (or said STOP). On WhatsApp, free text inside the 24-hour window opened by their last message, the
   * approved template outside it (no template: not sent).
   */
  async send(userId: number, message: UserMessage): Promise<SendOutcome> {
    const recipient = await this.repository.recipient(userId);
    if (!recipient) return { outcome: 'not-verified' };
    const text = message.text(recipient.language);
    const { phone, channel, language } = recipient;
    if (channel === 'sms') {
      if (!this.sms.configured) return this.writeDown(userId, phone, channel, message.kind, text);
      const body = fitSms(text);
      return this.deliver(userId, phone, 'sms', message.kind, body, () => this.sms.send(phone, body, this.smsStatusCallback));
    }
    if (!this.whatsApp.configured) return this.writeDown(userId, phone, channel, message.kind, text);
    const inWindow = recipient.lastInboundAt !== null && Date.now() - recipient.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
    if (inWindow) return this.deliver(userId, phone, 'whatsapp', message.kind, text, () => this.whatsApp.send(phone, { type: 'text', body: text }));
    if (!message.template) throw new ProviderError(`${message.kind} has no template for use outside the 24-hour window`, null, 131047, false);
    const template = message.template;
    return this.deliver(userId, phone, 'whatsapp', message.kind, text, () =>
      this.whatsApp.send(phone, { type: 'template', name: template.name, language: templateLanguage(language), components: template.components(language) }),
    );
  }

  private async deliver(
    userId: number,
    phone: string,
    channel: MessagingChannel,
    kind: string,
    body: string,
    sending: () => Promise<string>,
  ): Promise<SendOutcome> {
    try {
      const providerId = await sending();
      await this.repository.recordMessage({ userId, channel, direction: 'out', phone, providerId, kind, body, status: 'sent' });
      return { outcome: 'sent', channel, providerId };
    } catch (error) {
      await this.repository.recordMessage({ userId, channel, direction: 'out', phone, providerId: null, kind, body, status: 'failed', error: (error as Error).message });
      throw error;
    }
  }

  /** No provider configured for the channel: the message is written to DATA_DIR/messages and logged. */
  private async writeDown(userId: number, phone: string, channel: MessagingChannel, kind: string, text: string): Promise<SendOutcome> {
    const dir = join(this.config.DATA_DIR, 'messages');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
    await writeFile(join(dir, file), JSON.stringify({ to: phone, channel, kind, text, date: new Date().toISOString() }), { mode: 0o600 });
    await this.repository.recordMessage({ userId, channel, direction: 'out', phone, providerId: null, kind, body: text, status: 'written' });
    this.logger.log(`${channel} is not configured: ${kind} to user ${userId} written to ${file}`);
    return { outcome: 'unconfigured', file };
  }

  /** A message a user wrote to us: it opens WhatsApp's window; `STOP` turns the channel off. */
  async received(channel: MessagingChannel, phone: string, providerId: string, body: string, at: Date): Promise<void> {
    const userId = (await this.repository.userOfVerifiedPhone(phone)) ?? null;
    await this.repository.recordMessage({ userId, channel, direction: 'in', phone, providerId, kind: 'reply', body, status: 'received' });
    if (userId === null) return;
    if (channel === 'whatsapp') await this.repository.noteInbound(phone, at);
    if (/^\s*stop\s*$/i.test(body) || /^\s*(توقف|إيقاف|ايقاف)\s*$/.test(body)) await this.repository.stop(phone);
  }

  async statusReported(channel: MessagingChannel, providerId: string, status: DeliveryStatus, error: string | null): Promise<void> {
    await this.repository.recordStatus(channel, providerId, status, error);
  }
}
