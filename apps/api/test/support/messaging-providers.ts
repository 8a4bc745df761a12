import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a provider received, as it arrived. */
export interface ProviderRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** When it arrived (Date.now()). */
  at?: number;
}

export const WHATSAPP = { version: 'v23.0', numberId: '106540352242922', token: 'EAAG-test-token-of-the-business' };
export const SMS = { sid: 'AC0123456789abcdef0123456789abcdef', token: 'twilio-auth-token-1234', from: '+15005550006' };

/**
 * A local server speaking the two providers' send APIs as they document them, checking what Food Link
 * sends before answering like them:
 * - Meta's Cloud API, `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer`, a JSON
 *   body with `messaging_product: 'whatsapp'`: answers `{ messaging_product, contacts, messages: [{ id }] }`;
 * - Twilio's Messages API, `POST /2010-04-01/Accounts/{Sid}/Messages.json`, form-encoded, Basic auth:
 *   answers 201 `{ sid, status: 'queued', ... }`.
 * Anything else, a wrong token or a malformed body, is answered with the provider's error shape.
 */
export class MessagingProviders {
  readonly requests: ProviderRequest[] = [];
  /** Answers to give instead of a success, first in first out (a 429, a 500). */
  readonly failures: { status: number; body: unknown }[] = [];
  private counter = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<MessagingProviders> {
    const holder: { providers?: MessagingProviders } = {};
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = (holder.providers as MessagingProviders).answer({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    const providers = new MessagingProviders(server);
    holder.providers = providers;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return providers;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The environment that points the API at this server. */
  env(publicUrl: string): Record<string, string> {
    return {
      PUBLIC_URL: publicUrl,
      WHATSAPP_GRAPH_URL: `${this.url}/${WHATSAPP.version}`,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.numberId,
      WHATSAPP_TOKEN: WHATSAPP.token,
      WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
      WHATSAPP_APP_SECRET: 'app-secret-of-food-link',
      SMS_API_URL: this.url,
      SMS_ACCOUNT_SID: SMS.sid,
      SMS_AUTH_TOKEN: SMS.token,
      SMS_FROM: SMS.from,
    };
  }

  whatsAppSent(): Record<string, any>[] {
    return this.requests.filter((r) => r.path.endsWith('/messages')).map((r) => JSON.parse(r.body));
  }

  smsSent(): URLSearchParams[] {
    return this.requests.filter((r) => r.path.endsWith('/Messages.json')).map((r) => new URLSearchParams(r.body));
  }

  private answer(request: ProviderRequest): { status: number; body: unknown } {
    this.requests.push({ ...request, at: Date.now() });
    if (request.method !== 'POST') return { status: 405, body: { error: { message: 'Unsupported method', code: 100 } } };
    if (request.path === `/${WHATSAPP.version}/${WHATSAPP.numberId}/messages`) {
      if (request.headers.authorization !== `Bearer ${WHATSAPP.token}`) {
        return { status: 401, body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } } };
      }
      let body: {
        messaging_product?: string;
        to?: string;
        type?: string;
        text?: { body?: string };
        template?: { name?: string; language?: { code?: string } };
        interactive?: { type?: string; body?: { text?: string }; action?: { buttons?: { type?: string; reply?: { id?: string; title?: string } }[] } };
      };
      try {
        body = JSON.parse(request.body);
      } catch {
        return { status: 400, body: { error: { message: 'Invalid JSON', code: 100 } } };
      }
      const valid =
        request.headers['content-type']?.startsWith('application/json') &&
        body.messaging_product === 'whatsapp' &&
        /^\d{8,15}$/.test(body.to ?? '') &&
        ((body.type === 'text' && typeof body.text?.body === 'string') ||
          (body.type === 'template' && typeof body.template?.name === 'string' && typeof body.template.language?.code === 'string') ||
          // Reply buttons: 1 to 3, each with an id (≤ 256) and a title (≤ 20 characters).
          (body.type === 'interactive' &&
            body.interactive?.type === 'button' &&
            typeof body.interactive.body?.text === 'string' &&
            (body.interactive.action?.buttons?.length ?? 0) >= 1 &&
            (body.interactive.action?.buttons?.length ?? 0) <= 3 &&
            (body.interactive.action?.buttons ?? []).every(
              (button) => button.type === 'reply' && (button.reply?.id?.length ?? 0) > 0 && (button.reply?.id?.length ?? 0) <= 256 && (button.reply?.title?.length ?? 0) <= 20,
            )));
      if (!valid) return { status: 400, body: { error: { message: '(#100) Invalid parameter', code: 100 } } };
      const failure = this.failures.shift();
      if (failure) return failure;
      return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.TEST${++this.counter}` }] } };
    }
    if (request.path === `/2010-04-01/Accounts/${SMS.sid}/Messages.json`) {
      if (request.headers.authorization !== `Basic ${Buffer.from(`${SMS.sid}:${SMS.token}`).toString('base64')}`) {
        return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
      }
      const form = new URLSearchParams(request.body);
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') || !form.get('To') || !form.get('Body') || !form.get('From')) {
        return { status: 400, body: { code: 21604, message: "A 'To' phone number is required.", status: 400 } };
      }
      const failure = this.failures.shift();
      if (failure) return failure;
      return { status: 201, body: { sid: `SM${String(++this.counter).padStart(32, '0')}`, status: 'queued', to: form.get('To'), from: form.get('From'), body: form.get('Body') } };
    }
    return { status: 404, body: { error: { message: 'Unknown path', code: 803 } } };
  }

  /**
   * Delivers a webhook to the API at `apiUrl` as Meta does: a POST of the JSON to /api/webhooks/whatsapp,
   * signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`.
   */
  async deliverWhatsAppWebhook(apiUrl: string, payload: unknown): Promise<number> {
    const raw = JSON.stringify(payload);
    const signature = `sha256=${createHmac('sha256', this.env('').WHATSAPP_APP_SECRET).update(raw).digest('hex')}`;
    const response = await fetch(`${apiUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
    });
    return response.status;
  }

  /**
   * Delivers an inbound SMS to the API at `apiUrl` as Twilio does: a form POST to /api/webhooks/sms (`From`,
   * `To`, `Body`, `SmsStatus=received`, a fresh `MessageSid`), signed `X-Twilio-Signature` for `publicUrl` +
   * the path (HMAC-SHA1 with the auth token of the URL followed by the sorted parameters, base64).
   */
  async deliverSms(apiUrl: string, publicUrl: string, from: string, body: string): Promise<number> {
    const params: Record<string, string> = { AccountSid: SMS.sid, MessageSid: `SM${randomBytes(16).toString('hex')}`, SmsStatus: 'received', From: from, To: SMS.from, Body: body };
    const signed = Object.keys(params)
      .sort()
      .reduce((text, name) => text + name + params[name], `${publicUrl}/api/webhooks/sms`);
    const response = await fetch(`${apiUrl}/api/webhooks/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': createHmac('sha1', SMS.token).update(signed).digest('base64') },
      body: new URLSearchParams(params).toString(),
    });
    return response.status;
  }

  /** A webhook body as Meta sends it: one entry with one `messages` change, whose value is `value` (messages or statuses). */
  static whatsAppWebhook(value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] }],
    };
  }

  /** Meta's status webhook for one of its messages (`failed` with its error, as the Cloud API reports it). */
  static whatsAppStatus(messageId: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string, error?: { code: number; title: string }) {
    return MessagingProviders.whatsAppWebhook({
      statuses: [{ id: messageId, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient, ...(error ? { errors: [error] } : {}) }],
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
