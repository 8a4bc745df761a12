import http from 'node:http';
import https from 'node:https';
import { ERRORS } from '@food-link/contracts';
import { addressAllowed, EndpointRefused, endpointUrl, guardedLookup, literalHost, type EndpointRules } from './push-endpoints';

/** What web-push's `generateRequestDetails` prepares: the encrypted body and the VAPID-signed headers. */
export interface PushRequest {
  method: string;
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export interface PushResponse {
  status: number;
  body: string;
}

/** The most of a push service's answer kept (for the log); a hostile endpoint could send much more. */
const MAX_ANSWER_BYTES = 4096;

/**
 * Sends the requests web-push prepares, over sockets that connect only to checked addresses (see
 * push-endpoints.ts). web-push's own sender is not used: it speaks https only and would resolve the
 * host itself, past our check. Connections to a push service are kept alive between sends.
 */
export class PushTransport {
  private readonly httpsAgent: https.Agent;
  private readonly httpAgent: http.Agent;

  constructor(
    private readonly rules: EndpointRules,
    private readonly timeoutMs: number,
  ) {
    const lookup = guardedLookup(rules);
    this.httpsAgent = new https.Agent({ keepAlive: true, lookup });
    this.httpAgent = new http.Agent({ keepAlive: true, lookup });
  }

  /** Sends one request; rejects with EndpointRefused, a socket error or a timeout, resolves with any HTTP status. */
  send(request: PushRequest): Promise<PushResponse> {
    const url = endpointUrl(request.endpoint, this.rules);
    const literal = literalHost(url);
    if (literal && !addressAllowed(literal, this.rules)) return Promise.reject(new EndpointRefused(ERRORS.pushEndpointNotPublic));
    const secure = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const outgoing = (secure ? https : http).request(
        {
          method: request.method,
          hostname: literal ?? url.hostname,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          headers: request.headers,
          agent: secure ? this.httpsAgent : this.httpAgent,
          timeout: this.timeoutMs,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          answer.on('data', (chunk: Buffer) => {
            if (kept >= MAX_ANSWER_BYTES) return;
            chunks.push(chunk);
            kept += chunk.length;
          });
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8') }));
          answer.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`The push service did not answer within ${this.timeoutMs} ms`)));
      outgoing.on('error', (error: Error & { code?: string }) => reject(error.code === 'EPUSHREFUSED' ? new EndpointRefused(error.message) : error));
      outgoing.end(request.body ?? undefined);
    });
  }

  close(): void {
    this.httpsAgent.destroy();
    this.httpAgent.destroy();
  }
}
