/*
 * WhatsApp and SMS (docs/MESSAGING.md): the paths, values and rules without their zod shapes (those are in
 * `messaging.ts`), so the web app's screens use them without loading zod (issue 30; docs/PERFORMANCE.md).
 */

export const MESSAGING_ROUTES = {
  /** GET → PhoneView; POST PhoneBody → PhoneView (sends a code); DELETE → PhoneView (no phone). */
  phone: '/api/me/phone',
  /** POST PhoneCodeBody → PhoneView (verified). */
  verifyPhone: '/api/me/phone/verify',
  /** PUT PhoneSettingsBody → PhoneView: messages on or off, SMS as WhatsApp's fallback, quiet hours. */
  phoneSettings: '/api/me/phone/settings',
  /** GET MessageLogQuery → MessageLog (operators): the messages sent and received, per channel, with their statuses. */
  opsMessages: '/api/ops/messages',
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

/** What a logged message's status can be: written (no provider), then as the provider reports it, or received. */
export const MESSAGE_STATUSES = ['written', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The most messages `GET /api/ops/messages` answers. */
export const MESSAGE_LOG_MAX = 200;
