import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { migrate } from '../../src/database/migrate';
import { databaseUrl, newRunId, testEnv } from './test-env';

/** Creates this run's template database, migrated once; each test file clones it (fast and isolated). */
export default async function globalSetup(): Promise<void> {
  process.env.FOODLINK_TEST_RUN_ID ??= newRunId();
  const admin = new Client({ connectionString: testEnv.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${testEnv.templateDatabase}"`);
    await admin.query(`CREATE DATABASE "${testEnv.templateDatabase}"`);
  } finally {
    await admin.end();
  }
  const dataSource = await new DataSource(
    dataSourceOptions(databaseUrl(testEnv.adminUrl, testEnv.templateDatabase)),
  ).initialize();
  try {
    await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
