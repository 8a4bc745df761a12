import type { AnyEventEnvelope, DomainEventType } from '@food-link/contracts';
import {
  DOMAIN_EVENT_TYPES,
  LIVE_MESSAGES,
  LIVE_TOPIC_NAMES,
  OPS_EVENTS,
  type EventBatch,
  type OpsEventName,
  type WatchAck,
} from '@food-link/contracts';
import { io, type Socket } from 'socket.io-client';

/** An `ops.*` message as received. */
export interface OpsMessage {
  event: OpsEventName;
  payload: any;
}

/**
 * A real socket.io-client connection that records every domain event (and `ops.*` message) it receives,
 * single or batched. It watches the public topics it was connected with (every topic unless told otherwise),
 * again after each reconnection, as the web client does.
 */
export class LiveClient {
  readonly received: AnyEventEnvelope[] = [];
  /** When each event arrived (performance.now()), index for index with `received`. */
  readonly arrivedAt: number[] = [];
  /** The topics this client asks for on every (re)connection. */
  topics: string[] = [];
  readonly ops: OpsMessage[] = [];
  /** Conditions waited for; each is re-checked after every event and dropped once it holds. */
  private waiters = new Set<() => boolean>();

  private constructor(readonly socket: Socket) {
    const record = (envelope: AnyEventEnvelope) => {
      this.received.push(envelope);
      this.arrivedAt.push(performance.now());
    };
    for (const type of DOMAIN_EVENT_TYPES) {
      socket.on(type, (envelope: AnyEventEnvelope) => {
        record(envelope);
        this.recheck();
      });
    }
    socket.on(LIVE_MESSAGES.events, (batch: EventBatch) => {
      for (const envelope of batch.events) record(envelope);
      this.recheck();
    });
    socket.io.on('reconnect', () => {
      if (this.topics.length > 0) void this.watch(this.topics);
    });
    for (const event of Object.values(OPS_EVENTS)) {
      socket.on(event, (payload: unknown) => {
        this.ops.push({ event, payload });
        this.recheck();
      });
    }
  }

  private recheck(): void {
    for (const waiter of this.waiters) if (waiter()) this.waiters.delete(waiter);
  }

  /** Resolves with the first `ops.*` message (already received or still to come) of this name that matches. */
  async nextOps(event: OpsEventName, match: (payload: any) => boolean = () => true, timeoutMs = 10_000): Promise<any> {
    const find = () => this.ops.find((message) => message.event === event && match(message.payload));
    await this.until(() => find() !== undefined, () => `No ${event} message within ${timeoutMs} ms`, timeoutMs);
    return find()?.payload;
  }

  /** Resolves once `holds()` is true, checking now and after every event. */
  until(holds: () => boolean, describe: () => string, timeoutMs = 20_000): Promise<void> {
    if (holds()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!holds()) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(describe()));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Sends `watch` and resolves with the server's acknowledgement. */
  watch(topics: unknown): Promise<WatchAck> {
    return this.socket.timeout(10_000).emitWithAck(LIVE_MESSAGES.watch, topics);
  }

  /** Sends `unwatch` and resolves with the server's acknowledgement. */
  unwatch(topics: unknown): Promise<WatchAck> {
    return this.socket.timeout(10_000).emitWithAck(LIVE_MESSAGES.unwatch, topics);
  }

  /**
   * Connects (websocket transport), watches `topics` (by default every public topic; `[]` for none), and
   * resolves once the server has acknowledged them.
   */
  static async connect(baseUrl: string, token?: string, topics: readonly string[] = LIVE_TOPIC_NAMES): Promise<LiveClient> {
    const socket = io(baseUrl, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: true, forceNew: true });
    const client = new LiveClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
    client.topics = [...topics];
    if (topics.length > 0) {
      const ack = await client.watch(topics);
      if (ack.refused.length > 0) throw new Error(`Topics refused: ${ack.refused.join(', ')}`);
    }
    return client;
  }

  /** Resolves with the first event (already received or still to come) of this type that matches. */
  async next<T extends DomainEventType>(
    type: T,
    match: (event: Extract<AnyEventEnvelope, { type: T }>) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Extract<AnyEventEnvelope, { type: T }>> {
    const find = () => this.ofType(type).find(match);
    await this.until(() => find() !== undefined, () => `No ${type} event within ${timeoutMs} ms`, timeoutMs);
    return find() as Extract<AnyEventEnvelope, { type: T }>;
  }

  /** Resolves once an event with each of these ids has arrived (in any order). */
  allOf(ids: readonly string[], timeoutMs = 20_000): Promise<void> {
    const missing = () => ids.filter((id) => !this.received.some((event) => event.id === id));
    return this.until(() => missing().length === 0, () => `${missing().length} of ${ids.length} events never arrived`, timeoutMs);
  }

  /** Events of a type received so far. */
  ofType<T extends DomainEventType>(type: T): Extract<AnyEventEnvelope, { type: T }>[] {
    return this.received.filter((event) => event.type === type) as Extract<AnyEventEnvelope, { type: T }>[];
  }

  close(): void {
    this.socket.close();
  }
}

/** Why a connection attempt was refused, or null if it was accepted. */
export async function refusal(baseUrl: string, token: string): Promise<string | null> {
  try {
    (await LiveClient.connect(baseUrl, token)).close();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
