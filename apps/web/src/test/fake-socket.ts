import type { AnyEventEnvelope } from '@food-link/contracts';

type Listener = (payload: unknown) => void;

/** A stand-in for a Socket.IO client socket: it never connects, and tests deliver events by hand. */
class FakeSocket {
  readonly connected = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  close(): this {
    this.listeners.clear();
    openSockets.delete(this);
    return this;
  }

  receive(event: AnyEventEnvelope): void {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }
}

const openSockets = new Set<FakeSocket>();

/** Replaces `io` from socket.io-client: `vi.mock('socket.io-client', () => import('.../fake-socket'))`. */
export function io(): FakeSocket {
  const socket = new FakeSocket();
  openSockets.add(socket);
  return socket;
}

/**
 * Delivers a live event to every open socket, as the server would. Throws while no socket is open yet
 * (the app opens its connection asynchronously), so `await waitFor(() => deliverLiveEvent(e))` delivers once.
 */
export function deliverLiveEvent(event: AnyEventEnvelope): void {
  if (openSockets.size === 0) throw new Error('No live connection is open yet');
  for (const socket of openSockets) socket.receive(event);
}
