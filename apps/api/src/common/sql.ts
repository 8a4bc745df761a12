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
