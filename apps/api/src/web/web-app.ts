import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app (apps/web/dist) from the API's origin. Client-side routes (/Login,
 * /DonerDashboard, and unknown paths, which the app answers with its own 404 page) get index.html when
 * a browser asks for a page; API calls and other non-page requests keep their JSON 404.
 */
export async function serveWebApp(app: NestFastifyApplication, webRoot: string): Promise<boolean> {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) return false;
  const fastify = app.getHttpAdapter().getInstance();
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // Hashed bundles never change; index.html must always be fresh.
    setHeaders: (response, path) => {
      response.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPageRequest(request) || isApiPath(request.url)) return;
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return true;
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
