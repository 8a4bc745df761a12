import type { EntityManager } from 'typeorm';

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
