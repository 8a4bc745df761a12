import Redis from 'ioredis';
import { Client } from 'pg';
import { testEnv } from './test-env';

/** Drops every database and Redis key this run made, even those of a test file that crashed. */
export default async function globalTeardown(): Promise<void> {
  const admin = new Client({ connectionString: testEnv.adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [testEnv.databasePrefix],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }

  const redis = new Redis(testEnv.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${testEnv.redisPrefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
