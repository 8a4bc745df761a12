import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FOOD_STATUSES, REQUEST_STATUSES, type OpsOverview } from '@food-link/contracts';
import { DataSource } from 'typeorm';

type Counts = Record<string, number>;

/** Platform-wide counts for the operators' overview. */
@Injectable()
export class OpsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Accounts by kind, items and requests by status (every status named, zeros included). */
  async counts(): Promise<Pick<OpsOverview, 'users' | 'items' | 'requests'>> {
    const [row] = await this.db.query<{ users: Counts | null; items: Counts | null; requests: Counts | null }[]>(
      `SELECT (SELECT json_object_agg(user_type, n) FROM (SELECT user_type, count(*) AS n FROM users GROUP BY 1) u) AS users,
              (SELECT json_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM food_items GROUP BY 1) f) AS items,
              (SELECT json_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM pickup_requests GROUP BY 1) r) AS requests`,
    );
    const users = row.users ?? {};
    return {
      users: { donors: users.donor ?? 0, charities: users.charity ?? 0, operators: users.operator ?? 0 },
      items: byStatus(FOOD_STATUSES, row.items ?? {}),
      requests: byStatus(REQUEST_STATUSES, row.requests ?? {}),
    };
  }
}

function byStatus<S extends string>(statuses: readonly S[], counts: Counts): Record<S, number> & { total: number } {
  const result = Object.fromEntries(statuses.map((status) => [status, counts[status] ?? 0])) as Record<S, number>;
  return { ...result, total: statuses.reduce((sum, status) => sum + result[status], 0) };
}
