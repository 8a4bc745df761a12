// A TCP proxy on loopback in front of one upstream (PostgreSQL, for the chaos run), which can be cut and
// restored. Two ways to cut:
//   'refuse' (default): close the listener (new connections are refused) and destroy every open socket
//     pair (open connections break at once); restoring listens again on the same port;
//   'blackhole': keep accepting, but forward nothing in either direction, on open and new connections
//     alike (a network partition: no error, just silence); restoring forwards again what was held.
// And, per new connection, a chance of being dropped (setDrops): before anything is forwarded (the
// request never arrives), or when the upstream's first bytes come back (the request arrived and was
// answered, but the answer is lost). In front of an HTTP server, with one request per connection, this is
// a client that cannot tell whether its write happened.
import { once } from 'node:events';
import net from 'node:net';

/**
 * @param {{ upstreamHost: string, upstreamPort: number, port?: number }} options port 0 (default) picks a free one.
 * @returns {Promise<{ port: number, cut(): Promise<number>, restore(): Promise<void>, setDrops(p: { request?: number, answer?: number }): void, close(): Promise<void>, stats(): object }>}
 */
export async function startTcpProxy({ upstreamHost, upstreamPort, port = 0 }) {
  const pairs = new Set();
  let server;
  let listening = false;
  let accepted = 0;
  let destroyed = 0;
  let upstreamErrors = 0;

  let blackhole = false;
  const held = new Set(); // clients accepted during a blackhole, not yet connected upstream
  let drops = { request: 0, answer: 0 };
  let droppedRequests = 0;
  let droppedAnswers = 0;

  function onConnection(client) {
    accepted++;
    const draw = Math.random();
    if (draw < drops.request) {
      droppedRequests++;
      client.on('error', () => {});
      client.destroy();
      return;
    }
    const dropAnswer = draw < drops.request + drops.answer;
    if (blackhole) {
      client.pause();
      held.add(client);
      client.on('error', () => held.delete(client));
      client.on('close', () => held.delete(client));
      return;
    }
    connectUpstream(client, { dropAnswer });
  }

  function connectUpstream(client, { dropAnswer = false } = {}) {
    const upstream = net.connect({ host: upstreamHost, port: upstreamPort });
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', () => {
      upstreamErrors++;
      end();
    });
    client.on('close', end);
    upstream.on('close', end);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream);
    if (dropAnswer) {
      upstream.once('data', () => {
        droppedAnswers++;
        end();
      });
      return;
    }
    upstream.pipe(client);
  }

  async function listen(onPort) {
    server = net.createServer(onConnection);
    server.listen(onPort, '127.0.0.1');
    await once(server, 'listening');
    listening = true;
    return server.address().port;
  }

  const boundPort = await listen(port);

  return {
    port: boundPort,
    /** 'refuse': refuses new connections and breaks every open one; 'blackhole': silences them. Resolves with how many were open. */
    async cut({ mode = 'refuse' } = {}) {
      if (mode === 'blackhole') {
        blackhole = true;
        for (const { client, upstream } of pairs) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.pause();
          upstream.pause();
        }
        return pairs.size;
      }
      if (!listening) return 0;
      listening = false;
      const closed = new Promise((resolve) => server.close(resolve));
      const broken = pairs.size;
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      pairs.clear();
      destroyed += broken;
      await closed;
      return broken;
    },
    /** Listens again on the same port (retrying briefly if the port is not yet reusable). */
    async restore() {
      if (blackhole) {
        blackhole = false;
        for (const { client, upstream } of pairs) {
          client.pipe(upstream);
          upstream.pipe(client);
        }
        for (const client of held) {
          held.delete(client);
          if (!client.destroyed) connectUpstream(client);
        }
      }
      if (listening) return;
      for (let attempt = 0; ; attempt++) {
        try {
          await listen(boundPort);
          return;
        } catch (error) {
          if (error.code !== 'EADDRINUSE' || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    /** From now on, each new connection is dropped before forwarding with probability `request`, or at its first answer with probability `answer`. */
    setDrops({ request = 0, answer = 0 } = {}) {
      if (request < 0 || answer < 0 || request + answer > 1) throw new Error(`drop probabilities ${request} + ${answer} must lie in [0, 1]`);
      drops = { request, answer };
    },
    async close() {
      blackhole = false;
      for (const client of held) client.destroy();
      held.clear();
      if (listening) await this.cut();
    },
    stats: () => ({ accepted, open: pairs.size, held: held.size, destroyedByCut: destroyed, upstreamErrors, listening, droppedRequests, droppedAnswers }),
  };
}
