import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
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
        pinoHttp: {
          level: config.LOG_LEVEL,
          base: { role: config.ROLE },
          autoLogging: false,
          redact: {
            paths: ['password', 'token', '*.password', '*.token', '*.authorization', '*.cookie'],
            censor: '[redacted]',
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
