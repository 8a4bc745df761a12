import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SOCKET_ROOMS } from '@food-link/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { createPacedRedisAdapter, type PacedRedisAdapter } from '../src/realtime/paced-redis-adapter';
import { RealtimeGateway } from '../src/gateway/realtime.gateway';
import { MAX_CLIENT_MESSAGE_BYTES } from '../src/realtime/redis-io.adapter';
import { LiveInstanceRegistry } from '../src/realtime/live-instances';
import { addFood, createCharity, createDonor, requestPickup, type TestUser } from './support/factories';
import { LiveClient } from './support/socket-client';
import { startTestApp, type TestApp } from './support/test-app';
import { testEnv } from './support/test-env';
import { waitFor } from './support/wait';

/** Connects a socket.io-client and resolves once the server accepted it. */
function connect(url: string, options: Parameters<typeof io>[1] = {}): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, ...options });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

describe('the socket gateway keeps little per connection and loses nothing by it', () => {
  let t: TestApp;
  let donor: TestUser;
  let charity: TestUser;
  const opened: { close(): unknown }[] = [];

  /** The Socket.IO server's own sockets on this instance. */
  const serverSockets = (): Map<string, ServerSocket> =>
    (t.app.get(RealtimeGateway) as unknown as { server: Server }).server.of('/').sockets as Map<string, ServerSocket>;

  beforeAll(async () => {
    t = await startTestApp();
    [donor, charity] = await Promise.all([createDonor(t.http), createCharity(t.http)]);
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await t.close();
  });

  it('authenticates by the Authorization header, then lets go of the handshake request, its headers and the token', async () => {
    const byHeader = await connect(t.baseUrl, { extraHeaders: { authorization: `Bearer ${donor.token}` } });
    const byAuth = await connect(t.baseUrl, { auth: { token: charity.token } });
    opened.push(byHeader, byAuth);
    // The server-side socket of a client is the one with its id.
    const [server1, server2] = [byHeader, byAuth].map((client) => serverSockets().get(client.id!)!);
    expect(server1.rooms).toEqual(new Set([server1.id, SOCKET_ROOMS.user(donor.id)]));
    expect(server2.rooms).toEqual(new Set([server2.id, SOCKET_ROOMS.user(charity.id)]));
    for (const socket of [server1, server2]) {
      expect(socket.request).toBeNull();
      expect(socket.handshake.headers).toEqual({});
      expect(socket.handshake.auth).toEqual({});
      expect(socket.data).toEqual({ user: expect.objectContaining({ id: expect.any(Number) }) });
    }
  });

  it('still delivers private events to a socket signed in by header', async () => {
    const client = await LiveClient.connect(t.baseUrl); // a public listener, for contrast
    const byHeader = await connect(t.baseUrl, { extraHeaders: { authorization: donor.token } });
    opened.push(client, byHeader);
    const fulfilled = new Promise((resolve) => byHeader.on('request.fulfilled', resolve));
    const item = await addFood(t.http, donor);
    const requestId = await requestPickup(t.http, charity, item.id);
    await t.http.put(`/updaterequeststatus/${requestId}`, { status: 'fulfilled' }, { token: donor.token });
    await expect(fulfilled).resolves.toMatchObject({ type: 'request.fulfilled', data: { requestId } });
    await client.next('stats.updated');
    expect(client.ofType('request.fulfilled')).toHaveLength(0);
  });

  it('counts a socket out when it disconnects', async () => {
    const registry = t.app.get(LiveInstanceRegistry);
    const before = await registry.totalSockets();
    const socket = await connect(t.baseUrl);
    await waitFor(() => registry.totalSockets(), (total) => total === before! + 1, 'the socket counted in');
    socket.close();
    await waitFor(() => registry.totalSockets(), (total) => total === before, 'the socket counted out');
  });

  it('closes a connection that sends more than a listener ever needs to', async () => {
    const socket = await connect(t.baseUrl);
    opened.push(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.emit('anything', 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES + 1));
    expect(await closed).toBe('transport close');
  });
});

describe('paced broadcasts through the Redis adapter', () => {
  const key = `${testEnv.redisPrefix}paced-${randomBytes(3).toString('hex')}:socket.io`;
  let http: HttpServer;
  let server: Server;
  let url: string;
  let pub: Redis, sub: Redis, emitterRedis: Redis;
  let clients: Socket[];
  /** Every value each client received, in order of arrival. */
  const received = new Map<Socket, number[]>();

  const pacer = () => (server.of('/').adapter as unknown as PacedRedisAdapter).pacer;
  const allReceived = (count: number) =>
    waitFor(async () => clients.map((client) => received.get(client)!), (lists) => lists.every((list) => list.length >= count), `every client to receive ${count} messages`);

  beforeAll(async () => {
    http = createServer();
    pub = new Redis(testEnv.redisUrl);
    sub = pub.duplicate();
    emitterRedis = pub.duplicate();
    server = new Server(http, { transports: ['websocket'] });
    // A zero-length slice: every broadcast to more than three sockets is spread over turns of the loop.
    server.adapter(createPacedRedisAdapter(pub, sub, { key }, { sliceMs: 0, checkEvery: 3 }));
    server.on('connection', (socket) => {
      socket.join('listeners');
      socket.on('ping?', (ack: (answer: string) => void) => ack('pong'));
    });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    clients = await Promise.all(Array.from({ length: 25 }, () => connect(url)));
    clients.forEach((client, i) => {
      received.set(client, []);
      client.on('n', (value: number) => received.get(client)!.push(value));
      client.on('ask', (ack: (answer: string) => void) => ack(`client ${i}`));
    });
  });
  afterAll(async () => {
    for (const client of clients ?? []) client.close();
    await new Promise((resolve) => server.close(resolve));
    for (const redis of [pub, sub, emitterRedis]) redis.disconnect();
  });

  beforeEach(() => {
    for (const list of received.values()) list.length = 0;
  });

  it('reaches every socket, in the order emitted, from this server', async () => {
    const deferredBefore = pacer().counts.deferred;
    for (let i = 0; i < 30; i++) (i % 2 ? server.to('listeners') : server).emit('n', i);
    await allReceived(30);
    const expected = Array.from({ length: 30 }, (_, i) => i);
    for (const client of clients) expect(received.get(client)).toEqual(expected);
    expect(pacer().counts.deferred - deferredBefore).toBe(30);
  });

  it('reaches every socket, in the order published, from another process through Redis', async () => {
    const deferredBefore = pacer().counts.deferred;
    const emitter = new Emitter(emitterRedis, { key });
    for (let i = 0; i < 30; i++) (i % 2 ? emitter.to('listeners') : emitter).emit('n', i);
    await allReceived(30);
    const expected = Array.from({ length: 30 }, (_, i) => i);
    for (const client of clients) expect(received.get(client)).toEqual(expected);
    expect(pacer().counts.deferred - deferredBefore).toBe(30);
  });

  it('leaves socket lookups and acknowledged broadcasts as they were', async () => {
    expect(await server.local.fetchSockets()).toHaveLength(clients.length);
    expect(await server.in('listeners').local.fetchSockets()).toHaveLength(clients.length);
    const answers = await server.timeout(5000).emitWithAck('ask');
    expect(answers.sort()).toEqual(clients.map((_, i) => `client ${i}`).sort());
  });

  it('goes on past a socket that went away meanwhile', async () => {
    const leaving = clients[0];
    clients = clients.slice(1);
    leaving.close();
    for (let i = 0; i < 5; i++) server.emit('n', i);
    await allReceived(5);
    for (const client of clients) expect(received.get(client)).toEqual([0, 1, 2, 3, 4]);
  });
});
