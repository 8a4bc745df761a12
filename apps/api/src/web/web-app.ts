import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { HttpException, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredLanguage } from '../common/language';
import { AppConfig } from '../config/app-config';
import { FoodService } from '../food/food.service';
import { inLanguage, withFoodTags } from './food-page';

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
  const foodPage = foodPageRenderer(app, indexFile);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const foodId = FOOD_PAGE.exec(request.url.split('?')[0])?.[1];
    // Link-preview fetchers often ask for anything (`*/*`) rather than for HTML.
    if (foodId !== undefined && isPageRequest(request, true)) {
      reply.header('cache-control', REVALIDATE);
      return foodPage(foodId, request, reply);
    }
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

/** A listing's public page, `/food/{id}` (PAGE_ROUTES.food). */
const FOOD_PAGE = /^\/food\/([^/]+)\/?$/;

/**
 * Renders /food/{id} for whoever follows a shared link (a person, or WhatsApp's preview fetcher): index.html
 * with the listing's Open Graph tags (food-page.ts), in the language the request's Accept-Language prefers.
 * The item is read through FoodService.findOne, the same public lookup as `GET /api/food/{id}`, for an
 * anonymous viewer, so whatever that hides (an unknown item, one offered only to partner charities for now)
 * is hidden here too: those, and withdrawn items, get the app's plain index.html with status 404 (the app
 * shows its own not-found page), with no tags about the food.
 */
function foodPageRenderer(app: NestFastifyApplication, indexFile: string) {
  const food = app.get(FoodService, { strict: false });
  const config = app.get(AppConfig, { strict: false });
  const logger = new Logger('WebApp');
  return async (rawId: string, request: FastifyRequest, reply: FastifyReply) => {
    // The page, found or not, is in the language the request prefers: an ar-EG phone opens it in Arabic.
    const language = preferredLanguage(request.headers['accept-language']);
    const html = inLanguage(await readFile(indexFile, 'utf8'), language);
    reply.type('text/html; charset=utf-8').header('vary', 'Accept-Language');
    const id = /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : NaN;
    if (Number.isSafeInteger(id) && id <= 2_147_483_647) {
      try {
        // As a visitor without an account sees it: an item still offered to partners only is a 404 here.
        const item = await food.findOne(id, null);
        if (item.status !== 'withdrawn') {
          return reply.code(200).send(withFoodTags(html, item, language, config.publicUrl));
        }
      } catch (error) {
        // Not found (or hidden) is the 404 below; anything else still gets the app, which retries its own call.
        if (!(error instanceof HttpException && error.getStatus() === 404)) {
          logger.warn(`/food/${id}: ${(error as Error).message}`);
          return reply.code(200).send(html);
        }
      }
    }
    return reply.code(404).send(html);
  };
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

/**
 * A browser navigating to a page: GET, wanting HTML (or, with `anyAccepted`, anything: no Accept, or
 * `*\/*`), and not a file with an extension (assets).
 */
function isPageRequest(request: FastifyRequest, anyAccepted = false): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  const acceptsHtml = accept.includes('text/html') || (anyAccepted && (accept === '' || accept.includes('*/*')));
  if (!acceptsHtml) return false;
  const path = request.url.split('?')[0];
  return !/\.[a-z0-9]+$/i.test(path);
}
