import 'reflect-metadata';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { type INestApplicationContext, Logger, ValidationPipe } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { ErrorFilter } from './common/errors';
import { rejectDeepJson } from './common/json-depth';
import { AppConfig, loadConfig } from './config/app-config';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { serveWebApp } from './web/web-app';

/** Bodies are small JSON documents; anything bigger is refused with 413 before it is parsed. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the application exactly as production runs it (adapter, security headers, CORS, validation,
 * error mapping); `main.ts` and the integration tests both start from here.
 */
export async function createApp(config: AppConfig = loadConfig()): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, trustProxy: config.TRUST_PROXY });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    logger: config.NODE_ENV === 'test' ? ['error', 'warn'] : undefined,
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:'],
        // TLS is the load balancer's business; on http://localhost this would break every asset.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cors, { origin: config.webOrigins, credentials: false });
  app.getHttpAdapter().getInstance().addHook('preValidation', rejectDeepJson);
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      // Each message names its field; nested property paths are kept.
      stopAtFirstError: false,
    }),
  );
  app.useGlobalFilters(new ErrorFilter(app.get(HttpAdapterHost).httpAdapter));
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  if (!(await serveWebApp(app, config.WEB_DIST_DIR))) {
    new Logger('WebApp').log(`No web app build in ${config.WEB_DIST_DIR}; serving the API only`);
  }
  app.enableShutdownHooks();
  return app;
}

/** A worker process (ROLE=worker): consumes jobs and emits through Redis, with no HTTP server. */
export async function createWorker(config: AppConfig = loadConfig()): Promise<INestApplicationContext> {
  if (config.servesHttp) throw new Error('createWorker needs ROLE=worker');
  const worker = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    bufferLogs: true,
    logger: config.NODE_ENV === 'test' ? ['error', 'warn'] : undefined,
  });
  // Buffered start-up logs are flushed by listen() for HTTP roles; a worker has no listen().
  worker.flushLogs();
  worker.enableShutdownHooks();
  return worker;
}
