import { randomUUID } from 'node:crypto';
import { HEALTH_ROUTES } from '@food-link/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { METRICS_PATH } from './metrics.controller';

/** A caller's own request id is kept when it looks like one (a load balancer's, say); otherwise a uuid. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/** Probes arrive every few seconds from every balancer; their lines would drown the rest. */
const QUIET_PATHS = new Set<string>([HEALTH_ROUTES.ready, HEALTH_ROUTES.live, METRICS_PATH]);

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's id: on every log line written while it is handled, and in `x-request-id`. */
    requestId: string;
  }
}

/**
 * Request ids and one access line per request, as Fastify hooks. (nestjs-pino's pino-http middleware is
 * not reached by Nest's routes on Fastify here, so this does its job natively.) Every line logged while
 * a request is handled, through Nest's Logger or PinoLogger, carries `reqId`: the handler runs inside a
 * logging context bound to it. The context is entered again before validation because the body is parsed
 * from socket events, outside the context the request started in. Bodies and headers are never logged.
 */
export function logRequests(instance: FastifyInstance, pino: PinoLogger): void {
  const enter = (request: FastifyRequest, done: HookHandlerDoneFunction) =>
    pino.runInContext(() => done(), { bindings: { reqId: request.requestId } });

  instance.decorateRequest('requestId', '');
  instance.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const offered = request.headers[REQUEST_ID_HEADER];
    request.requestId = typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    reply.header(REQUEST_ID_HEADER, request.requestId);
    enter(request, done);
  });
  instance.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => enter(request, done));
  instance.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const path = request.url.split('?', 1)[0];
    if (!QUIET_PATHS.has(path)) {
      const status = reply.statusCode;
      // Flat fields (pino's serializers own `req` and `res`); the path without its query string.
      const line = {
        reqId: request.requestId,
        method: request.method,
        url: path,
        route: request.routeOptions.url ?? null,
        statusCode: status,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      };
      if (status >= 500) PinoLogger.root.error(line, 'request errored');
      else PinoLogger.root.info(line, 'request completed');
    }
    done();
  });
}
