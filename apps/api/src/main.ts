import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp, createWorker } from './app.setup';
import { loadConfig } from './config/app-config';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = new Logger('Bootstrap');
  if (!config.servesHttp) {
    const worker = await createWorker(config);
    await worker.listen({ port: config.PORT, host: config.HOST });
    logger.log(`Food Link worker started (ROLE=worker); health and metrics on http://localhost:${config.PORT}`);
    return;
  }
  const app = await createApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  logger.log(`Food Link API (ROLE=${config.ROLE}) listening on http://localhost:${config.PORT}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
