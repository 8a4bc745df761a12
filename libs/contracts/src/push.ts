import { z } from 'zod';
import { PUSH_ENDPOINT_MAX_LENGTH } from './push-constants';

/*
 * Web Push (docs/PUSH.md): the browser's subscription as `PushSubscription.toJSON()` gives it, posted to
 * the API so the server can send this device notifications, and the server's VAPID public key, which
 * the browser needs to subscribe. Whether an endpoint may be used (https, a public address) is the
 * server's check: it depends on its configuration and on DNS.
 */

/** Bytes `value` decodes to as unpadded (or padded) base64url, or null when it is not base64url. */
function base64UrlBytes(value: string): number | null {
  const bare = value.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

/** A base64url string that decodes to exactly `bytes` bytes. */
function base64UrlKey(bytes: number, doc: { description: string; example: string }) {
  const bad = `must be ${bytes} bytes written base64url`;
  return z
    .string({ error: bad })
    .max(200, { error: bad })
    .refine((value) => base64UrlBytes(value) === bytes, { error: bad })
    .meta({ ...doc, pattern: '^[A-Za-z0-9_-]+={0,2}$' });
}

const endpoint = () =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'should not be empty' })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: `must be shorter than or equal to ${PUSH_ENDPOINT_MAX_LENGTH} characters` })
    .refine(
      (value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      },
      { error: 'must be an https URL' },
    )
    .meta({ format: 'uri', description: "The push service's URL for this device", example: 'https://fcm.googleapis.com/fcm/send/dx3…' });

/**
 * `POST /api/push/subscriptions`: the browser's `PushSubscription` as JSON. `p256dh` is the device's
 * P-256 public key (65 bytes, uncompressed) and `auth` its 16-byte secret: the payload is encrypted to
 * them (RFC 8291), so the push service cannot read it.
 */
export const PushSubscriptionBody = z
  .object({
    endpoint: endpoint(),
    expirationTime: z
      .number({ error: 'must be a number (milliseconds since 1970) or null' })
      .nullish()
      .meta({ description: 'When the push service ends the subscription, if it says', example: null }),
    keys: z
      .object(
        {
          p256dh: base64UrlKey(65, { description: "The device's P-256 public key, uncompressed", example: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM' })
            .refine((value) => value.startsWith('B'), { error: 'must be an uncompressed P-256 public key (it starts with 0x04)' }),
          auth: base64UrlKey(16, { description: "The device's authentication secret", example: 'tBHItJI5svbpez7KI4CCXg' }),
        },
        { error: 'must be an object with p256dh and auth' },
      )
      .meta({ description: 'Keys the payload is encrypted to' }),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** `DELETE /api/push/subscriptions`: stop sending to this device (one of the caller's own). */
export const DeletePushSubscriptionBody = z.object({ endpoint: endpoint() }).meta({ id: 'DeletePushSubscriptionBody' });
export type DeletePushSubscriptionBody = z.infer<typeof DeletePushSubscriptionBody>;

/** `GET /api/push/public-key`: the server's VAPID public key, the browser's `applicationServerKey`. */
export const PushPublicKey = z
  .object({
    publicKey: z.string().meta({
      description: 'The VAPID public key: an uncompressed P-256 point, base64url',
      example: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    }),
  })
  .meta({ id: 'PushPublicKey' });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/**
 * What the service worker receives (the decrypted push payload): shown as a notification whose click
 * opens `url` (a path of this site). `lang` and `dir` follow the text's script.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: 'ar' | 'en';
  dir: 'rtl' | 'ltr';
}
