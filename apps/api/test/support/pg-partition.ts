import { once } from 'node:events';
import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that simulates a network partition at a chosen moment: the first
 * client bytes containing `marker` (a statement's text) are held, and from then on nothing passes in
 * either direction on any connection, old or new (silence, no error, as a partition). `heal()` delivers
 * everything held, in order, as a partition's retransmissions would: statements sent during the cut
 * reach PostgreSQL late, and a connection the client closed meanwhile closes only after them.
 */
export interface PgPartition {
  port: number;
  /** Cuts when the next client bytes containing `marker` are on their way; resolves when it has cut. */
  cutAt(marker: string): Promise<void>;
  heal(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
  /** Client bytes held during the cut (or before the upstream connection exists). */
  toUpstream: Buffer[];
  toClient: Buffer[];
  clientEnded: boolean;
}

export async function startPgPartition(upstreamPort: number, upstreamHost = '127.0.0.1'): Promise<PgPartition> {
  const pairs = new Set<Pair>();
  let cut = false;
  let marker: { text: string; resolve: () => void } | null = null;

  const flush = (pair: Pair) => {
    if (cut || !pair.upstream) return;
    for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
    for (const chunk of pair.toClient.splice(0)) if (!pair.client.destroyed) pair.client.write(chunk);
    if (pair.clientEnded) pair.upstream.end();
  };

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect({ host: upstreamHost, port: upstreamPort });
    pair.upstream = upstream;
    upstream.setNoDelay(true);
    upstream.on('connect', () => flush(pair));
    upstream.on('data', (chunk: Buffer) => {
      if (cut) pair.toClient.push(chunk);
      else if (!pair.client.destroyed) pair.client.write(chunk);
    });
    const end = () => {
      pairs.delete(pair);
      pair.client.destroy();
    };
    upstream.on('error', end);
    upstream.on('close', end);
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client, toUpstream: [], toClient: [], clientEnded: false };
    pairs.add(pair);
    client.setNoDelay(true);
    client.on('data', (chunk: Buffer) => {
      if (marker && chunk.includes(marker.text)) {
        cut = true;
        marker.resolve();
        marker = null;
      }
      if (cut || !pair.upstream?.readyState || pair.upstream.readyState !== 'open') pair.toUpstream.push(chunk);
      else pair.upstream.write(chunk);
    });
    // A client that goes away during the cut: what it sent still arrives, then its connection closes.
    const clientGone = () => {
      pair.clientEnded = true;
      if (!cut) pair.upstream?.end();
    };
    client.on('end', clientGone);
    client.on('close', clientGone);
    client.on('error', () => undefined);
    connectUpstream(pair);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    cutAt: (text) => new Promise<void>((resolve) => (marker = { text, resolve })),
    heal() {
      cut = false;
      for (const pair of pairs) flush(pair);
    },
    async close() {
      cut = false;
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
