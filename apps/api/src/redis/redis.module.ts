import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/**
 * One shared Redis connection for request-time work (login limits, the socket census). Commands fail at
 * once while Redis is away instead of queueing, and fail after REDIS_COMMAND_TIMEOUT_MS when Redis is
 * connected but does not answer (a frozen host), so a Redis outage never makes an HTTP call hang.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const logger = new Logger('Redis');
        const client = new Redis(config.REDIS_URL, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
        });
        let reported = false;
        client.on('error', (error: Error) => {
          if (!reported) logger.warn(`Redis unavailable: ${error.message}`);
          reported = true;
        });
        client.on('ready', () => {
          if (reported) logger.log('Redis connection restored');
          reported = false;
        });
        return client;
      },
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
