import type { IncomingMessage } from 'node:http';
import { ServerResponse } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import Redis from 'ioredis';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { MissedEventReplay } from './missed-event-replay';
import { createPacedRedisAdapter } from './paced-redis-adapter';
import { socketIoKey } from './realtime-publisher';

/**
 * Clients only listen: what they send is the handshake (a token of a few hundred bytes) and pongs. A
 * message larger than this closes the connection instead of being buffered (Socket.IO's default is 1 MB).
 */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** Where the engine middleware below keeps a websocket upgrade's stand-in response on its request. */
const UPGRADE_RESPONSE = Symbol('engine.io upgrade response');

type EngineRequest = IncomingMessage & { [UPGRADE_RESPONSE]?: { req: IncomingMessage | null } };

/**
 * Socket.IO on the API's own port, joined to every other instance through the Redis adapter, with CORS
 * limited to the web origins. Websocket first; long-polling stays as a fallback.
 *
 * Memory per connection (docs/PERFORMANCE.md, section 4) is kept down by letting go of the HTTP request
 * that opened a connection once the socket is authenticated, by setting up no per-socket message streams
 * for a gateway that handles no client messages, and by no per-message compression. Broadcasts to this
 * instance's sockets are written in time-boxed slices (paced-redis-adapter.ts), so a broadcast to
 * thousands of sockets does not hold the event loop.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    private readonly app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...(options as ServerOptions),
      cors: { origin: this.config.webOrigins },
      serveClient: false,
      transports: ['websocket', 'polling'],
      // Off by default in engine.io 6; stated because turning it on costs a zlib context per socket and
      // a compression per socket per broadcast (a pre-encoded frame can then no longer be shared).
      perMessageDeflate: false,
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    });
    releaseHandshakeRequests(server);
    const pub = new Redis(this.config.REDIS_URL);
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', () => {
        // ioredis reconnects by itself; the relay and the workers report Redis outages.
      });
      this.clients.push(client);
    }
    server.adapter(createPacedRedisAdapter(pub, sub, { key: socketIoKey(this.config) }));
    // What a dropped subscription may have missed, even though Redis counted it as delivered.
    this.app.get(MissedEventReplay, { strict: false }).watch(sub, server);
    return server;
  }

  /**
   * Nest builds a "disconnect" stream (three observables and their closures) for every socket, to end the
   * socket's message streams; the gateway handles no client messages, so there is nothing to end.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: Parameters<IoAdapter['bindMessageHandlers']>[1],
    transform: Parameters<IoAdapter['bindMessageHandlers']>[2],
  ): void {
    if (handlers.length === 0) return;
    super.bindMessageHandlers(socket, handlers, transform);
  }

  /**
   * Nest's default wraps the callback in a `once` listener (a wrapper object, a bound function and a closure
   * per socket); Socket.IO emits "disconnect" once per socket anyway.
   */
  override bindClientDisconnect(client: Socket, callback: (reason: string) => void): void {
    client.on('disconnect', callback);
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}

/**
 * Engine.IO keeps the HTTP request that opened each connection (`socket.request`) for the connection's
 * whole life: the IncomingMessage, its headers twice over (object and raw list), its stream state and, for
 * a websocket, a stand-in response that the TCP socket's "close" listener holds on to. Socket.IO's memory
 * advice is to drop it; here it is dropped once the socket has joined the namespace, i.e. after
 * `socket.handshake` has been built from it and the gateway's middleware has authenticated the socket.
 * The handshake's headers (the request's own object) and the session token go too: only that middleware
 * reads them. Afterwards `socket.request` is null and `socket.handshake` keeps its query, address and time.
 */
function releaseHandshakeRequests(server: Server): void {
  server.engine.use((req: EngineRequest, res: unknown, next: () => void) => {
    // A websocket upgrade gets engine.io's stand-in response rather than a real one.
    if (!(res instanceof ServerResponse)) req[UPGRADE_RESPONSE] = res as { req: IncomingMessage | null };
    next();
  });
  server.on('connection', (socket: Socket) => {
    const conn = socket.conn as unknown as { request: EngineRequest | null };
    const request = conn.request;
    if (!request) return;
    const response = request[UPGRADE_RESPONSE];
    if (response) {
      response.req = null;
      delete request[UPGRADE_RESPONSE];
    }
    conn.request = null;
    // The handshake's headers object is the request's own; the token is only needed to authenticate.
    socket.handshake.headers = {};
    if (socket.handshake.auth && 'token' in socket.handshake.auth) socket.handshake.auth = {};
  });
}
