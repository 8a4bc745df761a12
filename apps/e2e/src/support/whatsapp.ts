import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The run's WhatsApp Business settings: the API is started with them, pointing at the local server below. */
export const WHATSAPP_E2E = {
  version: 'v23.0',
  numberId: '106540352242922',
  token: 'EAAG-e2e-token-of-the-business',
  verifyToken: 'e2e-verify-token',
  appSecret: 'e2e-app-secret-of-food-link',
};

/**
 * The run's WhatsApp Cloud API (docs/MESSAGING.md): `POST /{version}/{phone-number-id}/messages` with the
 * bearer token and a JSON body, answered as Meta answers (`messages[0].id`); anything else as Meta's
 * errors. It keeps what it was sent, for scenarios to read at `GET /sent` (the global setup and the
 * tests are separate processes), and plays Meta's side of a reply: `POST /deliver` with a webhook payload
 * makes it POST that payload to the API's `/api/webhooks/whatsapp`, signed as Meta signs it
 * (`X-Hub-Signature-256`, HMAC-SHA256 of the raw body with the app secret).
 */
export async function startWhatsAppServer(apiUrl: () => string): Promise<{ url: string; close: () => Promise<void> }> {
  const sent: unknown[] = [];
  let counter = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'GET' && request.url === '/sent') return answer(200, sent);
      if (request.method === 'POST' && request.url === '/deliver') {
        const signature = `sha256=${createHmac('sha256', WHATSAPP_E2E.appSecret).update(body).digest('hex')}`;
        fetch(`${apiUrl()}/api/webhooks/whatsapp`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body })
          .then((delivered) => answer(200, { status: delivered.status }))
          .catch((error: Error) => answer(502, { error: error.message }));
        return;
      }
      if (request.method !== 'POST' || request.url !== `/${WHATSAPP_E2E.version}/${WHATSAPP_E2E.numberId}/messages`) {
        return answer(404, { error: { message: 'Unknown path', code: 803 } });
      }
      if (request.headers.authorization !== `Bearer ${WHATSAPP_E2E.token}`) {
        return answer(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      let message: { messaging_product?: string; to?: string; type?: string };
      try {
        message = JSON.parse(body);
      } catch {
        return answer(400, { error: { message: 'Invalid JSON', code: 100 } });
      }
      if (message.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(message.to ?? '') || !message.type) {
        return answer(400, { error: { message: '(#100) Invalid parameter', code: 100 } });
      }
      sent.push(message);
      return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: message.to }], messages: [{ id: `wamid.E2E${++counter}` }] });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
