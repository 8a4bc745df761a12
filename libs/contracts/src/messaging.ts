import { z } from 'zod';
import { dateTime, egyptianMobile, oneOf } from './fields';

/*
 * WhatsApp and SMS (docs/MESSAGING.md): a user's verified phone, and the providers' webhooks. Nothing is
 * sent to a phone until its owner has typed back the 6-digit code sent to it.
 */

export const MESSAGING_ROUTES = {
  /** GET → PhoneView; POST PhoneBody → PhoneView (sends a code); DELETE → PhoneView (no phone). */
  phone: '/api/me/phone',
  /** POST PhoneCodeBody → PhoneView (verified). */
  verifyPhone: '/api/me/phone/verify',
  /** GET: Meta's subscription handshake; POST: messages and statuses, signed (X-Hub-Signature-256). */
  whatsappWebhook: '/api/webhooks/whatsapp',
  /** POST: Twilio-style inbound SMS and status callbacks, signed (X-Twilio-Signature). */
  smsWebhook: '/api/webhooks/sms',
} as const;

export const MESSAGING_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessagingChannel = (typeof MESSAGING_CHANNELS)[number];

/** How a phone code works (docs/MESSAGING.md). */
export const PHONE_CODE = {
  digits: 6,
  minutes: 10,
  tries: 5,
} as const;

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
  })
  .meta({ id: 'PhoneView' });
export type PhoneView = z.infer<typeof PhoneView>;

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
