import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import type { DeliveryStatus } from './messaging.repository';
import { MessagingService } from './messaging.service';

/*
 * What the providers' webhooks carry, as far as we read them (anything else in them is ignored): Meta's
 * `whatsapp_business_account` notifications (messages and statuses) and Twilio's form posts (an inbound
 * SMS, or a status callback).
 */

const WhatsAppNotification = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z
                .object({
                  messages: z
                    .array(
                      z.object({
                        from: z.string().regex(/^\d{8,15}$/),
                        id: z.string().min(1).max(128),
                        timestamp: z.string().regex(/^\d+$/),
                        type: z.string(),
                        text: z.object({ body: z.string() }).optional(),
                        button: z.object({ text: z.string().optional(), payload: z.string().optional() }).optional(),
                        interactive: z
                          .object({ button_reply: z.object({ id: z.string(), title: z.string() }).optional() })
                          .optional(),
                      }),
                    )
                    .optional(),
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().min(1).max(128),
                        status: z.string(),
                        errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() })).optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

const WHATSAPP_STATUSES: Record<string, DeliveryStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };
const SMS_STATUSES: Record<string, DeliveryStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', undelivered: 'failed', failed: 'failed' };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

@Injectable()
export class WebhookHandler {
  private readonly logger = new Logger('Webhooks');

  constructor(private readonly messaging: MessagingService) {}

  /** A signed notification from Meta: inbound messages recorded (and acted on), statuses recorded per message. */
  async whatsApp(body: unknown): Promise<void> {
    const parsed = WhatsAppNotification.safeParse(body);
    if (!parsed.success) {
      // Signed by Meta, so not an attack: a shape we do not read. Acknowledged, or Meta retries it for days.
      this.logger.warn(`A WhatsApp notification of an unknown shape: ${parsed.error.issues[0]?.message ?? ''}`);
      return;
    }
    for (const change of parsed.data.entry.flatMap((entry) => entry.changes)) {
      for (const message of change.value?.messages ?? []) {
        const text = message.text?.body ?? message.interactive?.button_reply?.id ?? message.button?.payload ?? message.button?.text ?? `[${message.type}]`;
        await this.messaging.received('whatsapp', `+${message.from}`, message.id, text, new Date(Number(message.timestamp) * 1000));
      }
      for (const status of change.value?.statuses ?? []) {
        const known = WHATSAPP_STATUSES[status.status];
        if (!known) continue;
        const error = status.errors?.map((e) => [e.code, e.title ?? e.message].filter(Boolean).join(' ')).join('; ') || null;
        await this.messaging.statusReported('whatsapp', status.id, known, error);
      }
    }
  }

  /** A signed Twilio form post: an inbound SMS (`SmsStatus=received`) or a status callback (`MessageStatus`). */
  async sms(params: Record<string, string | string[]>): Promise<void> {
    const sid = first(params.MessageSid) ?? first(params.SmsSid);
    if (!sid) return;
    const status = first(params.MessageStatus);
    const from = first(params.From);
    if (status && status !== 'received') {
      const known = SMS_STATUSES[status];
      if (known) await this.messaging.statusReported('sms', sid, known, first(params.ErrorCode) ? `error ${first(params.ErrorCode)}` : null);
      return;
    }
    if (from) await this.messaging.received('sms', from, sid, first(params.Body) ?? '', new Date());
  }
}
