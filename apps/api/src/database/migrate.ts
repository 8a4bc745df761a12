import type { DataSource } from 'typeorm';

/** Any fixed number works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_362_114;

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so several instances starting together
 * migrate once and the others wait for it instead of racing.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await runner.release();
  }
}
