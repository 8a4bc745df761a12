import { DOMAIN_EVENT_TYPES, type AnyEventEnvelope, type DomainEventType } from '@food-link/contracts';
import type { Socket } from 'socket.io-client';

type Handler = (event: AnyEventEnvelope) => void;

/** How many event ids to remember for dropping repeats (delivery is at-least-once). */
const SEEN_LIMIT = 1000;

/**
 * The tab's live connection. Subscribers register once and keep their place while the connection is
 * replaced (sign-in, sign-out); each domain event reaches them once, however often the server delivers
 * it; reconnections are reported so views can refetch what they show.
 */
export class LiveHub {
  private socket?: Socket;
  /** Bumped by every connect/disconnect, so a connection still loading when replaced is dropped. */
  private generation = 0;
  private readonly handlers = new Map<DomainEventType, Set<Handler>>();
  private readonly seen = new Set<string>();
  private readonly connectionListeners = new Set<(connected: boolean, resumed: boolean) => void>();
  private everConnected = false;

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
    socket.on('connect', () => {
      const resumed = this.everConnected;
      this.everConnected = true;
      for (const listener of this.connectionListeners) listener(true, resumed);
    });
    socket.on('disconnect', () => {
      for (const listener of this.connectionListeners) listener(false, false);
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
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value as string);
    for (const handler of this.handlers.get(event.type) ?? []) handler(event);
  }
}
