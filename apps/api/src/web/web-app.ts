import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Hashed bundles never change; index.html (and anything else not under assets/) must always be fresh. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app (apps/web/dist) from the API's origin. Client-side routes (/Login,
 * /DonerDashboard, and unknown paths, which the app answers with its own 404 page) get index.html when
 * a browser asks for a page; API calls and other non-page requests keep their JSON 404.
 *
 * Compression is done once, when the web app is built: its build writes `.br` and `.gz` copies beside
 * every file worth compressing (apps/web/vite.config.ts), and @fastify/static's `preCompressed` sends the
 * copy the browser accepts (brotli first, then gzip) with its Content-Encoding, and `Vary:
 * Accept-Encoding` on every answer, compressed or not. A file without copies is sent as it is.
 */
export async function serveWebApp(app: NestFastifyApplication, webRoot: string): Promise<boolean> {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) return false;
  const fastify = app.getHttpAdapter().getInstance();
  const assetsDir = resolve(webRoot, 'assets');
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (response, path) => {
      // `path` is the file actually sent (assets/app-1a2b.js.br, say): its folder tells a hashed bundle.
      response.header('cache-control', resolve(path).startsWith(assetsDir + sep) ? IMMUTABLE : REVALIDATE);
    },
  });
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPageRequest(request) || isApiPath(request.url)) return;
    reply.header('cache-control', REVALIDATE);
    return reply.sendFile('index.html');
  });
  const plain = withoutCompressedCopies(assetsDir);
  if (plain > 0) {
    new Logger('WebApp').warn(`${plain} script/style files in ${webRoot} have no .br/.gz copy and are sent uncompressed; rebuild the web app`);
  }
  return true;
}

/** Scripts and styles of 1 KB or more in `dir` (the build leaves smaller ones alone) without a .br or .gz copy. */
function withoutCompressedCopies(dir: string): number {
  if (!existsSync(dir)) return 0;
  const names = new Set(readdirSync(dir));
  return [...names].filter(
    (name) => /\.(?:js|css)$/.test(name) && !names.has(`${name}.br`) && !names.has(`${name}.gz`) && statSync(join(dir, name)).size >= 1024,
  ).length;
}

/** Paths of the call table that do not start with /api, plus the socket endpoint. */
const API_PREFIXES = ['/api/', '/charityinfo/', '/getrequestid/', '/requeststatus/', '/updaterequeststatus/', '/socket.io/'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api';
}

/** A browser navigating to a page: GET, wanting HTML, and not a file with an extension (assets). */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const path = request.url.split('?')[0];
  return !/\.[a-z0-9]+$/i.test(path);
}
