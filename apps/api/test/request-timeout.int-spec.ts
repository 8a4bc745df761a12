import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, startWorker, type Listening, type TestApp } from './support/test-app';

/** Long enough for the server's 1.5 s limit and its once-a-second check; a connection still open after it was never closed. */
const CLOSED_WITHIN_MS = 8000;

/**
 * A request that has not fully arrived within REQUEST_TIMEOUT_MS is closed by the server, so stalled
 * uploads cannot hold connections open (here 1.5 s; 30 s by default).
 */
describe('stalled requests', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp({ REQUEST_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await t?.close();
  });

  /** Sends `text`, then waits for the server to close the connection; resolves with what it answered and when. */
  async function stall(text: string): Promise<{ closed: boolean; ms: number; answer: string }> {
    const { port } = new URL(t.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    sockets.push(socket);
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    const started = Date.now();
    socket.write(text);
    const closed = await Promise.race([once(socket, 'close').then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS, false))]);
    return { closed, ms: Date.now() - started, answer };
  }

  it('closes a connection whose body stops half-way, with 408', async () => {
    const result = await stall(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"half@exa`,
    );
    expect(result.closed).toBe(true);
    expect(result.ms).toBeGreaterThanOrEqual(1000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never end', async () => {
    const result = await stall(`GET /api/available HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    expect(result.closed).toBe(true);
  });

  it('still serves requests that arrive in time', async () => {
    expect((await t.http.get('/api/available')).status).toBe(200);
  });
});

/** A worker's HTTP server (its probes and /metrics) closes stalled requests the same way. */
describe('stalled requests to a worker', () => {
  let t: TestApp;
  let worker: Listening;
  const sockets: Socket[] = [];
  // An API and a worker with all their queues: 90 s, as the other tests that start processes have (one CI run
  // on a busy machine passed 30 s here; alone it takes about 3 s).
  beforeAll(async () => {
    t = await startTestApp({ REQUEST_TIMEOUT_MS: '1500' });
    worker = await startWorker(t);
  }, 90_000);
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await worker?.close();
    await t?.close();
  });

  it('closes a connection whose body stops half-way, with 408', async () => {
    const socket = connect(Number(new URL(worker.baseUrl).port), '127.0.0.1');
    sockets.push(socket);
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write(`POST /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"half`);
    const closed = await Promise.race([once(socket, 'close').then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS, false))]);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
