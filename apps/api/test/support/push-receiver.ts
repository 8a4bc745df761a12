import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** One POST the push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A browser's side of Web Push for tests: a push service on loopback that records what the API posts to
 * it (answering with the status a test sets per path), and browsers whose key pair and auth secret
 * decrypt what they were sent (RFC 8291), as a real browser would.
 */
export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  /** The status each path answers (default 201, what push services answer a new message with). */
  readonly statusFor = new Map<string, number>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushReceiver> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const receiver = new PushReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        // Recorded before the answer, so a send that has resolved has been recorded.
        receiver.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(receiver.statusFor.get(path) ?? 201).end();
      });
    });
    return receiver;
  }

  /** A browser subscribed at this push service under `path`. */
  browser(path: string): TestBrowser {
    return new TestBrowser(`${this.origin}${path}`);
  }

  /** What was received for `path`. */
  at(path: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}

export class TestBrowser {
  private readonly keys: ECDH = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.keys.generateKeys();
  }

  /** `PushSubscription.toJSON()`, as the browser posts it. */
  subscription() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.keys.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** The plaintext of an aes128gcm message sent to this browser. */
  decrypt(body: Buffer): string {
    return decrypt(body, { version: 'aes128gcm', privateKey: this.keys, authSecret: this.authSecret }).toString('utf8');
  }
}

/** The VAPID claims of an `Authorization: vapid t=<JWT>, k=<public key>` header, after checking its ES256 signature with `k`. */
export function verifiedVapid(authorization: string | undefined): { publicKey: string; claims: { aud: string; exp: number; sub: string } } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Not a VAPID Authorization header: ${authorization}`);
  const [, jwt, publicKey] = match;
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('The VAPID JWT signature does not verify with k');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('The VAPID JWT is not ES256');
  return { publicKey, claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) };
}
