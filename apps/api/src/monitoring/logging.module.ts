import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { AppConfig } from '../config/app-config';

/**
 * JSON logs through pino. Every line written while handling a request carries its `reqId` (also sent
 * back as `x-request-id`; see request-logging.ts, which also writes one line per request); job handlers
 * add `eventId` the same way (PinoLogger.runInContext). Headers and bodies are never logged, and fields
 * named password or token are redacted wherever they appear.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // Requests are logged by Fastify hooks (request-logging.ts), not by pino-http's middleware.
        forRoutes: [],
        pinoHttp: [
          {
            level: config.LOG_LEVEL,
            base: { role: config.ROLE },
            autoLogging: false,
            redact: {
              paths: ['password', 'token', '*.password', '*.token', '*.authorization', '*.cookie'],
              censor: '[redacted]',
            },
          },
          // Asynchronous writes to stdout: lines logged while a write is under way go out together in the
          // next one, instead of one blocking write per line (the access line alone cost a third of the
          // HTTP throughput; docs/PERFORMANCE.md). Nothing waits for a buffer to fill, so a quiet server's
          // lines appear at once; pino flushes what is pending when the process exits.
          pino.destination({ dest: 1, sync: false }),
        ],
      }),
    }),
  ],
})
export class LoggingModule {}
