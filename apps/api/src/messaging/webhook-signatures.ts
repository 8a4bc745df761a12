import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The providers' webhook signatures, checked exactly as each documents them, in constant time.
 */

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Meta (WhatsApp Cloud API): `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the
 * app secret>`. The raw bytes as they arrived: a re-serialised JSON body would not match.
 */
export function whatsAppSignature(appSecret: string, rawBody: Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function validWhatsAppSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  return typeof header === 'string' && sameText(whatsAppSignature(appSecret, rawBody), header.trim().toLowerCase());
}

/**
 * Twilio: `X-Twilio-Signature` = base64(HMAC-SHA1(auth token, the full URL Twilio requested + each POST
 * parameter's name and value, concatenated in the order of the names)). This is the algorithm of Twilio's
 * own `validateRequest` (twilio-node, lib/webhooks): names sorted by code unit, a parameter given several
 * times contributing each value in order. The SDK as a whole is not brought in for these lines.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + [params[name]].flat().map((value) => name + value).join(''), url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function validTwilioSignature(authToken: string, url: string, params: Record<string, string | string[]>, header: string | undefined): boolean {
  return typeof header === 'string' && sameText(twilioSignature(authToken, url, params), header.trim());
}
