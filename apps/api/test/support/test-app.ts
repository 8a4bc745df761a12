import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createApp, createWorker } from '../../src/app.setup';
import { loadConfig } from '../../src/config/app-config';
import { HttpClient } from './http-client';
import { databaseUrl, testEnv } from './test-env';

export interface TestApp {
  app: NestFastifyApplication;
  http: HttpClient;
  baseUrl: string;
  /** The configuration it runs with, so peers can share its database and Redis prefix. */
  env: Record<string, string>;
  /** The app's own database connection, for arranging states no call can reach (an expired item). */
  db: DataSource;
  databaseName: string;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Boots the whole API, as production builds it, on a fresh copy of the migrated template database and a
 * Redis key prefix of its own, listening on a random loopback port. `databasePort` reaches PostgreSQL through
 * a proxy on that loopback port instead (support/pg-partition.ts).
 */
export async function startTestApp(env: Record<string, string> = {}, options: { databasePort?: number } = {}): Promise<TestApp> {
  counter += 1;
  // Jest gives each test file a fresh module registry (so `counter` starts again) in the same worker
  // process: the random part keeps a later file from reusing an earlier one's name, hence its Redis
  // prefix and whatever jobs it left in Redis.
  const databaseName = `${testEnv.databasePrefix}${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}_${counter}_${randomBytes(3).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${databaseName}" TEMPLATE "${testEnv.templateDatabase}"`));

  const fullEnv = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(testEnv.adminUrl, databaseName, options.databasePort),
    REDIS_URL: testEnv.redisUrl,
    REDIS_PREFIX: `${testEnv.redisPrefix}${databaseName}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'foodlink-test-')),
    // Tests wait for events, not for the safety-net poll; keep it quick anyway.
    OUTBOX_POLL_MS: '200',
    ...env,
  };
  const instance = await startInstance(fullEnv);
  return {
    ...instance,
    databaseName,
    close: async () => {
      await instance.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
    },
  };
}

export type Instance = Omit<TestApp, 'databaseName'>;

/** Another API instance on the same database and Redis prefix (a second ROLE=api node, say). */
export function startPeer(base: Pick<TestApp, 'env'>, env: Record<string, string> = {}): Promise<Instance> {
  return startInstance({ ...base.env, ...env });
}

/** A ROLE=worker process on the same database and Redis prefix: jobs, and an HTTP server for its probes only. */
export async function startWorker(base: Pick<TestApp, 'env'>): Promise<Listening> {
  const worker = await createWorker(loadConfig({ ...base.env, ROLE: 'worker' }));
  return listen(worker, { ...base.env, ROLE: 'worker' });
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const instance = await listen(await createApp(loadConfig(env)), env);
  return { ...instance, db: instance.app.get(DataSource) };
}

/** A process listening on a random loopback port (a worker's holds only its probes). */
export type Listening = Omit<Instance, 'db'>;

async function listen(app: NestFastifyApplication, env: Record<string, string>): Promise<Listening> {
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    // A start that fails half-way (a refused configuration, say) must not leave workers running.
    await app.close().catch(() => undefined);
    throw error;
  }
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('The test app has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return { app, http: new HttpClient(baseUrl), baseUrl, env, close: () => app.close() };
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
