import { z } from 'zod';
import { dateTime, egyptianMobile, oneOf } from './fields';
import { QuietHours } from './notifications';
import { MESSAGE_LOG_MAX, MESSAGE_STATUSES, MESSAGING_CHANNELS, type MessageStatus } from './messaging-constants';

/*
 * WhatsApp and SMS (docs/MESSAGING.md): a user's verified phone, and the providers' webhooks. Nothing is
 * sent to a phone until its owner has typed back the 6-digit code sent to it.
 */

export const PhoneBody = z
  .object({
    phone: egyptianMobile({ description: 'An Egyptian mobile number (010, 011, 012, 015); any usual form, answered as E.164' }),
    channel: oneOf(MESSAGING_CHANNELS, { description: 'Where the code, and later messages, go' }),
  })
  .meta({ id: 'PhoneBody' });
export type PhoneBody = z.infer<typeof PhoneBody>;

export const PhoneCodeBody = z
  .object({
    code: z
      .string({ error: 'must be a string' })
      .trim()
      .regex(/^\d{6}$/, { error: 'must be the 6 digits sent to the phone' })
      .meta({ example: '123456', pattern: '^\\d{6}$' }),
  })
  .meta({ id: 'PhoneCodeBody' });
export type PhoneCodeBody = z.infer<typeof PhoneCodeBody>;

export const PhoneView = z
  .object({
    phone: z.string().nullable().meta({ description: 'E.164, or null when the user has none', example: '+201012345678' }),
    channel: z.enum(MESSAGING_CHANNELS).nullable(),
    verified: z.boolean().meta({ description: 'Messages are sent only to a verified phone' }),
    code_expires_at: dateTime('When the code last sent stops working (null when none is pending)').nullable(),
    available: z
      .object({ whatsapp: z.boolean(), sms: z.boolean() })
      .meta({ description: 'Which channels this server is configured for (unconfigured: nothing is sent)' }),
    on: z.boolean().meta({ description: 'Messages go to the phone (false: turned off here, or by answering STOP)' }),
    sms_fallback: z.boolean().meta({ description: 'When WhatsApp fails for good, the message goes by SMS to the same phone' }),
    quiet_hours: QuietHours.nullable().meta({ description: 'No messages in these hours (Cairo time); they go out when the hours end' }),
  })
  .meta({ id: 'PhoneView' });
export type PhoneView = z.infer<typeof PhoneView>;

/** `PUT /api/me/phone/settings`: each field left out stays as it is. */
export const PhoneSettingsBody = z
  .object({
    on: z.boolean({ error: 'must be true or false' }).optional().meta({ description: 'Messages on or off (on again after STOP)' }),
    sms_fallback: z.boolean({ error: 'must be true or false' }).optional().meta({ description: 'SMS when WhatsApp fails for good' }),
    quiet_hours: QuietHours.nullable().optional().meta({ description: 'No messages in these hours (null: none)' }),
  })
  .strict()
  .meta({ id: 'PhoneSettingsBody' });
export type PhoneSettingsBody = z.infer<typeof PhoneSettingsBody>;

export const MessageLogQuery = z
  .object({
    channel: oneOf(MESSAGING_CHANNELS, { description: 'Only this channel' }).optional(),
    status: oneOf(MESSAGE_STATUSES, { description: 'Only messages in this status (failed: with the reason)' }).optional(),
    limit: z.coerce
      .number({ error: 'must be an integer number' })
      .refine(Number.isInteger, { error: 'must be an integer number' })
      .min(1, { error: 'must not be less than 1' })
      .max(MESSAGE_LOG_MAX, { error: `must not be greater than ${MESSAGE_LOG_MAX}` })
      .meta({ type: 'integer' })
      .default(50),
  })
  .meta({ id: 'MessageLogQuery' });
export type MessageLogQuery = z.infer<typeof MessageLogQuery>;

const statusCounts = z.object(Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, z.int()])) as { [S in MessageStatus]: z.ZodInt });

/** `GET /api/ops/messages`: the last 7 days' counts per channel and status, and the newest messages (never their text). */
export const MessageLog = z
  .object({
    counts: z.object({ whatsapp: statusCounts, sms: statusCounts }).meta({ description: 'Messages of the last 7 days per channel, by status' }),
    items: z.array(
      z.object({
        id: z.string().meta({ description: 'The log row (bigserial, as a string)' }),
        channel: z.enum(MESSAGING_CHANNELS),
        direction: z.enum(['out', 'in']),
        kind: z.string().meta({ description: 'What it was: a notification type, phone_code, reply, reply_answer', example: 'donation.claimed' }),
        status: z.enum(MESSAGE_STATUSES),
        error: z.string().nullable().meta({ description: "The provider's code and words when it failed", example: '131026 Message undeliverable' }),
        user_id: z.int().nullable(),
        phone: z.string().meta({ description: 'The number, its middle hidden', example: '+2010•••••678' }),
        created_at: dateTime('When it was sent or received'),
        updated_at: dateTime('Its last status'),
      }),
    ),
  })
  .meta({ id: 'MessageLog' });
export type MessageLog = z.infer<typeof MessageLog>;

/** Meta's subscription handshake (`GET /api/webhooks/whatsapp`). */
export const WhatsAppHandshakeQuery = z
  .object({
    'hub.mode': z.string().max(64).optional(),
    'hub.verify_token': z.string().max(512).optional(),
    'hub.challenge': z.string().max(512).optional(),
  })
  .meta({ id: 'WhatsAppHandshakeQuery' });
export type WhatsAppHandshakeQuery = z.infer<typeof WhatsAppHandshakeQuery>;

/** What the WhatsApp webhook answers once a signed delivery has been recorded. */
export const WebhookReceipt = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceipt' });
export type WebhookReceipt = z.infer<typeof WebhookReceipt>;
