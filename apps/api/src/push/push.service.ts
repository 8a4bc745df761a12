import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException, OnApplicationShutdown } from '@nestjs/common';
import { ERRORS, type PushPayload, type PushPublicKey, type PushSubscriptionBody } from '@food-link/contracts';
import { generateRequestDetails } from 'web-push';
import { AppConfig } from '../config/app-config';
import { checkEndpoint, EndpointRefused, type EndpointRules } from './push-endpoints';
import { PushTransport } from './push-transport';
import { PushRepository, type SendRecord, type StoredPushSubscription } from './push.repository';

/** What a push says: the notification's title and text, the page a click opens, and its tag (see sendToUser). */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site (`/food/42`), opened when the notification is clicked. */
  url: string;
  tag?: string;
}

/**
 * How long a push service keeps a message for a device that is offline: food offers and reminders are
 * worthless after an hour (cooked food has one or two hours to live, docs/DOMAIN-RULES.md, "How long food is safe").
 */
const TTL_SECONDS = 3600;
/** A user's browsers; subscribing an eleventh drops the oldest. */
const MAX_SUBSCRIPTIONS_PER_USER = 10;
/** Failed sends in a row after which a subscription is dropped (404 and 410 drop it at once). */
const MAX_FAILURES = 10;
const SEND_TIMEOUT_MS = 10_000;
/** RFC 8030 limits a push message to 4096 bytes; encryption adds 103, so the JSON stays well below. */
const MAX_PAYLOAD_BYTES = 3000;

/** A send that may succeed if tried again (the push service's 5xx or 429, a network error): the job retries. */
export class PushDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushDeliveryError';
  }
}

type Outcome = 'delivered' | 'gone' | 'failed' | 'transient';

/**
 * Web Push (docs/PUSH.md): saves browsers' subscriptions and sends them notifications, encrypted to each
 * browser's keys (RFC 8291) and signed with the server's VAPID key (RFC 8292) by the web-push library.
 */
@Injectable()
export class PushService implements OnApplicationShutdown {
  private readonly logger = new Logger('Push');
  private readonly rules: EndpointRules;
  private readonly transport: PushTransport;

  constructor(
    private readonly config: AppConfig,
    private readonly subscriptions: PushRepository,
  ) {
    this.rules = { allowLocal: config.PUSH_ALLOW_LOCAL_ENDPOINTS };
    this.transport = new PushTransport(this.rules, SEND_TIMEOUT_MS);
  }

  publicKey(): PushPublicKey {
    return { publicKey: this.config.vapid.publicKey };
  }

  /**
   * Saves this browser for `userId` after checking its endpoint (400 naming `endpoint`). The same
   * browser signed in to another account moves to it (its endpoint and keys match); an endpoint saved
   * with other keys by another account is refused (409): knowing someone's endpoint is not enough to
   * take their notifications away.
   */
  async subscribe(userId: number, body: PushSubscriptionBody): Promise<void> {
    try {
      await checkEndpoint(body.endpoint, this.rules);
    } catch (error) {
      if (error instanceof EndpointRefused) throw new BadRequestException([error.message]);
      throw error;
    }
    const saved = await this.subscriptions.upsert(userId, { endpoint: body.endpoint, ...body.keys }, MAX_SUBSCRIPTIONS_PER_USER);
    if (!saved) throw new ConflictException(ERRORS.pushEndpointOfAnotherUser);
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    if (!(await this.subscriptions.deleteOwn(userId, endpoint))) throw new NotFoundException(ERRORS.pushSubscriptionNotFound);
  }

  /**
   * Sends `message` to every browser of the user and answers how many accepted it. A subscription the
   * push service says is gone (404, 410) is deleted; other refusals are counted against it. When a send
   * fails in a way that may pass (5xx, 429, network), this throws once all sends are done, so the
   * caller's job retries: browsers that already had the message get it again under the same `tag`
   * (and Topic), which replaces it rather than adding a second notification. Without a `tag`, one is
   * made from the message.
   */
  async sendToUser(userId: number, message: { title: string; body: string; url: string; tag?: string }): Promise<number> {
    const subscriptions = await this.subscriptions.forUser(userId);
    if (subscriptions.length === 0) return 0;
    const payload = pushPayload(message);
    const outcomes = await Promise.all(subscriptions.map(async (subscription) => ({ subscription, ...(await this.sendOne(subscription, payload)) })));
    await this.subscriptions.record(
      outcomes.map(({ subscription, outcome }): SendRecord => ({ id: subscription.id, outcome: outcome === 'transient' ? 'failed' : outcome })),
      MAX_FAILURES,
    );
    const transient = outcomes.filter(({ outcome }) => outcome === 'transient');
    if (transient.length > 0) {
      throw new PushDeliveryError(`${transient.length} of ${outcomes.length} push sends failed for now: ${transient.map(({ reason }) => reason).join('; ')}`);
    }
    return outcomes.filter(({ outcome }) => outcome === 'delivered').length;
  }

  private async sendOne(subscription: StoredPushSubscription, payload: PushPayload): Promise<{ outcome: Outcome; reason?: string }> {
    const request = generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      { vapidDetails: this.config.vapid, TTL: TTL_SECONDS, urgency: 'high', topic: topicOf(payload.tag), contentEncoding: 'aes128gcm' },
    );
    const where = `subscription ${subscription.id} (${new URL(subscription.endpoint).host})`;
    try {
      const { status, body } = await this.transport.send({ ...request, body: request.body ?? null });
      if (status >= 200 && status < 300) return { outcome: 'delivered' };
      if (status === 404 || status === 410) return { outcome: 'gone' };
      if (status === 429 || status >= 500) return { outcome: 'transient', reason: `${where}: ${status}` };
      // 400, 401/403 (keys changed since it subscribed), 413: sending the same again would fail the same way.
      this.logger.warn(`Push refused for ${where}: ${status} ${body.slice(0, 200)}`);
      return { outcome: 'failed' };
    } catch (error) {
      if (error instanceof EndpointRefused) {
        this.logger.warn(`Push not sent to ${where}: ${error.message}`);
        return { outcome: 'failed' };
      }
      return { outcome: 'transient', reason: `${where}: ${(error as Error).message}` };
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

/** The JSON the service worker shows; text in Arabic script is shown right to left. */
export function pushPayload(message: PushMessage): PushPayload {
  const arabic = /[\u0600-\u06FF]/.test(`${message.title}${message.body}`);
  const tag = message.tag ?? createHash('sha256').update(`${message.title}\n${message.body}\n${message.url}`).digest('base64url').slice(0, 16);
  const payload: PushPayload = { title: message.title, body: message.body, url: message.url, tag, lang: arabic ? 'ar' : 'en', dir: arabic ? 'rtl' : 'ltr' };
  // A long body is cut (by code points) so the message fits a push service's limit.
  let characters = [...message.body];
  while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES && characters.length > 0) {
    characters = characters.slice(0, -50);
    payload.body = characters.length > 0 ? `${characters.join('')}…` : '';
  }
  return payload;
}

/** RFC 8030 Topic: up to 32 base64url characters; a newer message with the same topic replaces an undelivered one. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
