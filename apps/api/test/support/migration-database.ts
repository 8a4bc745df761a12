import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, type MIGRATIONS } from '../../src/database/data-source-options';
import { databaseUrl, testEnv } from './test-env';

/**
 * An empty database of a migration test's own (`tag` names it), to run a chosen list of migrations on:
 * `open(migrations)` connects with them, `create()` and `drop()` go in beforeAll and afterAll.
 */
export function migrationDatabase(tag: string) {
  const database = `${testEnv.databasePrefix}${tag}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: testEnv.adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    open: (migrations: typeof MIGRATIONS) => new DataSource({ ...dataSourceOptions(databaseUrl(testEnv.adminUrl, database)), migrations }).initialize(),
    create: () => admin(`CREATE DATABASE "${database}"`),
    drop: () => admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  };
}
