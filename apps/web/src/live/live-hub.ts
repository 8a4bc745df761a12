import {
  DOMAIN_EVENT_TYPES,
  LIVE_MESSAGES,
  type AnyEventEnvelope,
  type DomainEventType,
  type EventBatch,
  type LiveTopic,
  type OpsEventName,
  type OpsEventPayloads,
  type OpsEventView,
} from '@food-link/contracts';
import type { Socket } from 'socket.io-client';

type Handler = (event: AnyEventEnvelope) => void;

/** A public topic a screen may watch: the contract's topics, or one governorate's board (`boardTopic`). */
export type WatchTopic = LiveTopic | `board:${string}`;

/** Operator events' payloads are the contract's (OpsEventPayloads, libs/contracts/src/ops-events.ts). */
type OpsHandler = (payload: OpsEventPayloads[OpsEventName]) => void;

/** How many event ids to remember for dropping repeats (delivery is at-least-once). */
const SEEN_LIMIT = 1000;

/** The last SEEN_LIMIT ids, oldest forgotten first. */
class RecentIds {
  private readonly ids = new Set<string>();

  /** False when `id` was seen already. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > SEEN_LIMIT) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }
}

/**
 * The tab's live connection. Subscribers register once and keep their place while the connection is
 * replaced (sign-in, sign-out); each domain event reaches them once, however often the server delivers
 * it; reconnections are reported so views can refetch what they show.
 *
 * Public events come only for the topics some mounted screen watches (`watch`, docs/REALTIME.md): the
 * hub counts the screens per topic, tells the server when a topic is first wanted or no longer wanted, and
 * asks for every wanted topic again on each (re)connection, since a new connection watches nothing.
 * Events arrive one per message or several in one `events` message; both go through the same dispatch.
 *
 * Operators' sockets also receive the `ops.*` events, which are not envelopes: they have subscribers of
 * their own, and the socket listens for one only once something subscribes to it (the operator console,
 * loaded on its own route; so neither other users' sockets nor the landing bundle carry them). Snapshots
 * and job failures are handed on as they come (a snapshot replaces the last one; a job may fail again
 * after a retry); `ops.event` repeats are dropped by id, apart from the envelopes' ids, since an operator
 * receives each domain event both as its envelope and as its `ops.event` view.
 */
export class LiveHub {
  private socket?: Socket;
  /** Bumped by every connect/disconnect, so a connection still loading when replaced is dropped. */
  private generation = 0;
  private readonly handlers = new Map<DomainEventType, Set<Handler>>();
  private readonly seen = new RecentIds();
  private readonly opsHandlers = new Map<OpsEventName, Set<OpsHandler>>();
  private readonly seenOpsEvents = new RecentIds();
  private readonly connectionListeners = new Set<(connected: boolean, resumed: boolean) => void>();
  private everConnected = false;
  /** How many mounted screens want each public topic. */
  private readonly wanted = new Map<WatchTopic, number>();

  /**
   * Opens (or replaces) the connection, signed in with `token` or anonymous. The client library is
   * loaded on first use, so it stays out of the landing page's critical path.
   */
  async connect(token: string | null, url?: string): Promise<void> {
    this.disconnect();
    const generation = this.generation;
    const { io } = await import('socket.io-client');
    if (generation !== this.generation) return;
    const options = { transports: ['websocket'], auth: token ? { token } : {} };
    const socket = url ? io(url, options) : io(options);
    for (const type of DOMAIN_EVENT_TYPES) socket.on(type, (event: AnyEventEnvelope) => this.dispatch(event));
    socket.on(LIVE_MESSAGES.events, (batch: EventBatch) => this.dispatchBatch(batch));
    for (const name of this.opsHandlers.keys()) this.listenForOps(socket, name);
    socket.on('connect', () => {
      // A new connection (a reconnection included) watches nothing until told.
      const topics = [...this.wanted.keys()];
      if (topics.length > 0) socket.emit(LIVE_MESSAGES.watch, topics);
      const resumed = this.everConnected;
      this.everConnected = true;
      for (const listener of this.connectionListeners) listener(true, resumed);
    });
    socket.on('disconnect', (reason: string) => {
      for (const listener of this.connectionListeners) listener(false, false);
      // The server closes a member's sockets when their role or branches change, so that they come back
      // into the rooms of the new role (docs/ORGANISATIONS.md, "Live events"); the library does not
      // reconnect after a server's close by itself. A removed member's or suspended account's token is
      // refused then (and the suspension watch hears why).
      if (reason === 'io server disconnect' && token && generation === this.generation) socket.connect();
    });
    this.socket = socket;
  }

  disconnect(): void {
    this.generation += 1;
    this.socket?.close();
    this.socket = undefined;
  }

  subscribe<T extends DomainEventType>(type: T, handler: (event: Extract<AnyEventEnvelope, { type: T }>) => void): () => void {
    const set = this.handlers.get(type) ?? new Set<Handler>();
    this.handlers.set(type, set);
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /**
   * Watches public `topics` until the returned function is called (a screen's lifetime). Topics several
   * screens want are watched once, and unwatched when the last of them lets go.
   */
  watch(topics: readonly WatchTopic[]): () => void {
    const added = topics.filter((topic) => {
      const count = this.wanted.get(topic) ?? 0;
      this.wanted.set(topic, count + 1);
      return count === 0;
    });
    if (added.length > 0 && this.socket?.connected) this.socket.emit(LIVE_MESSAGES.watch, added);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const removed = topics.filter((topic) => {
        const count = (this.wanted.get(topic) ?? 1) - 1;
        if (count > 0) this.wanted.set(topic, count);
        else this.wanted.delete(topic);
        return count <= 0;
      });
      if (removed.length > 0 && this.socket?.connected) this.socket.emit(LIVE_MESSAGES.unwatch, removed);
    };
  }

  /** The public topics watched now. */
  get watching(): WatchTopic[] {
    return [...this.wanted.keys()];
  }

  /** Runs `handler` for each `ops.*` event `name` (only operators' sockets receive them). */
  subscribeOps<N extends OpsEventName>(name: N, handler: (payload: OpsEventPayloads[N]) => void): () => void {
    let set = this.opsHandlers.get(name);
    if (!set) {
      set = new Set<OpsHandler>();
      this.opsHandlers.set(name, set);
      if (this.socket) this.listenForOps(this.socket, name);
    }
    set.add(handler as OpsHandler);
    return () => set.delete(handler as OpsHandler);
  }

  /** `resumed` is true when the connection came back after a loss: what is shown may be stale. */
  onConnection(listener: (connected: boolean, resumed: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Public for tests: delivers an event as if the socket had received it. */
  dispatch(event: AnyEventEnvelope): void {
    if (!this.seen.add(event.id)) return;
    for (const handler of this.handlers.get(event.type) ?? []) handler(event);
  }

  /** Public for tests: delivers a batched `events` message, its events in order. */
  dispatchBatch(batch: EventBatch): void {
    for (const event of batch?.events ?? []) this.dispatch(event);
  }

  /** Public for tests: delivers an `ops.*` event as if the socket had received it. */
  dispatchOps<N extends OpsEventName>(name: N, payload: OpsEventPayloads[N]): void {
    if (name === 'ops.event' && !this.seenOpsEvents.add((payload as OpsEventView).id)) return;
    for (const handler of this.opsHandlers.get(name) ?? []) handler(payload);
  }

  private listenForOps(socket: Socket, name: OpsEventName): void {
    socket.on(name, (payload: OpsEventPayloads[typeof name]) => this.dispatchOps(name, payload));
  }
}
