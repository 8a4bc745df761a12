import 'reflect-metadata';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { Logger } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { COMPRESSION_OPTIONS } from './common/compression';
import { ErrorFilter } from './common/errors';
import { rejectDeepJson } from './common/json-depth';
import { AppConfig, loadConfig } from './config/app-config';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { MetricsService } from './monitoring/metrics.service';
import { logRequests } from './monitoring/request-logging';
import { WorkerProbesModule } from './monitoring/worker-probes.module';
import { mountQueueBoard } from './ops/queue-board';
import { MULTIPART_LIMITS } from './photos/photo-upload';
import { setupOpenApi } from './openapi/openapi';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { serveWebApp } from './web/web-app';

/** Bodies are small JSON documents; anything bigger is refused with 413 before it is parsed. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * For every HTTP server of the product (the API's, and a worker's probes): a request whose headers and
 * body have not all arrived within REQUEST_TIMEOUT_MS is answered 408 and its connection closed, so
 * stalled uploads cannot hold connections (and file descriptors) open. Node checks every second (its
 * default, 30 s, would let one stay up to twice the limit).
 */
function requestDeadline(config: AppConfig) {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: config.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
  };
}

/**
 * Builds the application exactly as production runs it (adapter, security headers, CORS, validation,
 * error mapping); `main.ts` and the integration tests both start from here.
 */
export async function createApp(config: AppConfig = loadConfig()): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, trustProxy: config.TRUST_PROXY, ...requestDeadline(config) });
  // rawBody: JSON and form bodies keep their bytes as `request.rawBody`, which the webhooks' signatures are
  // computed over (messaging/webhook-signatures.ts); bodies stay within BODY_LIMIT_BYTES. abortOnError: false:
  // a failed start throws to the caller (main.ts logs it and exits 1; a test's beforeAll fails) rather than
  // Nest ending the whole process, a test runner's too.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { bufferLogs: true, rawBody: true, abortOnError: false });
  app.useLogger(app.get(NestPinoLogger));
  const fastify = app.getHttpAdapter().getInstance();
  logRequests(fastify, await app.resolve(PinoLogger));
  observeHttpDurations(app);
  // Built once (@fastify/helmet rebuilds it, CSP parsing included, on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The app's own origin only: CSP Level 3's 'self' covers ws:/wss: to it (the Socket.IO connection).
        connectSrc: ["'self'"],
        // blob: a charity's verification document (in the operators' console and in the charity's own view)
        // is fetched with the session and shown from an object URL: an image, or a PDF in a frame. Chromium
        // draws the PDF in the frame's blob: document with its own viewer (an extension frame, which the
        // page's policy does not govern), so `frame-src blob:` is all a PDF needs: object-src stays 'none'
        // (helmet's default) and no frame of any origin, this one included, is allowed.
        // The map's tiles (MAP_TILE_URL's origin), drawn as <img> by Leaflet.
        imgSrc: ["'self'", 'data:', 'blob:', config.mapTileSource],
        frameSrc: ['blob:'],
        // TLS is the load balancer's business; on http://localhost this would break every asset.
        upgradeInsecureRequests: null,
      },
    },
  });
  fastify.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  await app.register(cors, { origin: config.webOrigins, credentials: false });
  await app.register(cookie);
  // Photo uploads (photos/photo-upload.ts) stream their files past the JSON body limit, under limits of their own.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  fastify.addHook('preValidation', rejectDeepJson);
  app.useGlobalFilters(new ErrorFilter(app.get(HttpAdapterHost).httpAdapter));
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  await mountQueueBoard(app);
  if (!(await serveWebApp(app, config.WEB_DIST_DIR))) {
    new Logger('WebApp').log(`No web app build in ${config.WEB_DIST_DIR}; serving the API only`);
  }
  // The API's own JSON and HTML answers from COMPRESS_MIN_BYTES on, brotli or gzip as the client accepts
  // (the cached boards bring copies of their own, see food/food-read-cache.ts). Registered after the
  // web app and bull-board, whose files are compressed at build time or sent as they are, and before
  // Nest declares its routes (at init): the plugin hooks into the routes declared after it.
  await app.register(compress, COMPRESSION_OPTIONS);
  setupOpenApi(app);
  app.enableShutdownHooks();
  return app;
}

/**
 * A worker process (ROLE=worker): consumes jobs and emits through Redis. Its HTTP server answers only
 * the probes (/api/health, /api/health/live, /metrics); closing it closes the worker too.
 */
export async function createWorker(config: AppConfig = loadConfig()): Promise<NestFastifyApplication> {
  if (config.servesHttp) throw new Error('createWorker needs ROLE=worker');
  const worker = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  worker.useLogger(worker.get(NestPinoLogger));
  // Buffered start-up logs are flushed by listen() for HTTP roles; the context has no listen().
  worker.flushLogs();
  const probes = await NestFactory.create<NestFastifyApplication>(WorkerProbesModule.forContext(worker), new FastifyAdapter(requestDeadline(config)), {
    bufferLogs: true,
  });
  probes.useLogger(worker.get(NestPinoLogger));
  logRequests(probes.getHttpAdapter().getInstance(), await worker.resolve(PinoLogger));
  probes.useGlobalFilters(new ErrorFilter(probes.get(HttpAdapterHost).httpAdapter));
  probes.enableShutdownHooks();
  return probes;
}

/** Feeds http_request_duration_seconds, labelled with the route pattern (never the raw URL). */
function observeHttpDurations(app: NestFastifyApplication): void {
  const metrics = app.get(MetricsService);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
}
