import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/** How long one provider call may take before it counts as failed. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A provider refused or failed a send. `retryable`: waiting may help (429, 5xx, Meta's 130429 throughput
 * limit, a network failure); otherwise sending it again would be refused alike.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A template component as the Cloud API takes it (`body` parameters, a `button`'s). */
export interface TemplateComponent {
  type: 'body' | 'button' | 'header';
  sub_type?: 'url' | 'quick_reply' | 'copy_code';
  index?: string;
  parameters: ({ type: 'text'; text: string } | { type: 'payload'; payload: string })[];
}

export type WhatsAppMessage =
  | { type: 'text'; body: string }
  /** Interactive reply buttons (inside the 24-hour window): each button's id comes back in the webhook. */
  | { type: 'interactive'; body: string; buttons: { id: string; title: string }[] }
  | { type: 'template'; name: string; language: string; components: TemplateComponent[] };

async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`${what}: ${(error as Error).message}`, null, null, true);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    // Meta: { error: { message, code } }; Twilio: { message, code }.
    const detail = (body as { error?: { message?: string; code?: number }; message?: string; code?: number } | null) ?? {};
    const code = detail.error?.code ?? detail.code ?? null;
    const message = detail.error?.message ?? detail.message ?? text.slice(0, 200);
    const retryable = response.status === 429 || response.status >= 500 || code === 130429;
    throw new ProviderError(`${what} answered ${response.status}${code ? ` (${code})` : ''}: ${message}`, response.status, code, retryable);
  }
  return body;
}

/**
 * WhatsApp Business Cloud API (Meta): `POST {WHATSAPP_GRAPH_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` with
 * the bearer token. A text inside the 24-hour window opened by the user's last message; an approved
 * template outside it. Answers the message id (`wamid...`) Meta's status webhooks refer to.
 */
@Injectable()
export class WhatsAppClient {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.WHATSAPP_GRAPH_URL && this.config.WHATSAPP_PHONE_NUMBER_ID && this.config.WHATSAPP_TOKEN);
  }

  async send(toE164: string, message: WhatsAppMessage): Promise<string> {
    const { WHATSAPP_GRAPH_URL: base, WHATSAPP_PHONE_NUMBER_ID: numberId, WHATSAPP_TOKEN: token } = this.config;
    if (!base || !numberId || !token) throw new Error('WhatsApp is not configured');
    const content =
      message.type === 'text'
        ? { type: 'text', text: { preview_url: false, body: message.body } }
        : message.type === 'interactive'
          ? {
              type: 'interactive',
              interactive: {
                type: 'button',
                body: { text: message.body.slice(0, 1024) },
                action: { buttons: message.buttons.map((button) => ({ type: 'reply', reply: { id: button.id, title: button.title.slice(0, 20) } })) },
              },
            }
          : { type: 'template', template: { name: message.name, language: { code: message.language }, components: message.components } };
    const answer = (await call(
      `${base.replace(/\/+$/, '')}/${numberId}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: toE164.replace(/^\+/, ''), ...content }),
      },
      'WhatsApp',
    )) as { messages?: { id?: string }[] } | null;
    const id = answer?.messages?.[0]?.id;
    if (!id) throw new ProviderError('WhatsApp answered without a message id', 200, null, false);
    return id;
  }
}

/**
 * SMS through a Twilio-compatible Messages API: `POST {SMS_API_URL}/2010-04-01/Accounts/{SID}/Messages.json`,
 * form-encoded `To`, `From`, `Body` and `StatusCallback`, basic auth SID:token. Answers the message sid.
 */
@Injectable()
export class SmsClient {
  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.SMS_API_URL && this.config.SMS_ACCOUNT_SID && this.config.SMS_AUTH_TOKEN && this.config.SMS_FROM);
  }

  async send(toE164: string, body: string, statusCallback: string): Promise<string> {
    const { SMS_API_URL: base, SMS_ACCOUNT_SID: sid, SMS_AUTH_TOKEN: token, SMS_FROM: from } = this.config;
    if (!base || !sid || !token || !from) throw new Error('SMS is not configured');
    const answer = (await call(
      `${base.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: toE164, From: from, Body: body, StatusCallback: statusCallback }).toString(),
      },
      'SMS',
    )) as { sid?: string } | null;
    if (!answer?.sid) throw new ProviderError('SMS answered without a message sid', 200, null, false);
    return answer.sid;
  }
}
