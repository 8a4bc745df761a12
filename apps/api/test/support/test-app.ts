import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.setup';
import { loadConfig } from '../../src/config/app-config';
import { HttpClient } from './http-client';
import { databaseUrl, testEnv } from './test-env';

export interface TestApp {
  app: NestFastifyApplication;
  http: HttpClient;
  /** The app's own database connection, for arranging states no call can reach (an expired item). */
  db: DataSource;
  databaseName: string;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Boots the whole API, as production builds it, on a fresh copy of the migrated template database and a
 * Redis key prefix of its own, listening on a random loopback port.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  counter += 1;
  const databaseName = `${testEnv.databasePrefix}${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}_${counter}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${databaseName}" TEMPLATE "${testEnv.templateDatabase}"`));

  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(testEnv.adminUrl, databaseName),
    REDIS_URL: testEnv.redisUrl,
    REDIS_PREFIX: `${testEnv.redisPrefix}${databaseName}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'foodlink-test-')),
    ...env,
  });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('The test app has no TCP address');

  return {
    app,
    http: new HttpClient(`http://127.0.0.1:${address.port}`),
    db: app.get(DataSource),
    databaseName,
    close: async () => {
      await app.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: testEnv.adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
