import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';

/**
 * Runs an UPDATE/DELETE ... RETURNING and gives back the returned rows. (TypeORM's plain `query()` answers
 * such statements with `[rows, count]` instead of the rows, which is easy to misread as "2 rows".)
 */
export async function returningRows<T>(tx: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  if (!tx.queryRunner) throw new Error('returningRows needs a transactional entity manager');
  const result = await tx.queryRunner.query(sql, parameters, true);
  return result.records as T[];
}

/**
 * Great-circle distance in km (haversine, Earth radius 6,371 km) between two positions given as SQL
 * expressions in degrees; NULL when one is NULL. Plain SQL, no extension: the board's `near` and
 * notification matching both use it.
 */
export function haversineKmSql(lat1: string, lng1: string, lat2: string, lng2: string): string {
  return `(2 * 6371 * asin(least(1, sqrt(
      power(sin(radians(${lat2} - ${lat1}) / 2), 2)
      + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2)))))`;
}

/** The pg client behind a TypeORM query runner, as far as preparedRows needs it. */
interface PgClient {
  query<T>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

/**
 * Runs one statement, its own transaction, as a named prepared statement: each pooled connection parses
 * and plans it once and then only binds and executes it, where `query()` has PostgreSQL parse, analyse
 * and plan the text again on every call. For a hot statement whose planning costs as much as running it
 * (the claim's CTE: about 0.3 ms of PostgreSQL's CPU per call of its ~0.8, docs/PERFORMANCE.md); `name`
 * must be unique to `text`. After five calls on a connection PostgreSQL may keep a generic plan, so the
 * statement should be one whose best plan does not depend on its parameters (lookups by key). Errors come
 * as TypeORM's QueryFailedError, as from `query()`; the connection goes back to the pool either way.
 */
export async function preparedRows<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const runner = db.createQueryRunner();
  try {
    const client = (await runner.connect()) as PgClient;
    try {
      return (await client.query<T>({ name, text, values })).rows;
    } catch (error) {
      throw new QueryFailedError(text, values, error as Error);
    }
  } finally {
    await runner.release();
  }
}
