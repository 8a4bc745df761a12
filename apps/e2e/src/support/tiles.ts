import { createServer } from 'node:http';
import { once } from 'node:events';

/** A 1×1 green PNG: every tile the test tile server serves. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhgGAWLSh1AAAAABJRU5ErkJggg==', 'base64');

/**
 * A map tile server of the run's own (MAP_TILE_URL points at it), so no test asks OpenStreetMap's servers
 * for tiles: `/{z}/{x}/{y}.png` answers a tiny PNG, anything else 404.
 */
export async function startTileServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': TILE.length, 'access-control-allow-origin': '*' });
      response.end(TILE);
    } else {
      response.writeHead(404).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
