import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { HEALTH_ROUTES } from '@food-link/contracts';
import { METRICS_PATH } from './metrics.controller';

/** A caller's own request id is kept when it looks like one (a load balancer's, say); otherwise a uuid. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Probes arrive every few seconds from every balancer; their lines would drown the rest. */
const QUIET_PATHS = new Set<string>([HEALTH_ROUTES.ready, HEALTH_ROUTES.live, METRICS_PATH]);

/**
 * JSON logs through pino. Every line written while handling a request carries its `reqId` (also sent
 * back as `x-request-id`); job handlers add `eventId` the same way (PinoLogger.runInContext). Headers
 * that carry credentials are never written, and bodies are never logged at all.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          base: { role: config.ROLE },
          quietReqLogger: true,
          genReqId: (request: IncomingMessage, response: ServerResponse) => {
            const offered = request.headers['x-request-id'];
            const id = typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
            response.setHeader('x-request-id', id);
            return id;
          },
          autoLogging: { ignore: (request: IncomingMessage) => QUIET_PATHS.has((request.url ?? '').split('?')[0]) },
          customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error) =>
            error || response.statusCode >= 500 ? 'error' : 'info',
          serializers: {
            req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
            res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
          },
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
            censor: '[redacted]',
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
