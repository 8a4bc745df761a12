import type { AnyEventEnvelope, OpsEventName, OpsEventPayloads } from '@food-link/contracts';

type Listener = (payload: unknown) => void;

/**
 * A stand-in for a Socket.IO client socket: it connects only when a test says so, and tests deliver
 * events by hand.
 */
class FakeSocket {
  connected = false;
  /** What the client sent (`watch`, `unwatch`), in order. */
  readonly sent: { event: string; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push({ event, args });
    return this;
  }

  /** How often the client asked to connect again (`socket.connect()`). */
  reconnects = 0;

  connect(): this {
    this.reconnects += 1;
    return this;
  }

  close(): this {
    this.listeners.clear();
    openSockets.delete(this);
    return this;
  }

  receive(name: string, payload: unknown): void {
    for (const listener of this.listeners.get(name) ?? []) listener(payload);
  }
}

const openSockets = new Set<FakeSocket>();

/** Replaces `io` from socket.io-client: `vi.mock('socket.io-client', () => import('.../fake-socket'))`. */
export function io(): FakeSocket {
  const socket = new FakeSocket();
  openSockets.add(socket);
  return socket;
}

function deliver(name: string, payload: unknown): void {
  if (openSockets.size === 0) throw new Error('No live connection is open yet');
  for (const socket of openSockets) socket.receive(name, payload);
}

/**
 * Delivers a live event to every open socket, as the server would. Throws while no socket is open yet
 * (the app opens its connection asynchronously), so `await waitFor(() => deliverLiveEvent(e))` delivers once.
 */
export function deliverLiveEvent(event: AnyEventEnvelope): void {
  deliver(event.type, event);
}

/** Opens (`true`) or drops (`false`) every open socket's connection, as the network would. */
export function setLiveConnection(connected: boolean): void {
  if (openSockets.size === 0) throw new Error('No live connection is open yet');
  for (const socket of openSockets) {
    socket.connected = connected;
    socket.receive(connected ? 'connect' : 'disconnect', undefined);
  }
}

/** The server closes every open socket (`io server disconnect`: a member's role changed, say); answers how often each asked to connect again. */
export function closeByServer(): number[] {
  if (openSockets.size === 0) throw new Error('No live connection is open yet');
  return [...openSockets].map((socket) => {
    socket.connected = false;
    socket.receive('disconnect', 'io server disconnect');
    return socket.reconnects;
  });
}

/** Delivers a batched `events` message, as a server may send several events at once. */
export function deliverLiveBatch(events: AnyEventEnvelope[]): void {
  deliver('events', { events });
}

/** What the open sockets sent to the server (`watch`, `unwatch`), in order. */
export function sentByClient(): { event: string; args: unknown[] }[] {
  return [...openSockets].flatMap((socket) => socket.sent);
}

/** Delivers an operator event (`ops.*`) the same way. */
export function deliverOpsEvent<N extends OpsEventName>(name: N, payload: OpsEventPayloads[N]): void {
  deliver(name, payload);
}
