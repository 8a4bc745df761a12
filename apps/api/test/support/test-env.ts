import { randomBytes } from 'node:crypto';

/**
 * Where an integration run puts its data. `npm test` sets these; a bare `npx jest` in apps/api gets a
 * run id of its own, so it still never touches another run's or the demo's data.
 */
export const testEnv = {
  get adminUrl(): string {
    return process.env.FOODLINK_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  },
  get runId(): string {
    const id = process.env.FOODLINK_TEST_RUN_ID;
    if (!id) throw new Error('FOODLINK_TEST_RUN_ID is not set: the global setup did not run');
    return id;
  },
  get redisUrl(): string {
    return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  },
  get redisPrefix(): string {
    return process.env.FOODLINK_TEST_REDIS_PREFIX ?? `foodlink-test:${this.runId}:`;
  },
  /** Every database of this run starts with this, so the teardown can find them all. */
  get databasePrefix(): string {
    return `foodlink_${this.runId}_`;
  },
  get templateDatabase(): string {
    return `${this.databasePrefix}template`;
  },
};

export function newRunId(): string {
  return `j${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/** A server URL pointing at another database on the same server (through a proxy's port, if given). */
export function databaseUrl(adminUrl: string, database: string, port?: number): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  if (port !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  return url.toString();
}
